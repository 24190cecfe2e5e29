// fit.ts's Adam: the direction it sums is the true descent direction of the loss it names (checked
// against finite differences of that loss, for both losses), and its steps fit a small set of
// positions better than plain SGD's in as many passes.
import { describe, expect, it } from 'vitest';
import { Net, OUTPUTS } from '../../src/ai/net.ts';
import { INPUTS, newFeatures, type Features } from '../../src/ai/features.ts';
import { seededRandom } from '../../src/ai/random.ts';
import { AdamFit } from '../../tools/ai/adam.ts';

/** A position's sparse inputs: a few of the inputs set to values in (0, 1]. */
function someFeatures(random: () => number): Features {
  const f = newFeatures();
  const used = new Set<number>();
  while (used.size < 12) used.add(Math.floor(random() * INPUTS));
  for (const i of used) { f.index[f.count] = i; f.value[f.count++] = 0.1 + 0.9 * random(); }
  return f;
}

function loss(net: Net, f: Features, target: Float32Array, crossEntropy: boolean): number {
  const out = net.forward(f);
  let l = 0;
  for (let m = 0; m < OUTPUTS; m++) {
    l += crossEntropy
      ? -(target[m] * Math.log(out[m]) + (1 - target[m]) * Math.log(1 - out[m]))
      : 0.5 * (target[m] - out[m]) ** 2;
  }
  return l;
}

describe('AdamFit', () => {
  for (const crossEntropy of [false, true]) {
    it(`sums the descent direction of the ${crossEntropy ? 'cross-entropy' : 'squared error'}`, () => {
      const random = seededRandom(7);
      const net = new Net(INPUTS, 6);
      net.randomize(random, 0.5);
      const f = someFeatures(random);
      const target = Float32Array.from({ length: OUTPUTS }, () => random());
      const fit = new AdamFit(net, crossEntropy);
      net.forward(f);
      fit.add(f, target);
      // Every weight the position reaches: its inputs' rows, the biases, the output layer.
      const H = net.hidden, reached = [...Array(H).keys()].flatMap((j) => [f.index[0] * H + j, f.index[5] * H + j, INPUTS * H + j]);
      for (let k = INPUTS * H + H; k < net.w.length; k++) reached.push(k);
      const eps = 1e-3;
      for (const k of reached) {
        const w0 = net.w[k];
        net.w[k] = w0 + eps; const up = loss(net, f, target, crossEntropy);
        net.w[k] = w0 - eps; const down = loss(net, f, target, crossEntropy);
        net.w[k] = w0;
        const numeric = -(up - down) / (2 * eps);
        // The sigmoid is a table read linearly between steps of 1/64: its slope is off by up to 1e-3.
        expect(Math.abs(fit.g[k] - numeric)).toBeLessThan(2e-3 + 0.01 * Math.abs(numeric));
      }
      // Weights of inputs the position does not have get nothing.
      const unused = [...Array(INPUTS).keys()].find((i) => !Array.from(f.index.subarray(0, f.count)).includes(i))!;
      for (let j = 0; j < H; j++) expect(fit.g[unused * H + j]).toBe(0);
    });
  }

  it('fits a small set of positions closer than plain SGD in as many passes', () => {
    const random = seededRandom(11);
    const teacher = new Net(INPUTS, 8);
    teacher.randomize(random, 0.8);
    const data = Array.from({ length: 400 }, () => {
      const f = someFeatures(random);
      return { f, target: Float32Array.from(teacher.forward(f)) };
    });
    const start = new Net(INPUTS, 8);
    start.randomize(seededRandom(3), 0.1);
    const error = (net: Net) => data.reduce((s, { f, target }) => s + 2 * loss(net, f, target, false), 0) / data.length;
    const sgd = new Net(INPUTS, 8, start.w.slice()), adamNet = new Net(INPUTS, 8, start.w.slice());
    const adam = new AdamFit(adamNet, true);
    for (let pass = 0; pass < 30; pass++) {
      data.forEach(({ f, target }, i) => {
        sgd.forward(f); sgd.train(f, target, 0.1);
        adamNet.forward(f); adam.add(f, target);
        if (i % 8 === 7) adam.step(0.01);
      });
    }
    expect(error(adamNet)).toBeLessThan(error(start) / 4);
    expect(error(adamNet)).toBeLessThan(error(sgd));
  });
});
