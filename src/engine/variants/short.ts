import type { Board } from '../board.ts';
import type { Variant, WinKind } from './types.ts';

/**
 * Short nardy: international backgammon, with the Caucasian option (docs/rules/short.md §3).
 * Oin 1, mars 2 when the loser has borne off nothing, koks 3 when it also has a checker on the bar
 * or in the winner's home (the loser's points 19..24).
 */
export const short: Variant = {
  ...backgammon(),
  id: 'short',
  aliases: ['backgammon', 'short-nardy', 'korotkie', 'international', 'caucasian'],
  name: 'Short nardy',
  options: {
    gameType: ['international', 'caucasian'],
    nextGameStarter: ['toss', 'winner', 'alternate'],
    withMars: [true, false],
  },
};

/**
 * The rules short nardy's §6 relatives share with it (docs/rules/short.md §3: hitting, the bar, opposite
 * directions, the opening throw, backgammon's scoring); each variant spreads them and states only
 * what differs.
 */
export function backgammon(): Omit<Variant, 'id' | 'aliases' | 'name'> {
  return {
    family: 'short',
    checkers: 15,
    start: [[24, 2], [13, 5], [8, 3], [6, 5]],
    options: { nextGameStarter: ['toss', 'winner', 'alternate'], withMars: [true, false] },
    opening: 'useOpeningDice',
    hitting: true,
    headRule: false,
    blockRule: false,
    winKind: backgammonWinKind,
  };
}

/**
 * Returns oin, mars or koks by backgammon's rule (docs/rules/short.md §3 result), the winner as `board[0]`;
 * shared by the short-family variants of docs/rules/variants.md §6.
 */
export function backgammonWinKind(board: Board): WinKind {
  const loser = board[1];
  if (loser[0] > 0) return 'oin';
  for (let p = 19; p <= 25; p++) if (loser[p] > 0) return 'koks';
  return 'mars';
}
