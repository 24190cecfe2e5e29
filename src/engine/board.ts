/**
 * The board as the engine's interfaces see it (docs/rules/README.md §0).
 *
 * A board is a pair of sides, `[side to move, opponent]`, each written in its own numbering:
 * index 1..24 holds the checkers on that side's point 1..24 (it moves 24 → 1, its home is 1..6),
 * index 25 is its bar and index 0 counts its borne-off checkers. The same shape serves the short
 * family (sides move in opposite directions) and the long family (both move the same way round);
 * only the relation between the two numberings differs, see `opponentPoint`.
 *
 * Plakoto has no bar: a lone checker that an opposing checker lands on is pinned where it stands
 * (docs/rules/variants.md §6). A pinned checker is written `PINNED` (−1) on its owner's point: one checker that
 * cannot move, and a point that belongs to the opponent standing on it. A pinned checker is always
 * alone (its owner may not land on a point the pinner holds), so one value says both "one checker"
 * and "pinned", and the generator's scratch board needs no second array. Counting functions read
 * it as one checker; the codecs made for backgammon reject it.
 */

/** Index of the borne-off count in a side's array. */
export const OFF = 0;
/** Index of the bar in a side's array. */
export const BAR = 25;
/** A side's entry for its one checker pinned on that point (plakoto, docs/rules/variants.md §6). */
export const PINNED = -1;
/** Length of one side's array: off, points 1..24, bar. */
export const SIDE_LENGTH = 26;

/** One side's checkers in its own numbering (length 26). */
export type SideCheckers = number[];
/** A board as a JSON value: `[side to move, opponent]`. */
export type Board = [SideCheckers, SideCheckers];

/** The two families of the rule book: opposite directions (short) or the same way round (long). */
export type Family = 'short' | 'long';

/**
 * Returns the opponent's point number for my point `p` (1..24).
 * Short family: 25 − p. Long family: ((p + 11) mod 24) + 1, so the opponent's head (its 24) is my 12.
 * Implements docs/rules/README.md §0 (numbering).
 * @example opponentPoint('short', 6) // 19
 * @example opponentPoint('long', 12) // 24
 */
export function opponentPoint(family: Family, p: number): number {
  return family === 'short' ? 25 - p : ((p + 11) % 24) + 1;
}

/** Returns the board seen from the other side (the opponent becomes the side to move). Not a rule: a change of view. */
export function swapSides(board: Board): Board {
  return [board[1].slice(), board[0].slice()];
}

/** Returns an empty side (no checkers anywhere). Not a rule: a constructor. */
export function emptySide(): SideCheckers {
  return new Array<number>(SIDE_LENGTH).fill(0);
}

/** Returns a deep copy of a board. Not a rule: boards are values. */
export function copyBoard(board: Board): Board {
  return [board[0].slice(), board[1].slice()];
}

/** Returns true when both boards hold the same checkers. Not a rule: value equality. */
export function sameBoard(a: Board, b: Board): boolean {
  for (let s = 0; s < 2; s++) for (let i = 0; i < SIDE_LENGTH; i++) if (a[s][i] !== b[s][i]) return false;
  return true;
}

/** Returns the pip count of a side: the sum of point × checkers, the bar counting 25, a pinned checker counting where it stands. Implements docs/rules/README.md §0. */
export function pipCount(side: SideCheckers): number {
  let pips = 0;
  for (let p = 1; p <= BAR; p++) pips += p * Math.abs(side[p]);
  return pips;
}

/** Returns how many checkers a side has in all (board, bar and borne off). Not a rule: an invariant check. */
export function checkerCount(side: SideCheckers): number {
  let n = 0;
  for (let i = 0; i < SIDE_LENGTH; i++) n += Math.abs(side[i]);
  return n;
}

/** Returns true when the side's checker on point `p` is pinned (plakoto, docs/rules/variants.md §6). */
export function isPinned(side: SideCheckers, p: number): boolean {
  return side[p] === PINNED;
}

/** One checker moved by one die, in the mover's numbering: 25 = bar, 0 = off. */
export interface Step {
  readonly from: number;
  readonly to: number;
  readonly die: number;
  /** An opposing blot was hit on `to` (short family), or pinned there (plakoto). */
  readonly hit: boolean;
}
