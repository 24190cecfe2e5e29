/**
 * Inputs of the neural evaluator, read straight from the generator's board layout (Int8Array,
 * 52 per board: the side that has just moved at 0..25 — 0 off, 1..24 points, 25 bar — then the
 * side to roll at 26..51, each in its own numbering). Sparse: only non-zero inputs are written,
 * into preallocated arrays.
 *
 * Per side and point, TD-Gammon's four units: n ≥ 1, n ≥ 2, n ≥ 3, (n − 3)/2 beyond three.
 * Per side: bar/2, off/15, pips/100. Both families use the same layout (the long family has no
 * bar, so its bar unit stays zero); a net is trained for one family only.
 */

/** Inputs per side: 24 points × 4, bar, off, pips. */
const PER_SIDE = 24 * 4 + 3;
/** Total inputs of the evaluator. */
export const INPUTS = 2 * PER_SIDE;

/** Sparse features: `count` pairs of (input index, value). */
export interface Features {
  count: number;
  readonly index: Int32Array;
  readonly value: Float32Array;
}

/** Returns an empty feature buffer, large enough for any board. */
export function newFeatures(): Features {
  return { count: 0, index: new Int32Array(INPUTS), value: new Float32Array(INPUTS) };
}

/** Encodes the board stored at `b[at..at+52)` into `f`. */
export function encode(b: Int8Array, at: number, f: Features): Features {
  let c = 0;
  const index = f.index, value = f.value;
  for (let s = 0; s < 2; s++) {
    const o = at + s * 26, base = s * PER_SIDE;
    let pips = 0;
    for (let p = 1; p <= 24; p++) {
      const n = b[o + p];
      if (n <= 0) continue;
      pips += n * p;
      const i = base + (p - 1) * 4;
      index[c] = i; value[c++] = 1;
      if (n >= 2) { index[c] = i + 1; value[c++] = 1; }
      if (n >= 3) { index[c] = i + 2; value[c++] = 1; }
      if (n > 3) { index[c] = i + 3; value[c++] = (n - 3) / 2; }
    }
    const bar = b[o + 25];
    pips += 25 * bar;
    if (bar > 0) { index[c] = base + 96; value[c++] = bar / 2; }
    if (b[o] > 0) { index[c] = base + 97; value[c++] = b[o] / 15; }
    index[c] = base + 98; value[c++] = pips / 100;
  }
  f.count = c;
  return f;
}
