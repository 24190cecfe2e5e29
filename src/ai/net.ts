/**
 * A small neural evaluator: sparse inputs → one sigmoid hidden layer → five sigmoid outputs,
 * weights in one Float32Array. Evaluation and the TD update allocate nothing (the hot loop of the
 * computer's search and of training).
 *
 * Outputs, from the view of the side that has just moved (board[0]) with the other side to roll:
 * P(win), P(win mars or better), P(win koks), P(lose mars or worse), P(lose koks).
 */
import type { Features } from './features.ts';

/** Number of outputs: win, winMars, winKoks, loseMars, loseKoks. */
export const OUTPUTS = 5;

/** The other side's outputs in my view, into `mine`: my win is its loss, my mars and koks wins its mars and koks losses. */
export function flipOutputs(mine: Float32Array | Float64Array, theirs: ArrayLike<number>): void {
  mine[0] = 1 - theirs[0];
  mine[1] = theirs[3]; mine[2] = theirs[4];
  mine[3] = theirs[1]; mine[4] = theirs[2];
}

/**
 * The logistic function from a table, linearly interpolated: half the time of `Math.exp`, whose 69
 * calls (64 hidden units, 5 outputs) were a tenth of an evaluation. 64 steps a unit over ±16 put
 * it within 3e-6 of the exact value (the interpolation's error is at most step² / 8 × max|σ''|).
 */
const SIGMOID_STEPS = 64;
const SIGMOID_RANGE = 16;
const SIGMOID = (() => {
  const t = new Float64Array(2 * SIGMOID_RANGE * SIGMOID_STEPS + 2);
  for (let i = 0; i < t.length; i++) t[i] = 1 / (1 + Math.exp(-(i / SIGMOID_STEPS - SIGMOID_RANGE)));
  return t;
})();

/** 1 / (1 + e^−x), within 3e-6. */
export function sigmoid(x: number): number {
  if (x <= -SIGMOID_RANGE) return SIGMOID[0];
  if (x >= SIGMOID_RANGE) return SIGMOID[SIGMOID.length - 2];
  const u = (x + SIGMOID_RANGE) * SIGMOID_STEPS;
  const i = u | 0;
  const lo = SIGMOID[i];
  return lo + (SIGMOID[i + 1] - lo) * (u - i);
}

/**
 * Adds `v` times the row of `h` weights at `w[base..]` to `z` (a first layer's work; the pruning
 * net's too). Four at a time: V8 does not vectorise, and the unrolled loop takes about 60 % of the
 * plain one's time.
 */
export function addRow(z: Float64Array, w: Float32Array, base: number, h: number, v: number): void {
  const end = h & ~3;
  let j = 0;
  if (v === 1) {
    for (; j < end; j += 4) {
      const k = base + j;
      z[j] += w[k]; z[j + 1] += w[k + 1]; z[j + 2] += w[k + 2]; z[j + 3] += w[k + 3];
    }
    for (; j < h; j++) z[j] += w[base + j];
  } else {
    for (; j < end; j += 4) {
      const k = base + j;
      z[j] += v * w[k]; z[j + 1] += v * w[k + 1]; z[j + 2] += v * w[k + 2]; z[j + 3] += v * w[k + 3];
    }
    for (; j < h; j++) z[j] += v * w[base + j];
  }
}

/** What a checkpoint holds besides the weights. */
export interface NetMeta {
  readonly variant: string;
  readonly inputs: number;
  readonly hidden: number;
  /** Self-play games trained so far. */
  games: number;
  /** CPU seconds spent training so far (sum over runs). */
  cpuSeconds: number;
  readonly lambda: number;
  alpha: number;
  /** Free-form notes appended by each training run. */
  runs: string[];
}

/** A checkpoint as JSON: metadata plus little-endian Float32 weights in base64. */
export interface NetJson extends NetMeta {
  readonly weights: string;
}

export class Net {
  readonly inputs: number;
  readonly hidden: number;
  /** Layout: W1 [inputs][hidden], b1 [hidden], W2 [OUTPUTS][hidden], b2 [OUTPUTS]. */
  readonly w: Float32Array;
  private readonly o1: number;
  private readonly o2: number;
  private readonly o3: number;
  /** Hidden activations and outputs of the last `forward`. */
  readonly h: Float32Array;
  readonly out = new Float32Array(OUTPUTS);
  /** Hidden pre-activations, summed in double precision. */
  private readonly z: Float64Array;
  private readonly dh: Float32Array;
  private readonly dOut = new Float32Array(OUTPUTS);

  constructor(inputs: number, hidden: number, weights?: Float32Array) {
    this.inputs = inputs;
    this.hidden = hidden;
    this.o1 = inputs * hidden;
    this.o2 = this.o1 + hidden;
    this.o3 = this.o2 + OUTPUTS * hidden;
    const size = this.o3 + OUTPUTS;
    if (weights && weights.length !== size) throw new Error(`net: expected ${size} weights, got ${weights.length}`);
    this.w = weights ?? new Float32Array(size);
    this.h = new Float32Array(hidden);
    this.z = new Float64Array(hidden);
    this.dh = new Float32Array(hidden);
  }

  /** Fills the weights with small values from a seeded generator (start of training). */
  randomize(random: () => number, scale = 0.1): void {
    for (let i = 0; i < this.w.length; i++) this.w[i] = (random() * 2 - 1) * scale;
  }

  /** Evaluates sparse features into `out` (and `h`). */
  forward(f: Features): Float32Array {
    this.sum(f);
    return this.activate();
  }

  /** The hidden pre-activations of `f` into `sums`, which then serve `forwardDelta` for positions near `f`. */
  accumulate(f: Features, sums: Float64Array): void {
    this.sum(f);
    sums.set(this.z);
  }

  /** The hidden pre-activations of `f`: the biases plus its inputs' rows. */
  private sum(f: Features): void {
    const H = this.hidden, w = this.w, z = this.z;
    for (let j = 0; j < H; j++) z[j] = w[this.o1 + j];
    for (let k = 0; k < f.count; k++) this.addRow(f.index[k], f.value[k]);
  }

  /**
   * The outputs of a position from the pre-activations of a position near it (`accumulate`) and
   * the inputs where the two differ (`delta`: input, change). The plays of one roll differ from
   * the position before it in about 10 of their 36 inputs, and the first layer is most of an
   * evaluation's work.
   */
  forwardDelta(delta: Features, sums: Float64Array): Float32Array {
    this.z.set(sums);
    for (let k = 0; k < delta.count; k++) this.addRow(delta.index[k], delta.value[k]);
    return this.activate();
  }

  /** Adds `v` times input `i`'s row of first-layer weights to the pre-activations. */
  private addRow(i: number, v: number): void {
    addRow(this.z, this.w, i * this.hidden, this.hidden, v);
  }

  /** Hidden activations from the pre-activations, then the outputs (all five in one pass over the hidden units). */
  private activate(): Float32Array {
    const H = this.hidden, w = this.w, h = this.h, z = this.z, o2 = this.o2;
    let s0 = w[this.o3], s1 = w[this.o3 + 1], s2 = w[this.o3 + 2], s3 = w[this.o3 + 3], s4 = w[this.o3 + 4];
    for (let j = 0; j < H; j++) {
      const a = sigmoid(z[j]);
      h[j] = a;
      s0 += w[o2 + j] * a;
      s1 += w[o2 + H + j] * a;
      s2 += w[o2 + 2 * H + j] * a;
      s3 += w[o2 + 3 * H + j] * a;
      s4 += w[o2 + 4 * H + j] * a;
    }
    const out = this.out;
    out[0] = sigmoid(s0); out[1] = sigmoid(s1); out[2] = sigmoid(s2); out[3] = sigmoid(s3); out[4] = sigmoid(s4);
    return out;
  }

  /**
   * One gradient step of the squared error towards `target` for the features last passed to
   * `forward` (call `forward(f)` first with the same `f`). Returns the squared error.
   */
  train(f: Features, target: Float32Array, alpha: number): number {
    const H = this.hidden, w = this.w, h = this.h, dh = this.dh, out = this.out;
    let err = 0;
    for (let m = 0; m < OUTPUTS; m++) {
      const e = target[m] - out[m];
      err += e * e;
      this.dOut[m] = e * out[m] * (1 - out[m]);
    }
    dh.fill(0);
    for (let m = 0; m < OUTPUTS; m++) {
      const d = this.dOut[m], base = this.o2 + m * H;
      if (d === 0) continue;
      for (let j = 0; j < H; j++) {
        dh[j] += d * w[base + j];
        w[base + j] += alpha * d * h[j];
      }
      w[this.o3 + m] += alpha * d;
    }
    for (let j = 0; j < H; j++) {
      dh[j] *= h[j] * (1 - h[j]);
      w[this.o1 + j] += alpha * dh[j];
    }
    for (let k = 0; k < f.count; k++) {
      const base = f.index[k] * H, a = alpha * f.value[k];
      for (let j = 0; j < H; j++) w[base + j] += a * dh[j];
    }
    return err;
  }
}

/**
 * A wider copy of `net` that computes exactly the same outputs: new inputs get zero weights and
 * new hidden units small random input weights but zero output weights, so training grows them
 * from where the old net stands instead of from scratch.
 */
export function widen(net: Net, inputs: number, hidden: number, random: () => number, scale = 0.1): Net {
  if (inputs < net.inputs || hidden < net.hidden) throw new Error('widen: a net can only grow');
  const H = net.hidden, w = net.w;
  const wide = new Net(inputs, hidden);
  const v = wide.w;
  const o1 = inputs * hidden, o2 = o1 + hidden, o3 = o2 + OUTPUTS * hidden;
  const old1 = net.inputs * H, old2 = old1 + H, old3 = old2 + OUTPUTS * H;
  for (let i = 0; i < inputs; i++) {
    for (let j = 0; j < hidden; j++) {
      v[i * hidden + j] = i < net.inputs && j < H ? w[i * H + j] : i < net.inputs ? (random() * 2 - 1) * scale : 0;
    }
  }
  for (let j = 0; j < hidden; j++) v[o1 + j] = j < H ? w[old1 + j] : 0;
  for (let m = 0; m < OUTPUTS; m++) {
    for (let j = 0; j < hidden; j++) v[o2 + m * hidden + j] = j < H ? w[old2 + m * H + j] : 0;
    v[o3 + m] = w[old3 + m];
  }
  return wide;
}

/** Writes a checkpoint as JSON text. */
export function netToJson(net: Net, meta: NetMeta): string {
  const bytes = new Uint8Array(net.w.buffer, net.w.byteOffset, net.w.byteLength);
  const json: NetJson = { ...meta, inputs: net.inputs, hidden: net.hidden, weights: Buffer.from(bytes).toString('base64') };
  return JSON.stringify(json, null, 1) + '\n';
}

/** Reads a checkpoint (as parsed JSON) into a net. */
export function netFromJson(json: NetJson): Net {
  const bytes = Uint8Array.from(atob(json.weights), (c) => c.charCodeAt(0));
  return new Net(json.inputs, json.hidden, new Float32Array(bytes.buffer));
}
