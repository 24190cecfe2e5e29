/**
 * Issue 17: a tournament match is counted exactly once — under a redelivered end, under two ends
 * told at once (two processes, the press and the scheduler), and when the process died between
 * the match's final write and the tournament's update (the match is stored finished, nobody told
 * the tournament): the Refresh button and the scheduler's sweep then count it, once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { handleIntent, runCommand, sweep, type AppDeps, type Effect, type Emit, type Messenger, type SweepDeps } from '../../src/app/index.ts';
import { tournamentOfToken, tournamentToken } from '../../src/app/tournament/buttons.ts';
import { tournamentMatchOver } from '../../src/app/tournament/match-end.ts';
import * as model from '../../src/app/tournament/model.ts';
import { postNewRounds } from '../../src/app/tournament/pairings.ts';
import { healTournament } from '../../src/app/tournament/heal.ts';
import { HEAL_EVERY_MS, createTournament, loadTournament } from '../../src/app/tournament/stored.ts';
import type { Teller } from '../../src/app/tournament/publisher.ts';
import { loadMatch } from '../../src/app/matches.ts';
import { seatToAct } from '../../src/game/index.ts';
import { mulberry32, rollDie } from '../arbitraries.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';

const chat = { platform: 'fake', chatId: '-1700' };
const people = Array.from({ length: 4 }, (_, i) => ({ id: `fake:${i + 1}`, name: `P${i + 1}` }));
let table: TestTable;
let now = Date.UTC(2026, 5, 1, 12);
let effects: Effect[] = [];
let sent = 0;

const emit: Emit = async (effect) => {
  effects.push(effect);
  return effect.kind === 'text' ? { chat: effect.chat, messageId: String(++sent) } : undefined;
};

const messenger: Messenger = {
  platform: 'fake', helpKey: 'help', whispers: false, limits: { buttonsPerRow: 8, rows: 100, caption: 1024, text: 4096 },
  mention: (p) => p.name, messageLink: () => undefined, unprompted: emit,
};

function deps(): SweepDeps {
  const rng = mulberry32(17);
  return { store: table.store, now: () => now, dice: { die: () => rollDie(rng) }, messengers: { fake: messenger } };
}

const teller = (): Teller => ({ deps: deps(), emit, messenger });

beforeEach(async () => {
  table = await freshTable();
  effects = [];
});

/** A started knockout of four, its message noted, the first round's challenges posted. */
async function startedTournament(id: string) {
  let tm = model.openTournament(id, chat, 'en', people[0]!, now);
  for (const p of people.slice(1)) tm = (model.join(tm, p) as { value: model.Tournament }).value;
  tm = { ...(model.start(tm, people[0]!.id) as { value: model.Tournament }).value, message: { chat, messageId: 'standings' } };
  expect(await createTournament(table.store, tm, now)).toBe(true);
  await postNewRounds(teller(), undefined, tm);
  return tm;
}

/** Plays a pairing's match to its end with the match use cases alone: no hook runs (as if the process died right after the final write). */
async function finishSilently(match: string, invitee: { id: string; name: string }) {
  const d = deps();
  expect((await runCommand(d, match, { type: 'accept', by: invitee })).ok).toBe(true);
  const { state } = (await loadMatch(table.store, match) as { ok: true; value: { state: import('../../src/game/index.ts').MatchState } }).value;
  const mover = state.players[seatToAct(state)!]!.id;
  const done = await runCommand(d, match, { type: 'resign', by: mover });
  if (!done.ok) throw new Error(done.error.kind);
  expect(done.value.state.phase).toBe('finished');
  return done.value;
}

describe('issue 17: a tournament match is counted exactly once', () => {
  it('a redelivered end and two ends at once count it once; the version moves once', async () => {
    const tm = await startedTournament('tonce00001');
    const pairing = tm.rounds[0]!.pairings[0]!;
    const ended = await finishSilently(pairing.match, people.find((p) => p.id === pairing.b)!);
    const before = (await loadTournament(table.store, tm.id))!;
    expect(model.pairingOf(before.tournament, pairing.match)!.pairing.result).toBeUndefined();
    // Two processes tell the same end at once, then it is told again (a redelivery).
    await Promise.all([tournamentMatchOver(teller(), ended.record, ended.state), tournamentMatchOver(teller(), ended.record, ended.state)]);
    await tournamentMatchOver(teller(), ended.record, ended.state);
    const after = (await loadTournament(table.store, tm.id))!;
    expect(after.record.version).toBe(before.record.version + 1);
    const counted = model.pairingOf(after.tournament, pairing.match)!.pairing.result!;
    expect(counted.winner).toBe(ended.state.players[ended.state.result!.winner!]!.id);
    // The standings were edited once, by the one write that counted it.
    expect(effects.filter((e) => e.kind === 'editText')).toHaveLength(1);
  });

  it('ends of both first-round matches at once: both counted, the final opened once', async () => {
    const tm = await startedTournament('tonce00002');
    const ends = [];
    for (const p of tm.rounds[0]!.pairings) ends.push(await finishSilently(p.match, people.find((x) => x.id === p.b)!));
    effects = [];
    await Promise.all(ends.flatMap((e) => [tournamentMatchOver(teller(), e.record, e.state), tournamentMatchOver(teller(), e.record, e.state)]));
    const after = (await loadTournament(table.store, tm.id))!.tournament;
    expect(after.rounds).toHaveLength(2);
    expect(after.rounds[0]!.pairings.every((p) => p.result !== undefined)).toBe(true);
    // The final's challenge was posted once.
    const challenges = effects.filter((e) => e.kind === 'text' && e.text.includes('round 2'));
    expect(challenges).toHaveLength(1);
  });

  it('a count lost to a crash: the Refresh button counts it, and the sweep counts one it finds later, once', async () => {
    const tm = await startedTournament('tonce00003');
    const [first, second] = tm.rounds[0]!.pairings as [model.Pairing, model.Pairing];
    await finishSilently(first.match, people.find((p) => p.id === first.b)!);
    // Refresh under the standings, by anyone: the pending matches are read again.
    const app: AppDeps = deps();
    const refresh = tournamentToken(tm.id, { k: 'refresh' });
    expect(tournamentOfToken(refresh)?.action).toEqual({ k: 'refresh' });
    effects = [];
    await handleIntent(app, { kind: 'tournament', chat, from: people[3]!, token: refresh, message: { chat, messageId: 'standings' }, updateKey: 'u-refresh' }, emit);
    expect(effects[0]).toMatchObject({ kind: 'toast' });
    let stored = (await loadTournament(table.store, tm.id))!;
    expect(model.pairingOf(stored.tournament, first.match)!.pairing.result).toBeDefined();
    // The second match ends with no count; the scheduler looks at the tournament when it is due.
    await finishSilently(second.match, people.find((p) => p.id === second.b)!);
    const early = await sweep(deps());
    expect(early.tournaments).toBe(0);
    stored = (await loadTournament(table.store, tm.id))!;
    expect(model.pairingOf(stored.tournament, second.match)!.pairing.result).toBeUndefined();
    now += HEAL_EVERY_MS + 1;
    const report = await sweep(deps());
    expect(report.tournaments).toBe(1);
    stored = (await loadTournament(table.store, tm.id))!;
    expect(model.pairingOf(stored.tournament, second.match)!.pairing.result).toBeDefined();
    // The final's challenge was posted by that sweep, and its game exists.
    expect(stored.tournament.rounds).toHaveLength(2);
    expect((await table.store.load(stored.tournament.rounds[1]!.pairings[0]!.match)).ok).toBe(true);
    const version = stored.record.version;
    // A second sweep, due again later, counts nothing again (only moves its next look).
    now += HEAL_EVERY_MS + 1;
    await sweep(deps());
    const again = (await loadTournament(table.store, tm.id))!;
    expect(again.tournament.rounds).toEqual(stored.tournament.rounds);
    expect(again.record.version).toBe(version + 1);
    expect(again.record.dueAt).toBe(now + HEAL_EVERY_MS);
  });

  it('a player who runs out of time loses by the clock: the sweep times the match out and the tournament counts it', async () => {
    const tm = await startedTournament('tonce00005');
    const pairing = tm.rounds[0]!.pairings[0]!;
    expect((await runCommand(deps(), pairing.match, { type: 'accept', by: people.find((p) => p.id === pairing.b)! })).ok).toBe(true);
    const { state } = (await loadMatch(table.store, pairing.match) as { ok: true; value: { state: import('../../src/game/index.ts').MatchState } }).value;
    const late = state.players[seatToAct(state)!]!.id;
    // Three days per move: nobody moves for a week and a day.
    now += 8 * 24 * 3600_000;
    await sweep(deps());
    const over = (await loadMatch(table.store, pairing.match) as { ok: true; value: { state: import('../../src/game/index.ts').MatchState } }).value.state;
    expect(over.phase).toBe('finished');
    expect(over.result?.reason).toBe('timeout');
    const counted = model.pairingOf((await loadTournament(table.store, tm.id))!.tournament, pairing.match)!.pairing.result!;
    expect(counted.winner).not.toBe(late);
    expect(counted.forfeit).toBeUndefined();
  });

  it('a round whose challenges were never opened (a crash after its write): the heal opens them', async () => {
    let tm = model.openTournament('tonce00004', chat, 'en', people[0]!, now);
    tm = (model.join(tm, people[1]!) as { value: model.Tournament }).value;
    tm = (model.start(tm, people[0]!.id) as { value: model.Tournament }).value;
    await createTournament(table.store, tm, now);
    const match = tm.rounds[0]!.pairings[0]!.match;
    expect((await table.store.load(match)).ok).toBe(false);
    now += HEAL_EVERY_MS + 1;
    await sweep(deps());
    const opened = await loadMatch(table.store, match);
    expect(opened.ok && opened.value.state.phase).toBe('challenge');
    expect(effects.filter((e) => e.kind === 'text' && e.text.includes('round 1'))).toHaveLength(1);
  });

  it('a challenge opened but never posted (a crash in between): the heal posts it once, not while it is fresh', async () => {
    let tm = model.openTournament('tonce00006', chat, 'en', people[0]!, now);
    tm = (model.join(tm, people[1]!) as { value: model.Tournament }).value;
    tm = (model.start(tm, people[0]!.id) as { value: model.Tournament }).value;
    await createTournament(table.store, tm, now);
    const match = tm.rounds[0]!.pairings[0]!.match;
    const silent: Teller = { deps: deps(), emit: async () => undefined, messenger };
    await postNewRounds(silent, undefined, tm);
    expect((await loadMatch(table.store, match)).ok).toBe(true);
    const loaded = (await loadTournament(table.store, tm.id))!;
    expect(await healTournament(teller(), loaded)).toBe(0);
    now += 3 * 60_000;
    expect(await healTournament(teller(), loaded)).toBe(1);
    expect(await healTournament(teller(), loaded)).toBe(0);
    expect(effects.filter((e) => e.kind === 'text' && e.text.includes('round 1'))).toHaveLength(1);
    const noted = await table.store.load(match);
    expect(noted.ok && noted.value.notes?.challenge).toBeDefined();
  });
});
