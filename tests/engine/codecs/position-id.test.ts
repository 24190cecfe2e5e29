import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BAR, checkerCount, emptySide, type Board, type SideCheckers } from '../../../src/engine/board.ts';
import { formatPositionId, parsePositionId } from '../../../src/engine/codecs/position-id.ts';

/** A side from `{ point: checkers }`; the rest of `checkers` is borne off. */
function side(points: Record<number, number>, checkers = 15): SideCheckers {
  const s = emptySide();
  for (const [p, n] of Object.entries(points)) s[Number(p)] = n;
  s[0] = checkers - checkerCount(s);
  return s;
}

const START = (): SideCheckers => side({ 24: 2, 13: 5, 8: 3, 6: 5 });

/** Random legal short-family boards: `checkers` per side over points, bar and off, no shared point. */
function shortBoard(checkers = 15): fc.Arbitrary<Board> {
  const spots = fc.array(fc.integer({ min: 0, max: 25 }), { minLength: checkers, maxLength: checkers });
  return fc.tuple(spots, spots).map(([mine, theirs]) => {
    const me = emptySide();
    const them = emptySide();
    for (const p of mine) me[p]++;
    for (const q of theirs) them[q >= 1 && q <= 24 && me[25 - q] > 0 ? 0 : q]++; // a taken point sends it off
    return [me, them] as Board;
  });
}

/** The Position ID of a raw bit list (bit i → byte i >> 3, bit i & 7), for malformed keys. */
function idFromBits(bits: number[]): string {
  const bytes = Buffer.alloc(10);
  bits.forEach((b, i) => {
    if (b) bytes[i >> 3] |= 1 << (i & 7);
  });
  return bytes.toString('base64').slice(0, 14);
}

/** The position IDs of anchors-engine.md §2.4 (gnubg == reference), side not on roll first. */
const TABLE_2_4 = [
  '/j8AAwD/PwAAIA', 'wADw/wH/PwAAIA', 'AAD8/wEhAAAAAA', 'AAD8/wEaAAAAAA', '4HPwATDgc/ABUA',
  'AIDx/wH/PwAAIA', '4HPwARTgc/ABUA', '27YPAADgc/ADQA', '8N4ZAAbg/xMAIA',
];

describe('docs/rules/README.md §0 gnubg Position ID: gnubg 1.07 encodes the side not on roll first', () => {
  it('encodes the starting position as 4HPwATDgc/ABMA', () => {
    expect(formatPositionId([START(), START()])).toBe('4HPwATDgc/ABMA');
  });

  it('encodes side A first after A plays 24/21 13/9 and B is to move (4HPhASLgc/ABMA)', () => {
    const a = side({ 24: 1, 21: 1, 13: 4, 9: 1, 8: 3, 6: 5 });
    const board: Board = [START(), a];
    expect(formatPositionId(board)).toBe('4HPhASLgc/ABMA');
    expect(parsePositionId('4HPhASLgc/ABMA')).toEqual({ ok: true, value: board });
  });

  it('decodes 4HPwATDgc/ABUA with the side to move on the bar (the decisive side-order test)', () => {
    const r = parsePositionId('4HPwATDgc/ABUA');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value[0][BAR]).toBe(1);
    expect(r.value[1][BAR]).toBe(0);
    expect(r.value).toEqual([side({ 25: 1, 24: 1, 13: 5, 8: 3, 6: 5 }), START()]);
  });

  it('decodes every §2.4 table ID to a legal position that encodes back to the same ID', () => {
    for (const id of TABLE_2_4) {
      const r = parsePositionId(id);
      expect(r.ok, id).toBe(true);
      if (!r.ok) continue;
      for (const s of r.value) expect(checkerCount(s)).toBe(15);
      for (let p = 1; p <= 24; p++) expect(r.value[0][p] > 0 && r.value[1][25 - p] > 0, `${id} point ${p}`).toBe(false);
      expect(formatPositionId(r.value)).toBe(id);
    }
  });

  it('decodes the closed-board vector 27YPAADgc/ADQA as the mover on the bar against six made home points', () => {
    const r = parsePositionId('27YPAADgc/ADQA');
    expect(r.ok && r.value[0][BAR]).toBe(1);
    if (!r.ok) return;
    for (let p = 1; p <= 6; p++) expect(r.value[1][p]).toBeGreaterThanOrEqual(2);
  });

  it('does not encode borne-off checkers: the count off follows from checkersPerSide', () => {
    const r = parsePositionId('AAAAAAAAAAAAAA', 3);
    expect(r).toEqual({ ok: true, value: [side({}, 3), side({}, 3)] });
  });

  it('accepts surrounding whitespace and a :MatchID suffix', () => {
    expect(parsePositionId('  4HPwATDgc/ABMA \n')).toEqual(parsePositionId('4HPwATDgc/ABMA'));
    expect(parsePositionId('4HPwATDgc/ABMA:cAkAAAAAAAAA')).toEqual(parsePositionId('4HPwATDgc/ABMA'));
  });
});

describe('docs/rules/README.md §0 gnubg Position ID: malformed IDs are invalid-position errors quoting the input', () => {
  const cases: [string, string, RegExp][] = [
    ['too short', '4HPwATDgc/ABM', /14 characters, found 13/],
    ['too long', '4HPwATDgc/ABMAA', /14 characters, found 15/],
    ['empty', '', /14 characters, found 0/],
    ['a character outside base64', '4HPwATDgc/AB-A', /character "-" at position 13/],
    ['base64 padding inside the ID', '4HPwATDgc=ABMA', /character "=" at position 10/],
    ['a bad Match ID after the colon', '4HPwATDgc/ABMA:xyz', /not a 12-character Match ID/],
    ['two colons', '4HPwATDgc/ABMA:cAkAAAAAAAAA:x', /more than one colon/],
    ['bits set beyond the 80-bit key', '4HPwATDgc/ABMB', /trailing garbage/],
    ['a key that never closes its points', '//////////////', /key ends before/],
    ['a set bit after both sides are complete', idFromBits([...new Array(50).fill(0), 0, 0, 1]), /bit 52 is set after both sides/],
    ['16 checkers for one side', formatPositionId([side({ 6: 14 }), side({ 6: 16 }, 16)]), /the side not on roll has 16 checkers/],
    ['a point held by both sides', formatPositionId([side({ 6: 1 }), side({ 19: 1 })]), /point 6 of the side to move is also held by the opponent \(its point 19\)/],
  ];
  for (const [what, id, message] of cases) {
    it(`rejects ${what}`, () => {
      const r = parsePositionId(id);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.kind).toBe('invalid-position');
      expect(r.error.input).toBe(id);
      expect(r.error.message).toContain(`"${id}"`);
      expect(r.error.message).toMatch(message);
    });
  }

  it('rejects a side with more checkers than checkersPerSide allows', () => {
    const r = parsePositionId('4HPwATDgc/ABMA', 14);
    expect(r.ok === false && r.error.message).toMatch(/15 checkers on the board and bar, more than 14/);
  });

  it('refuses a checkersPerSide outside 1..15 as an invalid option', () => {
    for (const n of [0, 16, 2.5]) {
      const r = parsePositionId('4HPwATDgc/ABMA', n);
      expect(r.ok === false && r.error.kind).toBe('invalid-option');
    }
  });
});

describe('docs/rules/README.md §0 gnubg Position ID: parse and format are inverse on legal boards', () => {
  it('reads back every random legal short-family board of 15 checkers', () => {
    fc.assert(fc.property(shortBoard(), (board) => {
      const id = formatPositionId(board);
      expect(id).toMatch(/^[A-Za-z0-9+/]{14}$/);
      expect(parsePositionId(id)).toEqual({ ok: true, value: board });
    }), { numRuns: 500 });
  });

  it('reads back random boards with fewer checkers per side (hypergammon and friends)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 15 }).chain((n) => fc.tuple(fc.constant(n), shortBoard(n))), ([n, board]) => {
      expect(parsePositionId(formatPositionId(board), n)).toEqual({ ok: true, value: board });
    }));
  });

  it('gives the swapped board a different ID unless both sides are alike', () => {
    fc.assert(fc.property(shortBoard(), (board) => {
      const same = board[0].every((n, i) => n === board[1][i]);
      expect(formatPositionId([board[1], board[0]]) === formatPositionId(board)).toBe(same);
    }));
  });
});
