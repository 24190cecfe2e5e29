/**
 * Short nardy (international backgammon, docs/rules §1 and §3): known counts, gnubg edge vectors,
 * the bug classes other engines shipped (anchors-engine.md §4), scoring, opening, notation and
 * the step-by-step turn API.
 *
 * Expected plays are written by hand in gnubg/Magriel notation and checked twice: as strings
 * against the engine's `move`, and as final positions built independently from that notation
 * (`applyNotation` below, which knows nothing about the engine). Where a play set is too large to
 * write out, it is checked against an independent reference generator (`referencePlays`, a port
 * of anchors-engine.md Appendix A, which gnubg verified on 4,000 positions).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  VARIANTS,
  applySteps,
  checkerCount,
  emptySide,
  formatDice,
  gameResult,
  isGameOver,
  legalPlays,
  nextGameStarter,
  openingThrow,
  parseDice,
  parsePlay,
  pipCount,
  resolveOptions,
  startBoard,
  swapSides,
  turnProgress,
  undoStep,
  type Board,
  type Dice,
  type Play,
  type Position,
  type SideCheckers,
  type Step,
  type VariantOptions,
} from '../../src/engine/index.ts';
import { parsePositionId } from '../../src/engine/codecs/position-id.ts';
import { ALL_ROLLS, positionAndDiceArb } from '../arbitraries.ts';

// ---------------------------------------------------------------------------------------------
// Helpers, independent of the engine's generator.

/** A side from `{ point: checkers }` (25 = bar); the rest of `checkers` is borne off. */
function side(points: Record<number, number>, checkers = 15): SideCheckers {
  const s = emptySide();
  for (const [p, n] of Object.entries(points)) s[Number(p)] = n;
  s[0] = checkers - checkerCount(s);
  if (s[0] < 0) throw new Error(`side ${JSON.stringify(points)} has more than ${checkers} checkers`);
  return s;
}

const START = (): SideCheckers => side({ 24: 2, 13: 5, 8: 3, 6: 5 });

/** A short-nardy position; asserts that no point is held by both sides (my p = their 25 − p). */
function short(me: SideCheckers, them: SideCheckers, options: Partial<VariantOptions> = {}): Position {
  for (let p = 1; p <= 24; p++) {
    if (me[p] > 0 && them[25 - p] > 0) throw new Error(`test position holds my point ${p} for both sides`);
  }
  return { variant: 'short', board: [me, them], options };
}

function fromId(id: string): Position {
  const r = parsePositionId(id);
  if (!r.ok) throw new Error(`${id}: ${r.error.message}`);
  return { variant: 'short', board: r.value };
}

const key = (b: Board): string => JSON.stringify(b);
const moves = (plays: readonly Play[]): string[] => plays.map((p) => p.move).sort();
const boardKeys = (boards: readonly Board[]): string[] => boards.map(key).sort();

/**
 * Applies a play written in notation to a board, from the rules alone: `from/to` per checker,
 * `bar` = 25, `off` = 0, `(n)` repeats, `*` hits a blot on that point (its owner's 25 − p goes to
 * the bar). Landing unmarked on a blot at the end of a journey is a mistake in the expectation.
 */
function applyNotation(board: Board, text: string): Board {
  const me = board[0].slice();
  const them = board[1].slice();
  if (text === 'Ø') return [me, them];
  for (const token of text.trim().split(/\s+/)) {
    const m = /^(.*?)(?:\((\d)\))?$/.exec(token)!;
    const repeat = m[2] ? Number(m[2]) : 1;
    const parts = m[1].split('/');
    for (let r = 0; r < repeat; r++) {
      for (let k = 1; k < parts.length; k++) {
        const from = readPoint(parts[k - 1]);
        const to = readPoint(parts[k]);
        if (me[from] <= 0) throw new Error(`${text}: no checker on ${from}`);
        me[from]--;
        me[to]++;
        if (to > 0 && parts[k].endsWith('*')) {
          if (them[25 - to] !== 1) throw new Error(`${text}: no blot to hit on ${to}`);
          them[25 - to] = 0;
          them[25]++;
        }
      }
      const last = readPoint(parts[parts.length - 1]);
      if (last > 0 && !parts[parts.length - 1].endsWith('*') && them[25 - last] > 0) {
        throw new Error(`${text}: lands on an opposing checker on ${last} without a hit mark`);
      }
    }
  }
  return [me, them];
}

function readPoint(part: string): number {
  const t = part.replace('*', '');
  if (t === 'bar') return 25;
  if (t === 'off') return 0;
  return Number(t);
}

/**
 * Independent reference generator for international short nardy (port of anchors-engine.md
 * Appendix A): every order of the dice, each die one checker step; keep the plays that use the
 * most dice and, when only one die can be used, the larger one; one entry per final position.
 */
function referencePlays(board: Board, d1: number, d2: number): Board[] {
  const oneDie = (b: Board, d: number): Board[] => {
    const [me, opp] = b;
    const out: Board[] = [];
    const move = (from: number, to: number): void => {
      const m = me.slice();
      const o = opp.slice();
      m[from]--;
      m[to]++;
      if (to > 0 && o[25 - to] === 1) {
        o[25 - to] = 0;
        o[25]++;
      }
      out.push([m, o]);
    };
    if (me[25] > 0) {
      if (opp[d] < 2) move(25, 25 - d);
      return out;
    }
    let allHome = true;
    for (let p = 7; p <= 25; p++) if (me[p] > 0) allHome = false;
    let highest = 0;
    for (let p = 1; p <= 24; p++) if (me[p] > 0) highest = p;
    for (let p = 1; p <= 24; p++) {
      if (me[p] === 0) continue;
      const dest = p - d;
      if (dest >= 1) {
        if (opp[25 - dest] < 2) move(p, dest);
      } else if (allHome && (dest === 0 || p === highest)) {
        move(p, 0);
      }
    }
    return out;
  };
  const found = new Map<string, { board: Board; used: number; pips: number }>();
  const rec = (b: Board, dice: number[], used: number, pips: number): void => {
    let moved = false;
    if (dice.length > 0) {
      for (const next of oneDie(b, dice[0])) {
        moved = true;
        rec(next, dice.slice(1), used + 1, pips + dice[0]);
      }
    }
    if (!moved && used > 0) {
      const k = key(b);
      const old = found.get(k);
      if (!old || used > old.used || (used === old.used && pips > old.pips)) found.set(k, { board: b, used, pips });
    }
  };
  const orders = d1 === d2 ? [[d1, d1, d1, d1]] : [[d1, d2], [d2, d1]];
  for (const order of orders) rec(board, order, 0, 0);
  let keep = [...found.values()];
  const most = Math.max(0, ...keep.map((v) => v.used));
  keep = keep.filter((v) => v.used === most);
  const larger = Math.max(d1, d2);
  if (d1 !== d2 && most === 1 && keep.some((v) => v.pips === larger)) keep = keep.filter((v) => v.pips === larger);
  return keep.map((v) => v.board);
}

/** The engine's plays must be exactly `expected`: as notation strings and as final positions. */
function expectPlays(position: Position, dice: Dice, expected: readonly string[]): Play[] {
  const plays = legalPlays(position, dice);
  expect(moves(plays), 'play notation').toEqual([...expected].sort());
  expect(boardKeys(plays.map((p) => p.board)), 'final positions').toEqual(boardKeys(expected.map((m) => applyNotation(position.board, m))));
  return plays;
}

/** The engine's final positions must equal the reference generator's. */
function expectReference(position: Position, dice: Dice): Play[] {
  const plays = legalPlays(position, dice);
  expect(boardKeys(plays.map((p) => p.board))).toEqual(boardKeys(referencePlays(position.board, dice[0], dice[1])));
  expect(new Set(plays.map((p) => key(p.board))).size, 'one play per final position').toBe(plays.length);
  return plays;
}

const stepKeys = (steps: readonly Step[]): string[] => steps.map((s) => `${s.from}/${s.to}:${s.die}`).sort();

/** Builds the full step (with its hit flag) that `turnProgress` offers for from/to/die. */
function offered(next: readonly Step[], from: number, to: number, die: number): Step {
  const s = next.find((n) => n.from === from && n.to === to && n.die === die);
  if (!s) throw new Error(`step ${from}/${to} (${die}) not offered; offered: ${stepKeys(next).join(' ')}`);
  return s;
}

const startPosition = (): Position => ({ variant: 'short', board: [START(), START()] });

// ---------------------------------------------------------------------------------------------

describe('anchors-engine.md §2.1: plays from the starting position per roll', () => {
  const COUNTS: Record<string, number> = {
    '11': 42, '21': 15, '22': 75, '31': 16, '32': 17, '33': 73, '41': 14, '42': 18, '43': 17, '44': 52, '51': 8,
    '52': 8, '53': 9, '54': 9, '55': 4, '61': 10, '62': 14, '63': 14, '64': 14, '65': 7, '66': 11,
  };

  it('startBoard is 2 on 24, 5 on 13, 3 on 8, 5 on 6 for each side (docs/rules/short.md §3)', () => {
    expect(startBoard(VARIANTS.short)).toEqual([START(), START()]);
  });

  for (const [a, b] of ALL_ROLLS) {
    it(`${a}-${b}: ${COUNTS[`${a}${b}`]} distinct plays, the same in either dice order, equal to the reference`, () => {
      const plays = legalPlays(startPosition(), [a, b]);
      expect(plays.length).toBe(COUNTS[`${a}${b}`]);
      expect(boardKeys(legalPlays(startPosition(), [b, a]).map((p) => p.board))).toEqual(boardKeys(plays.map((p) => p.board)));
      expectReference(startPosition(), [a, b]);
    });
  }

  it('the 21 counts sum to 447', () => {
    let total = 0;
    for (const d of ALL_ROLLS) total += legalPlays(startPosition(), d).length;
    expect(total).toBe(447);
  });
});

describe('anchors-engine.md §2.4: hand-made edge vectors (gnubg IDs, side not on roll first)', () => {
  const VECTORS: [string, string, Dice, string[]][] = [
    ['larger-die rule: 6 or 5 alone, not both', '/j8AAwD/PwAAIA', [6, 5], ['24/18']],
    ['must use both dice (only 1-then-6 works)', 'wADw/wH/PwAAIA', [6, 1], ['24/17']],
    ['bear-off from lower points', 'AAD8/wEhAAAAAA', [6, 2], ['5/off 1/off', '5/off']],
    ['bear-off with both dice from the 3-point', 'AAD8/wEaAAAAAA', [6, 5], ['3/off(2)']],
    ['enter from the bar, the 6 blocked', '4HPwATDgc/ABUA', [6, 3], ['bar/16', 'bar/22 24/18', 'bar/22 13/7', 'bar/22 8/2']],
    ['doubles, only two 5s playable', 'AIDx/wH/PwAAIA', [5, 5], ['24/14']],
    ['no legal play (closed board, on the bar)', '27YPAADgc/ADQA', [6, 6], []],
    ['wildbg issue #29 position', '8N4ZAAbg/xMAIA', [6, 2], ['24/22 8/2']],
  ];
  for (const [what, id, dice, expected] of VECTORS) {
    it(`${what}: ${id} ${dice.join('-')} → ${expected.length ? expected.join(', ') : 'no play'}`, () => {
      const position = fromId(id);
      expectPlays(position, dice, expected);
      expectPlays(position, [dice[1], dice[0]], expected);
      expectReference(position, dice);
    });
  }

  it('1-1 from the bar with hits possible (4HPwARTgc/ABUA): 20 plays, all entering first, equal to the reference', () => {
    const position = fromId('4HPwARTgc/ABUA');
    // The mover has one checker on the bar; the opponent has blots on my 3 and my 2.
    expect(position.board[0][25]).toBe(1);
    expect([position.board[1][22], position.board[1][23]]).toEqual([1, 1]);
    const plays = expectReference(position, [1, 1]);
    expect(plays.length).toBe(20);
    for (const p of plays) {
      expect(p.steps[0]).toMatchObject({ from: 25, to: 24, die: 1 });
      expect(p.steps.length).toBe(4);
    }
    // Spot checks written by hand: hitting on my 3 and a checker running all the way.
    const hitOn3 = applyNotation(position.board, 'bar/24 6/3*');
    expect(plays.some((p) => key(p.board) === key(hitOn3))).toBe(true);
    expect(plays.some((p) => key(p.board) === key(applyNotation(position.board, 'bar/21')))).toBe(true);
    expect(plays.some((p) => key(p.board) === key(applyNotation(position.board, 'bar/24 8/7(3)')))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------

describe('anchors-engine.md §4 bug class: a double is one play of four steps, not two half-turns (OpenSpiel #514)', () => {
  it('6-6 from the start: 11 plays, each of four steps and 24 pips, none a half-turn', () => {
    const start = startPosition();
    const plays = legalPlays(start, [6, 6]);
    expect(plays.length).toBe(11);
    for (const p of plays) {
      expect(p.steps.length).toBe(4);
      expect(p.steps.every((s) => s.die === 6)).toBe(true);
      expect(pipCount(start.board[0]) - pipCount(p.board[0])).toBe(24);
    }
    expect(moves(plays)).toContain('24/18(2) 13/7(2)');
    const half = applyNotation(start.board, '24/18(2)');
    expect(plays.some((p) => key(p.board) === key(half))).toBe(false);
  });

  it('1-1 with four checkers on the 1-point bears off all four (the OpenSpiel report)', () => {
    const position = short(side({ 1: 4 }), side({ 19: 2, 13: 13 }));
    const [play] = expectPlays(position, [1, 1], ['1/off(4)']);
    expect(play.steps.length).toBe(4);
    expect(play.board[0][0]).toBe(15);
  });

  it('a lone checker running a 2-2 is one play of four steps, 24/16', () => {
    const position = short(side({ 24: 1, 1: 14 }), side({ 12: 15 }));
    const [play] = expectPlays(position, [2, 2], ['24/16']);
    expect(play.steps.map((s) => s.to)).toEqual([22, 20, 18, 16]);
  });

  it('only three 3s playable: the play has three steps (24/15), the fourth is lost', () => {
    // My 12 is the opponent's 13 (two checkers): 24/21/18/15 then 15/12 is blocked; the 1-point checkers cannot move.
    const position = short(side({ 24: 1, 1: 14 }), side({ 13: 2, 6: 13 }));
    const [play] = expectPlays(position, [3, 3], ['24/15']);
    expect(play.steps.length).toBe(3);
  });
});

describe('anchors-engine.md §4 bug class: must use both dice / the larger die (pgx #1327 corner cases)', () => {
  it('either die alone but not both: the larger must be played (24/18, not 24/19)', () => {
    // 24/18 then 18/13 blocked (their 12); 24/19 then 19/13 blocked; their 2 (my 23) holds 13 checkers.
    const position = short(side({ 24: 1, 1: 14 }), side({ 12: 2, 2: 13 }));
    const [play] = expectPlays(position, [6, 5], ['24/18']);
    expect(play.steps).toEqual([{ from: 24, to: 18, die: 6, hit: false }]);
    expectReference(position, [6, 5]);
  });

  it('the larger die alone is blocked but the smaller first lets both play: 24/23/17 is forced', () => {
    // My 18 is their 7 (blocked); my 23 and my 17 are open.
    const position = short(side({ 24: 1, 1: 14 }), side({ 7: 2, 4: 13 }));
    const [play] = expectPlays(position, [6, 1], ['24/17']);
    expect(play.steps).toEqual([
      { from: 24, to: 23, die: 1, hit: false },
      { from: 23, to: 17, die: 6, hit: false },
    ]);
    expectReference(position, [6, 1]);
  });

  it('only the smaller die can be played at all: it is played (24/23), the larger is lost', () => {
    // My 18 (their 7) and my 17 (their 8) are blocked.
    const position = short(side({ 24: 1, 1: 14 }), side({ 7: 2, 8: 2, 4: 11 }));
    const [play] = expectPlays(position, [6, 1], ['24/23']);
    expect(play.steps).toEqual([{ from: 24, to: 23, die: 1, hit: false }]);
    expectReference(position, [6, 1]);
  });

  it('both dice only by two different checkers: 24/22 13/7 is the one play', () => {
    // Blocked: my 18 (their 7), my 16 (their 9), my 11 (their 14), my 5 (their 20).
    const position = short(side({ 24: 1, 13: 1, 1: 13 }), side({ 7: 2, 9: 2, 14: 2, 20: 2, 4: 7 }));
    expectPlays(position, [6, 2], ['24/22 13/7']);
    expectReference(position, [6, 2]);
  });

});

describe('anchors-engine.md §4 bug class: no false "only one move possible" (BSDGames #11)', () => {
  // The issue's diagram, white to move with 5-3: white on the bar, 3 on its 24, 1 on 22, home 6/5/3/2.
  const white = side({ 25: 1, 24: 3, 22: 1, 6: 3, 5: 2, 3: 2, 2: 3 });
  const red = side({ 7: 3, 6: 6, 13: 3, 18: 1, 24: 2 });
  const position = short(white, red);

  it('white has four plays with 5-3, not one: bar/17, bar/20 24/21, bar/20 6/3, bar/20 5/2', () => {
    // Red holds white's 19 (6), 18 (3), 12 (3) and 1 (2), and has a blot on white's 7.
    const plays = expectPlays(position, [5, 3], ['bar/17', 'bar/20 24/21', 'bar/20 6/3', 'bar/20 5/2']);
    for (const p of plays) expect(p.steps[0].from).toBe(25);
    expectReference(position, [5, 3]);
  });

  it('turnProgress does not call it forced and offers both entries', () => {
    const r = turnProgress(position, [5, 3], []);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.forced).toBe(false);
    expect(r.value.playCount).toBe(legalPlays(position, [5, 3]).length);
    expect(stepKeys(r.value.next)).toEqual(['25/20:5', '25/22:3']);
  });

  it('a genuinely forced roll is reported forced with its single step', () => {
    const forced = short(side({ 24: 1, 1: 14 }), side({ 12: 2, 2: 13 }));
    const r = turnProgress(forced, [6, 5], []);
    expect(r.ok && r.value.forced).toBe(true);
    expect(r.ok && r.value.playCount).toBe(1);
    expect(r.ok && stepKeys(r.value.next)).toEqual(['24/18:6']);
  });
});

describe('anchors-engine.md §4 bug class: bear-off logic (poulter7/backgammon-js #1), docs/rules/README.md §1.5', () => {
  const opp = (): SideCheckers => side({ 13: 15 }); // far away: my 12

  it('exact numbers bear off: 3-3 with two on the 3-point is 3/off(2) (two steps, the rest lost)', () => {
    const [play] = expectPlays(short(side({ 3: 2 }), opp()), [3, 3], ['3/off(2)']);
    expect(play.steps.length).toBe(2);
  });

  it('exact numbers, or moving inside instead: 6-5 with 6 and 5 → 6/off 5/off or 6/1 5/off', () => {
    expectPlays(short(side({ 6: 1, 5: 1 }), opp()), [6, 5], ['6/off 5/off', '6/1 5/off']);
  });

  it('a higher die bears off from the highest point only: 6-5 with 3 and 2 → 3/off 2/off', () => {
    expectPlays(short(side({ 3: 1, 2: 1 }), opp()), [6, 5], ['3/off 2/off']);
  });

  it('a lower die that cannot bear off must be played inside: 4-3 with 6 and 5 bears nothing off', () => {
    const plays = expectPlays(short(side({ 6: 1, 5: 1 }), opp()), [4, 3], ['6/2 5/2', '6/3 5/1']);
    for (const p of plays) expect(p.board[0][0]).toBe(13);
  });

  it('a die larger than the highest point bears off from it: 6-5 with 2 and 1 → 2/off 1/off', () => {
    const [play] = expectPlays(short(side({ 2: 1, 1: 1 }), opp()), [6, 5], ['2/off 1/off']);
    expect(play.board[0][0]).toBe(15);
  });

  it('bearing off after bringing the last checker home in the same turn: 6-2 with 8, 6, 5(13)', () => {
    expectPlays(short(side({ 8: 1, 6: 1, 5: 13 }), opp()), [6, 2], ['8/2 6/4', '8/2 5/3', '8/off']);
  });

  it('bringing the last checker home with the 6 then bearing off with the 3: 9/off is the only play', () => {
    const [play] = expectPlays(short(side({ 9: 1, 3: 14 }), opp()), [6, 3], ['9/off']);
    expect(play.board[0][0]).toBe(1);
  });

  it('no bear-off while a checker is outside: 6-6 with one on 13 and the rest home', () => {
    // 13/7/1 then the two remaining 6s bear off from 6 (exact) once all are home.
    const position = short(side({ 13: 1, 6: 2, 5: 12 }), side({ 1: 15 }, 15));
    expectPlays(position, [6, 6], ['13/1 6/off(2)']);
    expectReference(position, [6, 6]);
  });

  it('a checker hit during bear-off goes to the bar, and its side cannot bear off until it is home again', () => {
    // A bears off (2 on 6, 3 on 5, a blot on 3, 9 off); B, to move, is on the bar and enters on A's 3 with a 3.
    const a = side({ 6: 2, 5: 3, 3: 1 });
    const b = side({ 25: 1, 6: 14 });
    const bToMove = short(b, a);
    // With 3-1 B must use both dice: it enters hitting on its 22 (A's 3) and plays the 1 at home.
    const after = parsePlay('bar/22* 6/5', bToMove, [3, 1]);
    if (!after.ok) throw new Error(after.error.message);
    expect(after.value.board[1][25]).toBe(1);
    const aToMove: Position = { variant: 'short', board: swapSides(after.value.board) };
    expect(aToMove.board[0][25]).toBe(1);
    expect(aToMove.board[0][3]).toBe(0);
    for (const dice of ALL_ROLLS) {
      const plays = expectReference(aToMove, dice);
      for (const p of plays) {
        expect(p.steps[0].from, `${dice}`).toBe(25);
        expect(p.board[0][0], `${dice} ${p.move}`).toBe(9); // nothing borne off this turn
      }
    }
    // 6-6 cannot enter (B holds A's 19 with 14): no play at all.
    expect(legalPlays(aToMove, [6, 6])).toEqual([]);
  });

  it("hitting during one's own bear-off does not stop it: 4-2 → 6/2*/off, 6/2* 5/3, 6/4 5/1, 6/off", () => {
    // A: 6 and 5 at home, 13 off; B has a blot on A's 2 (its 23) and 14 on its 1 (A's 24).
    const position = short(side({ 6: 1, 5: 1 }), side({ 23: 1, 1: 14 }));
    expectPlays(position, [4, 2], ['6/2*/off', '6/2* 5/3', '6/4 5/1', '6/off']);
    expectReference(position, [4, 2]);
    // '6/off' (6/4/off) and '6/2*/off' leave my checkers alike; the hit mark tells them apart.
    const quiet = parsePlay('6/off', position, [4, 2]);
    const hit = parsePlay('6/2*/off', position, [4, 2]);
    expect(quiet.ok && quiet.value.board[1][25]).toBe(0);
    expect(hit.ok && hit.value.board[1][25]).toBe(1);
  });
});

describe('anchors-engine.md §4 bug class: auto bear-off must not stop when one die cannot bear off (t_games #194)', () => {
  it('checkers on 5 and 2, roll 4-2: the 2 still bears off (5/1 2/off), or 5/3/off', () => {
    const plays = expectPlays(short(side({ 5: 1, 2: 1 }), side({ 13: 15 })), [4, 2], ['5/1 2/off', '5/off']);
    for (const p of plays) expect(p.board[0][0]).toBe(14);
  });

  it('checkers on 5 and 3, roll 4-3: the 4 moves inside (5/1) and the 3 still bears off, or 5/2 3/off', () => {
    const plays = expectPlays(short(side({ 5: 1, 3: 1 }), side({ 13: 15 })), [4, 3], ['5/1 3/off', '5/2 3/off']);
    for (const p of plays) expect(p.board[0][0]).toBe(14);
  });
});

describe('anchors-engine.md §4 bug class: entering from the bar (docs/rules/short.md §3)', () => {
  const farOpp = (extra: Record<number, number> = {}): SideCheckers => side({ 12: 15 - Object.values(extra).reduce((a, n) => a + n, 0), ...extra });

  it('must enter first: for every roll, every play starts from the bar', () => {
    const position = short(side({ 25: 1, 24: 1, 13: 5, 8: 3, 6: 5 }), START());
    for (const dice of ALL_ROLLS) {
      const plays = expectReference(position, dice);
      // Their 6 (my 19) holds five checkers: only 6-6 cannot enter.
      expect(plays.length > 0, `${dice}`).toBe(!(dice[0] === 6 && dice[1] === 6));
      for (const p of plays) {
        expect(p.steps[0].from, `${dice} ${p.move}`).toBe(25);
        expect(p.board[0][25]).toBe(0);
      }
    }
  });

  it('partial entry loses the rest: two on the bar, 5-3 with my 20 closed → bar/22 only', () => {
    const position = short(side({ 25: 2, 6: 13 }), farOpp({ 5: 2 }));
    const [play] = expectPlays(position, [5, 3], ['bar/22']);
    expect(play.steps.length).toBe(1);
    expect(play.board[0][25]).toBe(1);
  });

  it('one checker enters and the other die plays elsewhere only after the bar is empty', () => {
    const position = short(side({ 25: 1, 6: 14 }), farOpp({ 5: 2 }));
    expectPlays(position, [5, 3], ['bar/22 6/1', 'bar/17']);
  });

  it('both dice enter two checkers: bar/23 bar/21', () => {
    const position = short(side({ 25: 2, 6: 13 }), farOpp({ 5: 2 }));
    const [play] = expectPlays(position, [4, 2], ['bar/23 bar/21']);
    expect(play.steps.map((s) => s.from)).toEqual([25, 25]);
  });

  it('a double with two on the bar enters both, then plays the other two 2s freely', () => {
    const position = short(side({ 25: 2, 6: 13 }), farOpp({ 5: 2 }));
    const plays = expectPlays(position, [2, 2], ['bar/21(2)', 'bar/23 bar/19', 'bar/23 bar/21 6/4', 'bar/23(2) 6/4(2)', 'bar/23(2) 6/2']);
    expectReference(position, [2, 2]);
    for (const p of plays) {
      expect(p.steps.length).toBe(4);
      expect(p.steps.slice(0, 2).every((s) => s.from === 25 && s.to === 23)).toBe(true);
    }
  });

  it('a double with three on the bar: 4-4 enters all three and plays the fourth 4', () => {
    const position = short(side({ 25: 3, 6: 12 }), farOpp());
    const plays = expectPlays(position, [4, 4], ['bar/21(3) 6/2', 'bar/21(2) bar/17']);
    for (const p of plays) expect(p.steps.slice(0, 3).every((s) => s.from === 25)).toBe(true);
  });

  it('a double with four on the bar enters four and nothing else: bar/22(4)', () => {
    expectPlays(short(side({ 25: 4, 6: 11 }), farOpp()), [3, 3], ['bar/22(4)']);
  });

  it('a double that cannot enter with two on the bar is no play at all', () => {
    expectPlays(short(side({ 25: 2, 6: 13 }), farOpp({ 5: 2 })), [5, 5], []);
  });

  it('a closed board is no play for every roll, and the turn is complete at once', () => {
    const position = short(side({ 25: 1, 13: 14 }), side({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 }));
    for (const dice of ALL_ROLLS) {
      expect(legalPlays(position, dice), `${dice}`).toEqual([]);
      expect(referencePlays(position.board, dice[0], dice[1])).toEqual([]);
      const r = turnProgress(position, dice, []);
      expect(r.ok && r.value.complete).toBe(true);
    }
  });
});

describe('docs/rules/short.md §3 Caucasian: a checker that hits in its home may not hide in the same turn', () => {
  // I have 12 on 13, one on 8, two on 2; the opponent has a blot on my 4 (its 21) and 14 on my 24 (its 1).
  const me = (): SideCheckers => side({ 13: 12, 8: 1, 2: 2 });
  const them = (): SideCheckers => side({ 21: 1, 1: 14 });
  const intl = short(me(), them(), { gameType: 'international' });
  const cauc = short(me(), them(), { gameType: 'caucasian' });

  it('4-2: international allows 8/4*/2 (hit, then onto my own checkers); Caucasian forbids only that play', () => {
    const i = expectReference(intl, [4, 2]);
    expect(moves(i)).toContain('8/4*/2');
    const c = legalPlays(cauc, [4, 2]);
    expect(moves(c)).toEqual(moves(i).filter((m) => m !== '8/4*/2'));
  });

  it('4-1: the hitter may go on to an empty point (8/4*/3) in the Caucasian game', () => {
    expect(moves(legalPlays(cauc, [4, 1]))).toContain('8/4*/3');
    expect(moves(legalPlays(cauc, [4, 1]))).toEqual(moves(expectReference(intl, [4, 1])));
  });
});

// ---------------------------------------------------------------------------------------------

describe('docs/rules/short.md §3 result: oin, mars, koks via gameResult', () => {
  const won = side({}); // all 15 off
  const result = (loser: SideCheckers, options: Partial<VariantOptions> = {}, winnerFirst = true) =>
    gameResult({ variant: 'short', board: winnerFirst ? [won, loser] : [loser, won], options });

  it('oin (1) when the loser has borne off at least one checker', () => {
    expect(result(side({ 6: 10, 20: 4 }))).toEqual({ winner: 0, kind: 'oin', points: 1 });
  });

  it('oin even with a checker on the bar or in the winner home, once the loser has borne one off', () => {
    expect(result(side({ 25: 1, 24: 1, 6: 12 }))).toEqual({ winner: 0, kind: 'oin', points: 1 });
  });

  it('mars (2) when the loser has borne off nothing and nothing is on the bar or in the winner home', () => {
    expect(result(side({ 18: 1, 6: 14 }))).toEqual({ winner: 0, kind: 'mars', points: 2 });
  });

  it('koks (3) with a loser checker on the bar', () => {
    expect(result(side({ 25: 1, 6: 14 }))).toEqual({ winner: 0, kind: 'koks', points: 3 });
  });

  it('koks (3) with a loser checker in the winner home (the loser points 19 and 24)', () => {
    expect(result(side({ 19: 1, 6: 14 }))).toEqual({ winner: 0, kind: 'koks', points: 3 });
    expect(result(side({ 24: 1, 6: 14 }))).toEqual({ winner: 0, kind: 'koks', points: 3 });
  });

  it('the winner may be board[1]', () => {
    expect(result(side({ 25: 1, 6: 14 }), {}, false)).toEqual({ winner: 1, kind: 'koks', points: 3 });
    expect(result(side({ 6: 14 }), {}, false)).toEqual({ winner: 1, kind: 'oin', points: 1 });
  });

  it('withMars false: every win is an oin of one point', () => {
    expect(result(side({ 18: 1, 6: 14 }), { withMars: false })).toEqual({ winner: 0, kind: 'oin', points: 1 });
    expect(result(side({ 25: 1, 6: 14 }), { withMars: false })).toEqual({ winner: 0, kind: 'oin', points: 1 });
    expect(result(side({ 19: 1, 6: 14 }), { gameType: 'caucasian', withMars: false })).toEqual({ winner: 0, kind: 'oin', points: 1 });
  });

  it('no result while nobody has borne off everything', () => {
    expect(gameResult(startPosition())).toBeUndefined();
    expect(isGameOver(startPosition())).toBe(false);
    expect(isGameOver({ variant: 'short', board: [won, side({ 6: 15 })] })).toBe(true);
  });
});

describe('docs/rules §2–§3 opening: openingThrow and nextGameStarter', () => {
  it('a tie throws again in both variants', () => {
    for (let d = 1; d <= 6; d++) {
      expect(openingThrow('short', d, d)).toEqual({ kind: 'tie' });
      expect(openingThrow('long', d, d)).toEqual({ kind: 'tie' });
    }
  });

  it('short: the higher die starts and plays both opening dice (never a double), larger first', () => {
    expect(openingThrow('short', 5, 3)).toEqual({ kind: 'start', starter: 0, dice: [5, 3] });
    expect(openingThrow('short', 3, 5)).toEqual({ kind: 'start', starter: 1, dice: [5, 3] });
    for (let a = 1; a <= 6; a++) {
      for (let b = 1; b <= 6; b++) {
        if (a === b) continue;
        const o = openingThrow('short', a, b);
        expect(o.kind === 'start' && o.starter).toBe(a > b ? 0 : 1);
        expect(o.kind === 'start' && o.dice).toEqual([Math.max(a, b), Math.min(a, b)]);
      }
    }
  });

  it('long: the higher die starts and rolls both dice again (dice null)', () => {
    expect(openingThrow('long', 2, 5)).toEqual({ kind: 'start', starter: 1, dice: null });
    expect(openingThrow('long', 6, 1)).toEqual({ kind: 'start', starter: 0, dice: null });
  });

  it('nextGameStarter: winner, alternate, toss', () => {
    expect(nextGameStarter('winner', { lastWinner: 1, lastStarter: 0 })).toBe(1);
    expect(nextGameStarter('winner', { lastWinner: 0, lastStarter: 1 })).toBe(0);
    expect(nextGameStarter('alternate', { lastWinner: 0, lastStarter: 0 })).toBe(1);
    expect(nextGameStarter('alternate', { lastWinner: 0, lastStarter: 1 })).toBe(0);
    expect(nextGameStarter('toss', { lastWinner: 1, lastStarter: 0 })).toBeNull();
    expect(nextGameStarter('winner', { lastWinner: null, lastStarter: 0 })).toBeNull(); // a draw: toss
  });

  it('defaults: short uses a new opening throw (toss), long the winner', () => {
    const s = resolveOptions(VARIANTS.short, {});
    const l = resolveOptions(VARIANTS.long, {});
    expect(s.ok && s.value.nextGameStarter).toBe('toss');
    expect(l.ok && l.value.nextGameStarter).toBe('winner');
  });
});

// ---------------------------------------------------------------------------------------------

describe('docs/rules/README.md §0 notation: parsePlay', () => {
  const start = startPosition();

  const parsed = (text: string, position: Position, dice: Dice): Play => {
    const r = parsePlay(text, position, dice);
    if (!r.ok) throw new Error(`${text}: ${r.error.kind} ${r.error.message}`);
    return r.value;
  };
  const errorKind = (text: string, position: Position, dice: Dice): string | undefined => {
    const r = parsePlay(text, position, dice);
    return r.ok ? undefined : r.error.kind;
  };

  it('accepts 24/18 13/11, 24-18 13-11 and the reversed order as the same play', () => {
    const want = key(applyNotation(start.board, '24/18 13/11'));
    for (const text of ['24/18 13/11', '24-18 13-11', '13/11 24/18', '13-11 24-18', '  24/18   13/11 ']) {
      expect(key(parsed(text, start, [6, 2]).board), text).toBe(want);
      expect(key(parsed(text, start, [2, 6]).board), text).toBe(want);
    }
    expect(parsed('24/18 13/11', start, [6, 2]).move).toBe('24/18 13/11');
  });

  it('8/4(2) and 13/11(2) 6/4(2) with 2-2 from the start', () => {
    expect(key(parsed('8/4(2)', start, [2, 2]).board)).toBe(key(applyNotation(start.board, '8/6(2) 6/4(2)')));
    expect(key(parsed('13/11(2) 6/4(2)', start, [2, 2]).board)).toBe(key(applyNotation(start.board, '13/11(2) 6/4(2)')));
  });

  describe('13/5 through a blot on 7 (empty 11) with 6-2', () => {
    // The opponent has moved one back checker to its 18 = my 7.
    const blot7 = short(START(), side({ 24: 1, 18: 1, 13: 5, 8: 3, 6: 5 }));

    it('the engine lists both: 13/7*/5 and 13/5', () => {
      const ms = moves(legalPlays(blot7, [6, 2]));
      expect(ms).toContain('13/7*/5');
      expect(ms).toContain('13/5');
    });

    it('13/5 picks the play that does not hit', () => {
      const p = parsed('13/5', blot7, [6, 2]);
      expect(p.board[1][25]).toBe(0);
      expect(key(p.board)).toBe(key(applyNotation(blot7.board, '13/11/5')));
    });

    it('13/7*/5 picks the hitting play', () => {
      const p = parsed('13/7*/5', blot7, [6, 2]);
      expect(p.board[1][25]).toBe(1);
      expect(p.board[1][18]).toBe(0);
      expect(key(p.board)).toBe(key(applyNotation(blot7.board, '13/7*/5')));
      expect(p.move).toBe('13/7*/5');
    });

    it('with blots on both 7 and 11, 13/5 is ambiguous-play listing both hits; 13/11*/5 is not', () => {
      const twoBlots = short(START(), side({ 24: 1, 18: 1, 14: 1, 13: 4, 8: 3, 6: 5 }));
      const r = parsePlay('13/5', twoBlots, [6, 2]);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.kind).toBe('ambiguous-play');
      if (r.error.kind !== 'ambiguous-play') return;
      expect(r.error.input).toBe('13/5');
      expect([...r.error.candidates].sort()).toEqual(['13/11*/5', '13/7*/5']);
      expect(key(parsed('13/11*/5', twoBlots, [6, 2]).board)).toBe(key(applyNotation(twoBlots.board, '13/11*/5')));
      expect(key(parsed('13/7*/5', twoBlots, [6, 2]).board)).toBe(key(applyNotation(twoBlots.board, '13/7*/5')));
    });
  });

  it('bar/22 and 25/22 enter from the bar; bar/16 and bar/22/16 join the two dice', () => {
    const onBar = short(side({ 25: 1, 24: 1, 13: 5, 8: 3, 6: 5 }), START());
    const want = key(applyNotation(onBar.board, 'bar/22 24/18'));
    for (const text of ['bar/22 24/18', '25/22 24/18', '24/18 bar/22', 'BAR/22 24/18', '25-22 24-18']) {
      expect(key(parsed(text, onBar, [6, 3]).board), text).toBe(want);
    }
    const run = key(applyNotation(onBar.board, 'bar/16'));
    for (const text of ['bar/16', '25/16', 'bar/22/16']) expect(key(parsed(text, onBar, [6, 3]).board), text).toBe(run);
  });

  it('6/off and 6/0 bear off', () => {
    const home = short(side({ 6: 1, 4: 1 }), side({ 13: 15 }));
    const want = key(applyNotation(home.board, '6/off 4/off'));
    expect(key(parsed('6/off 4/off', home, [6, 4]).board)).toBe(want);
    expect(key(parsed('6/0 4/0', home, [6, 4]).board)).toBe(want);
    expect(parsed('6/0 4/0', home, [6, 4]).board[0][0]).toBe(15);
    const four = short(side({ 6: 4 }), side({ 13: 15 }));
    expect(parsed('6/off(4)', four, [6, 6]).board[0][0]).toBe(15);
    expect(parsed('6/0 6/0 6/0 6/0', four, [6, 6]).board[0][0]).toBe(15);
  });

  it('a roll with no play: Ø, - and none pass; a pass when a play exists is illegal-play', () => {
    const closed = fromId('27YPAADgc/ADQA');
    for (const text of ['Ø', '-', 'none', 'NONE', 'ø']) {
      const p = parsed(text, closed, [6, 6]);
      expect(p.move, text).toBe('Ø');
      expect(p.steps).toEqual([]);
      expect(p.board).toEqual(closed.board);
    }
    expect(errorKind('Ø', start, [6, 2])).toBe('illegal-play');
    expect(errorKind('24/18', closed, [6, 6])).toBe('illegal-play');
  });

  it('errors are typed: invalid-notation for syntax, illegal-play for plays the rules forbid', () => {
    for (const text of ['hello', '24/30', '18/24', 'off/5', '13/bar', '24/18(7)', '24', '24//18']) {
      const r = parsePlay(text, start, [6, 2]);
      expect(r.ok, text).toBe(false);
      if (!r.ok) {
        expect(r.error.kind, text).toBe('invalid-notation');
        expect(r.error.input).toBe(text);
      }
    }
    expect(errorKind('24/20 13/11', start, [6, 2])).toBe('illegal-play'); // a 4 was not rolled
    expect(errorKind('24/18', start, [6, 2])).toBe('illegal-play'); // both dice must be used
    expect(errorKind('24/18 13/11 8/6', start, [6, 2])).toBe('illegal-play'); // three moves
    expect(errorKind('5/3 24/18', start, [6, 2])).toBe('illegal-play'); // no checker on 5
    expect(errorKind('24/18 24/16', start, [6, 2])).toBe('illegal-play'); // 24/16 is 8 pips
    expect(parsePlay('13/7 13/11', start, [6, 2]).ok).toBe(true);
  });
});

describe('docs/rules/README.md §0 notation: parseDice and formatDice', () => {
  it('reads 6-4, 6:4, 64, 6/4, 6x4 as [6, 4], and keeps the order as written', () => {
    for (const text of ['6-4', '6:4', '64', '6/4', '6x4', ' 6 - 4 ', '6X4']) expect(parseDice(text), text).toEqual({ ok: true, value: [6, 4] });
    expect(parseDice('4-6')).toEqual({ ok: true, value: [4, 6] });
    expect(parseDice('5:5')).toEqual({ ok: true, value: [5, 5] });
  });

  it('rejects non-rolls with invalid-dice', () => {
    for (const text of ['7-1', '0-3', '6', '6-4-2', 'hello', '', '6+4']) {
      const r = parseDice(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error.kind).toBe('invalid-dice');
    }
  });

  it('writes the larger die first', () => {
    expect(formatDice([4, 6])).toBe('6-4');
    expect(formatDice([6, 4])).toBe('6-4');
    expect(formatDice([1, 3])).toBe('3-1');
    expect(formatDice([5, 5])).toBe('5-5');
  });
});

// ---------------------------------------------------------------------------------------------

describe('turnProgress on short nardy (the chat buttons)', () => {
  const start = startPosition();
  const progress = (position: Position, dice: Dice, steps: readonly Step[]) => {
    const r = turnProgress(position, dice, steps);
    if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`);
    return r.value;
  };

  it('opening 3-1: every first step of a legal play is offered, 13/12 is not (their 13 holds my 12)', () => {
    const p = progress(start, [3, 1], []);
    expect(stepKeys(p.next)).toEqual(['13/10:3', '24/21:3', '24/23:1', '6/3:3', '6/5:1', '8/5:3', '8/7:1'].sort());
    expect(p.complete).toBe(false);
    expect(p.diceLeft.slice().sort()).toEqual([1, 3]);
    expect(p.playCount).toBe(16);
    expect(p.forced).toBe(false);
    expect(p.board).toEqual(start.board);
  });

  it('opening 3-1: after 8/5 the 1s are offered (5/4 included); after 6/5 the turn is 8/5 6/5', () => {
    const s1 = offered(progress(start, [3, 1], []).next, 8, 5, 3);
    const p1 = progress(start, [3, 1], [s1]);
    expect(stepKeys(p1.next)).toEqual(['24/23:1', '5/4:1', '6/5:1', '8/7:1'].sort());
    expect(p1.diceLeft).toEqual([1]);
    expect(p1.complete).toBe(false);
    expect(p1.play).toBeUndefined();
    expect(p1.board).toEqual(applyNotation(start.board, '8/5'));

    const s2 = offered(p1.next, 6, 5, 1);
    const p2 = progress(start, [3, 1], [s1, s2]);
    expect(p2.complete).toBe(true);
    expect(p2.next).toEqual([]);
    expect(p2.diceLeft).toEqual([]);
    expect(p2.play?.move).toBe('8/5 6/5');
    expect(p2.play?.board).toEqual(applyNotation(start.board, '8/5 6/5'));
    expect(p2.board).toEqual(p2.play?.board);

    // The other order reaches the same play.
    const t1 = offered(progress(start, [3, 1], []).next, 6, 5, 1);
    const t2 = offered(progress(start, [3, 1], [t1]).next, 8, 5, 3);
    expect(progress(start, [3, 1], [t1, t2]).play?.board).toEqual(p2.play?.board);
  });

  it('undo drops the last step and gives back the earlier state', () => {
    const s1 = offered(progress(start, [3, 1], []).next, 8, 5, 3);
    const p1 = progress(start, [3, 1], [s1]);
    const s2 = offered(p1.next, 6, 5, 1);
    expect(undoStep([s1, s2])).toEqual([s1]);
    expect(progress(start, [3, 1], undoStep([s1, s2]))).toEqual(p1);
    expect(progress(start, [3, 1], undoStep([s1]))).toEqual(progress(start, [3, 1], []));
    expect(undoStep([])).toEqual([]);
  });

  it('a step that begins no legal play is illegal-play', () => {
    const r = turnProgress(start, [3, 1], [{ from: 24, to: 20, die: 4, hit: false }]);
    expect(r.ok === false && r.error.kind).toBe('illegal-play');
    const r2 = turnProgress(start, [3, 1], [{ from: 13, to: 12, die: 1, hit: false }]);
    expect(r2.ok === false && r2.error.kind).toBe('illegal-play');
  });

  it('a double takes four steps: 6-6 is not complete after two', () => {
    const p0 = progress(start, [6, 6], []);
    expect(stepKeys(p0.next)).toEqual(['13/7:6', '24/18:6', '8/2:6'].sort());
    expect(p0.diceLeft).toEqual([6, 6, 6, 6]);
    const steps: Step[] = [];
    for (const [from, to] of [[24, 18], [24, 18], [13, 7], [13, 7]] as const) {
      const p = progress(start, [6, 6], steps);
      expect(p.complete, `after ${steps.length} steps`).toBe(false);
      expect(p.diceLeft.length).toBe(4 - steps.length);
      steps.push(offered(p.next, from, to, 6));
    }
    const done = progress(start, [6, 6], steps);
    expect(done.complete).toBe(true);
    expect(done.play?.move).toBe('24/18(2) 13/7(2)');
    expect(done.board).toEqual(applyNotation(start.board, '24/18(2) 13/7(2)'));
    expect(done.play?.board).toEqual(applyNotation(start.board, '24/18(2) 13/7(2)'));
  });

  it('a forced single play: only 24/18 is offered, then the turn is complete', () => {
    const forced = short(side({ 24: 1, 1: 14 }), side({ 12: 2, 2: 13 }));
    const p0 = progress(forced, [6, 5], []);
    expect(p0.forced).toBe(true);
    expect(p0.playCount).toBe(1);
    expect(stepKeys(p0.next)).toEqual(['24/18:6']);
    const p1 = progress(forced, [6, 5], [p0.next[0]]);
    expect(p1.complete).toBe(true);
    expect(p1.play?.move).toBe('24/18');
    expect(p1.diceLeft).toEqual([5]);
    // The 5 alone is not a beginning of the legal play.
    expect(turnProgress(forced, [6, 5], [{ from: 24, to: 19, die: 5, hit: false }]).ok).toBe(false);
  });

  it('a roll with no play is complete immediately, with no play and nothing offered', () => {
    const closed = fromId('27YPAADgc/ADQA');
    const p = progress(closed, [6, 6], []);
    expect(p).toMatchObject({ complete: true, next: [], play: undefined, playCount: 0, forced: true });
    expect(p.board).toEqual(closed.board);
    const r = turnProgress(closed, [6, 6], [{ from: 25, to: 19, die: 6, hit: false }]);
    expect(r.ok === false && r.error.kind).toBe('illegal-play');
  });

  it('hits are flagged on offered steps and applied to the board', () => {
    const blot7 = short(START(), side({ 24: 1, 18: 1, 13: 5, 8: 3, 6: 5 }));
    const p0 = progress(blot7, [6, 2], []);
    const hit = offered(p0.next, 13, 7, 6);
    expect(hit.hit).toBe(true);
    const p1 = progress(blot7, [6, 2], [hit]);
    expect(p1.board[1][25]).toBe(1);
    expect(p1.board).toEqual(applySteps(blot7.board, [hit], 'short'));
  });
});

describe('random positions: the engine equals the independent reference generator (international)', () => {
  it('300 random (position, roll) pairs from self-play', () => {
    fc.assert(
      fc.property(positionAndDiceArb('short'), ([sample, dice]) => {
        const position: Position = { ...sample.position, options: { ...sample.position.options, gameType: 'international' } };
        const plays = legalPlays(position, dice);
        expect(boardKeys(plays.map((p) => p.board))).toEqual(boardKeys(referencePlays(position.board, dice[0], dice[1])));
      }),
      { numRuns: 300 },
    );
  });
});
