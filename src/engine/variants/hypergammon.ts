import { backgammon } from './short.ts';
import type { Variant } from './types.ts';

/**
 * Hypergammon (docs/rules/variants.md §6): backgammon with three checkers each, on the 24, 23 and 22 points.
 * Bearing off starts when all three are home (docs/rules/README.md §1.5 with three checkers: the generator
 * counts the checkers still outside the home, so nothing changes there). Mars and koks as in
 * backgammon: the loser has borne off none of its three (and, for koks, still has one on the bar
 * or in the winner's home) — gnubg's hypergammon scores them the same way.
 */
export const hypergammon: Variant = {
  ...backgammon(),
  id: 'hypergammon',
  aliases: ['hyper', '3-chequer-hypergammon'],
  name: 'Hypergammon',
  checkers: 3,
  start: [[24, 1], [23, 1], [22, 1]],
};
