/**
 * Issue #45, item 2, on Discord end to end through the production endpoint and the API stand-in:
 * a member with Manage Server (its bit comes with every press) cancels anyone's open challenge
 * or tournament sign-up with its Cancel button; a plain member cannot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/index.ts';
import { buttonsOf, CAROL, NODAR, person, publicMessages, stored, world, type World } from './harness.ts';

/** VIEW_CHANNEL | SEND_MESSAGES | MANAGE_GUILD. */
const MANAGER = { ...person('100000000000004501', 'mira', 'en-US', 'Mira'), permissions: String((1n << 10n) | (1n << 11n) | (1n << 5n)) };

let w: World;
beforeAll(async () => {
  w = await world(4545);
});
afterAll(() => w.discord.close());

describe('issue #45: a Discord server\'s manager cancels anyone\'s challenge', () => {
  it('a plain member\'s Cancel under Nodar\'s challenge is refused; the manager\'s closes it and says who did', async () => {
    const channel = w.discord.guildChannel();
    await w.act(w.discord.command(NODAR, channel, 'challenge'));
    const challenge = publicMessages(w, channel).at(-1)!;
    const cancel = buttonsOf(challenge).find((b) => b.token.choice.k === 'cancel')!;
    expect(cancel, 'a Cancel button under the challenge').toBeDefined();

    await w.act(w.discord.press(CAROL, challenge, cancel.customId));
    expect((await stored(w, cancel.token.gameId)).record.status).toBe('challenge');

    await w.act(w.discord.press(MANAGER, challenge, cancel.customId));
    expect((await stored(w, cancel.token.gameId)).record.status).toBe('closed');
    expect(publicMessages(w, channel).find((m) => m.id === challenge.id)!.content).toBe(t('ru', 'challenge.cancelledByAdmin', { name: 'Mira' }));
    expect(w.problems).toEqual([]);
  });

  it('the same for a tournament sign-up: a plain member\'s Cancel is refused, the manager\'s closes it', async () => {
    const channel = w.discord.guildChannel();
    await w.act(w.discord.command(NODAR, channel, 'tournament'));
    const signup = publicMessages(w, channel).at(-1)!;
    const cancel = signup.components.flatMap((row) => row.components)
      .find((b) => 'custom_id' in b && b.custom_id?.startsWith('t:') && b.label === t('ru', 'button.tournament.cancel'));
    expect(cancel, 'a Cancel button under the sign-up').toBeDefined();
    const customId = (cancel as { custom_id: string }).custom_id;
    const text = () => publicMessages(w, channel).find((m) => m.id === signup.id)!.content;

    await w.act(w.discord.press(CAROL, signup, customId));
    expect(text()).toBe(signup.content);
    await w.act(w.discord.press(MANAGER, signup, customId));
    expect(text()).toBe(t('ru', 'tournament.cancelledByAdmin', { name: 'Mira' }));
    expect(w.problems).toEqual([]);
  });
});
