import { long } from './long.ts';
import type { Variant } from './types.ts';

/**
 * Gul bara, "mad nardy" (docs/rules/variants.md §6), completed where the rule book is silent:
 * - Long-nardy base, as the seed says ("practically no different" [003 L415]): all fifteen on the
 *   head, both sides the same way round, no hitting, one checker off the head per roll, the
 *   six-block rule, oin/mars.
 * - The doubles ladder from each side's fourth turn (its first three doubles are plain, as Gul bara
 *   is commonly played): after a double, every higher double up to 6-6 follows, four moves each
 *   ([003 L419]; the six-move reading of [003 L491] is the minority). Each rung is a roll of its
 *   own under the shared rules (maximum use, head rule).
 * - When the roller cannot play a rung in full, the rest of the ladder (the unplayed moves of that
 *   rung, then the higher rungs) passes to the opponent, who must play it as far as it can
 *   [003 L421, L491] and then rolls its own turn; what the opponent cannot play is lost.
 * - Bearing off only with the exact number [003 L421]: a larger die never takes the highest checker.
 */
export const gulbara: Variant = {
  ...long,
  id: 'gulbara',
  aliases: ['gul-bara', 'gul bara', 'gioul', 'mad-nardy', 'mad', 'rosespring', 'гюльбара', 'безумные'],
  name: 'Gul bara',
  options: {
    headException: ['listed', 'computed', 'anyDouble'],
    sixBlock: ['ahead', 'inHome', 'never'],
    nextGameStarter: ['winner', 'toss', 'alternate'],
    withMars: [true, false],
  },
  exactBearOff: true,
  doublesLadder: { fromTurn: 4 },
};
