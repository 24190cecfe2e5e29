/**
 * How a game ends and what it is worth (docs/rules §1.6, §2 result and last roll, §3 result).
 */
import type { Board } from './board.ts';
import { positionRules, type Position } from './plays.ts';
import { VARIANTS, type VariantId, type WinKind } from './variants/index.ts';

/** A finished game: which side won (index into the board) and what, or a draw (long nardy `lastRoll`). */
export type GameResult =
  | { readonly winner: 0 | 1; readonly kind: WinKind; readonly points: number }
  | { readonly winner: null; readonly kind: 'draw'; readonly points: 0 };

const POINTS: Record<WinKind, number> = { oin: 1, mars: 2, koks: 3 };

/**
 * Returns the kind a win counts as in a variant: the kind itself, or the variant's top kind when
 * the kind is higher (tavla scores koks as mars; sudden death scores every win single).
 * Implements docs/rules/variants.md §6 (tavla, sudden death scoring).
 * @example scoredKind('tavla', 'koks') // 'mars'
 */
export function scoredKind(variant: VariantId, kind: WinKind): WinKind {
  const top = VARIANTS[variant].topWinKind;
  return top !== undefined && POINTS[kind] > POINTS[top] ? top : kind;
}

/**
 * Returns true when a side has borne off every checker, or the variant's board decides the game
 * earlier (plakoto's mother checker). Implements docs/rules §1.6 and §6 (plakoto).
 * @example isGameOver({ variant: 'short', board: startBoard(VARIANTS.short) }) // false
 */
export function isGameOver(position: Position): boolean {
  const { variant } = positionRules(position);
  const [a, b] = position.board;
  return a[0] === variant.checkers || b[0] === variant.checkers || variant.earlyEnd?.(a, b) !== undefined;
}

/**
 * Returns the result of a finished game, or undefined while nobody has borne off everything.
 * Base points before the cube: oin 1, mars 2, koks 3 per the variant's scoring; with the setting
 * "with mars" off every win is an oin of one point. Both sides off is a draw (only reachable with
 * long nardy's `lastRoll`), as are both mothers pinned in plakoto. Implements docs/rules §2 (result,
 * `longScoring`, `lastRoll`), §3 (result) and §6 (plakoto's mother checker).
 * @example gameResult({ variant: 'long', board }) // { winner: 0, kind: 'mars', points: 2 }
 */
export function gameResult(position: Position): GameResult | undefined {
  const { variant, options } = positionRules(position);
  const [a, b] = position.board;
  const early = variant.earlyEnd?.(a, b);
  if (early?.winner === null) return { winner: null, kind: 'draw', points: 0 };
  if (early) {
    const kind = options.withMars ? early.kind : 'oin';
    return { winner: early.winner, kind, points: POINTS[kind] };
  }
  const aDone = a[0] === variant.checkers;
  const bDone = b[0] === variant.checkers;
  if (aDone && bDone) return { winner: null, kind: 'draw', points: 0 };
  if (!aDone && !bDone) return undefined;
  const winner: 0 | 1 = aDone ? 0 : 1;
  const seenByWinner: Board = winner === 0 ? [a, b] : [b, a];
  const kind = options.withMars ? scoredKind(variant.id, variant.winKind(seenByWinner, options)) : 'oin';
  return { winner, kind, points: POINTS[kind] };
}

/**
 * Returns true when, under long nardy's `lastRoll` option, the other side gets one more roll:
 * the side that moved first in the game has just borne off its last checker (`board[0]` is the
 * side that just moved) and the other side has not. Implements docs/rules/long.md §2 (`lastRoll`).
 * @example isLastRollDue({ variant: 'long', board, options: { lastRoll: true } }, true)
 */
export function isLastRollDue(position: Position, moverStartedTheGame: boolean): boolean {
  const { variant, options } = positionRules(position);
  if (!variant.headRule || !options.lastRoll || !moverStartedTheGame) return false;
  return position.board[0][0] === variant.checkers && position.board[1][0] < variant.checkers;
}
