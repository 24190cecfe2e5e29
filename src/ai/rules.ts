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
  /** The most a win scores before the cube: 1 (sudden death, or "with mars" off), 2 (mars, no koks) or 3. */
  readonly topPoints: number;
}

const KIND_POINTS = { oin: 1, mars: 2, koks: 3 } as const;

/** Resolves a variant and options (as a Position carries them) into the computer's rules; throws on invalid options. */
export function aiRules(id: VariantId, options?: Partial<VariantOptions>): AiRules {
  const variant = VARIANTS[id];
  const resolved = resolveOptions(variant, options);
  if (!resolved.ok) throw new Error(resolved.error.message);
  const o = resolved.value;
  const koks = variant.family === 'short' || o.longScoring === 'withKoks';
  const top = !o.withMars ? 1 : Math.min(koks ? 3 : 2, KIND_POINTS[variant.topWinKind ?? 'koks']);
  return { variant, options: o, short: variant.family === 'short', topPoints: top };
}

/**
 * Loads a board into a generator and generates the plays of `dice`; returns their number.
 * `moves`: gul bara's rung passed on with fewer than four moves (TurnContext.moves).
 */
export function generateFrom(gen: Generator, rules: AiRules, b: Int8Array, at: number, dice: Dice, firstTurn: boolean, moves?: number): number {
  for (let i = 0; i < BOARD; i++) gen.b[i] = b[at + i];
  return generateTurn(gen, rules.variant, rules.options, dice, moves === undefined ? { firstTurn } : { firstTurn, moves });
}

/**
 * Points won by the side at `at` (the side that has just moved) if its move decided the game,
 * else 0: it has borne off everything, or (sudden death) it has hit, or (plakoto) it has pinned
 * the opponent's mother checker. Mirrors the variants' `winKind`, `topWinKind`, `earlyEnd` and
 * the "with mars" setting (docs/rules §2, §3, §6).
 */
export function wonPoints(rules: AiRules, b: Int8Array, at: number): number {
  const v = rules.variant;
  // Sudden death ends at the first hit, so in a live game nobody has ever been on the bar.
  if (v.firstHitWins && b[at + 26 + 25] > 0) return 1;
  if (v.earlyEnd) {
    const early = v.earlyEnd(b.subarray(at, at + 26), b.subarray(at + 26, at + 52));
    if (early?.winner === 0) return Math.min(KIND_POINTS[early.kind], rules.topPoints);
  }
  if (b[at] !== v.checkers) return 0;
  if (rules.topPoints === 1 || b[at + 26] > 0) return 1;
  if (rules.short) {
    for (let p = 19; p <= 25; p++) if (b[at + 26 + p] > 0) return rules.topPoints;
    return 2;
  }
  if (rules.topPoints === 3) for (let p = 19; p <= 24; p++) if (b[at + 26 + p] > 0) return 3;
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

