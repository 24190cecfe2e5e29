/**
 * Long nardy (docs/rules §2, with §1.3 maximum use and §1.5 bearing off as they apply to it).
 *
 * Every expected play set below was worked out by hand from the rule book; the comment above a
 * position gives the reasoning. Boards are `[mover, opponent]`, each side in its own numbering
 * (docs/rules/README.md §0): both move 24 → 1, my point p is the opponent's point ((p + 11) mod 24) + 1, so the
 * opponent's head (its 24) is my 12, its 1 is my 13, and its home (its 1..6) is my 13..18.
 * The opponent's route, in my numbering, is 12, 11, …, 1, 24, 23, …, 13.
 *
 * The last block compares the engine with an independent generator written in this file from the
 * rule book (not from the engine), on random positions.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  OFF,
  emptySide,
  gameResult,
  isGameOver,
  isLastRollDue,
  legalPlays,
  opponentPoint,
  startBoard,
  turnProgress,
  VARIANTS,
  type Board,
  type Dice,
  type Play,
  type Position,
  type SideCheckers,
  type Step,
  type VariantOptions,
} from '../../src/engine/index.ts';
import { positionAndDiceArb } from '../arbitraries.ts';
import { side, spec } from './sides.ts';

// ---------------------------------------------------------------------------------------------
// Helpers


type Opts = Partial<VariantOptions>;

function position(me: Record<number, number>, opp: Record<number, number>, options: Opts = {}): Position {
  return { variant: 'long', board: [side(me), side(opp)], options };
}

/** The legal plays; also checks what holds for every long-nardy play (no hitting, arguments untouched). */
function plays(pos: Position, dice: Dice, firstTurn = false): Play[] {
  const before = JSON.stringify(pos.board);
  const result = legalPlays(pos, dice, { firstTurn });
  expect(JSON.stringify(pos.board), 'legalPlays changed its argument').toBe(before);
  for (const p of result) {
    expect(p.board[1], `${p.move} changed the opponent's checkers`).toEqual(pos.board[1]);
    expect(p.board[0].reduce((a, b) => a + b, 0)).toBe(15);
  }
  return result;
}

/** The mover's final sides of the plays, as sorted specs. */
function ends(ps: readonly Play[]): string[] {
  return ps.map((p) => spec(p.board[0])).sort();
}

/** The plays' notation, sorted. */
function moves(ps: readonly Play[]): string[] {
  return ps.map((p) => p.move).sort();
}

function sorted(xs: string[]): string[] {
  return [...xs].sort();
}

const HEAD_OPTIONS = ['listed', 'computed', 'anyDouble'] as const;
const BLOCK_OPTIONS = ['ahead', 'inHome', 'never'] as const;
const START = (): Record<number, number> => ({ 24: 15 });

// ---------------------------------------------------------------------------------------------

describe('docs/rules/README.md §0 numbering in the long family', () => {
  it("the opponent's head (its point 24) is my point 12 and its point 1 is my point 13", () => {
    expect(opponentPoint('long', 12)).toBe(24);
    expect(opponentPoint('long', 13)).toBe(1);
    expect(opponentPoint('long', 24)).toBe(12);
    expect(opponentPoint('long', 1)).toBe(13);
  });

  it('each side starts with all fifteen checkers on its own point 24', () => {
    const [me, them] = startBoard(VARIANTS.long);
    expect(spec(me)).toBe('24:15');
    expect(spec(them)).toBe('24:15');
  });
});

describe('docs/rules/long.md §2 head rule: the first turn from the start', () => {
  for (const headException of HEAD_OPTIONS) {
    describe(`headException ${headException}`, () => {
      const start = (): Position => position(START(), START(), { headException });

      it('6-6 plays only two sixes, 24/18(2): the other two are lost because my point 12 is the opponent\'s head', () => {
        const ps = plays(start(), [6, 6], true);
        expect(moves(ps)).toEqual(['24/18(2)']);
        expect(ends(ps)).toEqual(['24:13 18:2']);
      });

      it('4-4 is 24/16(2): two head checkers, each stopped short of the opponent\'s head', () => {
        const ps = plays(start(), [4, 4], true);
        expect(moves(ps)).toEqual(['24/16(2)']);
        expect(ends(ps)).toEqual(['24:13 16:2']);
      });

      it('3-3 has exactly two plays, 24/18(2) and 24/21 24/15; one checker alone (24/15) is not enough, maximum use makes the second one move', () => {
        const ps = plays(start(), [3, 3], true);
        expect(moves(ps)).toEqual(sorted(['24/18(2)', '24/21 24/15']));
        expect(ends(ps)).toEqual(sorted(['24:13 18:2', '24:13 21:1 15:1']));
      });

      if (headException === 'anyDouble') {
        it('5-5 may use one or two head checkers: 24/4, 24/19 24/9, 24/14(2)', () => {
          const ps = plays(start(), [5, 5], true);
          expect(moves(ps)).toEqual(sorted(['24/4', '24/19 24/9', '24/14(2)']));
        });
        it('1-1 may use one or two head checkers: 24/20, 24/23 24/21, 24/22(2)', () => {
          const ps = plays(start(), [1, 1], true);
          expect(moves(ps)).toEqual(sorted(['24/20', '24/23 24/21', '24/22(2)']));
        });
        it('2-2 may use one or two head checkers: 24/16, 24/22 24/18, 24/20(2)', () => {
          const ps = plays(start(), [2, 2], true);
          expect(moves(ps)).toEqual(sorted(['24/16', '24/22 24/18', '24/20(2)']));
        });
      } else {
        it('5-5 moves one checker all the way, 24/4 (5-5 is not an exception; one checker can play it in full)', () => {
          const ps = plays(start(), [5, 5], true);
          expect(moves(ps)).toEqual(['24/4']);
          expect(ends(ps)).toEqual(['24:14 4:1']);
        });
        it('1-1 moves one checker, 24/20', () => {
          const ps = plays(start(), [1, 1], true);
          expect(moves(ps)).toEqual(['24/20']);
          expect(ends(ps)).toEqual(['24:14 20:1']);
        });
        it('2-2 moves one checker, 24/16', () => {
          const ps = plays(start(), [2, 2], true);
          expect(moves(ps)).toEqual(['24/16']);
          expect(ends(ps)).toEqual(['24:14 16:1']);
        });
      }

      it('every non-double moves exactly one checker off the head, a-b to 24 − a − b', () => {
        for (let a = 2; a <= 6; a++) {
          for (let b = 1; b < a; b++) {
            const ps = plays(start(), [a, b], true);
            expect(ends(ps), `${a}-${b}`).toEqual([`24:14 ${24 - a - b}:1`]);
            expect(moves(ps), `${a}-${b}`).toEqual([`24/${24 - a - b}`]);
          }
        }
      });
    });
  }
});

describe('docs/rules/long.md §2 head rule: later turns', () => {
  // Not a first turn: me 24:14 19:1; the opponent holds my 12 (its head) and my 8 (its 20).
  // My checker on 19 runs 19/13/7/1 with sixes, 19/15/11/7/3 with fours, 19/16/13/10/7 with threes.
  const later = (headException: (typeof HEAD_OPTIONS)[number]): Position =>
    position({ 24: 14, 19: 1 }, { 24: 14, 20: 1 }, { headException });

  for (const headException of ['listed', 'computed'] as const) {
    it(`${headException}: 6-6 lets only one checker leave the head: 24/18 19/1`, () => {
      expect(moves(plays(later(headException), [6, 6]))).toEqual(['24/18 19/1']);
    });
    it(`${headException}: 4-4 lets only one checker leave the head`, () => {
      expect(moves(plays(later(headException), [4, 4]))).toEqual(sorted(['19/3', '24/20 19/7', '24/16 19/11']));
    });
    it(`${headException}: 3-3 lets only one checker leave the head`, () => {
      expect(moves(plays(later(headException), [3, 3]))).toEqual(sorted(['19/7', '24/21 19/10', '24/18 19/13', '24/15 19/16']));
    });
  }

  it('anyDouble: 6-6 lets two checkers leave the head on a later turn too', () => {
    expect(moves(plays(later('anyDouble'), [6, 6]))).toEqual(sorted(['24/18 19/1', '24/18(2) 19/7']));
  });

  it('anyDouble: 4-4 lets two checkers leave the head on a later turn', () => {
    expect(moves(plays(later('anyDouble'), [4, 4]))).toEqual(
      sorted(['19/3', '24/20 19/7', '24/16 19/11', '24/20(2) 19/11', '24/20 24/16 19/15', '24/16(2)']),
    );
  });

  it('anyDouble: 3-3 lets two checkers leave the head on a later turn', () => {
    expect(moves(plays(later('anyDouble'), [3, 3]))).toEqual(
      sorted([
        '19/7', '24/21 19/10', '24/18 19/13', '24/15 19/16',
        '24/21(2) 19/13', '24/21 24/18 19/16', '24/21 24/15', '24/18(2)',
      ]),
    );
  });

  it('anyDouble: 2-2 (not one of the listed doubles) lets two checkers leave the head on a later turn', () => {
    expect(moves(plays(later('anyDouble'), [2, 2]))).toEqual(
      sorted([
        '19/11', '24/22 19/13', '24/20 19/15', '24/18 19/17', '24/16',
        '24/22(2) 19/15', '24/22 24/20 19/17', '24/22 24/18', '24/20(2)',
      ]),
    );
  });

  it('listed: 2-2 on a later turn lets only one checker leave the head', () => {
    expect(moves(plays(later('listed'), [2, 2]))).toEqual(sorted(['19/11', '24/22 19/13', '24/20 19/15', '24/18 19/17', '24/16']));
  });

  it('the first-turn exception needs the first-turn flag: the start position with 6-6 on a later turn plays 24/18 only', () => {
    expect(moves(plays(position(START(), START()), [6, 6], false))).toEqual(['24/18']);
    expect(moves(plays(position(START(), START()), [3, 3], false))).toEqual(['24/15']);
  });
});

describe("docs/rules/long.md §2 head rule: the second player's first turn after a 5-5 opening", () => {
  // The first player opened 5-5 with 24/4: its checker on its 4 is on my 16, its other 14 on my 12.
  const afterFiveFive = (headException: (typeof HEAD_OPTIONS)[number]): Position =>
    position(START(), { 24: 14, 4: 1 }, { headException });

  it('the opening checker stands on my point 16', () => {
    expect(opponentPoint('long', 16)).toBe(4);
  });

  for (const headException of HEAD_OPTIONS) {
    it(`${headException}: 4-4 is 24/20(2): two head checkers, one four each, then 20/16 is blocked and the other fours are lost`, () => {
      expect(moves(plays(afterFiveFive(headException), [4, 4], true))).toEqual(['24/20(2)']);
    });
  }

  it('listed: 2-2 is not an exception, so one checker plays 24/22/20/18 and the fourth two is lost (18/16 is blocked)', () => {
    const ps = plays(afterFiveFive('listed'), [2, 2], true);
    expect(moves(ps)).toEqual(['24/18']);
    expect(ends(ps)).toEqual(['24:14 18:1']);
  });

  it('computed: 2-2 cannot be played in full by one checker, so a second head checker may (and by maximum use must) move: 24/22 24/18 or 24/20(2)', () => {
    const ps = plays(afterFiveFive('computed'), [2, 2], true);
    expect(moves(ps)).toEqual(sorted(['24/22 24/18', '24/20(2)']));
    expect(ends(ps)).toEqual(sorted(['24:13 22:1 18:1', '24:13 20:2']));
  });

  it('anyDouble: 2-2 takes two head checkers as under computed', () => {
    expect(moves(plays(afterFiveFive('anyDouble'), [2, 2], true))).toEqual(sorted(['24/22 24/18', '24/20(2)']));
  });

  for (const headException of ['listed', 'computed'] as const) {
    it(`${headException}: 5-5 can be played in full by one checker (24/4), so no second head checker`, () => {
      expect(moves(plays(afterFiveFive(headException), [5, 5], true))).toEqual(['24/4']);
    });
  }

  it('computed: the exception is for the first turn only; the same 2-2 on a later turn plays one checker', () => {
    expect(moves(plays(afterFiveFive('computed'), [2, 2], false))).toEqual(['24/18']);
  });
});

describe("docs/rules/long.md §2 head rule: the second player's 5-5 after a 2-1 opening", () => {
  // The first player opened 2-1 with 24/21: its checker is on my 9, so 24/19/14 is the farthest
  // one checker can go with 5-5 (14/9 is blocked).
  const afterTwoOne = (headException: (typeof HEAD_OPTIONS)[number]): Position =>
    position(START(), { 24: 14, 21: 1 }, { headException });

  it('listed: 24/14, two fives lost', () => {
    expect(moves(plays(afterTwoOne('listed'), [5, 5], true))).toEqual(['24/14']);
  });
  it('computed: the roll cannot be played in full by one checker, so 24/14(2)', () => {
    expect(moves(plays(afterTwoOne('computed'), [5, 5], true))).toEqual(['24/14(2)']);
  });
  it('anyDouble: 24/14(2)', () => {
    expect(moves(plays(afterTwoOne('anyDouble'), [5, 5], true))).toEqual(['24/14(2)']);
  });
});

describe('docs/rules/long.md §2 six-block rule', () => {
  // Position A. Me: 24:2, 18..15 one each, 14:9. The opponent holds my 8..12 (its 20..24) and has
  // nothing on my 13..24, nothing borne off. Dice 6-5, a later turn.
  // Sixes: 24/18 only (18/12, 17/11, 16/10, 15/9, 14/8 blocked). Fives: 24/19, 18/13.
  // Two-dice plays: 24/13 (via 18 or 19) → holds 13..18 = its 1..6, a six-block with nothing ahead;
  // 18/13/7 → 18 left empty, legal. One die only: 24/19 (also a block 14..19), 24/18, 18/13.
  const A = { 24: 2, 18: 1, 17: 1, 16: 1, 15: 1, 14: 9 };
  const oppA = { 24: 11, 23: 1, 22: 1, 21: 1, 20: 1 };
  const oppAOff = { 24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 0: 1 };

  it('(a) a play may not end holding six points in a row when no opposing checker is ahead: 24/13 is refused, 18/7 is the only play', () => {
    const ps = plays(position(A, oppA), [6, 5]);
    expect(moves(ps)).toEqual(['18/7']);
    expect(ends(ps)).toEqual(['24:2 17:1 16:1 15:1 14:9 7:1']);
  });

  it('(e) a borne-off opposing checker counts as ahead: the same roll then also allows 24/13', () => {
    const ps = plays(position(A, oppAOff), [6, 5]);
    expect(moves(ps)).toEqual(sorted(['18/7', '24/13']));
    expect(ends(ps)).toEqual(sorted(['24:2 17:1 16:1 15:1 14:9 7:1', '24:1 18:1 17:1 16:1 15:1 14:9 13:1']));
  });

  it('(f) inHome: a borne-off opposing checker allows the block too', () => {
    expect(moves(plays(position(A, oppAOff, { sixBlock: 'inHome' }), [6, 5]))).toEqual(sorted(['18/7', '24/13']));
  });

  it('(g) never: not even a borne-off opposing checker allows it', () => {
    expect(moves(plays(position(A, oppAOff, { sixBlock: 'never' }), [6, 5]))).toEqual(['18/7']);
  });

  // Position B. Me: 18:2, 17..15 one each, 14:10; opponent as in A. Dice 6-5.
  // Every six is blocked at first (18/12, 17/11, 16/10, 15/9, 14/8); the only five is 18/13, which
  // makes 13..18 for a moment, and then 13/7 breaks it again. So the only play is 18/13/7.
  const B = { 18: 2, 17: 1, 16: 1, 15: 1, 14: 10 };

  for (const sixBlock of BLOCK_OPTIONS) {
    it(`(b) ${sixBlock}: a block formed and broken inside one turn is legal; 18/13/7 passes through 13..18`, () => {
      const ps = plays(position(B, oppA, { sixBlock }), [6, 5]);
      expect(moves(ps)).toEqual(['18/7']);
      expect(ps[0].steps.map((s) => `${s.from}/${s.to}`)).toEqual(['18/13', '13/7']);
    });
  }

  it('(b) step by step, the first step into a temporary block is offered, and the turn is not complete there', () => {
    const pos = position(B, oppA);
    const first = turnProgress(pos, [6, 5], []);
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.next).toEqual([{ from: 18, to: 13, die: 5, hit: false }]);
    const mid = turnProgress(pos, [6, 5], [{ from: 18, to: 13, die: 5, hit: false }]);
    if (!mid.ok) throw new Error(mid.error.message);
    expect(spec(mid.value.board[0])).toBe('18:1 17:1 16:1 15:1 14:10 13:1');
    expect(mid.value.complete).toBe(false);
    expect(mid.value.next).toEqual([{ from: 13, to: 7, die: 6, hit: false }]);
  });

  // Position C (the corner). Me: 24:10, 23, 22, 2, 1 one each, and one on 8. Along the opponent's
  // route my 3, 2, 1, 24, 23, 22 are its 15, 14, 13, 12, 11, 10: consecutive. The opponent holds
  // my 4..7 and 9..12 (its 16..19, 21..24), behind that run; nothing of it is on my 13..21.
  // Dice 6-5. Sixes: 24/18, 23/17, 22/16, 8/2. Fives: 24/19, 23/18, 22/17, 8/3. After a move, the
  // only second step of the same checker is 24/18/13 or 24/19/13 (17/11, 17/12, 16/11, 16/10 are
  // blocked; 2 and 3 cannot bear off). So the plays are one six and one five by different checkers
  // (one head checker at most), or 24/13: 13 in all. The only one holding 3, 2, 1, 24, 23, 22 is
  // 24/18 8/3.
  const C = { 24: 10, 23: 1, 22: 1, 2: 1, 1: 1, 8: 1 };
  const oppC = { 24: 8, 23: 1, 22: 1, 21: 1, 19: 1, 18: 1, 17: 1, 16: 1 };
  const cornerPlay = '24/18 8/3';
  const cornerOthers = [
    '22/16 8/3', '22/17 8/2', '23/17 22/17', '23/17 8/3', '23/18 22/16', '23/18 8/2',
    '24/13', '24/18 22/17', '24/18 23/18', '24/19 22/16', '24/19 23/17', '24/19 8/2',
  ];

  it('(c) a run across the corner between my point 1 and my point 24 is a block: 24/18 8/3 is refused when nothing is ahead', () => {
    expect(moves(plays(position(C, oppC), [6, 5]))).toEqual(sorted(cornerOthers));
  });

  it('(c) the same corner run is legal once the opponent has borne off a checker', () => {
    const off = { ...oppC, 24: 7, 0: 1 };
    expect(moves(plays(position(C, off), [6, 5]))).toEqual(sorted([...cornerOthers, cornerPlay]));
  });

  it('(e) the corner run is legal when an opposing checker stands ahead of it (on my 20 = its 8, past its 10)', () => {
    const ahead = { ...oppC, 24: 7, 8: 1 };
    expect(moves(plays(position(C, ahead), [6, 5]))).toEqual(sorted([...cornerOthers, cornerPlay]));
  });

  it('(f) inHome: an opposing checker ahead but not yet in its home (its 8) does not allow the block', () => {
    const ahead = { ...oppC, 24: 7, 8: 1 };
    expect(moves(plays(position(C, ahead, { sixBlock: 'inHome' }), [6, 5]))).toEqual(sorted(cornerOthers));
  });

  it('(f) inHome: an opposing checker in its home (its 2 = my 14) allows the block', () => {
    const home = { ...oppC, 24: 7, 2: 1 };
    expect(moves(plays(position(C, home, { sixBlock: 'inHome' }), [6, 5]))).toEqual(sorted([...cornerOthers, cornerPlay]));
    expect(moves(plays(position(C, home, { sixBlock: 'ahead' }), [6, 5]))).toEqual(sorted([...cornerOthers, cornerPlay]));
  });

  it('(g) never: the corner block is refused whatever the opponent has ahead or borne off', () => {
    for (const opp of [{ ...oppC, 24: 7, 8: 1 }, { ...oppC, 24: 7, 2: 1 }, { ...oppC, 24: 7, 0: 1 }]) {
      expect(moves(plays(position(C, opp, { sixBlock: 'never' }), [6, 5]))).toEqual(sorted(cornerOthers));
    }
  });

  // Position D (the opponent's start corner). The opponent has left its head; it holds my 6..9
  // (its 18..21) and my 17 (its 5). Me: 16:1, 15:3, 14:3, 13:3, 11:3, 10:2. Dice 4-3.
  // Fours: 16/12, 15/11, 14/10 (13/9, 11/7, 10/6 blocked). Threes: 16/13, 15/12, 14/11, 13/10
  // (11/8, 10/7 blocked). Every second step of the same checker lands on 6..9, blocked. So the plays
  // are a four and a three by different checkers: 3 × 4 − 1 (16 has one checker) = 11. Five of them
  // hold my 10..15 or 10..16, six or seven points in my numbering, but my 12 | 13 is the
  // opponent's start corner: those are two runs along its route, never a block.
  const D = { 16: 1, 15: 3, 14: 3, 13: 3, 11: 3, 10: 2 };
  const oppD = { 18: 3, 19: 3, 20: 3, 21: 3, 5: 3 };
  const seamPlays = [
    '14/10 13/10', '14/11 14/10', '15/11 13/10', '15/11 14/11', '15/12 14/10', '15/12 15/11',
    '16/12 13/10', '16/12 14/11', '16/12 15/12', '16/13 14/10', '16/13 15/11',
  ];

  for (const sixBlock of BLOCK_OPTIONS) {
    it(`(c) ${sixBlock}: six points across my 12/13 are two runs, not a block (16/12 13/10 holds my 10..15)`, () => {
      const ps = plays(position(D, oppD, { sixBlock }), [4, 3]);
      expect(moves(ps)).toEqual(sorted(seamPlays));
      expect(ends(ps)).toContain('15:3 14:3 13:2 12:1 11:3 10:3');
    });
  }

  // Position X (a seven-long wall with nothing ahead). Me: 23:1, 19:2, 17..14 one each, 13:7, 3:1.
  // The opponent holds my 7..12 (its 19..24; legal for it, my 3 is past it). Dice 6-5.
  // Sixes: 23/17, 19/13; fives: 23/18, 19/14; everything else is blocked (13..17 land on 7..12,
  // 3 cannot bear off), and no checker can take both dice (17/12, 18/12, 13/8, 14/8 blocked).
  // Plays: 23/17 19/14, 19/14 19/13, and 23/18 19/13, which holds 13..19: seven in a row.
  const X = { 23: 1, 19: 2, 17: 1, 16: 1, 15: 1, 14: 1, 13: 7, 3: 1 };
  const oppX = { 24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 19: 1 };

  it('(d) a seven-long wall with nothing ahead is refused like a six-block', () => {
    expect(moves(plays(position(X, oppX), [6, 5]))).toEqual(sorted(['23/17 19/14', '19/14 19/13']));
  });

  it('(d) the same seven-long wall is legal once the opponent has borne off a checker', () => {
    const off = { ...oppX, 24: 9, 0: 1 };
    const ps = plays(position(X, off), [6, 5]);
    expect(moves(ps)).toEqual(sorted(['23/17 19/14', '19/14 19/13', '23/18 19/13']));
    expect(ends(ps)).toContain('19:1 18:1 17:1 16:1 15:1 14:1 13:8 3:1');
  });

  // Position Y (a seven-long wall with a checker ahead). Me: 24:1, 20:2, 18..15 one each, 14:8.
  // The opponent holds my 8..12 and my 13 (its 1, in its home, ahead of everything). Dice 6-5.
  // Sixes: 24/18, 20/14; fives: 24/19, 20/15; nothing else moves, no checker takes both dice.
  // Plays: 24/18 20/15, 20/15 20/14, 24/19 20/14 (holds 14..20 = its 2..8, seven in a row).
  const Y = { 24: 1, 20: 2, 18: 1, 17: 1, 16: 1, 15: 1, 14: 8 };
  const oppY = { 24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 1: 1 };

  for (const sixBlock of ['ahead', 'inHome'] as const) {
    it(`(d)(e) ${sixBlock}: a seven-long wall is legal when an opposing checker stands ahead of all of it (its 1)`, () => {
      expect(moves(plays(position(Y, oppY, { sixBlock }), [6, 5]))).toEqual(sorted(['24/18 20/15', '20/15 20/14', '24/19 20/14']));
    });
  }

  it('(g) never: the seven-long wall is refused even with a checker ahead', () => {
    expect(moves(plays(position(Y, oppY, { sixBlock: 'never' }), [6, 5]))).toEqual(sorted(['24/18 20/15', '20/15 20/14']));
  });

  // Position E. Me: 24:2, 18..15 one each, 14:8, 7:1. The opponent holds my 8..12 and my 13 (its 1).
  // Dice 6-5. Sixes: 24/18, 7/1; fives: 24/19, 7/2 (18/13 blocked now). Plays: 24/18 7/2 and
  // 24/19 7/1, which holds 14..19 = its 2..7 with its checker on its 1 ahead.
  const E = { 24: 2, 18: 1, 17: 1, 16: 1, 15: 1, 14: 8, 7: 1 };
  const oppE = { 24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 1: 1 };

  for (const sixBlock of ['ahead', 'inHome'] as const) {
    it(`(e) ${sixBlock}: a six-block is legal when an opposing checker stands further along its route than the whole block`, () => {
      expect(moves(plays(position(E, oppE, { sixBlock }), [6, 5]))).toEqual(sorted(['24/18 7/2', '24/19 7/1']));
    });
  }

  it('(g) never: the same six-block is refused', () => {
    expect(moves(plays(position(E, oppE, { sixBlock: 'never' }), [6, 5]))).toEqual(['24/18 7/2']);
  });

  // Position H. Me: 22:1, 18:2, 17..15 one each, 14:8, 3:1. The opponent holds my 7..12.
  // Dice 6-5. Sixes: 22/16 only; fives: 22/17, 18/13; no checker takes both dice (16/11, 17/11,
  // 13/7, 18/12 blocked). The only two-dice play is 22/16 18/13, holding 13..18 with nothing
  // ahead, so it is refused; then one die is played, and of 22/16 (6) and 22/17 (5) the larger.
  const H = { 22: 1, 18: 2, 17: 1, 16: 1, 15: 1, 14: 8, 3: 1 };
  const oppH = { 24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 19: 1 };

  for (const sixBlock of BLOCK_OPTIONS) {
    it(`(h) ${sixBlock}: when the only way to use both dice ends in an illegal block, one die is played, the larger: 22/16`, () => {
      const ps = plays(position(H, oppH, { sixBlock }), [6, 5]);
      expect(moves(ps)).toEqual(['22/16']);
      expect(ps[0].steps).toHaveLength(1);
    });
  }

  it('(h) with the block allowed (the opponent has borne off one) both dice must be used: 22/16 18/13', () => {
    const off = { ...oppH, 24: 9, 0: 1 };
    expect(moves(plays(position(H, off), [6, 5]))).toEqual(['22/16 18/13']);
  });
});

describe('docs/rules §1.5 and §2 bearing off in long nardy', () => {
  // The opponent sits on my 16..18 (its 4..6), out of the way.
  const opp = { 6: 5, 5: 5, 4: 5 };

  it('bearing off starts only when all fifteen are home: with one on 10, 6-1 cannot bear off from 6 before 10 is home', () => {
    // 10/4 brings everyone home, then the 1 may bear off (1/off) or move (4/3, 6/5); 10/9 leaves
    // 9 outside, so 6/off with the six is not allowed.
    const ps = plays(position({ 10: 1, 6: 1, 1: 13 }, opp), [6, 1]);
    expect(ends(ps)).toEqual(sorted(['6:1 3:1 1:13', '6:1 4:1 1:12 off:1', '5:1 4:1 1:13']));
    expect(ends(ps)).not.toContain('9:1 1:13 off:1');
  });

  it('a die bears off the checker on the point equal to it: 6-5 from 6 and 5', () => {
    // Or the five moves 6/1 first, and then the six bears off from the highest point, 5.
    const ps = plays(position({ 6: 1, 5: 1, 1: 13 }, opp), [6, 5]);
    expect(ends(ps)).toEqual(sorted(['1:13 off:2', '1:14 off:1']));
  });

  it('a die larger than the highest occupied point bears off from the highest point: 6-5 with two on 3', () => {
    const ps = plays(position({ 3: 2, 1: 13 }, opp), [6, 5]);
    expect(moves(ps)).toEqual(['3/off(2)']);
    expect(ends(ps)).toEqual(['1:13 off:2']);
  });

  it('a larger die bears off only from the highest point, not from a lower one', () => {
    // 5 and 4 left, 6-1: 6 takes the 5 (then 4/3), or 1 plays 5/4 and 6 takes a 4, or 4/3 and 6 takes the 5.
    const ps = plays(position({ 5: 1, 4: 1, 0: 13 }, opp), [6, 1]);
    expect(ends(ps)).toEqual(sorted(['4:1 off:14', '3:1 off:14']));
  });

  it('otherwise the die must be played inside the home: two on 6 with 3-2 bear nothing off', () => {
    const ps = plays(position({ 6: 2, 1: 13 }, opp), [3, 2]);
    expect(ends(ps)).toEqual(sorted(['4:1 3:1 1:13', '6:1 1:14']));
  });

  it('bearing off is not forced when another use of the die exists: 5 and 1s with 3-1 may play 5/1', () => {
    const ps = plays(position({ 5: 1, 1: 14 }, opp), [3, 1]);
    expect(ends(ps)).toEqual(sorted(['1:15', '2:1 1:13 off:1']));
  });

  it('checkers on point 1 with 3-1 must bear off two (the OpenSpiel fork generated a pass here)', () => {
    const last = plays(position({ 1: 2, 0: 13 }, opp), [3, 1]);
    expect(moves(last)).toEqual(['1/off(2)']);
    expect(ends(last)).toEqual(['off:15']);
    const all = plays(position({ 1: 15 }, opp), [1, 3]);
    expect(moves(all)).toEqual(['1/off(2)']);
    expect(ends(all)).toEqual(['1:13 off:2']);
  });

  it('a die that can neither bear off nor move inside the home is lost: two on 6, 3-3, my 3 held by the opponent', () => {
    // The opponent's 15 is my 3. 6/3 is blocked; no checker on 3; 6 is above 3, so no bearing off.
    expect(plays(position({ 6: 2, 0: 13 }, { 15: 2, 6: 5, 5: 5, 4: 3 }), [3, 3])).toEqual([]);
  });
});

describe('docs/rules/README.md §1.3 maximum use in long nardy', () => {
  // Me: 20:1, 13:14. The opponent holds my 12 (its head), 10 and 8: 13/10 and 13/8 are blocked.
  it('when only one die can be played and either could be, the larger is played: 5-3 gives 20/15, not 20/17', () => {
    // 20/15/12 and 20/17/12 end on the opponent's head.
    const ps = plays(position({ 20: 1, 13: 14 }, { 24: 13, 22: 1, 20: 1 }), [5, 3]);
    expect(moves(ps)).toEqual(['20/15']);
  });

  it('when only the smaller die can be played, it is played: with my 15 held too, 5-3 gives 20/17', () => {
    const ps = plays(position({ 20: 1, 13: 14 }, { 24: 12, 22: 1, 20: 1, 3: 1 }), [5, 3]);
    expect(moves(ps)).toEqual(['20/17']);
  });

  it('when both dice can be used only in one order, that order is the play: 19/16/11 with 5-3 (19/14 is blocked)', () => {
    const ps = plays(position({ 19: 1, 13: 14 }, { 24: 12, 22: 1, 20: 1, 2: 1 }), [5, 3]);
    expect(moves(ps)).toEqual(['19/11']);
    expect(ps[0].steps.map((s) => s.die)).toEqual([3, 5]);
  });

  it('a checker may not stop on a point holding any opposing checker, even a single one, also in passing', () => {
    // 6-5 from 24 on a later turn: my 19 and my 18 each hold one opposing checker (its 7 and 6),
    // so the head checker cannot move at all and the roll passes.
    expect(plays(position(START(), { 24: 13, 7: 1, 6: 1 }), [6, 5])).toEqual([]);
  });
});

describe('docs/rules/long.md §2 result (longScoring, withMars)', () => {
  const won = (loser: Record<number, number>, options: Opts = {}): ReturnType<typeof gameResult> =>
    gameResult({ variant: 'long', board: [side({ 0: 15 }), side(loser)], options });

  for (const longScoring of ['oinMars', 'withKoks'] as const) {
    it(`${longScoring}: oin, 1 point, when the loser has borne off at least one checker`, () => {
      expect(won({ 0: 1, 20: 1, 3: 13 }, { longScoring })).toEqual({ winner: 0, kind: 'oin', points: 1 });
    });
    it(`${longScoring}: mars, 2 points, when the loser has borne off none and nothing is in its points 19..24`, () => {
      expect(won({ 18: 1, 6: 14 }, { longScoring })).toEqual({ winner: 0, kind: 'mars', points: 2 });
    });
  }

  it('oinMars: no koks — a loser with nothing off and a checker on its 24 still loses a mars', () => {
    expect(won({ 24: 1, 6: 14 })).toEqual({ winner: 0, kind: 'mars', points: 2 });
  });

  it('withKoks: koks, 3 points, when the loser has borne off none and still has a checker on its 19..24', () => {
    expect(won({ 19: 1, 6: 14 }, { longScoring: 'withKoks' })).toEqual({ winner: 0, kind: 'koks', points: 3 });
    expect(won({ 24: 15 }, { longScoring: 'withKoks' })).toEqual({ winner: 0, kind: 'koks', points: 3 });
  });

  it('withKoks: a checker in the starting quarter does not make a koks once the loser has borne one off', () => {
    expect(won({ 0: 1, 24: 1, 6: 13 }, { longScoring: 'withKoks' })).toEqual({ winner: 0, kind: 'oin', points: 1 });
  });

  for (const longScoring of ['oinMars', 'withKoks'] as const) {
    it(`${longScoring} with "with mars" off: every win scores 1`, () => {
      expect(won({ 24: 15 }, { longScoring, withMars: false })).toEqual({ winner: 0, kind: 'oin', points: 1 });
      expect(won({ 6: 15 }, { longScoring, withMars: false })).toEqual({ winner: 0, kind: 'oin', points: 1 });
    });
  }

  it('the winner may be either side of the board', () => {
    const r = gameResult({ variant: 'long', board: [side({ 12: 15 }), side({ 0: 15 })], options: { longScoring: 'withKoks' } });
    expect(r).toEqual({ winner: 1, kind: 'mars', points: 2 });
  });

  it('a game nobody has finished has no result', () => {
    const pos: Position = { variant: 'long', board: [side({ 0: 14, 1: 1 }), side({ 0: 14, 1: 1 })] };
    expect(gameResult(pos)).toBeUndefined();
    expect(isGameOver(pos)).toBe(false);
  });
});

describe('docs/rules/long.md §2 last roll (lastRoll)', () => {
  const finished: Board = [side({ 0: 15 }), side({ 0: 13, 2: 1, 1: 1 })];

  it('with lastRoll on, the other side gets one more roll after the first mover bears off its last checker', () => {
    expect(isLastRollDue({ variant: 'long', board: finished, options: { lastRoll: true } }, true)).toBe(true);
  });

  it('no extra roll when the side that finished did not move first in the game', () => {
    expect(isLastRollDue({ variant: 'long', board: finished, options: { lastRoll: true } }, false)).toBe(false);
  });

  it('no extra roll with lastRoll off (the default)', () => {
    expect(isLastRollDue({ variant: 'long', board: finished, options: { lastRoll: false } }, true)).toBe(false);
    expect(isLastRollDue({ variant: 'long', board: finished }, true)).toBe(false);
  });

  it('no extra roll while the first mover still has checkers on the board', () => {
    expect(isLastRollDue({ variant: 'long', board: [side({ 0: 14, 1: 1 }), side({ 0: 13, 2: 2 })], options: { lastRoll: true } }, true)).toBe(false);
  });

  it('if the other side then finishes too, the game is drawn (0 points)', () => {
    const both: Board = [side({ 0: 15 }), side({ 0: 15 })];
    expect(gameResult({ variant: 'long', board: both, options: { lastRoll: true } })).toEqual({ winner: null, kind: 'draw', points: 0 });
  });

  it('if the other side does not finish on its extra roll, the first mover wins as usual', () => {
    expect(gameResult({ variant: 'long', board: finished, options: { lastRoll: true } })).toEqual({ winner: 0, kind: 'oin', points: 1 });
  });
});

describe('docs/rules/README.md §1.3 step by step (turnProgress) in long nardy', () => {
  const start = (): Position => position(START(), START());
  const s = (from: number, to: number, die: number): Step => ({ from, to, die, hit: false });
  const key = (st: Step): string => `${st.from}/${st.to}:${st.die}`;

  it('from the start with 6-5 on the first turn, the first steps offered are 24/18 and 24/19, and the turn is not complete', () => {
    const r = turnProgress(start(), [6, 5], [], { firstTurn: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.next.map(key).sort()).toEqual(['24/18:6', '24/19:5']);
    expect(r.value.complete).toBe(false);
    expect(r.value.play).toBeUndefined();
    expect(r.value.playCount).toBe(1);
    expect(r.value.forced).toBe(true);
    expect([...r.value.diceLeft].sort()).toEqual([5, 6]);
  });

  it('after 24/18 only the same checker may go on, 18/13: no second head checker', () => {
    const r = turnProgress(start(), [6, 5], [s(24, 18, 6)], { firstTurn: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.next.map(key)).toEqual(['18/13:5']);
    expect(r.value.complete).toBe(false);
    expect(r.value.diceLeft).toEqual([5]);
    expect(spec(r.value.board[0])).toBe('24:14 18:1');
  });

  it('24/18 18/13 completes the play 24/13', () => {
    const r = turnProgress(start(), [6, 5], [s(24, 18, 6), s(18, 13, 5)], { firstTurn: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.complete).toBe(true);
    expect(r.value.next).toEqual([]);
    expect(r.value.play?.move).toBe('24/13');
    expect(spec(r.value.board[0])).toBe('24:14 13:1');
  });

  it('the other order, 24/19 19/13, completes the same play', () => {
    const r = turnProgress(start(), [6, 5], [s(24, 19, 5), s(19, 13, 6)], { firstTurn: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.complete).toBe(true);
    expect(spec(r.value.board[0])).toBe('24:14 13:1');
  });

  it('a step asked of the same position and roll again answers the same, whatever was asked in between (the kept generation)', () => {
    // 6-6 from the start: two head checkers on the first turn (the exception), one on any other.
    const first = () => turnProgress(start(), [6, 6], [s(24, 18, 6)], { firstTurn: true });
    const later = () => turnProgress(start(), [6, 6], [s(24, 18, 6)]);
    const offered = (r: ReturnType<typeof first>) => (r.ok ? r.value.next.map(key).sort() : r.error.message);
    const a = offered(first());
    const b = offered(later());
    expect(a).not.toEqual(b);
    expect(offered(first())).toEqual(a);
    expect(offered(later())).toEqual(b);
    expect(offered(turnProgress(start(), [6, 5], [], { firstTurn: true }))).toEqual(['24/18:6', '24/19:5']);
    expect(offered(later())).toEqual(b);
  });

  it('a second head checker as the second step is rejected as an illegal play', () => {
    const r = turnProgress(start(), [6, 5], [s(24, 18, 6), s(24, 19, 5)], { firstTurn: true });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe('illegal-play');
  });

  it('a step with a number that was not rolled is rejected', () => {
    const r = turnProgress(start(), [6, 5], [s(24, 20, 4)], { firstTurn: true });
    expect(r.ok).toBe(false);
  });

  it('on 3-3 from the start, three steps of one checker (24/15) are not yet complete: the fourth three must move a second head checker', () => {
    const steps = [s(24, 21, 3), s(21, 18, 3), s(18, 15, 3)];
    const r = turnProgress(start(), [3, 3], steps, { firstTurn: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.complete).toBe(false);
    expect(r.value.next.map(key)).toEqual(['24/21:3']);
  });
});

// ---------------------------------------------------------------------------------------------
// An independent generator, written from docs/rules §1–§2 (sequence by sequence, every order of the
// dice, plain arrays), to compare with the engine on random positions.

type RefOptions = Pick<VariantOptions, 'headException' | 'sixBlock'>;

/** My points in the order the opponent passes them: my 12 (its 24) … my 1, my 24 … my 13 (its 1). */
const ROUTE: number[] = Array.from({ length: 24 }, (_, k) => (k < 12 ? 12 - k : 36 - k));

function refIllegalBlock(me: SideCheckers, opp: SideCheckers, mode: VariantOptions['sixBlock']): boolean {
  const runs: number[][] = [[]];
  for (const p of ROUTE) {
    if (me[p] > 0) runs[runs.length - 1].push(p);
    else runs.push([]);
  }
  for (const run of runs) {
    if (run.length < 6) continue;
    if (mode === 'never') return true;
    if (opp[OFF] > 0) continue;
    const last = Math.min(...run.map((p) => opponentPoint('long', p))); // its lowest point of the run
    let allowed = false;
    for (let q = 1; q <= 24; q++) {
      if (opp[q] > 0 && (mode === 'ahead' ? q < last : q <= 6)) allowed = true;
    }
    if (!allowed) return true;
  }
  return false;
}

function refSteps(me: SideCheckers, opp: SideCheckers, die: number, headLeft: number): { me: SideCheckers; headLeft: number }[] {
  const out: { me: SideCheckers; headLeft: number }[] = [];
  const allHome = me.slice(7, 25).every((n) => n === 0);
  for (let p = 1; p <= 24; p++) {
    if (me[p] === 0 || (p === 24 && headLeft === 0)) continue;
    const to = p - die;
    if (to >= 1 && opp[opponentPoint('long', to)] > 0) continue;
    if (to < 1 && !allHome) continue;
    if (to < 0 && me.slice(p + 1, 7).some((n) => n > 0)) continue;
    const next = me.slice();
    next[p]--;
    next[Math.max(to, 0)]++;
    out.push({ me: next, headLeft: p === 24 ? headLeft - 1 : headLeft });
  }
  return out;
}

function refGenerate(board: Board, dice: Dice, allowance: number, mode: VariantOptions['sixBlock']): { best: number; ends: SideCheckers[] } {
  const [me, opp] = board;
  const orders = dice[0] === dice[1] ? [[dice[0], dice[0], dice[0], dice[0]]] : [[dice[0], dice[1]], [dice[1], dice[0]]];
  const found = new Map<string, { used: number; pips: number; me: SideCheckers }>();
  const walk = (m: SideCheckers, rest: number[], used: number, pips: number, headLeft: number): void => {
    // Every prefix is a candidate: the block rule judges only where the turn ends.
    if (used > 0 && !refIllegalBlock(m, opp, mode)) {
      const k = m.join(',');
      const f = found.get(k);
      if (!f || used > f.used || (used === f.used && pips > f.pips)) found.set(k, { used, pips, me: m });
    }
    if (rest.length === 0) return;
    for (const s of refSteps(m, opp, rest[0], headLeft)) walk(s.me, rest.slice(1), used + 1, pips + rest[0], s.headLeft);
  };
  for (const o of orders) walk(me, o, 0, 0, allowance);
  let best = 0;
  for (const v of found.values()) best = Math.max(best, v.used);
  let keep = [...found.values()].filter((v) => v.used === best);
  if (dice[0] !== dice[1] && best === 1) {
    const larger = Math.max(dice[0], dice[1]);
    if (keep.some((v) => v.pips === larger)) keep = keep.filter((v) => v.pips === larger);
  }
  return { best, ends: keep.map((v) => v.me) };
}

function refLongPlays(board: Board, dice: Dice, options: RefOptions, firstTurn: boolean): string[] {
  const double = dice[0] === dice[1];
  let allowance = 1;
  if (options.headException === 'anyDouble' && double) allowance = 2;
  if (options.headException === 'listed' && firstTurn && double && [3, 4, 6].includes(dice[0])) allowance = 2;
  let r = refGenerate(board, dice, allowance, options.sixBlock);
  if (options.headException === 'computed' && firstTurn && allowance === 1 && r.best < (double ? 4 : 2)) {
    r = refGenerate(board, dice, 2, options.sixBlock);
  }
  return r.ends.map(spec).sort();
}

/** Random boards with the mover's checkers packed into a few route-consecutive points (many blocks). */
const blockyArb = fc
  .record({
    start: fc.integer({ min: 0, max: 23 }),
    width: fc.integer({ min: 6, max: 9 }),
    mine: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 15, maxLength: 15 }),
    theirs: fc.array(fc.integer({ min: 0, max: 24 }), { minLength: 15, maxLength: 15 }),
    dice: fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 })),
    headException: fc.constantFrom(...HEAD_OPTIONS),
    sixBlock: fc.constantFrom(...BLOCK_OPTIONS),
    firstTurn: fc.boolean(),
  })
  .map((a) => {
    const me = emptySide();
    const opp = emptySide();
    for (const m of a.mine) me[ROUTE[(a.start + (m % a.width)) % 24]]++;
    // 0 = borne off; a point I hold sends the opposing checker off instead.
    for (const q of a.theirs) opp[q === 0 || me[opponentPoint('long', q)] > 0 ? 0 : q]++;
    return { board: [me, opp] as Board, dice: a.dice as Dice, options: { headException: a.headException, sixBlock: a.sixBlock }, firstTurn: a.firstTurn };
  });

describe('docs/rules §1–§2 oracle: an independent generator written from the rule book', () => {
  it('agrees with the engine on random boards built around six-blocks, for every headException and sixBlock', () => {
    fc.assert(
      fc.property(blockyArb, ({ board, dice, options, firstTurn }) => {
        const engine = ends(legalPlays({ variant: 'long', board, options }, dice, { firstTurn }));
        expect(engine).toEqual(refLongPlays(board, dice, options, firstTurn));
      }),
      { numRuns: 1500, seed: 20240611 },
    );
  });

  it('agrees with the engine on positions reached by random self-play, with random options', () => {
    fc.assert(
      fc.property(positionAndDiceArb('long'), ([sampled, dice]) => {
        const { position: pos, context } = sampled;
        const options: RefOptions = { headException: pos.options?.headException ?? 'listed', sixBlock: pos.options?.sixBlock ?? 'ahead' };
        const engine = ends(legalPlays(pos, dice, context));
        expect(engine).toEqual(refLongPlays(pos.board, dice, options, context.firstTurn === true));
      }),
      { numRuns: 300, seed: 20240612 },
    );
  });
});
