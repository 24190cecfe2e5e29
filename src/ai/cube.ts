/**
 * Cube decisions: double / no double / too good, take / pass / beaver.
 *
 * The strong level decides from cubeful equities (`cubefulDouble`, `cubefulAnswer`,
 * `cubefulBeaverAnswer`): in money play Janowski's model over the net's five chances
 * (`janowski.ts`); in a match the same model in each cube level's own frame of match-winning
 * chances (`met.ts`): a game's outcomes at stake m are scaled so that winning m counts +1 and losing
 * m −1, which turns the score's gammon values into W and L, and an equity found there maps back
 * to a chance to win the match linearly. Money play is Janowski's model proper; the match frames
 * are an approximation (no cube-aware MET per ownership, as gnubg has).
 *
 * The medium level keeps rules of thumb over a cubeless equity (`doubleDecision`, `takeDecision`):
 * take below 0.56 for the doubler; double from 0.40, unless at 1.0 or more (too good); in a match
 * never double when the cube already wins it, always double when the opponent is 1-away
 * (post-Crawford), always take when a pass would lose the match.
 */
import { type CubeOwner, janowskiEquity, lossValue, winValue } from './janowski.ts';
import { matchWinChance } from './met.ts';

export type { CubeOwner } from './janowski.ts';

export interface CubeContext {
  /** Current cube value (before the double being decided). */
  readonly value: number;
  /** Points to win the match, 0 for a single game (money). */
  readonly matchLength: number;
  /** The score of the side deciding (the doubler, or the side answering) and the opponent's. */
  readonly score: readonly [number, number];
  /** Who holds the cube, from the deciding side's view; centred when left out. */
  readonly owner?: CubeOwner;
  /** Money play under the Jacoby rule (docs/rules/match.md §4). */
  readonly jacoby?: boolean;
  /** Money play with beavers allowed (docs/rules/match.md §4). */
  readonly beaver?: boolean;
  /** The match has the Crawford rule (docs/rules/match.md §4); the game being played is then not the Crawford game, where nobody doubles. */
  readonly crawford?: boolean;
}

export type DoubleAction = 'double' | 'noDouble' | 'tooGood';
export type DoubleAnswer = 'take' | 'pass' | 'beaver';

/** The doubler's three outcomes: per unit of the cube in money play, chances to win the match in a match. */
export interface CubeEquities {
  noDouble: number;
  doubleTake: number;
  doublePass: number;
}

// ---------------------------------------------------------------- rules of thumb (medium level)

export const DOUBLE_FROM = 0.4;
export const TOO_GOOD = 1.0;
export const TAKE_BELOW = 0.56;

/** Should a side whose equity to roll is `equity` double? (rules of thumb) */
export function doubleDecision(equity: number, cube: CubeContext): boolean {
  if (cube.matchLength > 0) {
    const [mine, theirs] = cube.score;
    if (mine + cube.value >= cube.matchLength) return false;
    if (theirs === cube.matchLength - 1) return true;
  }
  return equity >= DOUBLE_FROM && equity < TOO_GOOD;
}

/** Should a side take a double, given its own equity with the doubler to roll? (rules of thumb; `cube.value` is the new value) */
export function takeDecision(equity: number, cube: CubeContext): boolean {
  if (cube.matchLength > 0 && cube.score[1] + cube.value >= cube.matchLength) return true;
  return -equity < TAKE_BELOW;
}

// ---------------------------------------------------------------- cubeful decisions (strong level)

/**
 * How much a beaver must gain, per unit of the old cube, before the taker beavers (the net's
 * noise): its equity after the take −dt doubles, or becomes +2 when the doubler passes the beaver.
 */
export const BEAVER_MARGIN = 0.05;

const scratch: CubeEquities = { noDouble: 0, doubleTake: 0, doublePass: 0 };

/**
 * The doubler's equities of no double, double/take and double/pass, for its chances to roll `c`,
 * cube efficiency `x` and `cube` from its view. Writes into and returns `out` (a shared scratch
 * object unless given).
 */
export function doublerEquities(c: ArrayLike<number>, x: number, cube: CubeContext, out: CubeEquities = scratch): CubeEquities {
  const owner = cube.owner ?? 'centre';
  if (cube.matchLength === 0) {
    const w = winValue(c), l = lossValue(c);
    out.noDouble = janowskiEquity(c[0], w, l, x, owner, owner === 'centre' && cube.jacoby === true);
    out.doubleTake = 2 * janowskiEquity(c[0], w, l, x, 'theirs');
    out.doublePass = 1;
    return out;
  }
  const a = cube.matchLength - cube.score[0], b = cube.matchLength - cube.score[1], v = cube.value;
  const post = a === 1 || b === 1 || cube.crawford === false;
  out.noDouble = matchFrame(c, a, b, v, post, x, owner);
  // After the take the taker's own redouble is worth nothing when 2v already wins it the match.
  out.doubleTake = matchFrame(c, a, b, 2 * v, post, b <= 2 * v ? 0 : x, 'theirs');
  out.doublePass = matchWinChance(a - v, b, post);
  return out;
}

/**
 * Janowski's equity in the frame of stake m at a score a-away / b-away, mapped back to the chance
 * of winning the match: outcomes are scaled so that winning m is +1 and losing m is −1.
 */
function matchFrame(c: ArrayLike<number>, a: number, b: number, m: number, post: boolean, x: number, owner: CubeOwner): number {
  const hi = matchWinChance(a - m, b, post), lo = matchWinChance(a, b - m, post);
  const span = hi - lo;
  const p = c[0];
  // In the frame's units a single win is +1 and a single loss −1; a mars or koks counts what it does to the match.
  const wins = (p - c[1]) + inFrame(matchWinChance(a - 2 * m, b, post), lo, span) * (c[1] - c[2]) + inFrame(matchWinChance(a - 3 * m, b, post), lo, span) * c[2];
  const losses = -(1 - p - c[3]) + inFrame(matchWinChance(a, b - 2 * m, post), lo, span) * (c[3] - c[4]) + inFrame(matchWinChance(a, b - 3 * m, post), lo, span) * c[4];
  const w = p > 0 ? wins / p : 1, l = p < 1 ? -losses / (1 - p) : 1;
  return lo + ((1 + janowskiEquity(p, w, l, x, owner)) / 2) * span;
}

/** A chance to win the match in the units of a frame whose single loss is at `lo` and single win at `lo + span`. */
function inFrame(mwc: number, lo: number, span: number): number {
  return (2 * (mwc - lo)) / span - 1;
}

/** The doubler's best action given its three equities. */
export function bestAction(e: CubeEquities): DoubleAction {
  if (Math.min(e.doubleTake, e.doublePass) > e.noDouble) return 'double';
  return e.noDouble >= e.doublePass ? 'tooGood' : 'noDouble';
}

/**
 * The strong level's double: `c` are its chances to roll (P(win), P(win mars+), P(win koks),
 * P(lose mars+), P(lose koks)), `x` the cube efficiency.
 */
export function cubefulDouble(c: ArrayLike<number>, x: number, cube: CubeContext): DoubleAction {
  if (cube.matchLength > 0) {
    const [mine, theirs] = cube.score;
    if (mine + cube.value >= cube.matchLength) return 'noDouble'; // the cube already wins the match
    if (theirs === cube.matchLength - 1) return 'double'; // post-Crawford: they lose the match on any loss anyway
  }
  return bestAction(doublerEquities(c, x, cube));
}

/**
 * The strong level's answer to a double: `c` are the doubler's chances to roll, `cube` (before the
 * double) from the answering side's view. Beavers only in money play where the settings allow.
 */
export function cubefulAnswer(c: ArrayLike<number>, x: number, cube: CubeContext): DoubleAnswer {
  const doubler: CubeContext = { ...cube, score: [cube.score[1], cube.score[0]], owner: cube.owner === 'theirs' ? 'mine' : 'centre' };
  if (cube.matchLength > 0) {
    if (cube.score[1] + cube.value >= cube.matchLength) return 'take'; // the pass loses the match
    const e = doublerEquities(c, x, doubler);
    return e.doubleTake <= e.doublePass ? 'take' : 'pass';
  }
  const dt = doublerEquities(c, x, doubler).doubleTake;
  // A beaver doubles the taker's −dt, unless the doubler then passes (−dt above 2 for twice the old cube): playing on is worth more.
  if (cube.beaver === true && Math.min(-dt, 2 + dt) > BEAVER_MARGIN) return 'beaver';
  return dt <= 1 ? 'take' : 'pass';
}

/**
 * Money play: the doubler's answer to a beaver (play on at four times the old cube, the opponent
 * holding it, or pass for twice): `c` are its own chances to roll.
 */
export function cubefulBeaverAnswer(c: ArrayLike<number>, x: number, cube: CubeContext): 'take' | 'pass' {
  const dt = doublerEquities(c, x, { ...cube, owner: 'centre' }).doubleTake; // per unit of the old cube, at twice it
  return dt >= -1 ? 'take' : 'pass'; // 4 × (dt / 2) against −2
}
