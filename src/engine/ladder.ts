/**
 * Gul bara's doubles ladder (docs/rules/variants.md §6, completed in `variants/gulbara.ts`): after a double,
 * every higher double up to 6-6 is played in turn; what the roller cannot play passes to the
 * opponent, and what the opponent cannot play of it is lost.
 */
import type { Variant } from './variants/index.ts';

/** One rung of the ladder: `moves` moves of `die`, played by the roller or, once passed, by its opponent. */
export interface LadderRung {
  readonly die: number;
  readonly moves: number;
  readonly passed: boolean;
}

/**
 * Returns the first rung of a ladder when a side rolls `dice` on its turn number `turn` (1-based),
 * or undefined when the roll is played as usual: not a double, a variant without the ladder, or
 * one of the side's first turns. Implements docs/rules/variants.md §6 (gul bara).
 * @example ladderStart(VARIANTS.gulbara, [3, 3], 4) // { die: 3, moves: 4, passed: false }
 */
export function ladderStart(variant: Variant, dice: readonly [number, number], turn: number): LadderRung | undefined {
  const ladder = variant.doublesLadder;
  if (!ladder || dice[0] !== dice[1] || turn < ladder.fromTurn) return undefined;
  return { die: dice[0], moves: 4, passed: false };
}

/**
 * Returns the rung that follows one played with `used` moves, and whether the opponent plays it,
 * or undefined when the ladder is over: 6-6 played in full, or a passed rung the opponent could
 * not finish. Implements docs/rules/variants.md §6 (gul bara).
 * @example nextRung({ die: 4, moves: 4, passed: false }, 4) // { rung: { die: 5, moves: 4, passed: false }, toOpponent: false }
 * @example nextRung({ die: 4, moves: 4, passed: false }, 1) // { rung: { die: 4, moves: 3, passed: true }, toOpponent: true }
 */
export function nextRung(rung: LadderRung, used: number): { rung: LadderRung; toOpponent: boolean } | undefined {
  if (used >= rung.moves) return rung.die === 6 ? undefined : { rung: { die: rung.die + 1, moves: 4, passed: rung.passed }, toOpponent: false };
  if (rung.passed) return undefined;
  return { rung: { die: rung.die, moves: rung.moves - used, passed: true }, toOpponent: true };
}
