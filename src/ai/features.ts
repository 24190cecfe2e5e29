/**
 * Inputs of the neural evaluator, read straight from the generator's board layout (Int8Array,
 * 52 per board: the side that has just moved at 0..25 — 0 off, 1..24 points, 25 bar — then the
 * side to roll at 26..51, each in its own numbering). Sparse: only non-zero inputs are written,
 * into preallocated arrays.
 *
 * Raw inputs (the first 198), per side and point TD-Gammon's four units: n ≥ 1, n ≥ 2, n ≥ 3,
 * (n − 3)/2 beyond three; per side bar/2, off/15, pips/100. Both families use the same layout
 * (the long family has no bar, so its bar unit stays zero); a net is trained for one family only.
 *
 * Expert inputs (the next 8, nets with `INPUTS` inputs): what a raw net learns slowly because it
 * needs several points at once (TD-Gammon 2's lesson, and gnubg's inputs): the chance of being
 * hit, primes, the back checker's escapes, and for long nardy how many dice a side can still
 * play. A net trained on raw inputs only is widened with zero weights for them (`widen` in
 * net.ts), so it plays exactly as before until training teaches it to read them.
 */

/** Raw inputs per side: 24 points × 4, bar, off, pips. */
const PER_SIDE = 24 * 4 + 3;
/** Raw inputs of the evaluator (the first nets'). */
export const RAW_INPUTS = 2 * PER_SIDE;
/** Expert inputs after the raw ones. */
export const EXPERT_INPUTS = 8;
/** Total inputs of the evaluator with expert inputs. */
export const INPUTS = RAW_INPUTS + EXPERT_INPUTS;

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

/** Encodes the raw inputs of the board stored at `b[at..at+52)` into `f`. */
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

/**
 * Writes into `d` the raw inputs where the board at `b[at..]` differs from the one at
 * `a[from..]`, each as (input, its value at b minus its value at a): what a play changes, read
 * from the few points it changed instead of from a full encoding of both boards.
 */
export function rawDelta(a: Int8Array, from: number, b: Int8Array, at: number, d: Features): Features {
  let c = 0;
  const index = d.index, value = d.value;
  for (let s = 0; s < 2; s++) {
    const oa = from + s * 26, ob = at + s * 26, base = s * PER_SIDE;
    let pips = 0;
    for (let p = 1; p <= 24; p++) {
      let n0 = a[oa + p], n1 = b[ob + p];
      if (n0 === n1) continue;
      if (n0 < 0) n0 = 0;
      if (n1 < 0) n1 = 0;
      pips += (n1 - n0) * p;
      const i = base + (p - 1) * 4;
      const u1 = (n1 >= 1 ? 1 : 0) - (n0 >= 1 ? 1 : 0), u2 = (n1 >= 2 ? 1 : 0) - (n0 >= 2 ? 1 : 0), u3 = (n1 >= 3 ? 1 : 0) - (n0 >= 3 ? 1 : 0);
      const u4 = ((n1 > 3 ? n1 - 3 : 0) - (n0 > 3 ? n0 - 3 : 0)) / 2;
      if (u1 !== 0) { index[c] = i; value[c++] = u1; }
      if (u2 !== 0) { index[c] = i + 1; value[c++] = u2; }
      if (u3 !== 0) { index[c] = i + 2; value[c++] = u3; }
      if (u4 !== 0) { index[c] = i + 3; value[c++] = u4; }
    }
    const bar = b[ob + 25] - a[oa + 25];
    if (bar !== 0) { pips += 25 * bar; index[c] = base + 96; value[c++] = bar / 2; }
    const off = b[ob] - a[oa];
    if (off !== 0) { index[c] = base + 97; value[c++] = off / 15; }
    if (pips !== 0) { index[c] = base + 98; value[c++] = pips / 100; }
  }
  d.count = c;
  return d;
}

/** Scratch boards of one side's view: its checkers and the other side's, both in its numbering. */
export class ExpertScratch {
  readonly mine = new Int8Array(26);
  readonly theirs = new Int8Array(26);
  /** The expert inputs of the last `expertInputs`, zeros included. */
  readonly values = new Float64Array(EXPERT_INPUTS);
  /** Results of `longWall`. */
  wall = 0;
  trapped = 0;
}

/** Appends the expert inputs of the board at `b[at..]` to raw features already in `f`. */
export function encodeExpert(b: Int8Array, at: number, f: Features, short: boolean, s: ExpertScratch): Features {
  const v = expertInputs(b, at, short, s);
  for (let i = 0; i < EXPERT_INPUTS; i++) if (v[i] !== 0) { f.index[f.count] = RAW_INPUTS + i; f.value[f.count++] = v[i]; }
  return f;
}

/** The expert inputs of the board at `b[at..]` into `s.values` (zeros included), which it returns. */
export function expertInputs(b: Int8Array, at: number, short: boolean, s: ExpertScratch): Float64Array {
  const v = s.values;
  if (short) {
    for (let side = 0; side < 2; side++) {
      viewShort(b, at, side, s);
      // The side that has just moved (0) is about to be shot at; the side to roll (1) would be after its move.
      v[side * 3] = shots(s.mine, s.theirs) / 36;
      v[side * 3 + 1] = primeAhead(s.mine, s.theirs) / 6;
      v[side * 3 + 2] = escapes(s.mine, s.theirs) / 36;
      if (side === 0) v[6] = inContact(s.mine, s.theirs) ? 1 : 0;
    }
    v[7] = 0;
  } else {
    for (let side = 0; side < 2; side++) {
      viewLong(b, at, side, s);
      longWall(s.mine, s.theirs, s);
      v[side * 3] = s.wall / 6; // this side's wall in the other's way
      v[side * 3 + 1] = s.trapped / 15;
      v[side * 3 + 2] = playableDice(s.mine, s.theirs) / 6;
    }
    v[6] = v[7] = 0;
  }
  return v;
}

/** Short family: rolls out of 36 with which the side to roll at `b[at + 26..]` hits a blot of the side that has just moved. */
export function shotsAtMover(b: Int8Array, at: number, s: ExpertScratch): number {
  viewShort(b, at, 0, s);
  return shots(s.mine, s.theirs);
}

/**
 * Short family, one side's view: `mine` its points 1..24 (25 bar); `theirs` the other side's
 * checkers at my point 25 − q, its bar at my 0 — so the other side moves upwards in my numbering.
 */
function viewShort(b: Int8Array, at: number, side: number, s: ExpertScratch): void {
  const me = at + side * 26, them = at + (1 - side) * 26;
  for (let p = 0; p <= 25; p++) s.mine[p] = b[me + p];
  s.theirs[0] = b[them + 25];
  for (let q = 1; q <= 24; q++) s.theirs[25 - q] = b[them + q];
  s.theirs[25] = 0;
}

/**
 * Long family, one side's view in the other side's route order: index k = 1..24 is the other
 * side's point k (it moves 24 → 1); `theirs[k]` its checkers there, `mine[k]` mine there
 * (my point p is its point ((p + 11) % 24) + 1).
 */
function viewLong(b: Int8Array, at: number, side: number, s: ExpertScratch): void {
  const me = at + side * 26, them = at + (1 - side) * 26;
  s.mine[0] = s.mine[25] = s.theirs[0] = s.theirs[25] = 0;
  for (let p = 1; p <= 24; p++) {
    s.theirs[p] = b[them + p];
    s.mine[((p + 11) % 24) + 1] = b[me + p];
  }
}

/** The bit of each roll (d1 ≤ d2) in a mask of the 21 rolls, in ROLLS' order. */
function rollBit(d1: number, d2: number): number {
  let r = 0;
  for (let a = 1; a <= 6; a++) for (let c = a; c <= 6; c++, r++) if (a === d1 && c === d2) return 1 << r;
  return 0;
}
const DOUBLE_ROLLS = [1, 2, 3, 4, 5, 6].reduce((m, d) => m | rollBit(d, d), 0);
/** Per distance 1..6: the rolls with a die of that many pips (they hit from there whatever stands between). */
const DIRECT = Array.from({ length: 25 }, (_, d) => {
  let m = 0;
  if (d >= 1 && d <= 6) for (let e = 1; e <= 6; e++) m |= rollBit(Math.min(d, e), Math.max(d, e));
  return m;
});
/** Per distance: the non-double rolls d1 + d2 that add up to it, as [d1, d2, bit] (one of the two landing points must be open). */
const SUMS = Array.from({ length: 25 }, (_, dist) => {
  const out: number[] = [];
  for (let d1 = 1; d1 <= 6; d1++) for (let d2 = d1 + 1; d2 <= 6; d2++) if (d1 + d2 === dist) out.push(d1, d2, rollBit(d1, d2));
  return Int32Array.from(out);
});
/** Per distance: the doubles that reach it in two to four steps, as [die, bit] (every landing point on the way must be open). */
const DOUBLE_STEPS = Array.from({ length: 25 }, (_, dist) => {
  const out: number[] = [];
  for (let d = 1; d <= 6; d++) if (dist % d === 0 && dist / d >= 2 && dist / d <= 4) out.push(d, rollBit(d, d));
  return Int32Array.from(out);
});
const ALL_ROLLS = (1 << 21) - 1;

function bitCount(m: number): number {
  m -= (m >>> 1) & 0x55555555;
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Rolls out of 36 with which the other side hits at least one of my blots (short family; its
 * checkers at `theirs`, moving upwards, must enter from 0 first when on the bar). Each shooter and
 * blot adds the rolls that hit from its distance to a mask of the 21 rolls, so each pair is looked
 * at once rather than once per roll.
 */
function shots(mine: Int8Array, theirs: Int8Array): number {
  const barred = theirs[0] > 0;
  let hit = 0;
  for (let p = 1; p <= 24 && hit !== ALL_ROLLS; p++) {
    if (mine[p] !== 1) continue;
    // With checkers on the bar only the entering checker may hit (an approximation for doubles).
    for (let x = barred ? 0 : 1, last = barred ? 1 : p; x < last; x++) {
      if (theirs[x] === 0) continue;
      const dist = p - x;
      hit |= DIRECT[dist];
      const sums = SUMS[dist];
      for (let k = 0; k < sums.length; k += 3) if (mine[x + sums[k]] < 2 || mine[x + sums[k + 1]] < 2) hit |= sums[k + 2];
      const doubles = DOUBLE_STEPS[dist];
      for (let k = 0; k < doubles.length; k += 2) {
        const d = doubles[k];
        let open = true;
        for (let land = x + d; land < p; land += d) if (mine[land] >= 2) { open = false; break; }
        if (open) hit |= doubles[k + 1];
      }
    }
  }
  return 2 * bitCount(hit & ~DOUBLE_ROLLS) + bitCount(hit & DOUBLE_ROLLS);
}

/**
 * Short family: the longest run of the blocker's made points (two or more checkers) among the
 * points the runner (moving upwards in this numbering) has still to pass: above its rearmost.
 */
function primeAhead(blocker: Int8Array, runner: Int8Array): number {
  let back = 25;
  for (let x = 0; x <= 24; x++) if (runner[x] > 0) { back = x; break; }
  let best = 0, run = 0;
  for (let p = back + 1; p <= 24; p++) {
    if (blocker[p] >= 2) { run++; if (run > best) best = run; } else run = 0;
  }
  return best;
}

/**
 * Short family: rolls out of 36 with which my rearmost checker can get past the other side's
 * last point in its way (36 when nothing is in its way or it has no checker back).
 */
function escapes(mine: Int8Array, theirs: Int8Array): number {
  // In my numbering I move downwards: from my rearmost point (25 is the bar) towards 1.
  let back = 0;
  for (let p = 25; p >= 1; p--) if (mine[p] > 0) { back = p; break; }
  // Their points (two or more) below my rearmost checker; theirs[x] sits at my point x.
  let last = 0;
  for (let x = back - 1; x >= 1; x--) if (theirs[x] >= 2) last = x;
  if (back === 0 || last === 0) return 36;
  let n = 0;
  for (let d1 = 1; d1 <= 6; d1++) {
    for (let d2 = d1; d2 <= 6; d2++) {
      let ok = false;
      if (d1 === d2) {
        let p = back;
        for (let k = 0; k < 4 && !ok; k++) {
          p -= d1;
          if (p < 1 || theirs[p] >= 2) break;
          if (p < last) ok = true;
        }
      } else {
        const a = back - d1, c = back - d2, t = back - d1 - d2;
        ok = (a >= 1 && a < last && theirs[a] < 2) || (c >= 1 && c < last && theirs[c] < 2) ||
          (t >= 1 && t < last && theirs[t] < 2 && ((a >= 1 && theirs[a] < 2) || (c >= 1 && theirs[c] < 2)));
      }
      if (ok) n += d1 === d2 ? 1 : 2;
    }
  }
  return n;
}

/** True while some checker of one side still has to pass a checker of the other (short family). */
function inContact(mine: Int8Array, theirs: Int8Array): boolean {
  let myBack = 0;
  for (let p = 25; p >= 1; p--) if (mine[p] > 0) { myBack = p; break; }
  for (let x = 0; x < myBack; x++) if (theirs[x] > 0) return true;
  return false;
}

/**
 * Long family, in the runner's numbering (it moves 24 → 1): the longest run of points the
 * blocker holds (one checker holds a point) below the runner's rearmost checker, and — when that
 * run is three or longer — how many of the runner's checkers are still behind its top.
 */
function longWall(blocker: Int8Array, runner: Int8Array, s: ExpertScratch): void {
  let back = 0;
  for (let k = 24; k >= 1; k--) if (runner[k] > 0) { back = k; break; }
  let best = 0, run = 0, top = 0;
  for (let k = back - 1; k >= 1; k--) {
    if (blocker[k] > 0) { run++; if (run > best) { best = run; top = k + run - 1; } } else run = 0;
  }
  let n = 0;
  if (best >= 3) for (let k = top + 1; k <= 24; k++) n += runner[k];
  s.wall = best;
  s.trapped = n;
}

/**
 * Long family: how many die values 1..6 the side could play with at least one checker, one die
 * alone (bearing off aside: a side at home has no wall to fear). A side walled in loses dice.
 * Both arrays are in the other side's numbering (`viewLong`); its point k is my point
 * ((k + 11) % 24) + 1, and I move from my 24 towards 1.
 */
function playableDice(mine: Int8Array, theirs: Int8Array): number {
  let n = 0;
  for (let d = 1; d <= 6; d++) {
    let ok = false;
    for (let k = 1; k <= 24 && !ok; k++) {
      if (mine[k] === 0) continue;
      const p = ((k + 11) % 24) + 1; // my point
      const to = p - d;
      if (to < 1) continue;
      const toK = ((to + 11) % 24) + 1;
      if (theirs[toK] === 0) ok = true;
    }
    if (ok) n++;
  }
  return n;
}
