import { backgammon } from './short.ts';
import type { Variant } from './types.ts';

/**
 * Nuclear backgammon (docs/rules/variants.md §6): backgammon with a bomb, centred at the start. At the start of
 * its own turn, before rolling, a side holding the bomb (or either side while it is centred) may
 * detonate it: every blot of both colours goes to the bar, and the bomb then belongs to the
 * opponent. The bomb is match state like the cube (src/game); the move generator is backgammon's.
 */
export const nuclear: Variant = {
  ...backgammon(),
  id: 'nuclear',
  aliases: ['nuclear-backgammon', 'bomb'],
  name: 'Nuclear backgammon',
  bomb: true,
};
