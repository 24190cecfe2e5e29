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

  /** The hidden pre-activations of `f` into `near`, which then serves `forwardNear` for positions near `f`. */
  accumulate(f: Features, near: Accumulator): void {
    this.sum(f);
    near.sums.set(this.z);
    for (let k = 0; k < near.count; k++) near.dense[near.index[k]] = 0;
    for (let k = 0; k < f.count; k++) near.dense[f.index[k]] = f.value[k];
    near.index.set(f.index.subarray(0, f.count));
    near.count = f.count;
  }

  /** The hidden pre-activations of `f`: the biases plus its inputs' rows. */
  private sum(f: Features): void {
    const H = this.hidden, w = this.w, z = this.z;
    for (let j = 0; j < H; j++) z[j] = w[this.o1 + j];
    for (let k = 0; k < f.count; k++) this.addRow(f.index[k], f.value[k]);
  }

  /**
   * The same outputs as `forward(f)`, from the pre-activations of a position near it (`accumulate`):
   * only the inputs where the two differ are added. The plays of one roll differ from the
   * position before it in a few points, the pips and the expert inputs, about 15 of 35 inputs,
   * and the first layer is most of an evaluation's work.
   */
  forwardNear(f: Features, near: Accumulator): Float32Array {
    const H = this.hidden, z = this.z, dense = near.dense, seen = near.seen;
    const stamp = ++near.stamp;
    for (let j = 0; j < H; j++) z[j] = near.sums[j];
    for (let k = 0; k < f.count; k++) {
      const i = f.index[k];
      seen[i] = stamp;
      const d = f.value[k] - dense[i];
      if (d !== 0) this.addRow(i, d);
    }
    for (let k = 0; k < near.count; k++) {
      const i = near.index[k];
      if (seen[i] !== stamp) this.addRow(i, -dense[i]);
    }
    if (stamp === 0x7fffffff) { seen.fill(0); near.stamp = 0; }
    return this.activate();
  }

  /** Adds `v` times input `i`'s row of first-layer weights to the pre-activations. */
  private addRow(i: number, v: number): void {
    const H = this.hidden, w = this.w, z = this.z, base = i * H;
    if (v === 1) for (let j = 0; j < H; j++) z[j] += w[base + j];
    else for (let j = 0; j < H; j++) z[j] += v * w[base + j];
  }

  /** Hidden activations from the pre-activations, then the outputs. */
  private activate(): Float32Array {
    const H = this.hidden, w = this.w, h = this.h, z = this.z;
    for (let j = 0; j < H; j++) h[j] = 1 / (1 + Math.exp(-z[j]));
    for (let m = 0; m < OUTPUTS; m++) {
      let s = w[this.o3 + m];
      const base = this.o2 + m * H;
      for (let j = 0; j < H; j++) s += w[base + j] * h[j];
      this.out[m] = 1 / (1 + Math.exp(-s));
    }
    return this.out;
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

/** A position's hidden pre-activations and inputs, kept so that positions near it are evaluated from the difference (`Net.forwardNear`). */
export class Accumulator {
  readonly sums: Float64Array;
  /** The position's input values by input index (zero where absent). */
  readonly dense: Float32Array;
  /** Its non-zero inputs. */
  readonly index: Int32Array;
  count = 0;
  /** Marks, per input, the last `forwardNear` that met it among its position's inputs. */
  readonly seen: Int32Array;
  stamp = 0;
  constructor(net: Net) {
    this.sums = new Float64Array(net.hidden);
    this.dense = new Float32Array(net.inputs);
    this.index = new Int32Array(net.inputs);
    this.seen = new Int32Array(net.inputs);
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
