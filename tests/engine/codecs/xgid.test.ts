import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkerCount, emptySide, type Board, type SideCheckers } from '../../../src/engine/board.ts';
import { parsePositionId } from '../../../src/engine/codecs/position-id.ts';
import { formatXgid, parseXgid, type XgidInfo } from '../../../src/engine/codecs/xgid.ts';

/** A side from `{ point: checkers }`; the rest of 15 is borne off. */
function side(points: Record<number, number>): SideCheckers {
  const s = emptySide();
  for (const [p, n] of Object.entries(points)) s[Number(p)] = n;
  s[0] = 15 - checkerCount(s);
  return s;
}

const START = (): SideCheckers => side({ 24: 2, 13: 5, 8: 3, 6: 5 });
const MONEY: XgidInfo = { cubeValue: 1, cubeOwner: 'center', score: [0, 0], matchLength: 0, crawford: false, jacoby: false, maxCube: 1024 };

/** Random legal short-family boards: 15 checkers per side over points, bar and off, no shared point. */
const shortBoard: fc.Arbitrary<Board> = fc
  .tuple(...[0, 1].map(() => fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 15, maxLength: 15 })))
  .map(([mine, theirs]) => {
    const me = emptySide();
    const them = emptySide();
    for (const p of mine) me[p]++;
    for (const q of theirs) them[q >= 1 && q <= 24 && me[25 - q] > 0 ? 0 : q]++; // a taken point sends it off
    return [me, them] as Board;
  });

/** Random match contexts an XGID can say: money (Jacoby allowed) or a match (Crawford allowed). */
const xgidInfo: fc.Arbitrary<XgidInfo> = fc
  .record({
    dice: fc.option(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 })), { nil: undefined }),
    cubeValue: fc.integer({ min: 0, max: 12 }).map((e) => 2 ** e),
    cubeOwner: fc.constantFrom('center' as const, 'me' as const, 'opponent' as const),
    matchLength: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 25 })),
    flag: fc.boolean(),
    scores: fc.tuple(fc.nat(24), fc.nat(24)),
    maxCube: fc.option(fc.integer({ min: 0, max: 15 }).map((e) => 2 ** e), { nil: undefined }),
  })
  .map(({ dice, cubeValue, cubeOwner, matchLength, flag, scores, maxCube }) => {
    const score: [number, number] = matchLength > 0 ? [scores[0] % matchLength, scores[1] % matchLength] : scores;
    const info: XgidInfo = { cubeValue, cubeOwner, score, matchLength, crawford: matchLength > 0 && flag, jacoby: matchLength === 0 && flag };
    if (dice) info.dice = dice;
    if (maxCube) info.maxCube = maxCube;
    return info;
  });

/** The same XGID written from the other player's chair: position turned round, cases and turn swapped. */
function fromTheTop(xgid: string): string {
  const [pos, cube, owner, turn, ...rest] = xgid.replace('XGID=', '').split(':');
  const swapped = [...pos].reverse().map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  const [dice, s1, s2, ...tail] = rest;
  return `XGID=${swapped}:${cube}:${-Number(owner)}:${-Number(turn)}:${[dice, s2, s1, ...tail].join(':')}`;
}

describe('docs/rules/README.md §0 XGID: uppercase is the bottom player, the 26 characters run from the top bar to the bottom bar', () => {
  // Source: Fortuitous/CubeViz js/bgLog/bglogCore-2010C-JB-CC-svg.js, `xgStartPos` (eXtreme Gammon's
  // start position); decoded by hand with gnubg's PositionFromXG (carsten-wenderdel/gnubg-fast-export positionid.c).
  it('writes the start position, money play, as XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10', () => {
    expect(formatXgid([START(), START()])).toBe('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10');
    expect(parseXgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10')).toEqual({ ok: true, value: { board: [START(), START()], info: MONEY } });
  });

  // Source: ch-suginami/MakeGammonBoard README.md — "start position, 7-point match, score 0-0, white
  // (bottom) to play, first roll 64": XGID=-b----E-C---eE---c-e----B-:0:0:1:64:0:0:0:7:3.
  it('reads the MakeGammonBoard vector as the start, bottom to play 6-4 in a 7-point match with an 8 cube limit', () => {
    const text = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:64:0:0:0:7:3';
    const info: XgidInfo = { dice: [6, 4], cubeValue: 1, cubeOwner: 'center', score: [0, 0], matchLength: 7, crawford: false, jacoby: false, maxCube: 8 };
    expect(parseXgid(text)).toEqual({ ok: true, value: { board: [START(), START()], info } });
    expect(formatXgid([START(), START()], info)).toBe(text);
  });

  // A match-play example quoted in public XGID notes, decoded by hand: turn -1, so the lowercase
  // (top) player is on roll with 6-3; the cube (2) is owned by the bottom player; bottom 4, top 3 in a 5-point match.
  it('puts the top player on roll in board[0] when the turn field is -1, with cube and score turned round too', () => {
    const r = parseXgid('XGID=---BBBBAAA---Ac-bbccbAA-A-:1:1:-1:63:4:3:0:5:8');
    const top = side({ 11: 3, 9: 2, 8: 2, 7: 3, 6: 3, 5: 2 });
    const bottom = side({ 3: 2, 4: 2, 5: 2, 6: 2, 7: 1, 8: 1, 9: 1, 13: 1, 21: 1, 22: 1, 24: 1 });
    const info: XgidInfo = { dice: [6, 3], cubeValue: 2, cubeOwner: 'opponent', score: [3, 4], matchLength: 5, crawford: false, jacoby: false, maxCube: 256 };
    expect(r).toEqual({ ok: true, value: { board: [top, bottom], info } });
  });

  it('agrees with the Position ID on who is on the bar: 4HPwATDgc/ABUA is -b----E-C---eE---c-e----AA', () => {
    const r = parsePositionId('4HPwATDgc/ABUA');
    expect(r.ok && formatXgid(r.value)).toBe('XGID=-b----E-C---eE---c-e----AA:0:0:1:00:0:0:0:0:10');
  });

  it('writes the top bar first and the bottom bar last', () => {
    const board: Board = [side({ 25: 2, 1: 1 }), side({ 25: 3 })];
    expect(formatXgid(board).slice(5, 31)).toBe('cA-----------------------B');
  });

  it('reads the money flags: 1 Jacoby, 3 Jacoby with beavers (the beaver bit is dropped)', () => {
    const j = parseXgid('XGID=-b----E-C---eE---b-d-b--B-:0:0:1:46:0:0:3:0:10');
    expect(j.ok && j.value.info.jacoby).toBe(true);
    expect(j.ok && j.value.info.dice).toEqual([4, 6]);
  });

  it('accepts whitespace, a missing or lowercase XGID= prefix, and a missing max cube field (read as 1024)', () => {
    const expected = parseXgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10');
    expect(parseXgid('  -b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10\n')).toEqual(expected);
    expect(parseXgid('xgid=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10')).toEqual(expected);
    expect(parseXgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0')).toEqual(expected);
  });
});

describe('docs/rules/README.md §0 XGID: malformed texts are typed errors quoting the input', () => {
  const S = '-b----E-C---eE---c-e----B-';
  const cases: [string, string, string, RegExp][] = [
    ['too few fields', `XGID=${S}:0:0:1:00:0:0:0`, 'invalid-notation', /8 or 9 fields/],
    ['too many fields', `XGID=${S}:0:0:1:00:0:0:0:0:10:1`, 'invalid-notation', /8 or 9 fields/],
    ['a 25-character position', `XGID=${S.slice(1)}:0:0:1:00:0:0:0:0:10`, 'invalid-position', /26 characters, found 25/],
    ['a character outside -, A..P, a..p', `XGID=-b----E-C---eE---c-e----Q-:0:0:1:00:0:0:0:0:10`, 'invalid-position', /character "Q" at position 25/],
    ['bottom checkers on the top bar', `XGID=Ab----E-C---eE---c-e----A-:0:0:1:00:0:0:0:0:10`, 'invalid-position', /top player's bar/],
    ['top checkers on the bottom bar', `XGID=-a----E-C---eE---c-e----Ba:0:0:1:00:0:0:0:0:10`, 'invalid-position', /bottom player's bar/],
    ['16 checkers for one side', `XGID=-b----F-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10`, 'invalid-position', /bottom \(uppercase\) player has 16 checkers/],
    ['turn 0', `XGID=${S}:0:0:0:00:0:0:0:0:10`, 'invalid-notation', /turn must be 1/],
    ['a negative cube exponent', `XGID=${S}:-1:0:1:00:0:0:0:0:10`, 'invalid-notation', /cube must be an exponent/],
    ['a cube exponent of 16', `XGID=${S}:16:0:1:00:0:0:0:0:10`, 'invalid-notation', /cube must be an exponent/],
    ['a cube owner of 2', `XGID=${S}:1:2:1:00:0:0:0:0:10`, 'invalid-notation', /cube owner must be/],
    ['a max cube of x', `XGID=${S}:0:0:1:00:0:0:0:0:x`, 'invalid-notation', /max cube must be/],
    ['a pending double', `XGID=${S}:1:0:1:D:0:0:0:0:10`, 'invalid-dice', /double is pending/],
    ['a die of 7', `XGID=${S}:0:0:1:71:0:0:0:0:10`, 'invalid-dice', /two digits 1..6/],
    ['a single die', `XGID=${S}:0:0:1:5:0:0:0:0:10`, 'invalid-dice', /two digits 1..6/],
    ['a score that already won the match', `XGID=${S}:0:0:1:00:7:2:0:7:10`, 'invalid-notation', /already ended a match to 7/],
    ['a Crawford field of 2 in a match', `XGID=${S}:0:0:1:00:6:2:2:7:10`, 'invalid-notation', /Crawford field is 0 or 1/],
    ['a money flag of 4', `XGID=${S}:0:0:1:00:0:0:4:0:10`, 'invalid-notation', /Jacoby\/beaver field is 0..3/],
    ['a negative match length', `XGID=${S}:0:0:1:00:0:0:0:-3:10`, 'invalid-notation', /match length must be/],
    ['a non-numeric score', `XGID=${S}:0:0:1:00:a:0:0:0:10`, 'invalid-notation', /scores must be/],
  ];
  for (const [what, text, kind, message] of cases) {
    it(`rejects ${what}`, () => {
      const r = parseXgid(text);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.kind).toBe(kind);
      expect(r.error.input).toBe(text);
      expect(r.error.message).toContain(`"${text}"`);
      expect(r.error.message).toMatch(message);
    });
  }

  it('refuses to write what an XGID cannot say (a bug in the caller, not bad input)', () => {
    const start: Board = [START(), START()];
    expect(() => formatXgid(start, { ...MONEY, cubeValue: 3 })).toThrow(/not 3/);
    expect(() => formatXgid(start, { ...MONEY, crawford: true })).toThrow(/Crawford in money/);
    expect(() => formatXgid(start, { ...MONEY, matchLength: 5, jacoby: true })).toThrow(/Jacoby in a match/);
    expect(() => formatXgid(start, { ...MONEY, dice: [0, 3] })).toThrow(/not 0/);
    expect(() => formatXgid([side({ 6: 1 }), side({ 19: 1 })])).toThrow(/both sides hold point 6/);
  });
});

describe('docs/rules/README.md §0 XGID: parse and format are inverse, and the side on roll is board[0] whatever the turn field', () => {
  it('reads back every random legal short-family board with random match context', () => {
    fc.assert(fc.property(shortBoard, xgidInfo, (board, info) => {
      expect(parseXgid(formatXgid(board, info))).toEqual({ ok: true, value: { board, info: { ...info, maxCube: info.maxCube ?? 1024 } } });
    }), { numRuns: 500 });
  });

  it('reads the same board and context from an XGID written from the other chair (turn -1)', () => {
    fc.assert(fc.property(shortBoard, xgidInfo, (board, info) => {
      const text = formatXgid(board, info);
      expect(parseXgid(fromTheTop(text))).toEqual(parseXgid(text));
    }), { numRuns: 300 });
  });

  it('writes back the same text it reads when the side to move is at the bottom', () => {
    fc.assert(fc.property(shortBoard, xgidInfo, (board, info) => {
      const text = formatXgid(board, info);
      const r = parseXgid(text);
      expect(r.ok && formatXgid(r.value.board, r.value.info)).toBe(text);
    }));
  });
});
