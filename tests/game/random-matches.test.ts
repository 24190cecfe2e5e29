/**
 * Issue #3 "Tests that must pass": whole random matches (fast-check) driven to their end through
 * the reducer with random settings and random legal commands — cube actions, resignations, step /
 * undo / confirm or whole plays, vacations and timeouts — checking after every command that the
 * score only grows by legal amounts, the match ends exactly when a side reaches N, no double is
 * ever accepted in the Crawford game, and that replaying the history and decoding the stored form
 * rebuild the same match.
 *
 * The randomness inside a match comes from a seeded PRNG (`mulberry32`) whose seed fast-check
 * draws, so every failure prints a reproducible seed and the commands that led to it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../../src/dice/index.ts';
import { legalPlays, turnProgress, type WinKind } from '../../src/engine/index.ts';
import {
  apply, createChallenge, decodeMatch, encodeMatch, forcedSteps, mayChangeVacation, mayDouble, nextDeadline, positionOf, replayHistory, seatToAct, turnContextOf,
  type ChallengeInput, type ClockSettings, type Command, type MatchEvent, type MatchState, type Seat,
} from '../../src/game/index.ts';
import { mulberry32, optionsArb, rollDie, type Rng } from '../arbitraries.ts';
import { ANN, BOB, DAY, SECOND, T0, thisGame } from './fixture.ts';

type Settings = ChallengeInput['settings'] & { variant: 'short' | 'long'; matchLength: number; clock: ClockSettings };

const clockArb: fc.Arbitrary<ClockSettings> = fc.oneof(
  fc.constant({ kind: 'none' } as const),
  fc.record({ kind: fc.constant('fischer' as const), bankMinutes: fc.integer({ min: 1, max: 30 }), incrementSeconds: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ kind: fc.constant('compensation' as const), bankMinutes: fc.integer({ min: 1, max: 30 }), delaySeconds: fc.integer({ min: 1, max: 30 }) }),
  fc.record({
    kind: fc.constant('correspondence' as const),
    daysPerMove: fc.constantFrom(1, 2, 3, 5, 7),
    poolDays: fc.integer({ min: 0, max: 30 }),
    vacationDays: fc.integer({ min: 0, max: 60 }),
  }),
);

/** Random valid settings: every option of docs/rules/match.md §4–§5, bent into a legal combination. */
const settingsArb: fc.Arbitrary<Settings> = fc
  .constantFrom('short' as const, 'long' as const)
  .chain((variant) =>
    fc.record({
      variant: fc.constant(variant),
      options: optionsArb(variant),
      matchLength: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 7 })),
      doubling: fc.boolean(),
      crawford: fc.boolean(),
      jacoby: fc.boolean(),
      beaver: fc.boolean(),
      autoDoubleLimit: fc.constantFrom(0, 0, 2, 4, 64),
      colour: fc.constantFrom('random' as const, 'white' as const, 'black' as const),
      showPips: fc.boolean(),
      clock: clockArb,
    }),
  )
  .map((s) => {
    const money = s.matchLength === 0;
    return {
      ...s,
      crawford: s.crawford && s.doubling && !money,
      jacoby: s.jacoby && s.doubling && money,
      beaver: s.beaver && s.doubling && money,
      autoDoubleLimit: s.doubling && money ? s.autoDoubleLimit : 0,
    };
  });

/** How often the driver tries each kind of command (per decision). */
interface Temper {
  /** Chance to resign when resigning is possible. */
  readonly resign: number;
  /** Chance to double when doubling is possible. */
  readonly double: number;
  /** Chance to jump to the deadline and tick (a timeout). */
  readonly timeout: number;
  /** Chance to enter a turn step by step rather than as one play. */
  readonly steps: number;
}

const temperArb: fc.Arbitrary<Temper> = fc.record({
  resign: fc.constantFrom(0, 0.005, 0.02),
  double: fc.constantFrom(0.05, 0.2, 0.5),
  timeout: fc.constantFrom(0, 0, 0.002, 0.01),
  steps: fc.constantFrom(0.2, 0.6),
});

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

/** What a check sees after each accepted command. */
interface Observation {
  readonly before: MatchState;
  readonly after: MatchState;
  readonly command: Command;
  readonly events: readonly MatchEvent[];
}

interface Options {
  readonly settings: Settings;
  readonly seed: number;
  readonly temper: Temper;
  /** Called after every accepted command. */
  readonly check: (o: Observation) => void;
  /** Stop early (e.g. at turn 20 of the game) and return the state. */
  readonly stopWhen?: (s: MatchState) => boolean;
}

/** A random but legal next command, and the time it arrives, or an expected-illegal probe. */
function chooseCommand(s: MatchState, rng: Rng, temper: Temper, now: number): { command: Command; now: number; probe?: boolean } {
  const { settings } = s;
  const game = s.game!;
  const t = game.turn;
  const seat = seatToAct(s)!;
  const by = s.players[seat]!.id;
  const deadline = nextDeadline(s);
  const clock = settings.clock;
  if (deadline !== undefined && rng() < temper.timeout) return { command: { type: 'tick' }, now: Math.max(now, deadline + Math.floor(rng() * DAY)) };
  if (rng() < 0.01) return { command: { type: 'tick' }, now };
  if (clock.kind === 'correspondence' && clock.vacationDays > 0 && rng() < 0.02) {
    // A vacation change that changes nothing, or comes too often, is refused (issue #20): the walk makes only real ones.
    const away: Seat = pick(rng, [0, 1] as const);
    const change = s.clock?.awaySince[away] == null;
    if (mayChangeVacation(s, away, change, now).ok) return { command: { type: 'vacation', by: s.players[away]!.id, away: change }, now };
  }
  // Probes that must be refused: a double when the cube is not available (Crawford game, cube owned by the other side), an Undo of steps the rules chose (below).
  if (settings.doubling && t.stage === 'moving' && rng() < 0.05) return { command: { type: 'double', by }, now, probe: true };
  const resignKind = (): WinKind => pick(rng, ['oin', 'oin', 'mars', 'koks'] as const);
  switch (t.stage) {
    case 'decide':
      if (rng() < temper.resign) return { command: { type: 'resign', by, kind: resignKind() }, now };
      if (mayDouble(s) && rng() < temper.double) return { command: { type: 'double', by }, now };
      return { command: { type: 'roll', by }, now };
    case 'doubled': {
      const r = rng();
      if (settings.beaver && r < 0.15) return { command: { type: 'beaver', by }, now };
      return { command: { type: r < 0.65 ? 'take' : 'pass', by }, now };
    }
    case 'beavered':
      return { command: { type: rng() < 0.6 ? 'take' : 'pass', by }, now };
    case 'resignOffered':
      return { command: { type: rng() < 0.5 ? 'acceptResign' : 'declineResign', by }, now };
    case 'moving': {
      if (rng() < temper.resign) return { command: { type: 'resign', by, kind: resignKind() }, now };
      const position = positionOf(settings, game);
      const context = { firstTurn: game.turnsPlayed[seat] === 0 };
      const progress = turnProgress(position, t.dice!, t.steps, context);
      if (!progress.ok) throw new Error(`the turn in progress is not legal: ${progress.error.message}`);
      // The steps the turn began with by itself (#47 B10) are no one's to undo: Undo then is a probe that must be refused.
      const forced = forcedSteps(settings, game);
      if (t.steps.length > 0 && rng() < 0.15) return { command: { type: 'undo', by }, now, ...(t.steps.length === forced ? { probe: true } : {}) };
      if (progress.value.complete) return { command: { type: 'confirm', by }, now };
      if (t.steps.length === forced && rng() >= temper.steps) {
        const plays = legalPlays(position, t.dice!, context);
        return { command: { type: 'play', by, move: pick(rng, plays).move }, now };
      }
      const next = pick(rng, progress.value.next);
      return { command: { type: 'step', by, from: next.from, to: next.to, die: next.die }, now };
    }
    case 'opening':
      throw new Error('a turn never waits at the opening throw');
  }
}

/** Plays one whole random match; returns the final state and how many commands it took. */
function playMatch({ settings, seed, temper, check, stopWhen }: Options): { state: MatchState; commands: number } {
  const rng = mulberry32(seed);
  const dice: DiceSource = { die: () => rollDie(rng) };
  const created = createChallenge({ id: `random-${seed}`, by: ANN, invitee: BOB.id, settings }, T0);
  if (!created.ok) throw new Error(`valid settings refused: ${created.error.message} ${JSON.stringify(settings)}`);
  let s = created.value.state;
  let now = T0;
  const trace: string[] = [];
  const fail = (message: string): never => {
    throw new Error(`${message}\nsettings ${JSON.stringify(settings)} seed ${seed}\nlast commands:\n  ${trace.slice(-12).join('\n  ')}`);
  };
  const accept: Command = { type: 'accept', by: BOB };
  const first = apply(s, accept, now, dice);
  if (!first.ok) return fail(`accept refused: ${first.error.message}`);
  check({ before: s, after: first.value.state, command: accept, events: first.value.events });
  s = first.value.state;
  let commands = 1;
  const realTime = settings.clock.kind === 'fischer' || settings.clock.kind === 'compensation';
  while (s.phase === 'playing' && !stopWhen?.(s)) {
    if (commands > 20_000) return fail('the match did not end');
    now += realTime ? Math.floor(rng() * 4 * SECOND) : Math.floor(rng() * 0.3 * DAY);
    const choice = chooseCommand(s, rng, temper, now);
    now = choice.now;
    trace.push(`${JSON.stringify(choice.command)} @+${now - T0}ms (${s.game?.turn.stage})`);
    const r = apply(s, choice.command, now, dice);
    commands++;
    if (choice.probe) {
      if (r.ok && !r.value.events.some((e) => e.type === 'timedOut')) return fail(`a ${choice.command.type} was accepted where it must be refused: ${r.value.events.map((e) => e.type).join(', ')}`);
      if (!r.ok) continue;
    }
    if (!r.ok) return fail(`a legal command was refused: ${r.error.kind}: ${r.error.message}`);
    const waiting = r.value.state.game;
    if (r.value.state.phase === 'playing' && waiting?.turn.stage === 'moving' && waiting.turn.dice && forcedSteps(r.value.state.settings, waiting) === waiting.turn.steps.length) {
      // #47 B10: a turn never waits for a step the rules chose (the only legal one) at its start.
      const progress = turnProgress(positionOf(r.value.state.settings, waiting), waiting.turn.dice, waiting.turn.steps, turnContextOf(waiting));
      if (progress.ok && !progress.value.complete && progress.value.next.length === 1) return fail(`the turn waits for its only legal step ${JSON.stringify(progress.value.next[0])}`);
    }
    try {
      check({ before: s, after: r.value.state, command: choice.command, events: r.value.events });
    } catch (err) {
      return fail(err instanceof Error ? err.message : String(err));
    }
    s = r.value.state;
  }
  return { state: s, commands };
}

const gameEndedAt = (history: readonly MatchEvent[], index: number): MatchState => replayHistory(history.slice(0, index));

/** Score, match end and Crawford invariants (issue #3, docs/rules/match.md §4). */
function matchInvariants(settings: Settings): (o: Observation) => void {
  const n = settings.matchLength;
  let crawfordSeen = false;
  return ({ before, after, events }) => {
    const gained: [number, number] = [after.score[0] - before.score[0], after.score[1] - before.score[1]];
    expect(gained[0], 'the score never falls').toBeGreaterThanOrEqual(0);
    expect(gained[1], 'the score never falls').toBeGreaterThanOrEqual(0);
    const fromEvents: [number, number] = [0, 0];
    const firstNew = after.history.length - events.filter((e) => e.type !== 'stepped' && e.type !== 'undone').length;
    for (const [i, e] of after.history.entries()) {
      if (i < firstNew || e.type !== 'gameEnded') continue;
      if (e.kind === 'draw') {
        expect(e.points, 'a draw scores nothing').toBe(0);
        expect(e.winner).toBeNull();
        expect(settings.variant === 'long' && settings.options?.lastRoll, 'draws only under lastRoll').toBe(true);
        continue;
      }
      const cube = gameEndedAt(after.history, i).game!.cube.value;
      expect([cube, 2 * cube, 3 * cube], `points of a ${e.kind} (${e.reason}) at cube ${cube}`).toContain(e.points);
      if (e.reason === 'timeout') expect([e.kind, e.points]).toEqual(['oin', cube]);
      if (e.kind === 'oin') expect([cube, 2 * cube], 'an oin scores the cube (twice after a beaver pass)').toContain(e.points);
      const withMars = settings.options?.withMars ?? true;
      if (!withMars && e.reason !== 'passed') expect(e.points, `"with mars" off: every win scores the cube (a ${e.kind}, ${e.reason})`).toBe(cube);
      if (withMars && e.kind !== 'oin') {
        const base = settings.jacoby && cube === 1 ? 1 : e.kind === 'mars' ? 2 : 3;
        expect(e.points, `a ${e.kind} at cube ${cube}${settings.jacoby ? ' (Jacoby)' : ''}`).toBe(base * cube);
      }
      fromEvents[e.winner!] += e.points;
    }
    expect(gained, 'the score grows by the points of the games that ended').toEqual(fromEvents);

    const ended = events.filter((e) => e.type === 'gameEnded').length;
    if (after.phase === 'finished') {
      expect(after.result).not.toBeNull();
      const timeout = after.result!.reason === 'timeout';
      if (n === 0) {
        expect(after.history.filter((e) => e.type === 'gameEnded'), 'a single game ends the match').toHaveLength(1);
      } else if (!timeout) {
        const w = after.result!.winner!;
        expect(after.score[w], 'the winner has reached N').toBeGreaterThanOrEqual(n);
        expect(Math.max(...before.score), 'the match did not go on past N').toBeLessThan(n);
      }
      expect(after.history.at(-1)!.type).toBe('matchEnded');
    } else {
      expect(after.phase).toBe('playing');
      if (n > 0) expect(Math.max(...after.score), 'nobody has reached N while the match goes on').toBeLessThan(n);
      if (n === 0) expect(ended, 'a single game has one game').toBe(0);
    }

    // docs/rules/match.md §4 Crawford: the first game after a side reaches N − 1, and only that game.
    for (const e of events) {
      if (e.type !== 'gameStarted') continue;
      const g = after.game!;
      const atNMinus1 = n > 1 && (after.score[0] === n - 1 || after.score[1] === n - 1);
      const expected = settings.crawford && atNMinus1 && !crawfordSeen;
      expect(g.crawford, `game ${g.number} at ${after.score.join('–')} is${expected ? '' : ' not'} the Crawford game`).toBe(expected);
      crawfordSeen ||= g.crawford;
    }
    if (after.game?.crawford) {
      const cubeEvents = thisGame(after.history).filter((e) => ['doubled', 'taken', 'beavered', 'autoDoubled'].includes(e.type));
      expect(cubeEvents, 'no doubling in the Crawford game').toEqual([]);
      expect(after.game.cube).toEqual({ value: 1, owner: null });
    }
  };
}

const RUNS = { numRuns: 40, endOnFailure: true } as const;

describe('issue #3 random matches: docs/rules/match.md §4 scoring, match to N and Crawford', () => {
  it('the score grows only by cube × 1, 2 or 3 (0 for a draw), the match ends exactly at N, and the Crawford game has no cube', () => {
    fc.assert(
      fc.property(settingsArb, fc.integer(), temperArb, (settings, seed, temper) => {
        const { state } = playMatch({ settings, seed, temper, check: matchInvariants(settings) });
        expect(state.phase).toBe('finished');
      }),
      RUNS,
    );
  });

  it('matches to N with the cube and no clock play through to a winner at N', () => {
    const matchArb = settingsArb.map((s) => ({
      ...s, matchLength: Math.max(2, s.matchLength), doubling: true, crawford: true, jacoby: false, beaver: false, autoDoubleLimit: 0, clock: { kind: 'none' } as const,
    }));
    fc.assert(
      fc.property(matchArb, fc.integer(), (settings, seed) => {
        const temper = { resign: 0.02, double: 0.3, timeout: 0, steps: 0.3 };
        const { state } = playMatch({ settings, seed, temper, check: matchInvariants(settings) });
        expect(state.result?.reason).not.toBe('timeout');
        expect(state.score[state.result!.winner!]).toBeGreaterThanOrEqual(settings.matchLength);
      }),
      { numRuns: 15, endOnFailure: true },
    );
  });
});

describe('issue #3 random matches: the history replays and the stored form decodes to the same match', () => {
  it('replayHistory(history) equals the final state of every random match', () => {
    fc.assert(
      fc.property(settingsArb, fc.integer(), temperArb, (settings, seed, temper) => {
        const { state } = playMatch({ settings, seed, temper, check: () => {} });
        expect(replayHistory(state.history)).toEqual(state);
      }),
      RUNS,
    );
  });

  it('decodeMatch(JSON of encodeMatch(s)) equals s at random points, mid-turn steps included, and at the end', () => {
    fc.assert(
      fc.property(settingsArb, fc.integer(), temperArb, (settings, seed, temper) => {
        const pickRng = mulberry32(seed ^ 0x5eed);
        let budget = 25; // decoding replays the whole history: a bounded number of samples per match
        const roundTrip = (s: MatchState) => {
          const json = JSON.parse(JSON.stringify(encodeMatch(s))) as unknown;
          const decoded = decodeMatch(json);
          expect(decoded.ok ? decoded.value : decoded.error, `decoding the stored match (turn stage ${s.game?.turn.stage}, ${s.game?.turn.steps.length ?? 0} steps, phase ${s.phase})`).toEqual(s);
          expect(JSON.parse(JSON.stringify(s)), 'the match is plain JSON').toEqual(s);
        };
        const { state } = playMatch({
          settings, seed, temper,
          check: ({ after }) => {
            const midTurn = (after.game?.turn.steps.length ?? 0) > 0;
            if (budget > 0 && pickRng() < (midTurn ? 0.2 : 0.03)) {
              budget--;
              roundTrip(after);
            }
          },
        });
        roundTrip(state);
      }),
      RUNS,
    );
  });
});

describe('issue #3 random matches: a stored mid-game item is small', () => {
  it('the stored form of a single game at about turn 20 is under 4 KB', () => {
    const singleArb = settingsArb.map((s) => ({ ...s, matchLength: 0, crawford: false }));
    fc.assert(
      fc.property(singleArb, fc.integer(), (settings, seed) => {
        const temper = { resign: 0, double: 0.1, timeout: 0, steps: 0.5 };
        const { state } = playMatch({
          settings, seed, temper, check: () => {},
          stopWhen: (s) => s.game !== null && s.game.turnsPlayed[0] + s.game.turnsPlayed[1] >= 20,
        });
        const bytes = Buffer.byteLength(JSON.stringify(encodeMatch(state)));
        expect(bytes, `${bytes} bytes at turn ${state.game!.turnsPlayed.join('+')}, phase ${state.phase}`).toBeLessThan(4096);
      }),
      { numRuns: 30 },
    );
  });
});
