import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkerCount, emptySide, opponentPoint, type Board, type Family, type SideCheckers } from '../../../src/engine/board.ts';
import { formatBoardJson, parseBoardJson } from '../../../src/engine/codecs/board-json.ts';

/** A side from `{ point: checkers }`; the rest of `checkers` is borne off. */
function side(points: Record<number, number>, checkers = 15): SideCheckers {
  const s = emptySide();
  for (const [p, n] of Object.entries(points)) s[Number(p)] = n;
  s[0] = checkers - checkerCount(s);
  return s;
}

const SHORT = { family: 'short' as const, checkers: 15 };
const LONG = { family: 'long' as const, checkers: 15 };
const SHORT_START = (): SideCheckers => side({ 24: 2, 13: 5, 8: 3, 6: 5 });
const LONG_START = (): SideCheckers => side({ 24: 15 });

/** Random legal boards of a family: `checkers` per side, no shared point, nobody on the bar in the long family. */
function legalBoard(family: Family, checkers = 15): fc.Arbitrary<Board> {
  const top = family === 'short' ? 25 : 24;
  const spots = fc.array(fc.integer({ min: 0, max: top }), { minLength: checkers, maxLength: checkers });
  return fc.tuple(spots, spots).map(([mine, theirs]) => {
    const me = emptySide();
    const them = emptySide();
    for (const p of mine) me[p]++;
    for (const q of theirs) them[q >= 1 && q <= 24 && taken(family, me, q) ? 0 : q]++; // a taken point sends it off
    return [me, them] as Board;
  });
}

/** True when the opponent's point q is one of my occupied points (q is in the opponent's numbering). */
function taken(family: Family, me: SideCheckers, q: number): boolean {
  for (let p = 1; p <= 24; p++) if (me[p] > 0 && opponentPoint(family, p) === q) return true;
  return false;
}

function expectError(r: ReturnType<typeof parseBoardJson>, message: RegExp, kind = 'invalid-position'): void {
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.kind).toBe(kind);
  expect(r.error.message).toMatch(message);
}

describe('docs/rules/README.md §0 project JSON board: [side to move, opponent], index 0 off, 1..24 points, 25 bar', () => {
  it('reads the short nardy start from a value and from JSON text', () => {
    const board: Board = [SHORT_START(), SHORT_START()];
    expect(parseBoardJson(board, SHORT)).toEqual({ ok: true, value: board });
    expect(parseBoardJson(formatBoardJson(board), SHORT)).toEqual({ ok: true, value: board });
  });

  it('reads the long nardy start: both heads on point 24, which is the other side\'s point 12', () => {
    expect(parseBoardJson([LONG_START(), LONG_START()], LONG)).toEqual({ ok: true, value: [LONG_START(), LONG_START()] });
  });

  it('writes compact JSON with no spaces', () => {
    const text = formatBoardJson([SHORT_START(), SHORT_START()]);
    expect(text).toBe('[[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0],[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0]]');
  });

  it('returns a copy: changing the result leaves the input alone', () => {
    const input: Board = [SHORT_START(), SHORT_START()];
    const r = parseBoardJson(input, SHORT);
    if (r.ok) r.value[0][6] = 99;
    expect(input[0][6]).toBe(5);
  });
});

describe('docs/rules/README.md §0 project JSON board: malformed boards are invalid-position errors naming the side and index', () => {
  const start = (): Board => [SHORT_START(), SHORT_START()];
  const cases: [string, unknown, RegExp][] = [
    ['text that is not JSON', '[[0,0', /not valid JSON/],
    ['a non-array', { me: [], them: [] }, /array of two sides/],
    ['three sides', [...start(), SHORT_START()], /array of two sides/],
    ['a side that is not an array', [SHORT_START(), 'x'], /opponent \(board\[1\]\) is not an array/],
    ['a side of 25 entries', [SHORT_START().slice(1), SHORT_START()], /side to move \(board\[0\]\) has 25 entries, expected 26/],
    ['a negative count', [SHORT_START().map((n, i) => (i === 3 ? -1 : n)), SHORT_START()], /has -1 at index 3, expected a non-negative integer/],
    ['a fractional count', [SHORT_START(), SHORT_START().map((n, i) => (i === 7 ? 0.5 : n))], /opponent \(board\[1\]\) has 0.5 at index 7/],
    ['a string count', [SHORT_START().map((n, i) => (i === 0 ? '0' : n)), SHORT_START()], /has "0" at index 0/],
    ['too many checkers', [side({ 6: 16 }, 16), SHORT_START()], /has 16 checkers in all \(off \+ points \+ bar\), expected 15/],
    ['too few checkers', [SHORT_START(), side({ 6: 5 }, 14)], /opponent \(board\[1\]\) has 14 checkers in all/],
    ['a point held by both sides', [side({ 6: 1 }), side({ 19: 1 })], /point 6 of the side to move \(board\[0\]\[6\]\) is also held by the opponent \(board\[1\]\[19\]\)/],
  ];
  for (const [what, value, message] of cases) {
    it(`rejects ${what}`, () => expectError(parseBoardJson(value, SHORT), message));
  }

  it('applies the long-family numbering: my point 1 is the opponent\'s point 13', () => {
    expectError(parseBoardJson([side({ 1: 1 }), side({ 13: 1 })], LONG), /point 1 of the side to move \(board\[0\]\[1\]\) is also held by the opponent \(board\[1\]\[13\]\)/);
    expect(parseBoardJson([side({ 1: 1 }), side({ 24: 1 })], LONG).ok).toBe(true); // legal in long, 24 is my 12
    expectError(parseBoardJson([side({ 1: 1 }), side({ 24: 1 })], SHORT), /point 1 .*\(board\[1\]\[24\]\)/);
  });

  it('refuses a checker on the bar in the long family (no hitting), naming the side', () => {
    expectError(parseBoardJson([LONG_START(), side({ 25: 1, 24: 14 })], LONG), /opponent \(board\[1\]\) has 1 on the bar \(index 25\)/);
    expect(parseBoardJson([SHORT_START(), side({ 25: 1, 24: 1, 13: 5, 8: 3, 6: 5 })], SHORT).ok).toBe(true);
  });

  it('quotes the input, even one JSON cannot print', () => {
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    const r = parseBoardJson(cyclic, SHORT);
    expect(r.ok === false && r.error.input).toBe('[object Array]');
    const bad = parseBoardJson([[1], [2]], SHORT);
    expect(bad.ok === false && bad.error.input).toBe('[[1],[2]]');
  });

  it('refuses a checkers rule that is not a positive integer as an invalid option', () => {
    expectError(parseBoardJson([SHORT_START(), SHORT_START()], { family: 'short', checkers: 0 }), /positive integer/, 'invalid-option');
  });
});

describe('docs/rules/README.md §0 project JSON board: parse and format are inverse on legal boards', () => {
  for (const family of ['short', 'long'] as const) {
    it(`reads back every random legal ${family}-family board of 15 checkers`, () => {
      fc.assert(fc.property(legalBoard(family), (board) => {
        expect(parseBoardJson(formatBoardJson(board), { family, checkers: 15 })).toEqual({ ok: true, value: board });
      }), { numRuns: 300 });
    });
  }
});
