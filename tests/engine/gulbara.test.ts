/**
 * Gul bara, "mad nardy" (docs/rules/variants.md §6, completed in src/engine/variants/gulbara.ts). Long-nardy
 * numbering: both sides move 24 → 1, my point p is the opponent's ((p + 11) mod 24) + 1.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkerCount, ladderStart, parseBoardJson, legalPlays, nextRung, perft, startBoard, turnProgress, VARIANTS, type Board, type Dice } from '../../src/engine/index.ts';
import { playRandomGame, positionAndDiceArb } from '../arbitraries.ts';
import { referencePlays } from './reference/slow-rules.ts';
import { side } from './sides.ts';

/** A position of hand-made boards, checked by the board codec so that no test rests on an impossible board. */
function at(board: Board) {
  const checked = parseBoardJson(board, VARIANTS.gulbara);
  if (!checked.ok) throw new Error(checked.error.message);
  return { variant: 'gulbara' as const, board };
}
const moves = (board: Board, dice: Dice, moves?: number) => legalPlays(at(board), dice, { moves }).map((p) => p.move).sort();

describe('docs/rules/variants.md §6 gul bara: bearing off only with the exact number', () => {
  it('a die above every occupied point is not played, where long nardy would take the highest checker', () => {
    const board: Board = [side({ 0: 12, 3: 2, 1: 1 }), side({ 0: 14, 12: 1 })];
    expect(moves(board, [6, 5])).toEqual([]);
    expect(legalPlays({ variant: 'long', board }, [6, 5]).map((p) => p.move).sort()).toEqual(['3/off(2)']);
  });

  it('the exact die bears off; other dice move inside the home', () => {
    const board: Board = [side({ 0: 12, 3: 2, 1: 1 }), side({ 0: 14, 12: 1 })];
    // The 2 cannot take the checker on 1 off; it moves 3/1 instead.
    expect(moves(board, [3, 2])).toEqual(['3/1 3/off']);
    // With 1-1 each checker steps down to 1 and leaves from there with a 1.
    expect(moves(board, [1, 1])).toEqual(['3/1(2)', '3/2 3/off', '3/off 1/off']);
  });
});

describe('docs/rules/variants.md §6 gul bara: the long-nardy base', () => {
  it('has no hitting: a single opposing checker holds its point', () => {
    // Their lone checker on their 1 stands on my 13: 24/13 is blocked, the head gives one checker,
    // so only one die is played, and it must be the larger.
    const board: Board = [side({ 24: 15 }), side({ 24: 14, 1: 1 })];
    expect(moves(board, [6, 5])).toEqual(['24/18']);
  });

  it('lets one checker leave the head per roll', () => {
    expect(moves(startBoard(VARIANTS.gulbara), [6, 5])).toEqual(['24/13']);
  });

  it('from the start its counts are long nardy\'s', () => {
    const board = startBoard(VARIANTS.gulbara);
    for (let d = 1; d <= 2; d++) expect(perft(at(board), d).total).toBe(perft({ variant: 'long', board }, d).total);
  });
});

describe('docs/rules/variants.md §6 gul bara: the doubles ladder', () => {
  it('starts on a double from the side\'s fourth turn, never before, never on a non-double', () => {
    expect(ladderStart(VARIANTS.gulbara, [3, 3], 3)).toBeUndefined();
    expect(ladderStart(VARIANTS.gulbara, [3, 3], 4)).toEqual({ die: 3, moves: 4, passed: false });
    expect(ladderStart(VARIANTS.gulbara, [5, 3], 9)).toBeUndefined();
    expect(ladderStart(VARIANTS.long, [3, 3], 9)).toBeUndefined();
  });

  it('climbs one double at a time up to 6-6, four moves each', () => {
    let rung = ladderStart(VARIANTS.gulbara, [1, 1], 4)!;
    const dice: number[] = [rung.die];
    for (let next = nextRung(rung, 4); next; next = nextRung(rung, 4)) {
      expect(next.toOpponent).toBe(false);
      rung = next.rung;
      dice.push(rung.die);
    }
    expect(dice).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('passes what the roller cannot play to the opponent, who loses what it cannot play in turn', () => {
    const passed = nextRung({ die: 4, moves: 4, passed: false }, 1);
    expect(passed).toEqual({ rung: { die: 4, moves: 3, passed: true }, toOpponent: true });
    expect(nextRung(passed!.rung, 3)).toEqual({ rung: { die: 5, moves: 4, passed: true }, toOpponent: false });
    expect(nextRung(passed!.rung, 2)).toBeUndefined();
    expect(nextRung({ die: 6, moves: 4, passed: false }, 4)).toBeUndefined();
  });

  it('a passed remainder of a rung is played with that many moves only', () => {
    const board: Board = [side({ 24: 1, 20: 4, 18: 10 }), side({ 24: 15 })];
    expect(legalPlays(at(board), [2, 2], { moves: 2 }).every((p) => p.steps.length === 2)).toBe(true);
    expect(turnProgress(at(board), [2, 2], [], { moves: 3 })).toMatchObject({ ok: true, value: { diceLeft: [2, 2, 2] } });
  });
});

describe('gul bara against the slow reference generator (tests/engine/reference)', () => {
  it('random positions from random games have the same plays, also for a passed remainder', () => {
    fc.assert(
      fc.property(positionAndDiceArb('gulbara', 120), fc.integer({ min: 1, max: 4 }), ([sample, dice], moves) => {
        const doubleMoves = dice[0] === dice[1] ? moves : 4;
        const context = { ...sample.context, moves: doubleMoves };
        const engine = legalPlays({ ...sample.position, options: {} }, dice, context).map((p) => JSON.stringify(p.board)).sort();
        const reference = referencePlays('gulbara', sample.position.board, [dice[0], dice[1]], sample.context.firstTurn === true, doubleMoves).sort();
        expect(engine).toEqual(reference);
      }),
      { numRuns: 150 },
    );
  });
});

describe('gul bara properties over random complete games (plain rolls; the ladder is tested in tests/game)', () => {
  it('games end and checkers are conserved', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const game = playRandomGame('gulbara', {}, seed);
      expect(game.finished, `seed ${seed}`).toBe(true);
      for (const r of game.records) expect(checkerCount((r.play?.board ?? r.position.board)[0])).toBe(15);
    }
  });
});
