/**
 * The long-nardy benchmark's parts (issue #51): phases, the file's records, the variance-reduced
 * rollout that labels the plays, and the error-rate arithmetic. The builder is
 * `tools/ai/long-benchmark.ts`, the report `bench/long-er.ts`; docs/computer.md says how they fit.
 *
 * Boards are in the generator's layout (rules.ts): 52 counts, a side's 26 (0 borne off, 1..24 its
 * points, 24 its head, 25 the bar, unused in long nardy) then the other's, each in its own numbering.
 */
import { isBearoffRace } from '../../src/ai/bearoff.ts';
import type { NetEvaluator } from '../../src/ai/evaluators.ts';
import { rollDie, seededRandom } from '../../src/ai/random.ts';
import { BOARD, ROLLS, isFirstTurn, swapInto, wonPoints, type AiRules } from '../../src/ai/rules.ts';
import { Searcher } from '../../src/ai/search.ts';

/** The benchmark's phases, in the order the test below tries them. */
export const PHASES = ['bearoff', 'race', 'opening', 'primes', 'contact'] as const;
export type Phase = (typeof PHASES)[number];

/** Checkers still on the mover's head for a position to count as the opening (five or fewer taken down). */
export const OPENING_HEAD = 10;
/** A block this long (consecutive points held, a lone checker holding one) with checkers of the other side behind it makes "primes". */
export const PRIME_LENGTH = 5;

/** The other side's point q in the numbering of the side at 0..25 (docs/rules/README.md §0). */
function mine(q: number): number {
  return ((q + 11) % 24) + 1;
}

/** The rearmost point (1..24) holding a checker of the side at `o`; 0 when none is left on the board. */
function rearmost(b: Int8Array, o: number): number {
  for (let p = 24; p >= 1; p--) if (b[o + p] > 0) return p;
  return 0;
}

/**
 * Whether the two sides can still meet. A checker on its point p still stands on or passes its own
 * points p..1; the other side's points 1..12 are this side's 13..24 and its 13..24 this side's
 * 1..12. So the two sides' paths are apart exactly when each side's rearmost checker is on its
 * points 1..12 (past the other's home and start) — or one side has none left on the board.
 */
export function inContact(b: Int8Array, at: number): boolean {
  const me = rearmost(b, at), them = rearmost(b, at + 26);
  if (me === 0 || them === 0) return false;
  return me >= 13 || them >= 13;
}

/**
 * The longest block of the side at `o` in the way of the side at `t`: consecutive points held
 * (one checker holds a point in long nardy) along `t`'s route, counting only blocks with at least
 * one of `t`'s checkers still behind them (a block nobody has to pass is no block).
 */
export function longestBlock(b: Int8Array, o: number, t: number): number {
  let best = 0, run = 0, behind = 0;
  // The route of the side at t: its points 24 → 1, which are points mine(24) … mine(1) of the side at o.
  for (let q = 24; q >= 1; q--) {
    const p = mine(q);
    if (b[o + p] > 0) run++;
    else {
      if (behind > 0 && run > best) best = run;
      run = 0;
    }
    behind += b[t + q];
  }
  if (behind > 0 && run > best) best = run;
  return best;
}

/**
 * The phase of a position before the mover's roll (mover at `b[at..]`), the first that holds of:
 * - `bearoff`: every checker of the mover is home (its points 1..6) or off;
 * - `race`: the sides can no longer meet (`inContact` false);
 * - `opening`: the mover still has `OPENING_HEAD` or more checkers on its head (the head phase);
 * - `primes`: either side has a block of `PRIME_LENGTH` or more points with the other's checkers behind it;
 * - `contact`: any other position.
 */
export function phaseOf(b: Int8Array, at: number): Phase {
  let home = true;
  for (let p = 7; p <= 25; p++) if (b[at + p] > 0) { home = false; break; }
  if (home) return 'bearoff';
  if (!inContact(b, at)) return 'race';
  if (b[at + 24] >= OPENING_HEAD) return 'opening';
  if (longestBlock(b, at, at + 26) >= PRIME_LENGTH || longestBlock(b, at + 26, at) >= PRIME_LENGTH) return 'primes';
  return 'contact';
}

// ---------------------------------------------------------------------------------------------
// The file: one JSON object a line. A recipe line first ({"recipe": …}), then a position a line.

/** One side's 26 counts as 26 hex digits (a count is at most 15). */
export function encodeSide(b: ArrayLike<number>, at: number): string {
  let s = '';
  for (let i = 0; i < 26; i++) s += b[at + i].toString(16);
  return s;
}

/** A board (both sides, 52 counts) as 52 hex digits, mover first. */
export function encodeBoard(b: ArrayLike<number>, at = 0): string {
  return encodeSide(b, at) + encodeSide(b, at + 26);
}

export function decodeBoard(s: string, out = new Int8Array(BOARD), at = 0): Int8Array {
  if (!/^[0-9a-f]{52}$/.test(s)) throw new Error(`long benchmark: not a board: ${s}`);
  for (let i = 0; i < 52; i++) out[at + i] = parseInt(s[i], 16);
  return out;
}

/** A candidate play: the mover's side after it (26 hex digits: a play moves only the mover's checkers), its rollout and the search's values. */
export interface Candidate {
  /** The mover's side after the play (`encodeSide`). */
  readonly after: string;
  /** Rollout equity (points a game, the mover's view, cubeless) and its standard error. */
  readonly eq: number;
  readonly se: number;
  /** Standard error of (best play's equity − this one's), over the same trials (duplicate dice); 0 for the best. */
  readonly dse: number;
  /** The committed net's 0-, 1- and 2-ply equities of the play when the builder computed them (null: not). */
  readonly e0: number;
  readonly e1: number | null;
  readonly e2: number | null;
  /** Who chose it at build time: 2ply top-5 rank ("t1".."t5"), "z" 0-ply best, "o" 1-ply best, "s" the strong level, "m" the medium level (the heuristic). */
  readonly by: string;
}

export interface BenchPosition {
  readonly id: number;
  readonly phase: Phase;
  /** The play that produced it: matchup and game seed, and the turn within the game. */
  readonly src: string;
  readonly game: number;
  readonly turn: number;
  /** The board before the roll, mover first (`encodeBoard`), and the roll to play. */
  readonly pos: string;
  readonly dice: readonly [number, number];
  /** Legal plays (distinct boards) of the roll. */
  readonly plays: number;
  /** Trials per candidate (the same dice for every candidate), and the seed of their dice. */
  readonly trials: number;
  readonly seed: number;
  /** Candidates, best rollout equity first. */
  readonly cands: readonly Candidate[];
  /** CPU seconds the position took to build. */
  readonly cpu: number;
}

/** How the file was built: written once, at its top. */
export interface Recipe {
  readonly version: number;
  readonly variant: 'long';
  readonly net: string;
  readonly horizon: number;
  readonly targetSe: number;
  readonly minTrials: number;
  readonly maxTrials: number;
  readonly batch: number;
  readonly seed: number;
  readonly notes: string;
}

const round = (x: number, d = 5): number => Math.round(x * 10 ** d) / 10 ** d;

export function formatPosition(p: BenchPosition): string {
  return JSON.stringify({
    ...p,
    cpu: round(p.cpu, 1),
    cands: p.cands.map((c) => ({ ...c, eq: round(c.eq), se: round(c.se), dse: round(c.dse), e0: round(c.e0), e1: c.e1 === null ? null : round(c.e1), e2: c.e2 === null ? null : round(c.e2) })),
  });
}

/** Reads a benchmark file's text: its recipe (undefined when none yet) and positions, in order; throws on a malformed line. */
export function parseBenchmark(text: string): { recipe: Recipe | undefined; positions: BenchPosition[] } {
  let recipe: Recipe | undefined;
  const positions: BenchPosition[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const o = JSON.parse(line) as { recipe?: Recipe } & BenchPosition;
    if (o.recipe) { recipe = o.recipe; continue; }
    if (!PHASES.includes(o.phase) || typeof o.pos !== 'string' || !Array.isArray(o.cands) || o.cands.length === 0) throw new Error(`long benchmark: line ${i + 1} is not a position`);
    decodeBoard(o.pos);
    positions.push(o);
  }
  return { recipe, positions };
}

// ---------------------------------------------------------------------------------------------
// The rollout.

/** A seed from a few numbers (the rollout's dice of one trial, the games of one position). */
export function mixSeed(...xs: number[]): number {
  let h = 0x811c9dc5;
  for (const x of xs) {
    h = Math.imul(h ^ (x >>> 0), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return h >>> 0;
}

/**
 * Rollouts with variance reduction and truncation. Both sides play the net's 0-ply best play. At
 * every turn the side to roll's 21 rolls are all played (the net's best play of each, valued by
 * the net), and the roll that came is charged its luck: its value less the mean of the 21. A
 * trial's result is the value reached less the luck of every roll on the way, which telescopes to
 *   (mean of the 21 after the play) + Σ over later turns (mean of the 21 − value of the position reached)
 * — the 1-ply's corrections to the 0-ply along the game. It has the same expectation as the
 * plain rollout (each luck term has mean 0), and far less variance where the net is consistent.
 * A trial ends at a finished game or a bear-off race (exact values), or after `horizon` turns after
 * the play (then the net's value there stands for the rest: the truncation's bias). Trial k of
 * every candidate rolls the same dice (`mixSeed(seed, k)`): their differences share the luck left.
 */
export class VrRollout {
  private readonly searcher: Searcher;
  private readonly pos = new Int8Array(BOARD);
  private readonly next = new Int8Array(BOARD);
  private readonly firstBoards = new Int8Array(ROLLS.length * BOARD);
  private readonly firstValues = new Float64Array(ROLLS.length);
  private readonly values = new Float64Array(ROLLS.length);
  private readonly stepBoards = new Int8Array(ROLLS.length * BOARD);
  /** Turns whose 21 rolls were played, since construction (the cost). */
  turns = 0;

  constructor(private readonly rules: AiRules, private readonly ev: NetEvaluator, readonly horizon: number) {
    this.searcher = new Searcher(rules);
  }

  /**
   * The mean over the 21 rolls of the side to roll on `pos` (it first) of its best play's value
   * (its view); each roll's best board into `boards` (when given) and value into `values`.
   */
  private meanOfRolls(pos: Int8Array, boards: Int8Array | undefined, values: Float64Array): number {
    const { searcher, ev } = this;
    const first = isFirstTurn(this.rules, pos, 0);
    let sum = 0;
    for (let r = 0; r < ROLLS.length; r++) {
      const [d1, d2, w] = ROLLS[r];
      const n = searcher.generate(pos, 0, [d1, d2], first);
      let v: number;
      if (n === 0) {
        v = ev.score(pos, 0);
        boards?.set(pos, r * BOARD);
      } else {
        const best = searcher.scorePlays(n, ev);
        v = searcher.scores[best];
        boards?.set(searcher.gen.boards.subarray(best * BOARD, best * BOARD + BOARD), r * BOARD);
      }
      values[r] = v;
      sum += w * v;
    }
    this.turns++;
    return sum / 36;
  }

  private terminal(b: Int8Array): boolean {
    return wonPoints(this.rules, b, 0) > 0 || isBearoffRace(b, 0);
  }

  /**
   * Prepares a candidate: the board after the play at `b[at..]` (mover first). Returns the
   * trials' common first term (the 1-ply of the play by the net's 0-ply, the mover's view), or
   * the exact value when the play ends the game.
   */
  start(b: Int8Array, at: number): number {
    const won = wonPoints(this.rules, b, at);
    this.done = won > 0;
    if (this.done) return (this.base = won);
    swapInto(b, at, this.pos, 0);
    this.base = -this.meanOfRolls(this.pos, this.firstBoards, this.firstValues);
    return this.base;
  }
  private done = false;
  private base = 0;

  /** One trial of the candidate last `start`ed, its dice from `random`: its result, the mover's view. */
  trial(random: () => number): number {
    if (this.done || this.horizon <= 1) return this.base;
    const { pos, next, values } = this;
    // The first roll (the opponent's), from the boards of `start`.
    const r0 = rollIndex(rollDie(random), rollDie(random));
    pos.set(this.firstBoards.subarray(r0 * BOARD, r0 * BOARD + BOARD));
    // `reached`: the value of the position just reached, for the side that has just moved to it; `sign`: +1 when that side is the mover.
    let reached = this.firstValues[r0], sign = -1, acc = this.base;
    for (let t = 1; t < this.horizon; t++) {
      if (this.terminal(pos)) break;
      swapInto(pos, 0, next, 0);
      // The side to roll now is the other one: its mean of the 21, in its view, is the mover's −sign·mean.
      const mean = this.meanOfRolls(next, this.stepBoards, values);
      // In the mover's view: + mean (side to roll, sign −sign) − reached (side that just moved, sign `sign`).
      acc += -sign * mean - sign * reached;
      const r = rollIndex(rollDie(random), rollDie(random));
      pos.set(this.stepBoards.subarray(r * BOARD, r * BOARD + BOARD));
      reached = values[r];
      sign = -sign;
    }
    return acc;
  }
}

/** The board after a candidate play of a position (mover first): the position with the mover's side replaced by the candidate's. */
export function candidateBoard(p: BenchPosition, c: Candidate): Int8Array {
  const b = decodeBoard(p.pos);
  for (let i = 0; i < 26; i++) b[i] = parseInt(c.after[i], 16);
  return b;
}

/**
 * Rolls out a position's candidates (the boards after each play, mover first) in batches of the
 * recipe's trials, trial k of every candidate on the dice of `mixSeed(seed, k)`, until each one's
 * standard error is within the recipe's (after its least trials) or its most trials are spent:
 * each candidate's equity, standard error and the paired standard error of its difference from
 * the best. The builder and the relabeller (tools/ai/long-relabel.ts) share it.
 */
export function rollOutCandidates(vr: VrRollout, boards: readonly Int8Array[], seed: number, recipe: Pick<Recipe, 'batch' | 'minTrials' | 'maxTrials' | 'targetSe'>): { trials: number; rolled: { eq: number; se: number; dse: number }[] } {
  const results = boards.map(() => [] as number[]);
  let trials = 0;
  for (;;) {
    for (const [c, board] of boards.entries()) {
      vr.start(board, 0);
      for (let k = trials; k < trials + recipe.batch; k++) results[c].push(vr.trial(seededRandom(mixSeed(seed, k))));
    }
    trials += recipe.batch;
    const worst = Math.max(...results.map((r) => meanSe(r).se));
    if ((trials >= recipe.minTrials && worst <= recipe.targetSe) || trials >= recipe.maxTrials) break;
  }
  const stats = results.map((r) => meanSe(r));
  const best = stats.reduce((b, st, i) => (st.mean > stats[b].mean ? i : b), 0);
  return { trials, rolled: stats.map((st, i) => ({ eq: st.mean, se: st.se, dse: i === best ? 0 : meanSe(results[best].map((x, k) => x - results[i][k])).se })) };
}

/** The index in ROLLS of a roll. */
export function rollIndex(d1: number, d2: number): number {
  const a = Math.min(d1, d2), c = Math.max(d1, d2);
  // Rows of a = 1..6 hold 6, 5, …, 1 rolls.
  let i = 0;
  for (let x = 1; x < a; x++) i += 7 - x;
  return i + (c - a);
}

// ---------------------------------------------------------------------------------------------
// The error-rate arithmetic.

/** The mean and its standard error of a sample (0 for fewer than two). */
export function meanSe(xs: readonly number[]): { mean: number; se: number; n: number } {
  const n = xs.length;
  if (n === 0) return { mean: NaN, se: NaN, n };
  const mean = xs.reduce((a, x) => a + x, 0) / n;
  if (n < 2) return { mean, se: 0, n };
  const v = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
  return { mean, se: Math.sqrt(v / n), n };
}

/** A blunder: a play losing more than this much equity against the rollouts' best. */
export const BLUNDER = 0.08;

/**
 * One decision's judgement: the equity a choice loses against the rollouts' best play, and
 * whether it is that play. A choice may be a mixture (the easy level: half the medium's play, half
 * a random one): then `loss`, `agree` and `blunder` are its expectations.
 */
export interface Judged {
  readonly phase: Phase;
  readonly loss: number;
  readonly agree: number;
  readonly blunder: number;
  /** True when the play chosen was not among the rolled-out candidates (its equity estimated). */
  readonly offList: number;
}

/** The equity lost by the play with mover's side `after`, or undefined when it is not a candidate. */
export function candidateLoss(p: BenchPosition, after: string): number | undefined {
  const c = p.cands.find((x) => x.after === after);
  return c === undefined ? undefined : p.cands[0].eq - c.eq;
}

export function judged(phase: Phase, loss: number, offList = false): Judged {
  return { phase, loss, agree: loss === 0 ? 1 : 0, blunder: loss > BLUNDER ? 1 : 0, offList: offList ? 1 : 0 };
}

/** The mixture of judgements `parts` with weights summing to 1. */
export function mixture(phase: Phase, parts: readonly (readonly [number, Judged])[]): Judged {
  let loss = 0, agree = 0, blunder = 0, offList = 0;
  for (const [w, j] of parts) { loss += w * j.loss; agree += w * j.agree; blunder += w * j.blunder; offList += w * j.offList; }
  return { phase, loss, agree, blunder, offList };
}

export interface Summary {
  readonly n: number;
  /** Mean equity lost a decision and its standard error (over positions). */
  readonly er: number;
  readonly erSe: number;
  /** Agreement with the rollouts' best, % and its standard error. */
  readonly agree: number;
  readonly agreeSe: number;
  /** Blunders (> BLUNDER), % of decisions, and standard error. */
  readonly blunders: number;
  readonly blundersSe: number;
  /** Decisions whose play was not rolled out, %. */
  readonly offList: number;
}

export function summarize(js: readonly Judged[]): Summary {
  const l = meanSe(js.map((j) => j.loss)), a = meanSe(js.map((j) => j.agree)), b = meanSe(js.map((j) => j.blunder));
  const o = meanSe(js.map((j) => j.offList));
  return { n: js.length, er: l.mean, erSe: l.se, agree: 100 * a.mean, agreeSe: 100 * a.se, blunders: 100 * b.mean, blundersSe: 100 * b.se, offList: 100 * o.mean };
}

/**
 * The judgement of choosing the play whose mover's side after it is `after`: from the rollouts
 * when it is a candidate, else by `estimate` (its equity guessed; the report uses the best
 * candidate's rollout plus the net's 1-ply difference, capped at the worst candidate's: a play
 * the builder's 2-ply left out of its best five is taken to be no better than the fifth).
 */
export function judgeChoice(p: BenchPosition, after: string, estimate: () => number): Judged {
  const loss = candidateLoss(p, after);
  if (loss !== undefined) return judged(p.phase, loss);
  const worst = p.cands[p.cands.length - 1].eq;
  return judged(p.phase, p.cands[0].eq - Math.min(worst, estimate()), true);
}

/** The judgements split by phase, with "all" first. */
export function byPhase(js: readonly Judged[]): Map<'all' | Phase, Summary> {
  const m = new Map<'all' | Phase, Summary>([['all', summarize(js)]]);
  for (const ph of PHASES) m.set(ph, summarize(js.filter((j) => j.phase === ph)));
  return m;
}

/** Whether the rollouts cannot tell the best play from the second: their difference within twice its (paired) standard error. */
export function ambiguous(p: BenchPosition): boolean {
  return p.cands.length > 1 && p.cands[0].eq - p.cands[1].eq < 2 * p.cands[1].dse;
}
