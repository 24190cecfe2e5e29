/**
 * Property tests over random self-play (fast-check), for short nardy (international and
 * Caucasian), long nardy (every headException × sixBlock option) and the docs/rules/variants.md §6 variants:
 * games terminate, checkers are conserved, no point is ever shared, plays are what their steps
 * say, notation and Position ID round-trip, legalPlays is pure, and the step-by-step turn API
 * offers exactly the legal plays.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  VARIANTS,
  applySteps,
  checkerCount,
  gameResult,
  legalPlays,
  parsePlay,
  turnProgress,
  type Board,
  type Family,
  type Play,
  type Position,
  type Step,
  type TurnContext,
  type VariantId,
  type VariantOptions,
} from '../../src/engine/index.ts';
import { formatPositionId, parsePositionId } from '../../src/engine/codecs/position-id.ts';
import { playRandomGame, positionAndDiceArb, positionArb, type TurnRecord } from '../arbitraries.ts';

interface Config {
  readonly name: string;
  readonly variant: VariantId;
  readonly options: Partial<VariantOptions>;
}

const CONFIGS: Config[] = [
  { name: 'short international', variant: 'short', options: { gameType: 'international' } },
  { name: 'short caucasian', variant: 'short', options: { gameType: 'caucasian' } },
];
for (const headException of ['listed', 'computed', 'anyDouble'] as const) {
  for (const sixBlock of ['ahead', 'inHome', 'never'] as const) {
    CONFIGS.push({ name: `long headException=${headException} sixBlock=${sixBlock}`, variant: 'long', options: { headException, sixBlock } });
  }
}

// docs/rules/variants.md §6: the backgammon-family variants, each with its default options.
for (const variant of ['nackgammon', 'hypergammon', 'longgammon', 'suddenDeath', 'nuclear', 'tavla'] as const) {
  CONFIGS.push({ name: variant, variant, options: {} });
}

/** Variants whose move generation differs: the two nardy games, three checkers, tavla's bear-off. */
const VARIANT_IDS: VariantId[] = ['short', 'long', 'hypergammon', 'tavla'];
const key = (b: Board): string => JSON.stringify(b);
const familyOf = (v: VariantId): Family => VARIANTS[v].family;

/** The reason a board breaks an invariant, or undefined. */
function boardProblem(board: Board, variant: VariantId): string | undefined {
  const family = familyOf(variant);
  const checkers = VARIANTS[variant].checkers;
  for (let s = 0; s < 2; s++) {
    if (board[s].length !== 26) return `side ${s} has length ${board[s].length}`;
    for (let i = 0; i < 26; i++) if (!Number.isInteger(board[s][i]) || board[s][i] < 0) return `side ${s} index ${i} = ${board[s][i]}`;
    if (checkerCount(board[s]) !== checkers) return `side ${s} has ${checkerCount(board[s])} checkers`;
  }
  for (let p = 1; p <= 24; p++) {
    const q = family === 'short' ? 25 - p : ((p + 11) % 24) + 1;
    if (board[0][p] > 0 && board[1][q] > 0) return `my point ${p} and their point ${q} are both occupied`;
  }
  if (family === 'long' && (board[0][25] > 0 || board[1][25] > 0)) return 'a long-nardy checker is on the bar';
  return undefined;
}

/** The reason a step is not a plain die move, or undefined (shape only; legality is the engine's). */
function stepProblem(s: Step, family: Family): string | undefined {
  if (s.die < 1 || s.die > 6) return `die ${s.die}`;
  if (s.to === 0) return s.from >= 1 && s.from <= 6 && s.from <= s.die ? undefined : `bear-off ${s.from}/off with ${s.die}`;
  if (s.from - s.to !== s.die) return `${s.from}/${s.to} with a ${s.die}`;
  if (family === 'long' && (s.from === 25 || s.hit)) return `long-nardy step ${JSON.stringify(s)}`;
  return undefined;
}

/** Checks one recorded turn; returns a description of the first problem. */
function turnProblem(r: TurnRecord): string | undefined {
  const { variant } = r.position;
  const family = familyOf(variant);
  const before = boardProblem(r.position.board, variant);
  if (before) return `before: ${before}`;
  if (!r.play) return r.playCount === 0 ? undefined : 'no play chosen although plays exist';
  const after = boardProblem(r.play.board, variant);
  if (after) return `after ${r.play.move}: ${after}`;
  const rolled = r.dice[0] === r.dice[1] ? [r.dice[0], r.dice[0], r.dice[0], r.dice[0]] : [r.dice[0], r.dice[1]];
  for (const s of r.play.steps) {
    const p = stepProblem(s, family);
    if (p) return `step of ${r.play.move}: ${p}`;
    const i = rolled.indexOf(s.die);
    if (i < 0) return `${r.play.move} uses a ${s.die} not rolled in ${r.dice}`;
    rolled.splice(i, 1);
  }
  if (key(applySteps(r.position.board, r.play.steps, family)) !== key(r.play.board)) return `${r.play.move}: applySteps does not reach the play's board`;
  return undefined;
}

const describeRecord = (r: TurnRecord): string => `turn ${r.turn} ${JSON.stringify(r.position)} dice ${r.dice} ctx ${JSON.stringify(r.context)}`;

describe('random complete games (cap 2,000 turns)', () => {
  for (const config of CONFIGS) {
    it(`${config.name}: terminate, conserve ${VARIANTS[config.variant].checkers} checkers, never share a point, steps reach each play's board`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 0x7fffffff }), (seed) => {
          const game = playRandomGame(config.variant, config.options, seed, { maxTurns: 2000 });
          expect(game.finished, `seed ${seed}: unfinished after ${game.records.length} turns`).toBe(true);
          for (const r of game.records) {
            const problem = turnProblem(r);
            expect(problem, `${describeRecord(r)} play ${r.play?.move}`).toBeUndefined();
          }
          const result = gameResult({ variant: config.variant, options: config.options, board: game.finalBoard });
          expect(result?.winner).toBe(0);
          expect(result && result.points).toBeGreaterThanOrEqual(1);
        }),
        { numRuns: 20 },
      );
    });
  }
});

/** Samples up to `n` plays spread over the list (all of them when there are fewer). */
function spread(plays: readonly Play[], n: number): Play[] {
  if (plays.length <= n) return plays.slice();
  const out: Play[] = [];
  for (let i = 0; i < n; i++) out.push(plays[Math.floor((i * plays.length) / n)]);
  return out;
}

for (const variant of VARIANT_IDS) {
  describe(`${variant}: properties of random positions`, () => {
    it('parsePlay(play.move) gives back the same play for every legal play (notation round-trip)', () => {
      fc.assert(
        fc.property(positionAndDiceArb(variant), ([sample, dice]) => {
          const { position, context } = sample;
          const plays = legalPlays(position, dice, context);
          if (plays.length === 0) {
            const pass = parsePlay('Ø', position, dice, context);
            expect(pass.ok && pass.value.board).toEqual(position.board);
          }
          for (const play of plays) {
            const r = parsePlay(play.move, position, dice, context);
            if (!r.ok) throw new Error(`${play.move} in ${JSON.stringify(position)} ${dice}: ${r.error.kind} ${r.error.message}`);
            expect(r.value.board, play.move).toEqual(play.board);
            expect(r.value.move).toBe(play.move);
          }
        }),
        { numRuns: 150 },
      );
    });

    it('legalPlays leaves its input unchanged, is deterministic, and its output is JSON round-trippable', () => {
      fc.assert(
        fc.property(positionAndDiceArb(variant), positionAndDiceArb(variant), ([a, diceA], [b, diceB]) => {
          const before = structuredClone(a.position);
          const plays = legalPlays(a.position, diceA, a.context);
          expect(a.position).toEqual(before);
          const snapshot = structuredClone(plays);
          legalPlays(b.position, diceB, b.context); // the shared generator is reused
          expect(plays).toEqual(snapshot);
          expect(legalPlays(a.position, diceA, a.context)).toEqual(plays);
          expect(JSON.parse(JSON.stringify(plays))).toEqual(plays);
          expect(new Set(plays.map((p) => key(p.board))).size).toBe(plays.length);
          const used = new Set(plays.map((p) => p.steps.length));
          expect(used.size).toBeLessThanOrEqual(1); // every play uses the same (maximum) number of dice
        }),
        { numRuns: 100 },
      );
    });

    it('turnProgress: every step of every play is offered in turn, and the turn is complete exactly at its end', () => {
      fc.assert(
        fc.property(positionAndDiceArb(variant), ([sample, dice]) => {
          const { position, context } = sample;
          const plays = legalPlays(position, dice, context);
          const first = turnProgress(position, dice, [], context);
          if (!first.ok) throw new Error(first.error.message);
          expect(first.value.playCount).toBe(plays.length);
          expect(first.value.forced).toBe(plays.length <= 1);
          if (plays.length === 0) {
            expect(first.value).toMatchObject({ complete: true, next: [], play: undefined });
            return;
          }
          const full = dice[0] === dice[1] ? 4 : 2;
          for (const play of spread(plays, 12)) {
            for (let i = 0; i <= play.steps.length; i++) {
              const done = play.steps.slice(0, i);
              const r = turnProgress(position, dice, done, context);
              if (!r.ok) throw new Error(`${play.move} after ${i} steps: ${r.error.message}`);
              const p = r.value;
              expect(p.board, `${play.move} after ${i}`).toEqual(applySteps(position.board, done, familyOf(variant)));
              expect(p.diceLeft.length).toBe(full - i);
              if (i < play.steps.length) {
                expect(p.complete, `${play.move} after ${i}`).toBe(false);
                const s = play.steps[i];
                const offered = p.next.find((n) => n.from === s.from && n.to === s.to && n.die === s.die);
                expect(offered, `${play.move}: step ${i} ${s.from}/${s.to} not offered`).toBeDefined();
                expect(offered?.hit).toBe(s.hit);
              } else {
                expect(p.complete, play.move).toBe(true);
                expect(p.next).toEqual([]);
                expect(p.play?.board).toEqual(play.board);
                expect(p.board).toEqual(play.board);
              }
            }
          }
        }),
        { numRuns: 60 },
      );
    });

    it('turnProgress: the complete sequences reachable through `next` are exactly the legal plays (exhaustive walk)', () => {
      const BUDGET = 800;
      fc.assert(
        fc.property(positionAndDiceArb(variant), ([sample, dice]) => {
          const { position, context } = sample;
          const finals = new Set<string>();
          let nodes = 0;
          const walk = (steps: Step[]): boolean => {
            if (++nodes > BUDGET) return false;
            const r = turnProgress(position, dice, steps, context);
            if (!r.ok) throw new Error(`offered steps ${JSON.stringify(steps)} rejected: ${r.error.message}`);
            if (r.value.complete) {
              expect(r.value.next).toEqual([]);
              if (r.value.play) {
                expect(r.value.play.board).toEqual(r.value.board);
                finals.add(key(r.value.board));
              }
              return true;
            }
            expect(r.value.next.length, `dead end after ${JSON.stringify(steps)}`).toBeGreaterThan(0);
            for (const s of r.value.next) if (!walk([...steps, s])) return false;
            return true;
          };
          fc.pre(walk([]));
          const plays = legalPlays(position, dice, context);
          expect([...finals].sort()).toEqual(plays.map((p) => key(p.board)).sort());
        }),
        { numRuns: 30 },
      );
    });
  });
}

describe('gnubg Position ID round-trip for short positions', () => {
  it('parsePositionId(formatPositionId(b)) gives back b, before and after a random play', () => {
    fc.assert(
      fc.property(positionAndDiceArb('short'), ([sample, dice]) => {
        const b = sample.position.board;
        expect(parsePositionId(formatPositionId(b))).toEqual({ ok: true, value: b });
        for (const play of legalPlays(sample.position, dice).slice(0, 5)) {
          const next: Board = [play.board[1], play.board[0]]; // the opponent on roll
          expect(parsePositionId(formatPositionId(next))).toEqual({ ok: true, value: next });
        }
      }),
      { numRuns: 200 },
    );
  });

  it('positionArb produces unfinished positions of the requested variant', () => {
    fc.assert(
      fc.property(positionArb('long'), (s) => {
        expect(s.position.variant).toBe('long');
        expect(gameResult(s.position as Position)).toBeUndefined();
        expect(typeof (s.context as TurnContext).firstTurn).toBe('boolean');
      }),
      { numRuns: 50 },
    );
  });
});

