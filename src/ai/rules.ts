/**
 * The rules of one game as the computer reads them: variant, options and the fast board checks
 * (game over, what a finished game is worth) on the generator's Int8Array layout.
 */
import { Generator, VARIANTS, generateTurn, resolveOptions, type Dice, type Variant, type VariantId, type VariantOptions } from '../engine/index.ts';

/** The side that has just moved is at 0..25, the side to roll at 26..51 (Generator layout). */
export const BOARD = 52;

export interface AiRules {
  readonly variant: Variant;
  readonly options: VariantOptions;
  readonly short: boolean;
}

/** Resolves a variant and options (as a Position carries them) into the computer's rules; throws on invalid options. */
export function aiRules(id: VariantId, options?: Partial<VariantOptions>): AiRules {
  const variant = VARIANTS[id];
  const resolved = resolveOptions(variant, options);
  if (!resolved.ok) throw new Error(resolved.error.message);
  return { variant, options: resolved.value, short: variant.family === 'short' };
}

/** Loads a board into a generator and generates the plays of `dice`; returns their number. */
export function generateFrom(gen: Generator, rules: AiRules, b: Int8Array, at: number, dice: Dice, firstTurn: boolean): number {
  for (let i = 0; i < BOARD; i++) gen.b[i] = b[at + i];
  return generateTurn(gen, rules.variant, rules.options, dice, { firstTurn });
}

/**
 * Points won by the side at `at` (the side that has just moved) if it has borne off everything,
 * else 0. Mirrors the variants' `winKind` and the "with mars" setting (RULES.md §2, §3).
 */
export function wonPoints(rules: AiRules, b: Int8Array, at: number): number {
  if (b[at] !== rules.variant.checkers) return 0;
  if (!rules.options.withMars || b[at + 26] > 0) return 1;
  if (rules.short) {
    for (let p = 19; p <= 25; p++) if (b[at + 26 + p] > 0) return 3;
    return 2;
  }
  if (rules.options.longScoring === 'withKoks') for (let p = 19; p <= 24; p++) if (b[at + 26 + p] > 0) return 3;
  return 2;
}

/** Writes the board at `src[from..]` seen from the other side into `dst[to..]` (also in place: the same array and offset). */
export function swapInto(src: Int8Array, from: number, dst: Int8Array, to: number): void {
  if (src === dst && from === to) {
    // A side that cannot move hands over the very board it was given.
    for (let i = 0; i < 26; i++) {
      const mine = src[from + i];
      src[from + i] = src[from + 26 + i];
      src[from + 26 + i] = mine;
    }
    return;
  }
  for (let i = 0; i < 26; i++) {
    dst[to + i] = src[from + 26 + i];
    dst[to + 26 + i] = src[from + i];
  }
}

/** Long nardy: a side with all fifteen on its head has not moved yet (its first turn). */
export function isFirstTurn(rules: AiRules, b: Int8Array, at: number): boolean {
  return rules.variant.headRule && b[at + 24] === rules.variant.checkers;
}

/** The 21 distinct rolls and their weights out of 36. */
export const ROLLS: readonly (readonly [number, number, number])[] = (() => {
  const r: [number, number, number][] = [];
  for (let a = 1; a <= 6; a++) for (let c = a; c <= 6; c++) r.push([a, c, a === c ? 1 : 2]);
  return r;
})();

