/**
 * The net evaluated from a nearby position's sums and the inputs where the two differ
 * (`forwardDelta`, what the search does for the plays of one roll) gives the outputs of a full
 * evaluation, for any two positions; the differences read from the changed points (`rawDelta`)
 * are those of the two full encodings; and the strong level's plays do not change with it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ExpertScratch, INPUTS, RAW_INPUTS, encode, encodeExpert, newFeatures, rawDelta, type Features } from '../../src/ai/features.ts';
import { Net } from '../../src/ai/net.ts';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { BOARD, Searcher, aiRules, seededRandom, swapInto, wonPoints } from '../../src/ai/index.ts';
import { startBoard } from '../../src/engine/index.ts';
import { diceArb } from '../arbitraries.ts';

const cellsArb = fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 52, maxLength: 52 });
const features = (b: Int8Array) => encodeExpert(b, 0, encode(b, 0, newFeatures()), true, new ExpertScratch());

/** Sparse features as a dense vector of `n` inputs. */
function dense(f: Features, n: number): number[] {
  const v = new Array<number>(n).fill(0);
  for (let k = 0; k < f.count; k++) v[f.index[k]] += f.value[k];
  return v;
}

/** The inputs where `b`'s features differ from `a`'s, as (input, change). */
function difference(a: Features, b: Features): Features {
  const va = dense(a, INPUTS), vb = dense(b, INPUTS), d = newFeatures();
  for (let i = 0; i < INPUTS; i++) if (va[i] !== vb[i]) { d.index[d.count] = i; d.value[d.count++] = vb[i] - va[i]; }
  return d;
}

describe('evaluating a play from the position before it', () => {
  it('gives the outputs of a full evaluation, for any two positions', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e6 }), cellsArb, cellsArb, (seed, a, b) => {
      const net = new Net(INPUTS, 16);
      net.randomize(seededRandom(seed), 0.3);
      const sums = new Float64Array(net.hidden);
      const fa = features(Int8Array.from(a)), fb = features(Int8Array.from(b));
      net.accumulate(fa, sums);
      const full = Array.from(net.forward(fb));
      const fromNear = Array.from(net.forwardDelta(difference(fa, fb), sums));
      fromNear.forEach((x, m) => expect(x).toBeCloseTo(full[m], 6));
    }), { numRuns: 100 });
  });

  it('reads the raw inputs\' differences from the points that changed, for any two boards', () => {
    fc.assert(fc.property(cellsArb, cellsArb, (a, b) => {
      const ba = Int8Array.from(a), bb = Int8Array.from(b);
      const before = dense(encode(ba, 0, newFeatures()), RAW_INPUTS), after = dense(encode(bb, 0, newFeatures()), RAW_INPUTS);
      const change = dense(rawDelta(ba, 0, bb, 0, newFeatures()), RAW_INPUTS);
      // Inputs are stored as float32: the pips (up to 3.75) carry about 1e-7 of rounding each way.
      before.forEach((x, i) => expect(Math.abs(x + change[i] - after[i])).toBeLessThan(1e-6));
    }), { numRuns: 300 });
  });

  it('scores every play of a game the same with and without the position before it', () => {
    const rules = aiRules('short');
    const net = new Net(INPUTS, 16);
    net.randomize(seededRandom(5), 0.3);
    const prepared = new NetEvaluator(net, rules), plain = new NetEvaluator(net, rules);
    const searcher = new Searcher(rules);
    const s = startBoard(rules.variant), pos = new Int8Array(BOARD);
    for (let i = 0; i < 26; i++) { pos[i] = s[0][i]; pos[26 + i] = s[1][i]; }
    fc.assert(fc.property(fc.array(diceArb, { minLength: 1, maxLength: 40 }), (rolls) => {
      const b = pos.slice();
      for (const dice of rolls) {
        const n = searcher.generate(b, 0, dice, false);
        if (n === 0) { swapInto(b.slice(), 0, b, 0); continue; }
        prepared.prepare(b, 0);
        for (let k = 0; k < n; k++) expect(prepared.score(searcher.gen.boards, k * BOARD)).toBeCloseTo(plain.score(searcher.gen.boards, k * BOARD), 6);
        const k = (dice[0] * 7 + dice[1]) % n;
        const played = searcher.gen.boards.slice(k * BOARD, (k + 1) * BOARD);
        if (wonPoints(rules, played, 0) > 0) break;
        swapInto(played, 0, b, 0);
      }
    }), { numRuns: 30 });
  });
});
