/**
 * Issue 17: a finished match moves its players' ratings exactly once — under concurrent final
 * presses, redeliveries and a crash between the two players' writes — and only a rated match
 * between people does (a resignation and a time-out count; a game against the computer, one stored
 * before the setting, and an abandoned one do not).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rateMatch } from '../../../src/app/club/rate.ts';
import { boardOf, recordOfItem } from '../../../src/app/club/standing.ts';
import { update, NEWCOMER } from '../../../src/app/club/glicko2.ts';
import { apply, createChallenge, seatToAct, type MatchState } from '../../../src/game/index.ts';
import { fixedDice } from '../../../src/dice/index.ts';
import type { ClubStore, GameRecord, GameStore } from '../../../src/store/index.ts';
import { freshTable, type TestTable } from '../../store/fixture.ts';

const anna = { id: 'telegram:2', name: 'Anna' };
const nodar = { id: 'telegram:1', name: 'Nodar' };
const chat = { platform: 'telegram', chatId: '-100' };
let table: TestTable;

beforeAll(async () => {
  table = await freshTable();
});

/** A match played by resignations: whoever is on turn resigns the game, until the match is over. */
function resigned(id: string, settings: Record<string, unknown> = {}, challenger = nodar, opponent = anna): MatchState {
  const created = createChallenge({ id, by: challenger, invitee: opponent.id, settings: { variant: 'short', doubling: false, colour: 'white', ...settings } }, 0);
  if (!created.ok) throw new Error(created.error.message);
  const dice = fixedDice(Array.from({ length: 200 }, (_, i) => [5, 3, 6, 1, 4, 2][i % 6]!));
  const accepted = apply(created.value.state, { type: 'accept', by: opponent }, 1, dice);
  if (!accepted.ok) throw new Error(accepted.error.message);
  let state = accepted.value.state;
  for (let at = 2; state.phase === 'playing'; at++) {
    const over = apply(state, { type: 'resign', by: state.players[seatToAct(state)!]!.id }, at, dice);
    if (!over.ok) throw new Error(over.error.message);
    state = over.value.state;
  }
  expect(state.phase).toBe('finished');
  return state;
}

const recordFor = (state: MatchState, withChat = true): GameRecord => ({
  id: state.id, version: 3, state: {}, status: 'finished', players: [nodar.id, anna.id], updatedAt: 2, ...(withChat ? { chat } : {}),
});

async function standings(store: GameStore, family: string, players: string[], onChat = true) {
  const boards = [boardOf(family as 'short'), ...(onChat ? [boardOf(family as 'short', chat)] : [])];
  const items = await store.club.readRatings(boards.flatMap((board) => players.map((player) => ({ player, board }))));
  return new Map(items.map((i) => [`${i.player}|${i.board.endsWith('GLOBAL') ? 'global' : 'chat'}`, recordOfItem(i)!]));
}

/** The same store, its rating writes failing after `ok` of them succeeded (a crash between two players' writes). */
function crashingAfter(store: GameStore, ok: number): { store: GameStore; landed: () => Promise<unknown> } {
  let written = 0;
  const writes: Promise<boolean>[] = [];
  const club: ClubStore = Object.assign(Object.create(store.club) as ClubStore, {
    writeRating: async (...args: Parameters<ClubStore['writeRating']>) => {
      if (written++ >= ok) throw new Error('the process died here');
      const write = store.club.writeRating(...args);
      writes.push(write);
      return write;
    },
  });
  // The writes sent before the crash still land (the table got them).
  return { store: Object.assign(Object.create(store) as GameStore, { club }), landed: () => Promise.allSettled(writes) };
}

describe('issue 17: rating a finished match exactly once', () => {
  it('rates a won match on the global and the chat board, the winner up and the loser down by Glicko-2', async () => {
    const state = resigned('rate-1');
    const changes = await rateMatch(table.store, recordFor(state), state, 10);
    const expectedWin = update(NEWCOMER, [{ opponent: NEWCOMER, score: 1 }]).rating;
    expect(changes).toEqual([
      { player: nodar.id, name: 'Nodar', before: 1500, after: 3000 - expectedWin },
      { player: anna.id, name: 'Anna', before: 1500, after: expectedWin },
    ].map((c) => ({ ...c, after: expect.closeTo(c.after, 6) })));
    const s = await standings(table.store, 'short', [nodar.id, anna.id]);
    for (const scope of ['global', 'chat']) {
      expect(s.get(`${anna.id}|${scope}`)!.standing).toMatchObject({ games: 1, wins: 1, streak: 1, name: 'Anna', variants: { short: 1 } });
      expect(s.get(`${nodar.id}|${scope}`)!.standing).toMatchObject({ games: 1, wins: 0, streak: 0 });
    }
    // The same match again (a redelivered update, a retried announcement): nothing moves, the same changes are told.
    expect(await rateMatch(table.store, recordFor(state), state, 11)).toEqual(changes);
    const again = await standings(table.store, 'short', [nodar.id, anna.id]);
    expect([...again.values()].map((r) => r.version)).toEqual([...s.values()].map((r) => r.version));
  });

  it('the final press delivered five times at once rates the match once on each board', async () => {
    const state = resigned('rate-2', { variant: 'long' });
    const results = await Promise.all(Array.from({ length: 5 }, () => rateMatch(table.store, recordFor(state), state, 20)));
    for (const r of results) expect(r).toEqual(results[0]);
    const s = await standings(table.store, 'long', [nodar.id, anna.id]);
    expect([...s.values()].map((r) => [r.standing.games, r.version])).toEqual([[1, 1], [1, 1], [1, 1], [1, 1]]);
  });

  it('a crash between the two players\' writes is healed by the redelivery: each standing moved once, as a clean run moves it', async () => {
    const first = resigned('rate-3a', { variant: 'tavla', matchLength: 3 });
    const second = resigned('rate-3b', { variant: 'nackgammon', matchLength: 3 }, anna, nodar);
    // A clean run of the first match, then the second match dies after one write (Anna's global standing), and is delivered again.
    await rateMatch(table.store, recordFor(first), first, 30);
    const before = await standings(table.store, 'variants', [nodar.id, anna.id]);
    const crashing = crashingAfter(table.store, 1);
    await expect(rateMatch(crashing.store, recordFor(second), second, 31)).rejects.toThrow('the process died here');
    await crashing.landed();
    const half = await standings(table.store, 'variants', [nodar.id, anna.id]);
    const moved = [...half.entries()].filter(([k, r]) => r.version !== before.get(k)!.version).map(([k]) => k);
    expect(moved).toHaveLength(1);
    const healed = await rateMatch(table.store, recordFor(second), second, 32);
    const after = await standings(table.store, 'variants', [nodar.id, anna.id]);
    expect([...after.values()].map((r) => r.standing.games)).toEqual([2, 2, 2, 2]);
    expect([...after.values()].map((r) => r.version)).toEqual([2, 2, 2, 2]);
    // Each side was rated against the other as it stood before the match (what a run without the crash does), a match to 3 weighing √3.
    const weight = Math.sqrt(3);
    const annaWon = second.players[second.result!.winner!]!.id === anna.id ? 1 : 0;
    for (const scope of ['global', 'chat']) {
      const n0 = before.get(`${nodar.id}|${scope}`)!.standing;
      const a0 = before.get(`${anna.id}|${scope}`)!.standing;
      expect(after.get(`${nodar.id}|${scope}`)!.standing.rating).toBeCloseTo(update(n0, [{ opponent: a0, score: 1 - annaWon, weight }]).rating, 9);
      expect(after.get(`${anna.id}|${scope}`)!.standing.rating).toBeCloseTo(update(a0, [{ opponent: n0, score: annaWon, weight }]).rating, 9);
    }
    expect(healed?.map((c) => c.name)).toEqual(['Anna', 'Nodar']);
  });

  it('a chatless match (inline mode) is rated on the global board only; /forget\'s deletion takes a player\'s standings away', async () => {
    const state = resigned('rate-4', { variant: 'plakoto' }, { id: 'telegram:7', name: 'Gia' }, { id: 'telegram:8', name: 'Eka' });
    await rateMatch(table.store, recordFor(state, false), state, 40);
    const items = await table.store.club.ratingsOf('telegram:7');
    expect(items.map((i) => i.board)).toEqual(['variants#GLOBAL']);
    expect(await table.store.club.forgetRatings('telegram:7')).toBe(1);
    expect(await table.store.club.ratingsOf('telegram:7')).toEqual([]);
    expect((await table.store.club.topRatings('variants#GLOBAL', 10)).map((i) => i.player)).not.toContain('telegram:7');
  });

  it('rates nothing for a match not rated, against the computer, stored before the setting, or abandoned', async () => {
    const players = [{ id: 'telegram:9', name: 'Zura' }, { id: 'telegram:10', name: 'Keti' }] as const;
    const unrated = resigned('rate-5', { rated: false }, ...players);
    expect(await rateMatch(table.store, recordFor(unrated), unrated, 50)).toBeUndefined();
    const old = { ...resigned('rate-6', {}, ...players) };
    const { rated: _, ...oldSettings } = old.settings;
    expect(await rateMatch(table.store, recordFor(old), { ...old, settings: oldSettings }, 50)).toBeUndefined();
    const computer = createChallenge({ id: 'rate-7', by: players[0], invitee: null, settings: { variant: 'short', computer: 'strong' } }, 0);
    expect(computer.ok && computer.value.state.settings.rated).toBe(false);
    expect(createChallenge({ id: 'rate-8', by: players[0], invitee: null, settings: { variant: 'short', computer: 'strong', rated: true } }, 0).ok).toBe(false);
    const playing = resigned('rate-9', {}, ...players);
    expect(await rateMatch(table.store, { ...recordFor(playing), status: 'closed' }, { ...playing, phase: 'playing', result: null }, 50)).toBeUndefined();
    expect(await table.store.club.ratingsOf(players[0].id)).toEqual([]);
  });
});
