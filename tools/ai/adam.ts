/**
 * Minibatch fitting of a `Net` with Adam (Kingma & Ba, 2015), for fit.ts: the gradients of a batch
 * of positions are summed, then every weight takes one step scaled by its own running size of
 * gradient. Plain SGD (`Net.train`) moves every weight by the same step, which leaves the rarely
 * active inputs (a long-nardy checker deep in the other's home, a late wall) and the mars outputs
 * (probabilities near 0, where the squared error's gradient vanishes) nearly untaught.
 *
 * `crossEntropy` takes the gradient of the outputs' cross-entropy instead of their squared error:
 * for a sigmoid output it is simply target − output, with no output·(1 − output) factor to vanish
 * when a chance is near 0 or 1, as the mars and koks chances mostly are.
 *
 * `add` is `Net.train`'s backpropagation, summed instead of applied: train's in-place step touches
 * only the rows of the inputs a position has, which the TD trainer's hot loop needs, while Adam
 * steps every weight once a batch.
 */
import { Net, OUTPUTS } from '../../src/ai/net.ts';
import type { Features } from '../../src/ai/features.ts';

export class AdamFit {
  /** The batch's summed descent direction, one entry a weight (read by the tests). */
  readonly g: Float64Array;
  private readonly m: Float64Array;
  private readonly v: Float64Array;
  private readonly dh: Float64Array;
  private readonly dOut = new Float64Array(OUTPUTS);
  private inBatch = 0;
  private steps = 0;

  constructor(private readonly net: Net, private readonly crossEntropy: boolean, private readonly beta1 = 0.9, private readonly beta2 = 0.999) {
    this.g = new Float64Array(net.w.length);
    this.m = new Float64Array(net.w.length);
    this.v = new Float64Array(net.w.length);
    this.dh = new Float64Array(net.hidden);
  }

  /**
   * Adds the descent direction for `f` towards `target` to the batch (call `net.forward(f)` first
   * with the same `f`). Returns the squared error, whatever the loss followed.
   */
  add(f: Features, target: Float32Array): number {
    const out = this.net.out;
    let err = 0;
    for (let m = 0; m < OUTPUTS; m++) {
      const e = target[m] - out[m];
      err += e * e;
      this.dOut[m] = this.crossEntropy ? e : e * out[m] * (1 - out[m]);
    }
    this.addDirection(f, this.dOut);
    return err;
  }

  /**
   * Adds to the batch the descent direction for `f` given at the outputs' pre-activations
   * (`dOut`, one per output), backpropagated to every weight (call `net.forward(f)` first): the
   * losses other than the outputs' own error, such as fit.ts's order of a roll's plays.
   */
  addDirection(f: Features, dOut: ArrayLike<number>): void {
    const net = this.net, H = net.hidden, w = net.w, h = net.h, g = this.g, dh = this.dh;
    const o1 = net.inputs * H, o2 = o1 + H, o3 = o2 + OUTPUTS * H;
    dh.fill(0);
    for (let m = 0; m < OUTPUTS; m++) {
      const d = dOut[m], base = o2 + m * H;
      for (let j = 0; j < H; j++) {
        dh[j] += d * w[base + j];
        g[base + j] += d * h[j];
      }
      g[o3 + m] += d;
    }
    for (let j = 0; j < H; j++) {
      dh[j] *= h[j] * (1 - h[j]);
      g[o1 + j] += dh[j];
    }
    for (let k = 0; k < f.count; k++) {
      const base = f.index[k] * H, a = f.value[k];
      for (let j = 0; j < H; j++) g[base + j] += a * dh[j];
    }
    this.inBatch++;
  }

  /** One Adam step of size `alpha` from the batch's mean direction; the batch starts empty again. */
  step(alpha: number): void {
    if (this.inBatch === 0) return;
    const { g, m, v, beta1, beta2 } = this, w = this.net.w, n = this.inBatch;
    this.steps++;
    const c1 = 1 - beta1 ** this.steps, c2 = 1 - beta2 ** this.steps;
    for (let i = 0; i < w.length; i++) {
      const gi = g[i] / n;
      m[i] = beta1 * m[i] + (1 - beta1) * gi;
      v[i] = beta2 * v[i] + (1 - beta2) * gi * gi;
      w[i] += (alpha * m[i]) / c1 / (Math.sqrt(v[i] / c2) + 1e-8);
    }
    g.fill(0);
    this.inBatch = 0;
  }
}
