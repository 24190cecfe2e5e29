/**
 * Issue 16, point 8, end to end in a Discord server's channel through the interactions endpoint:
 * `/nardy lang` there sets the channel's one game language when the member may manage the server
 * (ADMINISTRATOR or MANAGE_GUILD in the interaction's member permissions) or challenges a game
 * there; anyone else is told who may; the challenge and the board then speak it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANG_NAMES, t } from '../../../src/i18n/index.ts';
import { ANNA, CAROL, NODAR, boardIn, buttonsOf, publicMessages, whispersTo, world, type World } from './harness.ts';

let w: World;
beforeAll(async () => {
  w = await world(16);
});
afterAll(() => w.discord.close());

const lastWords = (channel: string, who: typeof CAROL) => [...publicMessages(w, channel), ...whispersTo(w, channel, who)].map((m) => m.content);

describe('issue 16: the game language of a Discord channel', () => {
  it('a member who manages the server sets it; one who does not is refused with the reason; the challenge and board speak it', async () => {
    const channel = w.discord.guildChannel();
    const manager = { ...CAROL, permissions: String(1n << 5n) }; // MANAGE_GUILD
    expect((await w.deliver(w.discord.command(manager, channel, 'lang', { language: 'en' }))).status).toBe(200);
    expect(lastWords(channel, manager)).toContain(t('en', 'lang.chatChanged', { lang: LANG_NAMES.en }));

    expect((await w.deliver(w.discord.command(ANNA, channel, 'lang', { language: 'ru' }))).status).toBe(200);
    expect(lastWords(channel, ANNA)).toContain(t('en', 'lang.notAllowed'));

    // Nodar's client speaks Russian; the channel plays in English.
    await w.deliver(w.discord.command(NODAR, channel, 'challenge', { opponent: ANNA }));
    const challenge = publicMessages(w, channel).at(-1)!;
    expect(challenge.content).toMatch(/challenges you/);
    const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
    await w.deliver(w.discord.press(ANNA, challenge, accept.customId));
    expect(boardIn(w, channel).content).toContain('Position');
    expect(w.problems).toEqual([]);
  });

  it('/nardy lang with no language shows a button per language; a press by a manager sets the channel\'s, in place', async () => {
    const channel = w.discord.guildChannel();
    const manager = { ...CAROL, permissions: String(1n << 3n) }; // ADMINISTRATOR
    await w.deliver(w.discord.command(manager, channel, 'lang', {}));
    const offer = [...publicMessages(w, channel), ...whispersTo(w, channel, manager)].at(-1)!;
    const ids = offer.components.flatMap((row) => row.components).map((c) => ('custom_id' in c ? c.custom_id : undefined));
    expect(ids).toEqual(['l:ru', 'l:en', 'l:ka']);
    expect((await w.deliver(w.discord.press(ANNA, offer, 'l:ru'))).status).toBe(200);
    expect(lastWords(channel, ANNA)).toContain(t('en', 'lang.notAllowed'));
    expect((await w.deliver(w.discord.press(manager, offer, 'l:ka'))).status).toBe(200);
    expect(lastWords(channel, manager)).toContain(t('ka', 'lang.chatChanged', { lang: LANG_NAMES.ka }));
    expect(w.problems).toEqual([]);
  });
});
