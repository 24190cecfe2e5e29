/**
 * Issue 10: the net's expert inputs agree with what players count by hand (the shot table of
 * backgammon books), and widening a net to read them leaves its play unchanged.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ExpertScratch, INPUTS, RAW_INPUTS, encode, encodeExpert, newFeatures } from '../../src/ai/features.ts';
import { Net, widen } from '../../src/ai/net.ts';
import { seededRandom } from '../../src/ai/random.ts';

/** Generator layout: the side that has just moved at 0..25 (0 off, 25 bar), the side to roll at 26..51, each in its own numbering. */
function board(mover: Record<number, number>, toRoll: Record<number, number>): Int8Array {
  const b = new Int8Array(52);
  for (const [p, n] of Object.entries(mover)) b[Number(p)] = n;
  for (const [q, n] of Object.entries(toRoll)) b[26 + Number(q)] = n;
  return b;
}

function expert(b: Int8Array, short: boolean): number[] {
  const f = encodeExpert(b, 0, encode(b, 0, newFeatures()), short, new ExpertScratch());
  const out = new Array<number>(INPUTS - RAW_INPUTS).fill(0);
  for (let k = 0; k < f.count; k++) if (f.index[k] >= RAW_INPUTS) out[f.index[k] - RAW_INPUTS] = f.value[k];
  return out;
}

/** The mover's blot on its point 20, one opponent checker `distance` pips behind it (my point 20 − distance is its 5 + distance). */
const shotAt = (distance: number, extra: Record<number, number> = {}) =>
  Math.round(36 * expert(board({ 20: 1, 1: 14 - (extra[1] ?? 0), ...extra }, { [5 + distance]: 1, 1: 14 }), true)[0]);

/**
 * Shots counted roll by roll, as a player does (and as `shots` did before it kept a mask of the
 * rolls): for each of the 21 rolls, does some shooter reach some blot? `mine` and `theirs` in the
 * blot owner's numbering, the shooter moving upwards from its bar at 0.
 */
function shotsByRoll(mine: number[], theirs: number[]): number {
  const barred = theirs[0] > 0;
  let hit = 0;
  for (let d1 = 1; d1 <= 6; d1++) {
    for (let d2 = d1; d2 <= 6; d2++) {
      let any = false;
      for (let p = 1; p <= 24 && !any; p++) {
        if (mine[p] !== 1) continue;
        for (let x = 0; x < p && !any; x++) {
          if (theirs[x] === 0 || (barred && x > 0)) continue;
          const dist = p - x;
          if (d1 === d2) {
            if (dist % d1 !== 0 || dist > 4 * d1) continue;
            let open = true;
            for (let land = x + d1; land < p; land += d1) if (mine[land] >= 2) open = false;
            any = open;
          } else any = dist === d1 || dist === d2 || (dist === d1 + d2 && (mine[x + d1] < 2 || mine[x + d2] < 2));
        }
      }
      if (any) hit += d1 === d2 ? 1 : 2;
    }
  }
  return hit;
}

/** One side's view of a generator board for `shotsByRoll`: its own points, and the other side's at 25 − q (its bar at 0). */
function view(b: Int8Array, side: number): [number[], number[]] {
  const me = side * 26, them = (1 - side) * 26;
  const mine = Array.from(b.subarray(me, me + 26));
  const theirs = new Array<number>(26).fill(0);
  theirs[0] = b[them + 25];
  for (let q = 1; q <= 24; q++) theirs[25 - q] = b[them + q];
  return [mine, theirs];
}

describe('issue 10: expert inputs of the net', () => {
  it('counts the shots at either side\'s blots as a count roll by roll does, on any board', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(0, 0, 0, 1, 1, 2, 3), { minLength: 52, maxLength: 52 }), (cells) => {
      const b = Int8Array.from(cells);
      const x = expert(b, true);
      expect(Math.round(36 * x[0])).toBe(shotsByRoll(...view(b, 0)));
      expect(Math.round(36 * x[3])).toBe(shotsByRoll(...view(b, 1)));
    }), { numRuns: 2000 });
  });

  it('counts shots at a blot as the books do: 11 rolls from 1 away, 17 from 6, 6 from 7, 2 from 11, 3 from 12', () => {
    expect([1, 6, 7, 11, 12].map((d) => shotAt(d))).toEqual([11, 17, 6, 2, 3]);
  });

  it('a point in between blocks the rolls that would land on it', () => {
    // 6 away with my point 3 pips in front of the shooter: 3-3 no longer hits (17 → 16).
    expect(shotAt(6, { 17: 2, 1: 2 })).toBe(16);
  });

  it('reads the long-nardy start: each side holds one point in the other\'s way and can play every die', () => {
    const start = board({ 24: 15 }, { 24: 15 });
    expect(expert(start, false).slice(0, 6).map((x) => Math.round(x * 6))).toEqual([1, 0, 6, 1, 0, 6]);
  });

  it('widening a net leaves its outputs unchanged', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e6 }), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 52, maxLength: 52 }), (seed, cells) => {
      const narrow = new Net(RAW_INPUTS, 8);
      narrow.randomize(seededRandom(seed), 0.3);
      const wide = widen(narrow, INPUTS, 12, seededRandom(seed + 1));
      const b = Int8Array.from(cells);
      const before = Array.from(narrow.forward(encode(b, 0, newFeatures())));
      const after = Array.from(wide.forward(encodeExpert(b, 0, encode(b, 0, newFeatures()), true, new ExpertScratch())));
      after.forEach((x, m) => expect(x).toBeCloseTo(before[m], 6));
    }), { numRuns: 50 });
  });
});
