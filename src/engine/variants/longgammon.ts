import { backgammon } from './short.ts';
import type { Variant } from './types.ts';

/**
 * Longgammon (docs/rules/variants.md §6): backgammon with all fifteen checkers starting on each side's 24
 * point, in the opponent's home — a long race to bring them round, with hitting and the cube.
 */
export const longgammon: Variant = {
  ...backgammon(),
  id: 'longgammon',
  aliases: ['long-gammon'],
  name: 'Longgammon',
  start: [[24, 15]],
};
