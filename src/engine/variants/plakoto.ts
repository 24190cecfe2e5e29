import { PINNED } from '../board.ts';
import type { EarlyEnd, Variant } from './types.ts';

/**
 * Plakoto, the Greek pinning game (docs/rules/variants.md §6): all fifteen on the 24 point, sides move in
 * opposite directions, no bar. Landing on a lone opposing checker pins it; the point then belongs
 * to the pinner and the pinned checker moves again only when the pinner has left. Nobody bears off
 * while one of its checkers is pinned, even inside its home. Oin 1, mars 2 (no koks).
 *
 * The mother checker is the last checker on a side's 24 point. Pinning it wins a mars at once,
 * unless the pinner still has checkers on its own 24 point: then its own mother may still be
 * pinned, the game goes on, and both mothers pinned is a draw (the Greek rule, as played at
 * FIBS's "The Board" and in gammonparty's Pin Game; docs/rules/variants.md §6 adds no more).
 */
export const plakoto: Variant = {
  id: 'plakoto',
  aliases: ['tapa', 'plakoto-tapa', 'плакото', 'тапа'],
  name: 'Plakoto',
  family: 'short',
  checkers: 15,
  start: [[24, 15]],
  options: {
    nextGameStarter: ['winner', 'toss', 'alternate'],
    withMars: [true, false],
  },
  opening: 'rollAgain',
  hitting: false,
  headRule: false,
  blockRule: false,
  pinning: true,
  // Backgammon scoring without koks (docs/rules/variants.md §6): a resignation offers at most a mars.
  topWinKind: 'mars',
  winKind(board) {
    return board[1][0] > 0 ? 'oin' : 'mars';
  },
  earlyEnd(me, them) {
    const mineCaught = me[24] === PINNED;
    const theirsCaught = them[24] === PINNED;
    if (mineCaught && theirsCaught) return DRAW;
    if (theirsCaught && me[24] === 0) return { winner: 0, kind: 'mars' };
    if (mineCaught && them[24] === 0) return { winner: 1, kind: 'mars' };
    return undefined;
  },
};

const DRAW: EarlyEnd = { winner: null, kind: 'draw' };
