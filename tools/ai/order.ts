/**
 * The order of a roll's plays as a loss, for fit.ts `--rank`: a search chooses among the plays of
 * one roll by their differences, which a fit of each play's own value barely teaches — what the
 * plays share (the roll's luck, the position's value) dominates each one's error. So for the plays
 * of a roll, each play's equity less the roll's mean is fitted to the same of the targets.
 */
import { OUTPUTS } from '../../src/ai/net.ts';
import { BOARD } from '../../src/ai/rules.ts';
import { GAME_AT, RECORD } from './target-file.ts';

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

/**
 * Whether record `i` of a targets.ts file (`bytes`, RECORD bytes a record) is another play of
 * the roll of record `i − 1` (targets.ts --plays K writes a roll's plays one after another): the
 * same game, and the same side to roll — the half of the board the play did not touch.
 */
export function sameRoll(bytes: Uint8Array, i: number): boolean {
  if (i === 0) return false;
  const r = i * RECORD, q = r - RECORD;
  for (let k = 0; k < 4; k++) if (bytes[r + GAME_AT + k] !== bytes[q + GAME_AT + k]) return false;
  for (let k = 26; k < BOARD; k++) if (bytes[r + k] !== bytes[q + k]) return false;
  return true;
}

/** The records `ids` (in file order) as the rolls they are plays of. */
export function groupByRoll(bytes: Uint8Array, ids: readonly number[]): number[][] {
  const out: number[][] = [];
  let prev = -1;
  for (const i of ids) {
    const last = out[out.length - 1];
    // A roll's plays are consecutive records; one left out (a bear-off race) leaves the rest together.
    let joined = false;
    if (last && prev >= 0) {
      joined = true;
      for (let k = prev + 1; k <= i; k++) if (!sameRoll(bytes, k)) { joined = false; break; }
    }
    if (joined) last.push(i);
    else out.push([i]);
    prev = i;
  }
  return out;
}
