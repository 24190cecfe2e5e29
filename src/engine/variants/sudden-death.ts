import { backgammon } from './short.ts';
import type { Variant } from './types.ts';

/**
 * Sudden death (docs/rules/variants.md §6): backgammon where the first side to hit wins the game, and every win
 * is single — so there is no "with mars" option. The move generator is backgammon's; the match
 * layer ends the game with the play that hits (whatever that play does after the hit changes
 * nothing). A game nobody hits in is won by bearing off, also single.
 */
export const suddenDeath: Variant = {
  ...backgammon(),
  id: 'suddenDeath',
  aliases: ['sudden-death', 'sudden'],
  name: 'Sudden death',
  options: {
    nextGameStarter: ['toss', 'winner', 'alternate'],
  },
  firstHitWins: true,
  topWinKind: 'oin',
};
