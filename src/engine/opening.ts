/**
 * Who moves first (docs/rules §2 opening, §3 opening). The engine takes the dice as arguments; the
 * caller rolls them (src/dice).
 */
import type { VariantId } from './variants/index.ts';
import { VARIANTS } from './variants/index.ts';

/** The outcome of one opening throw: each side rolled one die. */
export type Opening =
  /** Equal dice: both throw again (auto-double, if agreed, is the match layer's business). */
  | { readonly kind: 'tie' }
  /** `starter` (0 = the side that rolled `first`) moves first; `dice` is its first roll, or null when it rolls both dice again. */
  | { readonly kind: 'start'; readonly starter: 0 | 1; readonly dice: readonly [number, number] | null };

/**
 * Returns who starts from an opening throw of one die each. Short nardy: the higher die starts and
 * plays both opening dice, so the first move is never a double. Long nardy: the higher die takes
 * White, starts, and rolls both dice again. Implements docs/rules §2 and §3 (opening).
 * @example openingThrow('short', 3, 5) // { kind: 'start', starter: 1, dice: [5, 3] }
 */
export function openingThrow(variant: VariantId, first: number, second: number): Opening {
  if (first === second) return { kind: 'tie' };
  const starter: 0 | 1 = first > second ? 0 : 1;
  if (VARIANTS[variant].opening === 'rollAgain') return { kind: 'start', starter, dice: null };
  return { kind: 'start', starter, dice: starter === 0 ? [first, second] : [second, first] };
}

/**
 * Returns who opens a later game of a match by the `nextGameStarter` option: `winner` (the last
 * game's winner), `alternate` (the side that did not open the last game), or `toss` (a new
 * opening throw; returns null). Implements docs/rules/long.md §2 (`nextGameStarter`).
 * @example nextGameStarter('winner', { lastWinner: 1, lastStarter: 0 }) // 1
 */
export function nextGameStarter(
  rule: 'winner' | 'toss' | 'alternate',
  last: { readonly lastWinner: 0 | 1 | null; readonly lastStarter: 0 | 1 },
): 0 | 1 | null {
  if (rule === 'alternate') return last.lastStarter === 0 ? 1 : 0;
  if (rule === 'winner' && last.lastWinner !== null) return last.lastWinner;
  return null;
}
