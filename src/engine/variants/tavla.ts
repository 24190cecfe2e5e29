import { backgammon } from './short.ts';
import type { Variant } from './types.ts';

/**
 * Tavla, the Turkish game (docs/rules/variants.md §6): backgammon's start and moves, with four differences.
 * A match to 3 by default and no cube. The opening throw's winner rolls both dice again (as in
 * long nardy). During bear-off — all the mover's checkers home when it hits — a checker that hits
 * stops there: it may not move on with the other dice of the turn. Mars counts 2 and koks counts
 * as mars. Later games of a match are opened by the last game's winner, as Turkish players do.
 */
export const tavla: Variant = {
  ...backgammon(),
  id: 'tavla',
  aliases: ['turkish'],
  name: 'Tavla',
  options: {
    nextGameStarter: ['winner', 'toss', 'alternate'],
    withMars: [true, false],
  },
  opening: 'rollAgain',
  hitStopsInBearOff: true,
  noCube: true,
  defaultMatchLength: 3,
  topWinKind: 'mars',
};
