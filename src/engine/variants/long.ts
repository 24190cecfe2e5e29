import type { Variant } from './types.ts';

/**
 * Long nardy, rule set "classic" (docs/rules/long.md §2): all fifteen on the head, no hitting, one checker
 * off the head per turn, no six-block that nobody is ahead of. Oin 1; mars 2 when the loser has
 * borne off nothing; with `withKoks`, koks 3 when it also still has a checker in its starting
 * quarter (its points 19..24).
 */
export const long: Variant = {
  id: 'long',
  aliases: ['long-nardy', 'nardy', 'nardi', 'narde', 'dlinnye'],
  name: 'Long nardy',
  family: 'long',
  checkers: 15,
  start: [[24, 15]],
  options: {
    headException: ['listed', 'computed', 'anyDouble'],
    sixBlock: ['ahead', 'inHome', 'never'],
    longScoring: ['oinMars', 'withKoks'],
    lastRoll: [false, true],
    nextGameStarter: ['winner', 'toss', 'alternate'],
    withMars: [true, false],
  },
  opening: 'rollAgain',
  hitting: false,
  headRule: true,
  blockRule: true,
  winKind(board, options) {
    const loser = board[1];
    if (loser[0] > 0) return 'oin';
    if (options.longScoring === 'withKoks') {
      for (let p = 19; p <= 24; p++) if (loser[p] > 0) return 'koks';
    }
    return 'mars';
  },
};
