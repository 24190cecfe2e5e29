import { backgammonWinKind } from './short.ts';
import type { Variant } from './types.ts';

/**
 * Nuclear backgammon (RULES.md §6): backgammon with a bomb, centred at the start. At the start of
 * its own turn, before rolling, a side holding the bomb (or either side while it is centred) may
 * detonate it: every blot of both colours goes to the bar, and the bomb then belongs to the
 * opponent. The bomb is match state like the cube (src/game); the move generator is backgammon's.
 */
export const nuclear: Variant = {
  id: 'nuclear',
  aliases: ['nuclear-backgammon', 'bomb'],
  name: 'Nuclear backgammon',
  family: 'short',
  checkers: 15,
  start: [[24, 2], [13, 5], [8, 3], [6, 5]],
  options: {
    nextGameStarter: ['toss', 'winner', 'alternate'],
    withMars: [true, false],
  },
  opening: 'useOpeningDice',
  hitting: true,
  headRule: false,
  blockRule: false,
  bomb: true,
  winKind: backgammonWinKind,
};
