/**
 * Plakoto (docs/rules/variants.md §6, completed in src/engine/variants/plakoto.ts). Boards are `[mover,
 * opponent]`, each side in its own numbering; the sides move in opposite directions, so my point p
 * is the opponent's point 25 − p. −1 is one pinned checker on its owner's point.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  PINNED,
  checkerCount,
  formatPositionId,
  formatXgid,
  gameResult,
  isGameOver,
  legalPlays,
  parseBoardJson,
  perft,
  pipCount,
  startBoard,
  turnProgress,
  VARIANTS,
  type Board,
  type Dice,
} from '../../src/engine/index.ts';
import { playRandomGame, positionAndDiceArb } from '../arbitraries.ts';
import { referencePlays } from './reference/slow-rules.ts';
import { side } from './sides.ts';

/** A position of hand-made boards, checked by the board codec so that no test rests on an impossible board. */
function at(board: Board) {
  const checked = parseBoardJson(board, VARIANTS.plakoto);
  if (!checked.ok) throw new Error(checked.error.message);
  return { variant: 'plakoto' as const, board };
}
const moves = (board: Board, dice: Dice) => legalPlays(at(board), dice).map((p) => p.move).sort();
const boardsOf = (board: Board, dice: Dice) => legalPlays(at(board), dice).map((p) => JSON.stringify(p.board)).sort();

describe('docs/rules/variants.md §6 plakoto: pinning instead of hitting', () => {
  it('landing on a lone opposing checker pins it where it stands', () => {
    const board: Board = [side({ 24: 14, 10: 1 }), side({ 24: 14, 18: 1 })]; // their 18 is my 7
    expect(moves(board, [3, 2])).toEqual(['10/7*/5', '24/19', '24/21 10/8', '24/22 10/7*', '24/22 24/21']);
    const pinned = legalPlays(at(board), [3, 2]).find((p) => p.move === '24/22 10/7*')!;
    expect(pinned.board[0][7]).toBe(1);
    expect(pinned.board[1][18]).toBe(PINNED);
    expect(pinned.board[1][25]).toBe(0); // no bar
  });

  it('moving the pinner on frees the pinned checker, also within one turn (10/7*/5)', () => {
    const board: Board = [side({ 24: 14, 10: 1 }), side({ 24: 14, 18: 1 })];
    const through = legalPlays(at(board), [3, 2]).find((p) => p.move === '10/7*/5')!;
    expect(through.board[1][18]).toBe(1);
    // Their pinner on their 5 (my 20) leaves: my checker there is free again.
    const theirs: Board = [side({ 23: 13, 9: 1, 5: 1 }), side({ 24: 14, 20: PINNED })];
    expect(legalPlays(at(theirs), [4, 1]).find((p) => p.move === '23/19 5/4')!.board[1][20]).toBe(1);
  });

  it('a pinned checker cannot move', () => {
    // My 20 is pinned by their checker (their 5); my other checkers stand on 24.
    const board: Board = [side({ 24: 14, 20: PINNED }), side({ 24: 14, 5: 1 })];
    for (const play of legalPlays(at(board), [4, 2])) expect(play.board[0][20]).toBe(PINNED);
  });

  it('a point with a pinned checker belongs to the pinner: its owner may not land, the pinner may stack', () => {
    // Their checker on their 5 (my 20) pins mine; with 4-x my 24 cannot land on 20.
    const board: Board = [side({ 24: 14, 20: PINNED }), side({ 23: 14, 5: 1 })];
    expect(moves(board, [4, 4])).toEqual([]);
    // Seen from them: their 9 → 5 with a 4 stacks on their own pinning checker.
    const theirs: Board = [side({ 23: 13, 9: 1, 5: 1 }), side({ 24: 14, 20: PINNED })];
    expect(moves(theirs, [4, 1])).toContain('23/22 9/5');
  });

  it('two opposing checkers hold a point; so do one pinner and the checker it pins', () => {
    // 6-6 from my 24: my 18 is held by their lone checker (their 7) pinning mine, my 12 by 14 of theirs.
    const board: Board = [side({ 24: 14, 18: PINNED }), side({ 7: 1, 13: 14 })];
    expect(moves(board, [6, 6])).toEqual([]);
    expect(moves(board, [6, 5])).toEqual(['24/13']); // the 5 first, then the 6 past the held 18
  });

  it('nobody bears off while one of its checkers is pinned, even in its home', () => {
    // All my checkers are home, but my 2 is pinned by their checker on their 23.
    const board: Board = [side({ 6: 4, 5: 4, 4: 3, 3: 3, 2: PINNED }), side({ 23: 1, 13: 14 })];
    for (const play of legalPlays(at(board), [6, 5])) expect(play.board[0][0]).toBe(0);
    const free: Board = [side({ 6: 4, 5: 4, 4: 3, 3: 3, 2: 1 }), side({ 13: 15 })];
    expect(moves(free, [6, 5])).toContain('6/off 5/off');
  });

  it('pin counts: a pinned checker is one checker and its pips count where it stands', () => {
    const s = side({ 24: 14, 20: PINNED });
    expect(checkerCount(s)).toBe(15);
    expect(pipCount(s)).toBe(14 * 24 + 20);
  });
});

describe('docs/rules/variants.md §6 plakoto: the mother checker', () => {
  // Their mother stands alone on their 24 (my 1); my checker on my 2 can pin it with a 1.
  const reach = (myHead: number): Board => [side({ 24: myHead, 6: 13 - myHead, 2: 2 }), side({ 24: 1, 13: 14 })];

  it('pinning the mother wins a mars at once when the pinner has left its own 24 point', () => {
    const play = legalPlays(at(reach(0)), [1, 5]).find((p) => p.board[1][24] === PINNED)!;
    const after = at(play.board);
    expect(isGameOver(after)).toBe(true);
    expect(gameResult(after)).toEqual({ winner: 0, kind: 'mars', points: 2 });
    expect(gameResult({ ...after, options: { withMars: false } })).toEqual({ winner: 0, kind: 'oin', points: 1 });
  });

  it('while the pinner still holds its own 24 point, the game goes on (its mother may still be caught)', () => {
    const play = legalPlays(at(reach(3)), [1, 5]).find((p) => p.board[1][24] === PINNED)!;
    expect(isGameOver(at(play.board))).toBe(false);
  });

  it('both mothers pinned is a draw', () => {
    const board: Board = [side({ 24: PINNED, 1: 1, 6: 13 }), side({ 24: PINNED, 1: 1, 6: 13 })];
    expect(gameResult(at(board))).toEqual({ winner: null, kind: 'draw', points: 0 });
  });

  it('a normal win scores oin, or mars when the loser bore off nothing; never koks', () => {
    const won: Board = [side({ 0: 15 }), side({ 13: 15 })];
    expect(gameResult(at(won))).toEqual({ winner: 0, kind: 'mars', points: 2 });
    const oin: Board = [side({ 0: 15 }), side({ 0: 1, 3: 14 })];
    expect(gameResult(at(oin))).toEqual({ winner: 0, kind: 'oin', points: 1 });
  });
});

describe('plakoto positions in the codecs', () => {
  it('the project JSON reads −1 as a pinned checker only for plakoto, and only under a pinner', () => {
    const board = JSON.stringify([side({ 24: 14, 20: PINNED }), side({ 24: 14, 5: 1 })]);
    expect(parseBoardJson(board, VARIANTS.plakoto).ok).toBe(true);
    expect(parseBoardJson(board, VARIANTS.short).ok).toBe(false);
    const unpinned = JSON.stringify([side({ 24: 14, 20: PINNED }), side({ 24: 14, 6: 1 })]);
    expect(parseBoardJson(unpinned, VARIANTS.plakoto)).toMatchObject({ ok: false, error: { message: expect.stringContaining('pinned by nobody') } });
  });

  it('the gnubg Position ID and XGID refuse a pinned checker instead of dropping it', () => {
    expect(() => formatPositionId([side({ 24: 14, 20: PINNED }), side({ 24: 14, 5: 1 })])).toThrow(/pinned/);
    expect(formatPositionId(startBoard(VARIANTS.plakoto))).toHaveLength(14);
    expect(() => formatXgid([side({ 24: 14, 20: PINNED }), side({ 24: 14, 5: 1 })])).toThrow(/pinned/);
  });
});

describe('plakoto against the slow reference generator (tests/engine/reference)', () => {
  it('perft(1) and perft(2) of the start agree', () => {
    const board = startBoard(VARIANTS.plakoto);
    expect(perft(at(board), 1).total).toBe(59);
    expect(perft(at(board), 2).total).toBe(3474);
  });

  it('random positions from random games have the same plays', () => {
    fc.assert(
      fc.property(positionAndDiceArb('plakoto', 80), ([sample, dice]) => {
        const engine = legalPlays(sample.position, dice).map((p) => JSON.stringify(p.board)).sort();
        expect(engine).toEqual(referencePlays('plakoto', sample.position.board, [dice[0], dice[1]]).sort());
      }),
      { numRuns: 150 },
    );
  });
});

describe('plakoto properties over random complete games', () => {
  it('games end (borne off, or the mother caught), checkers are conserved, no point is shared except by a pin', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const game = playRandomGame('plakoto', {}, seed);
      expect(game.finished, `seed ${seed} did not finish`).toBe(true);
      for (const r of game.records) {
        const [me, them] = r.play?.board ?? r.position.board;
        expect(checkerCount(me) + checkerCount(them)).toBe(30);
        for (let p = 1; p <= 24; p++) {
          const mine = me[p], theirs = them[25 - p];
          if (mine !== 0 && theirs !== 0) expect(Math.min(mine, theirs), `seed ${seed} turn ${r.turn} point ${p}`).toBe(PINNED);
        }
      }
    }
  });

  it('the step-by-step turn offers exactly the legal plays', () => {
    fc.assert(
      fc.property(positionAndDiceArb('plakoto', 80), ([sample, dice]) => {
        const finals = new Set<string>();
        const walk = (steps: Parameters<typeof turnProgress>[2]) => {
          const t = turnProgress(sample.position, dice, steps);
          if (!t.ok) throw new Error(t.error.message);
          if (t.value.play) finals.add(JSON.stringify(t.value.play.board));
          if (t.value.play) expect(JSON.stringify(t.value.board)).toBe(JSON.stringify(t.value.play.board));
          for (const s of t.value.next) walk([...steps, s]);
        };
        walk([]);
        expect([...finals].sort()).toEqual(boardsOf(sample.position.board, dice));
      }),
      { numRuns: 40 },
    );
  });
});
