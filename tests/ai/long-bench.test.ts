/**
 * The long-nardy benchmark's parts (tools/ai/long-bench.ts, issue #51): phases by their feature
 * tests, the file's round trip, the rollout's first term, and the error-rate arithmetic on a
 * hand-made benchmark.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { netFor } from '../../src/ai/player.ts';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { BOARD, ROLLS, aiRules } from '../../src/ai/rules.ts';
import { Searcher } from '../../src/ai/search.ts';
import { seededRandom } from '../../src/ai/random.ts';
import {
  BLUNDER, VrRollout, ambiguous, candidateBoard, rollOutCandidates, byPhase, decodeBoard, encodeBoard, formatPosition, inContact, judgeChoice, judged, longestBlock, meanSe, mixture, parseBenchmark, phaseOf, rollIndex, summarize,
  type BenchPosition, type Candidate, type Recipe,
} from '../../tools/ai/long-bench.ts';

/** A board from the two sides' checkers, point → count (0: borne off), mover first. */
function board(mover: Record<number, number>, other: Record<number, number>): Int8Array {
  const b = new Int8Array(BOARD);
  for (const [p, n] of Object.entries(mover)) b[Number(p)] = n;
  for (const [p, n] of Object.entries(other)) b[26 + Number(p)] = n;
  return b;
}

describe('phases', () => {
  it('the start is the opening', () => {
    expect(phaseOf(board({ 24: 15 }, { 24: 15 }), 0)).toBe('opening');
  });

  it('every checker of the mover home is the bear-off, even in contact', () => {
    expect(phaseOf(board({ 0: 3, 1: 4, 6: 8 }, { 2: 15 }), 0)).toBe('bearoff');
    expect(phaseOf(board({ 1: 7, 6: 8 }, { 20: 15 }), 0)).toBe('bearoff');
  });

  it("a race: each side's rearmost checker on its points 1..12", () => {
    const b = board({ 12: 5, 8: 10 }, { 12: 3, 3: 12 });
    expect(inContact(b, 0)).toBe(false);
    expect(phaseOf(b, 0)).toBe('race');
    // One checker of the other side still on its 13 point (the mover's 1): contact.
    expect(inContact(board({ 12: 5, 8: 10 }, { 13: 1, 3: 14 }), 0)).toBe(true);
  });

  it('primes: a block of five with the other side behind it; four is contact', () => {
    const five = board({ 24: 5, 20: 5, 17: 1, 16: 1, 15: 1, 14: 1, 13: 1 }, { 24: 15 });
    expect(longestBlock(five, 0, 26)).toBe(5);
    expect(phaseOf(five, 0)).toBe('primes');
    const four = board({ 24: 5, 20: 6, 16: 1, 15: 1, 14: 1, 13: 1 }, { 24: 15 });
    expect(longestBlock(four, 0, 26)).toBe(4);
    expect(phaseOf(four, 0)).toBe('contact');
    // The other side's block counts the same (its points 17..13 are in the mover's way from its 5..1).
    expect(phaseOf(board({ 24: 5, 20: 10 }, { 24: 5, 20: 5, 17: 1, 16: 1, 15: 1, 14: 1, 13: 1 }), 0)).toBe('primes');
  });

  it('a block nobody has to pass is no block', () => {
    // The mover's 19..23 are the other side's 7..11, which its checkers on 1..6 have passed.
    const b = board({ 23: 1, 22: 1, 21: 1, 20: 1, 19: 1, 1: 10 }, { 6: 5, 5: 5, 4: 5 });
    expect(longestBlock(b, 0, 26)).toBe(0);
  });
});

const cand = (after: string, eq: number, dse = 0.01): Candidate => ({ after, eq, se: 0.01, dse, e0: 0, e1: null, e2: null, by: '' });
const START = encodeBoard(board({ 24: 15 }, { 24: 15 }));

function position(id: number, phase: BenchPosition['phase'], cands: Candidate[]): BenchPosition {
  return { id, phase, src: 'strong', game: 7, turn: 3, pos: START, dice: [6, 5], plays: 4, trials: 72, seed: 9, cands, cpu: 1.5 };
}

describe('the file', () => {
  it('boards and positions come back as they were written', () => {
    const b = board({ 0: 2, 1: 3, 24: 10 }, { 13: 15 });
    expect(Array.from(decodeBoard(encodeBoard(b)))).toEqual(Array.from(b));
    const recipe = { version: 1, variant: 'long', net: 'x', horizon: 12, targetSe: 0.01, minTrials: 72, maxTrials: 1296, batch: 36, seed: 51, notes: '' } satisfies Recipe;
    const p = position(3, 'opening', [cand('a'.repeat(26), 0.123456789), cand('b'.repeat(26), -0.5)]);
    const text = JSON.stringify({ recipe }) + '\n' + formatPosition(p) + '\n';
    const back = parseBenchmark(text);
    expect(back.recipe).toEqual(recipe);
    expect(back.positions).toHaveLength(1);
    expect(back.positions[0]).toEqual({ ...p, cands: [{ ...p.cands[0], eq: 0.12346 }, p.cands[1]] });
    expect(() => parseBenchmark('{"id": 1}\n')).toThrow(/not a position/);
  });
});

describe('the error-rate arithmetic', () => {
  // Three hand-made positions: the best play "a" (0.2), then "b" (0.15), then "c" (0.0).
  const ps = [
    position(0, 'opening', [cand('a', 0.2, 0), cand('b', 0.15, 0.01), cand('c', 0, 0.01)]),
    position(1, 'opening', [cand('a', 0.2, 0), cand('b', 0.15, 0.01), cand('c', 0, 0.01)]),
    position(2, 'race', [cand('a', 0.2, 0), cand('b', 0.19, 0.01), cand('c', 0, 0.01)]),
  ];

  it('a choice on the list loses its distance from the best; one off it is estimated, capped at the worst', () => {
    expect(judgeChoice(ps[0], 'a', () => NaN)).toEqual(judged('opening', 0));
    expect(judgeChoice(ps[0], 'c', () => NaN).loss).toBeCloseTo(0.2);
    expect(judgeChoice(ps[0], 'c', () => NaN).blunder).toBe(1);
    // Estimated above the worst candidate: capped at it.
    expect(judgeChoice(ps[0], 'z', () => 0.18)).toMatchObject({ loss: 0.2, offList: 1 });
    expect(judgeChoice(ps[0], 'z', () => -0.3).loss).toBeCloseTo(0.5);
  });

  it('the error rate, agreement and blunders with their standard errors', () => {
    // Choices: a, b, c → losses 0, 0.05, 0.2.
    const js = [judgeChoice(ps[0], 'a', () => 0), judgeChoice(ps[1], 'b', () => 0), judgeChoice(ps[2], 'c', () => 0)];
    const s = summarize(js);
    expect(s.n).toBe(3);
    expect(s.er).toBeCloseTo(0.25 / 3);
    // Sample SD of 0, 0.05, 0.2 over √3.
    const mean = 0.25 / 3, sd = Math.sqrt(((0 - mean) ** 2 + (0.05 - mean) ** 2 + (0.2 - mean) ** 2) / 2);
    expect(s.erSe).toBeCloseTo(sd / Math.sqrt(3));
    expect(s.agree).toBeCloseTo(100 / 3);
    expect(s.blunders).toBeCloseTo(100 / 3);
    const m = byPhase(js);
    expect(m.get('opening')!.er).toBeCloseTo(0.025);
    expect(m.get('race')!.er).toBeCloseTo(0.2);
    expect(m.get('bearoff')!.n).toBe(0);
    expect(0.2 > BLUNDER && 0.05 < BLUNDER).toBe(true);
  });

  it('a mixture (the easy level) counts expectations', () => {
    const j = mixture('opening', [[0.5, judgeChoice(ps[0], 'b', () => 0)], [0.25, judgeChoice(ps[0], 'a', () => 0)], [0.25, judgeChoice(ps[0], 'c', () => 0)]]);
    expect(j.loss).toBeCloseTo(0.5 * 0.05 + 0.25 * 0.2);
    expect(j.agree).toBeCloseTo(0.25);
    expect(j.blunder).toBeCloseTo(0.25);
  });

  it('the best two within twice their paired standard error are noted', () => {
    expect(ambiguous(ps[0])).toBe(false);
    expect(ambiguous(ps[2])).toBe(true);
  });

  it('mean and standard error', () => {
    expect(meanSe([1, 3])).toEqual({ mean: 2, se: 1, n: 2 });
    expect(meanSe([5]).se).toBe(0);
  });
});

describe('the rollout', () => {
  it('rollIndex finds each roll of ROLLS', () => {
    ROLLS.forEach(([a, b], i) => { expect(rollIndex(a, b)).toBe(i); expect(rollIndex(b, a)).toBe(i); });
  });

  it('its common first term is the net\'s 1-ply, and a horizon of one turn leaves only that', () => {
    const rules = aiRules('long');
    const net = new NetEvaluator(netFor('long'), rules);
    // After the mover's first play of 6-5 from the start.
    const s = new Searcher(rules);
    const n = s.generate(board({ 24: 15 }, { 24: 15 }), 0, [6, 5], true);
    expect(n).toBeGreaterThan(0);
    const after = s.gen.boards.slice(0, BOARD);
    const ro = new VrRollout(rules, net, 1);
    const base = ro.start(after, 0);
    expect(base).toBeCloseTo(new Searcher(rules).replyValue(after, 0, net), 9);
    expect(ro.trial(seededRandom(1))).toBe(base);
    // A longer horizon: trials vary around it, but not far (the corrections are small).
    const deeper = new VrRollout(rules, net, 4);
    deeper.start(after, 0);
    const xs = Array.from({ length: 6 }, (_, k) => deeper.trial(seededRandom(k)));
    for (const x of xs) expect(Math.abs(x - base)).toBeLessThan(0.5);
  });

  it('a play that ends the game is worth what it wins', () => {
    const rules = aiRules('long');
    const ro = new VrRollout(rules, new NetEvaluator(netFor('long'), rules), 12);
    // All fifteen off, the other side has not borne off any and is all home: a mars (2).
    expect(ro.start(board({ 0: 15 }, { 1: 15 }), 0)).toBe(2);
    expect(ro.trial(seededRandom(3))).toBe(2);
  });

  it('the committed file is reproduced: its quick positions rolled out again by the committed net give its equities (the builder and the relabeller share this)', () => {
    const { recipe, positions } = parseBenchmark(readFileSync(new URL('../../bench/data/long-benchmark.jsonl', import.meta.url), 'utf8'));
    if (!recipe) throw new Error('the committed benchmark has no recipe');
    const rules = aiRules('long');
    const vr = new VrRollout(rules, new NetEvaluator(netFor('long'), rules), recipe.horizon);
    // Race positions: real rollouts (not the bear-off table's), a fraction of a second each.
    const quick = positions.filter((p) => p.phase === 'race' && p.cpu < 1).slice(0, 3);
    expect(quick).toHaveLength(3);
    for (const p of quick) {
      const { trials, rolled } = rollOutCandidates(vr, p.cands.map((c) => candidateBoard(p, c)), p.seed, recipe);
      expect(trials).toBe(p.trials);
      rolled.forEach((r, i) => {
        expect(r.eq).toBeCloseTo(p.cands[i].eq, 5);
        expect(r.se).toBeCloseTo(p.cands[i].se, 5);
        expect(r.dse).toBeCloseTo(p.cands[i].dse, 5);
      });
    }
  });
});
