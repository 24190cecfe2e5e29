// Rollouts (tools/ai/rollout.ts), the teacher that ends on real results: checked on endings whose
// outcome can be counted by hand, so that a result in the wrong side's view or a first roll not
// spread over the 36 shows.
import { describe, expect, it } from 'vitest';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { OUTPUTS } from '../../src/ai/net.ts';
import { netFor } from '../../src/ai/player.ts';
import { BOARD, aiRules } from '../../src/ai/rules.ts';
import { Rollout } from '../../tools/ai/rollout.ts';

const rules = aiRules('long');
const rollout = new Rollout(rules, new NetEvaluator(netFor('long'), rules));
const out = new Float32Array(OUTPUTS);

/** A long-nardy board (the mover at 0..25, the side to roll at 26..51) from each side's points. */
function board(mover: Record<number, number>, roller: Record<number, number>): Int8Array {
  const b = new Int8Array(BOARD);
  for (const [p, n] of Object.entries(mover)) b[Number(p)] = n;
  for (const [p, n] of Object.entries(roller)) b[26 + Number(p)] = n;
  return b;
}

describe('rollouts', () => {
  it('a game the mover has just won is its win, mars included', () => {
    expect(Array.from(rollout.value(board({ 0: 15 }, { 24: 15 }), 0, 36, 1, out))).toEqual([1, 1, 0, 0, 0]);
    expect(Array.from(rollout.value(board({ 0: 15 }, { 0: 3, 1: 12 }), 0, 36, 1, out))).toEqual([1, 0, 0, 0, 0]);
  });

  it('the side to roll bearing off its last checker at once is a mars lost by the mover, who has borne off none', () => {
    expect(Array.from(rollout.value(board({ 24: 15 }, { 0: 14, 1: 1 }), 0, 36, 7, out))).toEqual([0, 0, 0, 1, 0]);
  });

  it('a last checker on the six point stays on only after 1-1, 1-2, 1-3, 1-4 or 2-3: the mover, one roll from home, wins those 9 of 36', () => {
    // Left with one checker on its points 2–5, the side to roll needs one roll for sure, so the
    // bear-off table (where a trial ends) leaves it no chance against the mover's one roll.
    const b = board({ 0: 14, 1: 1 }, { 0: 14, 6: 1 });
    for (const trials of [36, 72]) {
      rollout.value(b, 0, trials, 3, out);
      expect(out[0]).toBeCloseTo(9 / 36, 6);
      expect(out[1] + out[2] + out[3] + out[4]).toBe(0);
    }
  });

  it('the same seed meets the same dice: a position rolled out twice gives the same result, another seed another', () => {
    const opening = board({ 24: 14, 19: 1 }, { 24: 15 });
    const a = Array.from(rollout.value(opening, 0, 36, 11, out));
    expect(Array.from(rollout.value(opening, 0, 36, 11, out))).toEqual(a);
    expect(Array.from(rollout.value(opening, 0, 36, 12, out))).not.toEqual(a);
    for (const p of a) { expect(p).toBeGreaterThanOrEqual(0); expect(p).toBeLessThanOrEqual(1); }
    expect(a[1]).toBeLessThanOrEqual(a[0]);
    expect(a[3]).toBeLessThanOrEqual(1 - a[0]);
    expect(rollout.turns).toBeGreaterThan(36 * 40);
  });
});
