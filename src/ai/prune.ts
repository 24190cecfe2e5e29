/**
 * The pruning net: a small net on the raw inputs only (no expert inputs, 16 hidden units, one
 * linear output) that guesses the full net's 0-ply equity of a play. The 2-ply ranks the plays of
 * each of its innermost rolls by it and lets the full net score only the best few (gnubg's
 * pruning nets do the same): a guess costs about a tenth of a full evaluation, and those
 * innermost rolls are nine tenths of a 2-ply's work.
 *
 * It learns from the full net alone (tools/ai/train-prune.ts: the plays of seeded self-play, each
 * labelled with the full net's equity), so it knows nothing the full net does not; it only has to
 * put the full net's choice among its best few.
 */
import { encode, newFeatures, rawDelta, type Features } from './features.ts';
import { addRow, sigmoid } from './net.ts';
import { type AiRules, BOARD, wonPoints } from './rules.ts';
import type { Evaluator } from './evaluators.ts';

/** A checkpoint as JSON: what it was trained from, and little-endian Float32 weights in base64. */
export interface PruneJson {
  readonly variant: string;
  readonly inputs: number;
  readonly hidden: number;
  /** How it was made and how well it ranks (free text, one line per run). */
  readonly runs: string[];
  readonly weights: string;
}

export class PruneNet {
  /** Layout: W1 [inputs][hidden], b1 [hidden], W2 [hidden], b2. */
  readonly w: Float32Array;
  readonly o1: number;
  readonly o2: number;
  readonly o3: number;

  constructor(readonly inputs: number, readonly hidden: number, weights?: Float32Array) {
    this.o1 = inputs * hidden;
    this.o2 = this.o1 + hidden;
    this.o3 = this.o2 + hidden;
    if (weights && weights.length !== this.o3 + 1) throw new Error(`prune net: expected ${this.o3 + 1} weights, got ${weights.length}`);
    this.w = weights ?? new Float32Array(this.o3 + 1);
  }

  randomize(random: () => number, scale = 0.1): void {
    for (let i = 0; i < this.w.length; i++) this.w[i] = (random() * 2 - 1) * scale;
  }

  /** The pre-activations of `f` into `z`: the biases plus its inputs' rows. */
  sum(f: Features, z: Float64Array): void {
    const H = this.hidden, w = this.w;
    for (let j = 0; j < H; j++) z[j] = w[this.o1 + j];
    for (let k = 0; k < f.count; k++) this.addRow(z, f.index[k], f.value[k]);
  }

  /** Adds `v` times input `i`'s row to `z`. */
  addRow(z: Float64Array, i: number, v: number): void {
    addRow(z, this.w, i * this.hidden, this.hidden, v);
  }

  /** The output from the pre-activations `z`, the hidden activations left in `h`. */
  output(z: Float64Array, h: Float64Array): number {
    const H = this.hidden, w = this.w;
    let s = w[this.o3];
    for (let j = 0; j < H; j++) {
      const a = sigmoid(z[j]);
      h[j] = a;
      s += w[this.o2 + j] * a;
    }
    return s;
  }

  /**
   * One gradient step of the squared error towards `target` for `f`, whose pre-activations and
   * activations `output` has just left in `z` and `h` (the output it returned is `out`).
   */
  train(f: Features, h: Float64Array, out: number, target: number, alpha: number): void {
    const H = this.hidden, w = this.w, e = alpha * (target - out);
    w[this.o3] += e;
    for (let j = 0; j < H; j++) {
      const dh = e * w[this.o2 + j] * h[j] * (1 - h[j]);
      w[this.o2 + j] += e * h[j];
      w[this.o1 + j] += dh;
      for (let k = 0; k < f.count; k++) w[f.index[k] * H + j] += dh * f.value[k];
    }
  }
}

/**
 * A pruning net read as an evaluator (a ranking): from the position before the plays
 * (`prepare`), each play adds only the rows of the inputs it changes. A play that wins the game
 * outranks every guess, so pruning never drops it.
 */
export class Pruner implements Evaluator {
  readonly equity = false;
  private readonly f = newFeatures();
  private readonly z: Float64Array;
  private readonly h: Float64Array;
  /** The position before the plays, and its pre-activations. */
  private readonly before = new Int8Array(BOARD);
  private readonly sums: Float64Array;

  constructor(readonly net: PruneNet, readonly rules: AiRules) {
    this.z = new Float64Array(net.hidden);
    this.h = new Float64Array(net.hidden);
    this.sums = new Float64Array(net.hidden);
  }

  prepare(b: Int8Array, at: number): void {
    this.net.sum(encode(b, at, this.f), this.sums);
    this.before.set(b.subarray(at, at + BOARD));
  }

  score(b: Int8Array, at: number): number {
    const won = wonPoints(this.rules, b, at);
    if (won > 0) return 1e9 + won;
    const d = rawDelta(this.before, 0, b, at, this.f), z = this.z, net = this.net;
    z.set(this.sums);
    for (let k = 0; k < d.count; k++) net.addRow(z, d.index[k], d.value[k]);
    return net.output(z, this.h);
  }
}

/** Writes a checkpoint as JSON text. */
export function pruneToJson(net: PruneNet, variant: string, runs: string[]): string {
  const bytes = new Uint8Array(net.w.buffer, net.w.byteOffset, net.w.byteLength);
  const json: PruneJson = { variant, inputs: net.inputs, hidden: net.hidden, runs, weights: Buffer.from(bytes).toString('base64') };
  return JSON.stringify(json, null, 1) + '\n';
}

/** Reads a checkpoint (as parsed JSON). */
export function pruneFromJson(json: PruneJson): PruneNet {
  const bytes = Uint8Array.from(atob(json.weights), (c) => c.charCodeAt(0));
  return new PruneNet(json.inputs, json.hidden, new Float32Array(bytes.buffer));
}
