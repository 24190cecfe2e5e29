/**
 * The one-sided bear-off table: for every way to hold up to fifteen checkers on the six home
 * points (54,264 positions), the mean and standard deviation of the number of rolls needed to bear
 * them all off, playing each roll to minimise that mean. Built by `tools/ai/bearoff.ts` and stored
 * as data. Both families bear off the same way, so one table serves short and long nardy.
 *
 * Used when both sides have every checker home and at least one borne off: nothing can hit or
 * block any more and no mars is possible, so the chance to win follows from the two sides' roll
 * counts (a normal approximation of their difference).
 */
import table from './weights/bearoff.json' with { type: 'json' };

/** Positions in the table: up to 15 checkers on 6 points. */
export const BEAROFF_POSITIONS = 54264;

/** count[j][m]: ways to put at most m checkers on j points, C(m + j, j). */
const COUNT: number[][] = (() => {
  const c: number[][] = [];
  for (let j = 0; j <= 6; j++) {
    c.push([]);
    for (let m = 0; m <= 15; m++) c[j].push(j === 0 ? 1 : c[j - 1][m] + (m > 0 ? c[j][m - 1] : 0));
  }
  return c;
})();

/** Returns the table index of the home points b[at+1..at+6] (at most 15 checkers). */
export function bearoffIndex(b: ArrayLike<number>, at: number): number {
  let r = 0, rem = 15;
  for (let i = 0; i < 6; i++) {
    const n = b[at + 1 + i];
    for (let v = 0; v < n; v++) r += COUNT[5 - i][rem - v];
    rem -= n;
  }
  return r;
}

let data: Uint16Array | undefined;
function loaded(): Uint16Array {
  if (!data) {
    const bytes = Uint8Array.from(atob((table as { data: string }).data), (c) => c.charCodeAt(0));
    data = new Uint16Array(bytes.buffer);
  }
  return data;
}

/** Mean rolls to bear off the side at `b[at..]` (its home points only). */
export function bearoffMean(b: ArrayLike<number>, at: number): number {
  return loaded()[2 * bearoffIndex(b, at)] / 2000;
}

/** Standard deviation of the rolls to bear off the side at `b[at..]`. */
export function bearoffSd(b: ArrayLike<number>, at: number): number {
  return loaded()[2 * bearoffIndex(b, at) + 1] / 4000;
}

/** True when both sides of the board at `b[at..]` are all home (points 1..6) and each has borne off one or more. */
export function isBearoffRace(b: Int8Array, at: number): boolean {
  for (let s = 0; s < 2; s++) {
    const o = at + s * 26;
    if (b[o] === 0) return false;
    for (let p = 7; p <= 25; p++) if (b[o + p] !== 0) return false;
  }
  return true;
}

/** Standard normal distribution function (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
function phi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/**
 * Chance that the side that has just moved (at `b[at..]`) wins the bear-off race, the other side
 * rolling first: it wins when the other side needs more rolls than it does.
 */
export function bearoffWinChance(b: Int8Array, at: number): number {
  const me = bearoffMean(b, at), them = bearoffMean(b, at + 26);
  const sd = Math.hypot(bearoffSd(b, at), bearoffSd(b, at + 26));
  if (sd === 0) return them > me ? 1 : 0;
  // The roller wins when its count is ≤ mine: P(them − me ≤ 0), with a continuity correction.
  return 1 - phi((0.5 - (them - me)) / sd);
}
