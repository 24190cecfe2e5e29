/**
 * Issue 17 end to end through the Discord stand-in: a rated match in a channel ends with both
 * ratings' change; `/nardy top` shows the channel's table, `/nardy stats player:` a player's
 * ratings and the series against the caller, `/nardy weekly on` switches the weekly post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/index.ts';
import { ANNA, CAROL, NODAR, buttonsOf, publicMessages, resignOnTurn, stored, world, type World } from './harness.ts';

let w: World;

beforeAll(async () => {
  w = await world(1717);
});
afterAll(() => w.discord.close());

describe('issue 17 end to end on Discord: ratings, /nardy top, /nardy stats, /nardy weekly', () => {
  it('a rated long-nardy game, its changes under the result, the channel\'s table and a player\'s stats', async () => {
    const channel = w.discord.guildChannel();
    await w.act(w.discord.command(NODAR, channel, 'challenge', { opponent: ANNA, variant: 'long' }));
    const challenge = publicMessages(w, channel).at(-1)!;
    const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
    await w.act(w.discord.press(ANNA, challenge, accept.customId));
    const gameId = accept.token.gameId;
    await resignOnTurn(w, gameId, channel);
    const { state } = await stored(w, gameId);
    expect(state.phase).toBe('finished');
    const winner = state.players[state.result!.winner!]!;
    const loser = state.players[1 - state.result!.winner!]!;
    const result = publicMessages(w, channel).filter((m) => m.content.includes('→')).at(-1)!.content;
    expect(result).toContain(`${winner.name} 1500 → 1662 (+162)`);
    expect(result).toContain(`${loser.name} 1500 → 1338 (−162)`);

    await w.act(w.discord.command(CAROL, channel, 'top', {}));
    const table = publicMessages(w, channel).at(-1)!.content.split('\n');
    expect(table[0]).toBe(t('ka', 'top.title', { family: t('ka', 'family.long') }));
    expect(table[1]).toBe(t('ka', 'top.line', { rank: 1, name: winner.name, rating: 1662, deviation: 290, games: 1, date: '2026-01-10' }));
    expect(table.at(-1)).toBe(t('ka', 'top.youUnrated', { family: t('ka', 'family.long') }));

    await w.act(w.discord.command(NODAR, channel, 'stats', { player: ANNA }));
    const stats = publicMessages(w, channel).at(-1)!.content.split('\n');
    const annaWon = winner.name === 'Anna';
    expect(stats[1]).toBe(t('ru', 'stats.family', { family: t('ru', 'family.long'), rating: annaWon ? 1662 : 1338, deviation: 290, change: annaWon ? '+162' : '−162', games: 1, wins: annaWon ? 1 : 0, streak: annaWon ? 1 : 0 }));
    expect(stats.at(-1)).toBe(t('ru', 'series.score', { a: 'Anna', sa: annaWon ? 1 : 0, sb: annaWon ? 0 : 1, b: 'Нодар' }));

    await w.act(w.discord.command(CAROL, channel, 'weekly', { on: true }));
    expect(publicMessages(w, channel).at(-1)!.content).toBe(t('ka', 'weekly.on'));
    await w.act(w.discord.command(ANNA, channel, 'weekly', { on: false }));
    expect(publicMessages(w, channel).at(-1)!.content).toBe(t('en', 'weekly.adminOnly'));
    expect(w.problems).toEqual([]);
  });
});
