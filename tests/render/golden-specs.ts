/**
 * The representative pictures of each family, shared by the golden test (tests/render/golden.test.ts),
 * `npm run render:golden` (which rewrites the reference PNGs in tests/render/golden/) and the bench.
 * Boards are in each colour's own numbering: index 0 borne off, 1..24 points, 25 bar.
 */
import type { BoardPicture } from '../../src/render/index.ts';

/** A side from `[point, checkers]` pairs (0 = borne off, 25 = bar). */
export function side(...pairs: [number, number][]): number[] {
  const s = new Array<number>(26).fill(0);
  for (const [p, n] of pairs) s[p] += n;
  return s;
}

const SHORT_START = side([24, 2], [13, 5], [8, 3], [6, 5]);
const LONG_START = side([24, 15]);

export const GOLDEN: Readonly<Record<string, BoardPicture>> = {
  'short-start': {
    variant: 'short',
    board: { sides: [SHORT_START, SHORT_START], mover: 'white' },
    dice: { values: [3, 1] },
    players: { white: { name: 'Anna' }, black: { name: 'Борис' } },
  },
  'short-middle-bar': {
    variant: 'short',
    board: { white: side([25, 1], [24, 1], [13, 3], [8, 2], [6, 7], [5, 1]), black: side([24, 2], [13, 4], [8, 3], [6, 4], [4, 2]) },
    turn: 'white',
    dice: { values: [5, 2] },
    cube: { value: 1, owner: null },
    showPips: true,
    players: { white: { name: 'Анна Петровна' }, black: { name: 'გიორგი 🎲' } },
    highlights: { lastPlay: { by: 'black', steps: [{ from: 13, to: 8 }, { from: 6, to: 4 }] } },
  },
  'short-bearoff-cube-clocks': {
    variant: 'short',
    board: { white: side([0, 6], [6, 3], [5, 2], [4, 2], [3, 1], [2, 1]), black: side([0, 4], [6, 2], [5, 3], [4, 2], [3, 2], [2, 1], [1, 1]) },
    turn: 'black',
    dice: { values: [4, 4], left: [4, 4, 4] },
    cube: { value: 4, owner: 'black' },
    matchLength: 7,
    showPips: true,
    players: { white: { name: 'Արամ', score: 3, clock: { msLeft: 272_000 } }, black: { name: 'Jean-Luc 🇫🇷 Picard, captain of the USS Enterprise', score: 5, clock: { msLeft: 45_000 } } },
  },
  'short-turn-fixed-view': {
    variant: 'short',
    board: { white: side([24, 2], [13, 5], [8, 3], [6, 4], [5, 1]), black: side([24, 2], [13, 4], [8, 4], [6, 5]) },
    turn: 'black',
    view: { bottom: 'white' },
    dice: { values: [5, 3], left: [3] },
    players: { white: { name: 'Anna' }, black: { name: 'Борис' } },
    highlights: { turnSteps: [{ from: 13, to: 8 }], selected: { point: 6, destinations: [3] } },
  },
  // Issue 16: a double offered — the cube at its new value, in gold, at the taker's (top) end of the bar; White stays at the bottom.
  'short-cube-offered': {
    variant: 'short',
    board: { white: side([24, 2], [13, 4], [8, 3], [6, 5], [4, 1]), black: side([24, 1], [13, 5], [8, 3], [7, 2], [6, 4]) },
    turn: 'black',
    view: { bottom: 'white' },
    cube: { value: 2, owner: 'white', offered: { value: 4, to: 'black' } },
    matchLength: 7,
    players: { white: { name: 'Anna', score: 2 }, black: { name: 'Борис', score: 3 } },
  },
  'short-result-match': {
    variant: 'short',
    board: { white: side([0, 15]), black: side([6, 3], [5, 3], [4, 3], [3, 3], [2, 3]) },
    turn: null,
    cube: { value: 2, owner: 'black' },
    matchLength: 5,
    players: { white: { name: 'Anna', score: 5 }, black: { name: 'Борис', score: 2 } },
    result: { winner: 'white', kind: 'mars', points: 4, matchOver: true },
  },
  'long-start': {
    variant: 'long',
    board: { sides: [LONG_START, LONG_START], mover: 'white' },
    dice: { values: [6, 5] },
    players: { white: { name: 'Нодар' }, black: { name: 'ნოდარი' } },
    language: 'ru',
  },
  'long-middle-clocks': {
    variant: 'long',
    board: { white: side([24, 9], [19, 2], [17, 1], [13, 1], [11, 2]), black: side([24, 10], [20, 2], [18, 1], [15, 2]) },
    turn: 'black',
    dice: { values: [3, 3], left: [3, 3] },
    showPips: true,
    players: { white: { name: 'Нодар', clock: { msLeft: 190_800_000 } }, black: { name: 'გიორგი', clock: { msLeft: 72_000_000 } } },
    highlights: {
      lastPlay: { by: 'white', steps: [{ from: 24, to: 19 }, { from: 19, to: 17 }] },
      turnSteps: [{ from: 24, to: 21 }, { from: 21, to: 18 }],
    },
    language: 'ru',
  },
  'long-bearoff-cube-select': {
    variant: 'long',
    board: { white: side([0, 9], [6, 2], [4, 2], [2, 1], [1, 1]), black: side([0, 5], [6, 3], [5, 3], [3, 2], [1, 2]) },
    turn: 'white',
    dice: { values: [6, 4], left: [4] },
    cube: { value: 2, owner: 'white' },
    matchLength: 3,
    players: { white: { name: 'Нодар', score: 1 }, black: { name: 'გიორგი', score: 1 } },
    highlights: { turnSteps: [{ from: 6, to: 0 }], selected: { point: 4, destinations: [0] } },
  },
  'long-result-koks': {
    variant: 'long',
    board: { white: side([0, 15]), black: side([24, 3], [20, 2], [10, 5], [8, 5]) },
    turn: null,
    players: { white: { name: 'ნოდარი' }, black: { name: 'გიორგი' } },
    result: { winner: 'white', kind: 'koks', points: 3 },
    language: 'ka',
  },
  // docs/rules/variants.md §6: nuclear's bomb centred (beside the centred cube) and held; hypergammon's three checkers.
  'nuclear-bomb-centre': {
    variant: 'nuclear',
    board: { white: side([24, 2], [13, 4], [11, 1], [8, 3], [6, 5]), black: SHORT_START },
    turn: 'black',
    cube: { value: 1, owner: null },
    bomb: { owner: null },
    dice: { values: [4, 4] },
    players: { white: { name: 'Anna' }, black: { name: 'Борис' } },
  },
  'nuclear-bomb-held': {
    variant: 'nuclear',
    board: { white: side([25, 1], [24, 2], [13, 3], [8, 4], [6, 5]), black: side([24, 1], [18, 1], [13, 4], [9, 1], [8, 3], [6, 5]) },
    turn: 'white',
    bomb: { owner: 'black' },
    showPips: true,
    players: { white: { name: 'Anna' }, black: { name: 'Борис' } },
  },
  'hypergammon-start': {
    variant: 'hypergammon',
    board: { sides: [side([24, 1], [23, 1], [22, 1]), side([24, 1], [23, 1], [22, 1])], mover: 'white' },
    dice: { values: [6, 5] },
    showPips: true,
  },
};
