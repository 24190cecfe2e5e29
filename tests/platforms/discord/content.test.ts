/**
 * Issue #45 item 7 (review F8): what users chose — display names above all — shows on Discord as
 * typed, and only the app's own mentions of the game's players ping. Through the production
 * endpoint and the API stand-in, which works out whom Discord would notify from each message's
 * content and `allowed_mentions` (`pings`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordContent, escapeMarkdown, markMention, withoutMarks } from '../../../src/platforms/discord/content.ts';
import type { StoredMessage } from '../../../src/local/discord-api/index.ts';
import { ANNA, boardIn, buttonsOf, person, publicMessages, stored, world, type World } from './harness.ts';

const BOB_ID = '100000000000000102';
const HOSTILE = {
  mention: person('100000000000000201', 'mallory', 'en-US', `<@${BOB_ID}>`),
  link: person('100000000000000202', 'trent', 'en-US', '[prize](https://evil.example)'),
  everyone: person('100000000000000203', 'eve', 'en-US', '@everyone'),
  bold: person('100000000000000204', 'bolder', 'en-US', '**bold**'),
};
/** Each name as the content must carry it: Discord's escapes, and a zero-width space in @everyone. */
const ESCAPED: Record<keyof typeof HOSTILE, string> = {
  mention: `\\<@${BOB_ID}>`,
  link: '\\[prize\\](https://evil.example)',
  everyone: '@\u200beveryone',
  bold: '\\*\\*bold\\*\\*',
};

/** The content as a Discord client shows it as text: escapes resolved, the zero-width space gone, live mentions left as `<@id>`. */
function shown(content: string): string {
  return content.replace(/\\(.)|\u200b/gs, (_all, escaped: string | undefined) => escaped ?? '');
}

let w: World;
beforeAll(async () => {
  w = await world(45);
});
afterAll(() => w.discord.close());

describe('#45 edges (review F8): Discord names are text, and only the players are pinged', () => {
  it('a challenge by a player named like a mention, a masked link, @everyone or **bold** shows the name as typed and pings nobody', async () => {
    for (const [key, hostile] of Object.entries(HOSTILE) as [keyof typeof HOSTILE, typeof HOSTILE.mention][]) {
      const channel = w.discord.guildChannel();
      await w.act(w.discord.command(hostile, channel, 'challenge'));
      const challenge = publicMessages(w, channel).at(-1)!;
      const name = hostile.user.global_name!;
      expect(challenge.content.startsWith(`${ESCAPED[key]} challenges anyone`), challenge.content).toBe(true);
      expect(shown(challenge.content), 'the name shows as typed').toContain(name);
      expect(challenge.pings, `${name} pings nobody`).toEqual([]);
      expect(challenge.allowedMentions).toEqual({ parse: [], users: [] });
    }
    expect(w.problems).toEqual([]);
  });

  it('a game of the player named <@…102>: its boards and notices ping only its players, never user …102', async () => {
    const channel = w.discord.guildChannel();
    const mallory = HOSTILE.mention;
    await w.act(w.discord.command(mallory, channel, 'challenge', { opponent: ANNA }));
    const challenge = publicMessages(w, channel).at(-1)!;
    const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
    await w.act(w.discord.press(ANNA, challenge, accept.customId));
    const players = [mallory.user.id, ANNA.user.id];
    // Moves until someone is told it is their move (a notice mentioning them).
    for (let i = 0; i < 12 && !publicMessages(w, channel).some((m) => m.pings.length > 0); i++) {
      const { state } = await stored(w, accept.token.gameId);
      const board = boardIn(w, channel);
      const mover = state.players[state.game!.turn.seat]!.id === `discord:${mallory.user.id}` ? mallory : ANNA;
      const button = buttonsOf(board).find((b) => ['roll', 'play', 'step', 'confirm'].includes(b.token.choice.k)) ?? buttonsOf(board).find((b) => b.token.choice.k === 'pick')!;
      await w.act(w.discord.press(mover, board, button.customId));
    }
    const messages: StoredMessage[] = publicMessages(w, channel);
    const notices = messages.filter((m) => m.pings.length > 0);
    expect(notices.length, 'a player was told it is their move').toBeGreaterThan(0);
    for (const notice of notices) {
      expect(notice.pings.every((id) => players.includes(id)), `${notice.content} pings ${notice.pings.join(', ')}`).toBe(true);
      expect((notice.allowedMentions as { users: string[] }).users).toEqual(notice.pings);
    }
    for (const m of messages) {
      expect(m.pings, m.content).not.toContain(BOB_ID);
      expect(m.content, 'no raw mention of user …102 anywhere').not.toMatch(new RegExp(`(^|[^\\\\])<@${BOB_ID}>`));
    }
    expect(messages.some((m) => shown(m.content).includes(`<@${BOB_ID}>`)), 'Mallory\'s name shows as typed').toBe(true);
    expect(w.problems).toEqual([]);
  });
});

describe('#45 edges: the content codec (src/platforms/discord/content.ts)', () => {
  it('turns only its own marks into mentions, each listed once, and escapes everything else', () => {
    const text = `${markMention('11')}, your move! (${'<@22> [x](https://evil.example) @here **b** `c` ~~s~~ ||p|| <#33> <@&44>'}) ${markMention('11')}\n# head\n> quote\n-# small\n- item`;
    const { content, allowed_mentions } = discordContent(text);
    expect(allowed_mentions).toEqual({ parse: [], users: ['11'] });
    expect(content.startsWith('<@11>, your move!')).toBe(true);
    expect(content).toContain('\\<@22> \\[x\\](https://evil.example) @\u200bhere \\*\\*b\\*\\* \\`c\\` \\~\\~s\\~\\~ \\|\\|p\\|\\| \\<#33> \\<@&44>');
    expect(content.endsWith('<@11>\n\\# head\n\\> quote\n\\-# small\n\\- item')).toBe(true);
    expect(shown(content)).toBe(text.replaceAll(markMention('11'), '<@11>'));
  });

  it('a mark in what a user sends is taken out on the way in, so it cannot pose as one of ours', () => {
    const forged = `${markMention('22')} \\${markMention('22')}`;
    expect(withoutMarks({ user: { global_name: forged }, list: [forged] })).toEqual({ user: { global_name: '22 \\22' }, list: ['22 \\22'] });
    expect(escapeMarkdown(forged)).toBe('22 \\\\22');
    expect(discordContent(escapeMarkdown(forged)).allowed_mentions.users).toEqual([]);
  });
});
