/**
 * The net evaluated from a nearby position's sums (`forwardNear`, what the search does for the
 * plays of one roll) gives the outputs of a full evaluation, for any two positions, and the
 * strong level's plays do not change with it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ExpertScratch, INPUTS, encode, encodeExpert, newFeatures } from '../../src/ai/features.ts';
import { Accumulator, Net } from '../../src/ai/net.ts';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { BOARD, Searcher, aiRules, seededRandom, swapInto, wonPoints } from '../../src/ai/index.ts';
import { startBoard } from '../../src/engine/index.ts';
import { diceArb } from '../arbitraries.ts';

const cellsArb = fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 52, maxLength: 52 });
const features = (b: Int8Array) => encodeExpert(b, 0, encode(b, 0, newFeatures()), true, new ExpertScratch());

describe('evaluating a play from the position before it', () => {
  it('gives the outputs of a full evaluation, for any two positions', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e6 }), cellsArb, cellsArb, (seed, a, b) => {
      const net = new Net(INPUTS, 16);
      net.randomize(seededRandom(seed), 0.3);
      const near = new Accumulator(net);
      net.accumulate(features(Int8Array.from(a)), near);
      const full = Array.from(net.forward(features(Int8Array.from(b))));
      const fromNear = Array.from(net.forwardNear(features(Int8Array.from(b)), near));
      fromNear.forEach((x, m) => expect(x).toBeCloseTo(full[m], 6));
    }), { numRuns: 100 });
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
