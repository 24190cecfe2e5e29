/**
 * Which rating a match moves, and how much it says (README, "Ratings"):
 *
 * - Rating families: `long` (long nardy), `short` (short nardy, international and Caucasian
 *   together) and `variants` (every other variant of docs/rules/variants.md §6). International and Caucasian
 *   short nardy share the board, the start, the dice, the cube and the scoring; the Caucasian rule
 *   (a checker that hits at home may not hide in the same turn) changes few plays, so the skill is
 *   the same skill, and one rating learns from twice the games a split one would in a small chat.
 *   The §6 variants are each played rarely: one table for all of them gives a ladder that means
 *   something, where eight would each hold a game or two.
 * - A match is one rating period, its players' only game in it (nothing waits for a period's end).
 * - A match to N points weighs √N games (a single game or a match to 1 weighs 1; to 5, 2.24; to
 *   25, 5): the FIBS idea that a longer match says more about skill, by √N, applied as Glicko-2
 *   weight (`glicko2.ts`). The match's winner scores 1, a drawn single game (long nardy's last
 *   roll) 0.5 each; how many points it won by does not count.
 */
import type { VariantId } from '../../engine/index.ts';
import { COMPUTER_ID, type MatchState } from '../../game/index.ts';

export type RatingFamily = 'long' | 'short' | 'variants';

/** The families, in the order `/stats` lists them. */
export const FAMILIES: readonly RatingFamily[] = ['long', 'short', 'variants'];

/** The family a variant's matches are rated in. */
export function familyOf(variant: VariantId | string): RatingFamily {
  return variant === 'long' ? 'long' : variant === 'short' ? 'short' : 'variants';
}

/** How many games a match weighs: √N for a match to N points, 1 for a single game. */
export function matchWeight(matchLength: number): number {
  return matchLength <= 1 ? 1 : Math.sqrt(matchLength);
}

/**
 * Whether a match is rated: finished (a resignation and a time-out finish it; a game closed
 * unfinished, abandoned, does not), between two different people, and its challenge said
 * "rated". Matches stored before the setting existed have no `rated` and are not rated: nobody
 * agreed to a rated game.
 */
export function isRated(state: MatchState): boolean {
  const [a, b] = state.players;
  return state.phase === 'finished' && state.settings.rated === true && a !== null && b !== null && a.id !== b.id
    && a.id !== COMPUTER_ID && b.id !== COMPUTER_ID && state.result !== null;
}
