/**
 * The order of a roll's plays as a loss, for fit.ts `--rank`: a search chooses among the plays of
 * one roll by their differences, which a fit of each play's own value barely teaches — what the
 * plays share (the roll's luck, the position's value) dominates each one's error. So for the plays
 * of a roll, each play's equity less the roll's mean is fitted to the same of the targets.
 */
import { OUTPUTS } from '../../src/ai/net.ts';

/** What each output adds to the equity: a win, a mars and a koks, as far as the variant scores them (net.ts's order). */
export function equityWeights(topPoints: number): Float64Array {
  const mars = topPoints >= 2 ? 1 : 0, koks = topPoints >= 3 ? 1 : 0;
  return Float64Array.of(2, mars, koks, -mars, -koks);
}

/** The equity of the outputs at `o[at..at + OUTPUTS)`. */
export function equityOf(o: ArrayLike<number>, weights: Float64Array, at = 0): number {
  let e = -1;
  for (let m = 0; m < OUTPUTS; m++) e += weights[m] * o[at + m];
  return e;
}

/**
 * For the `n` plays of a roll with net outputs `out` and targets `target` (play k's at
 * k × OUTPUTS): the descent direction of Σₖ rₖ², rₖ = (eₖ − mean e) − (tₖ − mean t), at each play's
 * output pre-activations, into `into` (same layout). Returns the loss.
 */
export function orderDirections(out: ArrayLike<number>, target: ArrayLike<number>, n: number, weights: Float64Array, into: Float64Array): number {
  let meanE = 0, meanT = 0;
  for (let k = 0; k < n; k++) { meanE += equityOf(out, weights, k * OUTPUTS); meanT += equityOf(target, weights, k * OUTPUTS); }
  meanE /= n; meanT /= n;
  let loss = 0;
  for (let k = 0; k < n; k++) {
    const r = (equityOf(out, weights, k * OUTPUTS) - meanE) - (equityOf(target, weights, k * OUTPUTS) - meanT);
    loss += r * r;
    // d(Σ r²)/dz = 2r · weight · σ'(z): the centring adds nothing, as a roll's residuals sum to 0.
    for (let m = 0; m < OUTPUTS; m++) {
      const o = out[k * OUTPUTS + m];
      into[k * OUTPUTS + m] = -2 * r * weights[m] * o * (1 - o);
    }
  }
  return loss;
}
