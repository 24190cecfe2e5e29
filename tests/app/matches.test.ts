import { beforeAll, describe, expect, it } from 'vitest';
import { loadMatch, openChallenge, runCommand, type MatchDeps } from '../../src/app/matches.ts';
import { cryptoDice, fixedDice } from '../../src/dice/index.ts';
import { legalPlays } from '../../src/engine/index.ts';
import { decodeMatch, encodeMatch, positionOf, seatToAct, type ClockSettings, type MatchState } from '../../src/game/index.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ENDING_RESERVE_BYTES, MAX_ITEM_BYTES, encodeGame, itemBytes } from '../../src/store/index.ts';
import { GAME_SORT_KEY, gameKey } from '../../src/store/layout.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';

const alice = { id: 'telegram:1', name: 'Alice' };
const bob = { id: 'telegram:2', name: 'Bob' };
let table: TestTable;
let clock = 1_800_000_000_000;

function deps(dice = cryptoDice()): MatchDeps {
  return { store: table.store, now: () => (clock += 1000), dice };
}

beforeAll(async () => {
  table = await freshTable();
});

/** A stored short-nardy money game, accepted, with the mover's dice rolled (no cube). */
async function startedGame(id: string, clock?: ClockSettings): Promise<MatchState> {
  const opened = await openChallenge(deps(), { id, by: alice, invitee: bob.id, settings: { variant: 'short', doubling: false, colour: 'white', ...(clock ? { clock } : {}) } }, { platform: 'telegram', chatId: '-100' });
  expect(opened.ok).toBe(true);
  // Opening throw 5-3: Alice (seat 0) starts with 5-3, which has several plays.
  const accepted = await runCommand(deps(fixedDice([5, 3])), id, { type: 'accept', by: bob });
  if (!accepted.ok) throw new Error(JSON.stringify(accepted.error));
  expect(accepted.value.state.game?.turn.stage).toBe('moving');
  return accepted.value.state;
}

describe('one update delivered twice at once', () => {
  it('the delivery that loses the write answers duplicate, and this process keeps the stored match, not its own (dice and times differ)', async () => {
    const state = await startedGame('g-twice');
    const seat = seatToAct(state)!;
    const play = legalPlays(positionOf(state.settings, state.game!), state.game!.turn.dice!)[0]!;
    const command = { type: 'play' as const, by: state.players[seat]!.id, move: play.move };
    // Random dice: each delivery rolls the next turn's dice on its own, as old games' dice do.
    const [a, b] = await Promise.all([runCommand(deps(), 'g-twice', command, { updateKey: 'twice-1' }), runCommand(deps(), 'g-twice', command, { updateKey: 'twice-1' })]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    const loser = a.ok ? b : a;
    expect(!loser.ok && loser.error.kind).toBe('duplicate-update');
    const loaded = await loadMatch(table.store, 'g-twice');
    if (!loaded.ok) throw new Error('lost');
    expect(loaded.value.state, 'what this process remembers is what is stored').toEqual((decodeMatch(loaded.value.record.state) as { value: MatchState }).value);
  });
});

describe('matches in DynamoDB: one read, the reducer, one conditional write (issue 3)', () => {
  it('a challenge is stored, accepted and played, and reloads to the same match', async () => {
    const state = await startedGame('g-play');
    const seat = seatToAct(state)!;
    const play = legalPlays(positionOf(state.settings, state.game!), state.game!.turn.dice!)[0];
    const moved = await runCommand(deps(), 'g-play', { type: 'play', by: state.players[seat]!.id, move: play.move });
    expect(moved.ok).toBe(true);
    const loaded = await loadMatch(table.store, 'g-play');
    if (!loaded.ok || !moved.ok) throw new Error('lost');
    expect(loaded.value.state).toEqual(moved.value.state);
    // The stored form itself replays to the same match (loadMatch may take it from memory).
    expect(decodeMatch(loaded.value.record.state)).toEqual({ ok: true, value: moved.value.state });
    expect(loaded.value.record.version).toBe(3);
    expect(loaded.value.record.status).toBe('active');
    const mine = await table.store.listByPlayer(bob.id);
    expect(mine.records.map((r) => r.id)).toContain('g-play');
  });

  // Buttons carry the version of the board they were drawn on, as every real press does.
  it('50 concurrent conflicting commands on one game: exactly one is applied, the others see a stale version', async () => {
    const state = await startedGame('g-race');
    const mover = state.players[seatToAct(state)!]!.id;
    const plays = legalPlays(positionOf(state.settings, state.game!), state.game!.turn.dice!);
    expect(plays.length).toBeGreaterThan(1);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => runCommand(deps(), 'g-race', { type: 'play', by: mover, move: plays[i % plays.length].move }, { expectedVersion: 2 })),
    );
    const applied = results.filter((r) => r.ok);
    const stale = results.filter((r) => !r.ok && r.error.kind === 'stale-version');
    expect(applied).toHaveLength(1);
    expect(stale).toHaveLength(49);
    const loaded = await loadMatch(table.store, 'g-race');
    expect(loaded.ok && loaded.value.record.version).toBe(3);
    expect(loaded.ok && loaded.value.state.history.filter((e) => e.type === 'played')).toHaveLength(1);
  });

  it('a replayed platform update id is applied once', async () => {
    const state = await startedGame('g-replay');
    const mover = state.players[seatToAct(state)!]!.id;
    const first = await runCommand(deps(), 'g-replay', { type: 'resign', by: mover }, { updateKey: 'tg:42' });
    const again = await runCommand(deps(), 'g-replay', { type: 'resign', by: mover }, { updateKey: 'tg:42' });
    expect(first.ok).toBe(true);
    expect(!again.ok && again.error.kind).toBe('duplicate-update');
  });

  it('a button from an old board is a stale version, and the game is unchanged', async () => {
    await startedGame('g-old');
    const before = await table.store.load('g-old');
    const r = await runCommand(deps(), 'g-old', { type: 'resign', by: alice.id }, { expectedVersion: 1 });
    expect(!r.ok && r.error.kind).toBe('stale-version');
    expect(await table.store.load('g-old')).toEqual(before);
  });

  it('a command from a non-player or out of turn is a typed error and writes nothing', async () => {
    const state = await startedGame('g-bad');
    const before = await table.store.load('g-bad');
    const waiting = state.players[1 - seatToAct(state)!]!.id;
    const stranger = await runCommand(deps(), 'g-bad', { type: 'resign', by: 'telegram:999' });
    const early = await runCommand(deps(), 'g-bad', { type: 'resign', by: waiting });
    expect(!stranger.ok && stranger.error.kind).toBe('not-a-player');
    expect(!early.ok && early.error.kind).toBe('not-your-turn');
    expect(await table.store.load('g-bad')).toEqual(before);
  });

  it('a malformed stored match is a typed error, never a crash, and is not overwritten', async () => {
    await startedGame('g-corrupt');
    const loaded = await table.store.load('g-corrupt');
    if (!loaded.ok) throw new Error('lost');
    const tampered = { ...loaded.value, state: { v: 1, h: [['C', 0, 'nonsense']], s: [] } };
    expect((await table.store.save(tampered, loaded.value.version)).ok).toBe(true);
    const r = await runCommand(deps(), 'g-corrupt', { type: 'resign', by: alice.id });
    expect(!r.ok && r.error.kind).toBe('invalid-state');
    const after = await table.store.load('g-corrupt');
    expect(after.ok && after.value.state).toEqual(tampered.state);
  });

  it('a stored match changed by hand under the same version is decoded afresh, never taken from memory', async () => {
    await startedGame('g-edited');
    const before = await loadMatch(table.store, 'g-edited');
    expect(before.ok).toBe(true);
    // Not through the store (which bumps the version): the item is edited in place.
    await table.documents.send(new UpdateCommand({
      TableName: table.tableName, Key: { pk: gameKey('g-edited'), sk: GAME_SORT_KEY },
      UpdateExpression: 'SET #state = :state', ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':state': JSON.stringify({ v: 1, h: [['C', 0, 'nonsense']], s: [] }) },
    }));
    const after = await loadMatch(table.store, 'g-edited');
    expect(!after.ok && after.error.kind).toBe('invalid-state');
  });

  it('an unknown game is not-found', async () => {
    const r = await runCommand(deps(), 'g-none', { type: 'resign', by: alice.id });
    expect(!r.ok && r.error.kind).toBe('not-found');
  });
});

describe('issue #20: a match grown to the size limit can still be ended', () => {
  /** A correspondence game whose stored item is padded (vacation rows Bob made before the bounds) just above the room a move may fill. */
  async function grownGame(id: string): Promise<MatchState> {
    const state = await startedGame(id, { kind: 'correspondence', daysPerMove: 3, poolDays: 0, vacationDays: 5 });
    const stored = encodeMatch(state);
    const loaded = await table.store.load(id);
    if (!loaded.ok) throw new Error('lost');
    const base = itemBytes(encodeGame(loaded.value, loaded.value.version + 1));
    const row = ['V', 1, 1, true];
    const rows = Math.ceil((MAX_ITEM_BYTES - ENDING_RESERVE_BYTES - base + 512) / (JSON.stringify(row).length + 1));
    const padded = JSON.stringify({ ...stored, h: [...stored.h, ...Array.from({ length: rows }, () => row)] });
    await table.documents.send(new UpdateCommand({
      TableName: table.tableName, Key: { pk: gameKey(id), sk: GAME_SORT_KEY }, UpdateExpression: 'SET #s = :s', ExpressionAttributeNames: { '#s': 'state' }, ExpressionAttributeValues: { ':s': padded },
    }));
    clock += 3600_000;
    const grown = await loadMatch(table.store, id);
    if (!grown.ok) throw new Error(JSON.stringify(grown.error));
    expect(itemBytes(encodeGame(grown.value.record, 2))).toBeLessThan(MAX_ITEM_BYTES - 1024);
    return grown.value.state;
  }

  it('a move that would grow the item into the room kept for endings is refused; the resignation is stored and ends the match', async () => {
    const state = await grownGame('g-grown');
    const play = legalPlays(positionOf(state.settings, state.game!), state.game!.turn.dice!)[0]!;
    const moved = await runCommand(deps(), 'g-grown', { type: 'play', by: alice.id, move: play.move });
    expect(!moved.ok && moved.error.kind).toBe('too-large');
    const resigned = await runCommand(deps(), 'g-grown', { type: 'resign', by: alice.id });
    expect(resigned.ok && resigned.value.record.status).toBe('finished');
    const loaded = await loadMatch(table.store, 'g-grown');
    expect(loaded.ok && loaded.value.state.result).toEqual({ winner: 1, reason: 'resigned' });
  });
});
