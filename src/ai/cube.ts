/**
 * Cube decisions from a cubeless equity (points per game for the side concerned, gammons
 * included), by money-play rules of thumb with a few match-score exceptions:
 * - take when the doubler's equity is below 0.56 (the take point of 0.5 plus some recube vig);
 * - double from 0.40 on, unless too good: at 1.0 or more playing on for mars wins more than a pass.
 * In a match: never double when the current cube already wins the match, always double when the
 * opponent needs one point (post-Crawford), always take when a pass would lose the match.
 */

export interface CubeContext {
  /** Current cube value. */
  readonly value: number;
  /** Points to win the match, 0 for a single game (money). */
  readonly matchLength: number;
  /** The computer's score and the opponent's. */
  readonly score: readonly [number, number];
}

export const DOUBLE_FROM = 0.4;
export const TOO_GOOD = 1.0;
export const TAKE_BELOW = 0.56;

/** Should a side whose equity to roll is `equity` double? */
export function doubleDecision(equity: number, cube: CubeContext): boolean {
  if (cube.matchLength > 0) {
    const [mine, theirs] = cube.score;
    if (mine + cube.value >= cube.matchLength) return false;
    if (theirs === cube.matchLength - 1) return true;
  }
  return equity >= DOUBLE_FROM && equity < TOO_GOOD;
}

/** Should a side take a double, given its own equity with the doubler to roll? */
export function takeDecision(equity: number, cube: CubeContext): boolean {
  if (cube.matchLength > 0 && cube.score[1] + cube.value >= cube.matchLength) return true;
  return -equity < TAKE_BELOW;
}
