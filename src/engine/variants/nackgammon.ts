import { backgammon } from './short.ts';
import type { Variant } from './types.ts';

/**
 * Nackgammon (docs/rules/variants.md §6): backgammon from Nack Ballard's start — two checkers further back on
 * each side's 23 point, one fewer on the 13 and the 6 — so games are longer and more positional.
 * Everything else, the cube included, is short nardy's international game.
 */
export const nackgammon: Variant = {
  ...backgammon(),
  id: 'nackgammon',
  aliases: ['nack'],
  name: 'Nackgammon',
  start: [[24, 2], [23, 2], [13, 4], [8, 3], [6, 4]],
};
