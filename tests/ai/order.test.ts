// fit.ts --rank: the direction order.ts gives for the plays of a roll is the descent direction of
// the squared error of their differences (checked against finite differences at the outputs'
// pre-activations), and it moves no play's equity when the net already orders them as the targets do.
import { describe, expect, it } from 'vitest';
import { OUTPUTS } from '../../src/ai/net.ts';
import { seededRandom } from '../../src/ai/random.ts';
import { equityOf, equityWeights, orderDirections } from '../../tools/ai/order.ts';

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Σₖ rₖ² of the plays whose output pre-activations are `z`. */
function orderLoss(z: Float64Array, target: Float64Array, n: number, weights: Float64Array): number {
  return orderDirections(z.map(sigmoid), target, n, weights, new Float64Array(z.length));
}

describe('order.ts', () => {
  for (const topPoints of [1, 2, 3]) {
    it(`gives the descent direction of the roll's differences (a win scoring up to ${topPoints})`, () => {
      const random = seededRandom(topPoints);
      const n = 5, weights = equityWeights(topPoints);
      const z = Float64Array.from({ length: n * OUTPUTS }, () => 4 * random() - 2);
      const target = Float64Array.from({ length: n * OUTPUTS }, () => random());
      const direction = new Float64Array(n * OUTPUTS);
      orderDirections(z.map(sigmoid), target, n, weights, direction);
      const h = 1e-6;
      for (let i = 0; i < z.length; i++) {
        const up = z.slice(), down = z.slice();
        up[i] += h; down[i] -= h;
        const slope = (orderLoss(up, target, n, weights) - orderLoss(down, target, n, weights)) / (2 * h);
        expect(direction[i]).toBeCloseTo(-slope, 6);
      }
    });
  }

  it('leaves alone plays already as far apart as their targets, whatever value they share', () => {
    const weights = equityWeights(2), n = 3;
    const target = Float64Array.of(0.6, 0.2, 0, 0.1, 0, 0.5, 0.2, 0, 0.1, 0, 0.4, 0.1, 0, 0.2, 0);
    // The same outputs shifted by one win chance for every play: the same differences.
    const out = target.map((v, i) => (i % OUTPUTS === 0 ? v + 0.05 : v));
    const direction = new Float64Array(n * OUTPUTS);
    expect(orderDirections(out, target, n, weights, direction)).toBeCloseTo(0, 12);
    for (const d of direction) expect(d).toBeCloseTo(0, 12);
    expect(equityOf(out, weights, 0) - equityOf(target, weights, 0)).toBeCloseTo(0.1, 12);
  });
});
