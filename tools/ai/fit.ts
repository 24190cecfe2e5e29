/**
 * Fits a net to the positions and targets that targets.ts wrote: passes over them in a seeded
 * random order, the step `--alpha` times `--decay` after each pass. A twentieth of the games is
 * held out, and after every pass the tool prints the held-out squared error (the five outputs'
 * summed, a position's mean) beside the starting net's; the pass with the lowest is written.
 * Starts from the committed net unless `--from` names another, and writes only `--out`, so the
 * committed net changes only when a fitted one is measured against it and copied over.
 *
 *   nice -n 19 npx tsx tools/ai/fit.ts --variant long --data /tmp/long-2ply-1.bin,/tmp/long-2ply-2.bin --out /tmp/long-fit.json [--passes 4] [--alpha 0.003] [--decay 0.5] [--hidden H]
 *
 * `--hidden H` widens the starting net to H hidden units first (`widen`: it plays exactly as before
 * until fitted), for a net with more room than the one that made the targets; `--fresh H` starts
 * instead from a new net of H hidden units with small random weights.
 *
 * With targets written by `targets.ts --plays K`, it also prints the held-out order of a roll's
 * plays (what a search chooses by), and `--rank W` fits the plays' differences within a roll
 * besides their values (order.ts); the pass kept is then the one whose held-out order loses least.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { VariantId } from '../../src/engine/index.ts';
import { NetEvaluator, outputsEquity } from '../../src/ai/evaluators.ts';
import { newFeatures } from '../../src/ai/features.ts';
import { Net, OUTPUTS, netFromJson, netToJson, widen, type NetJson } from '../../src/ai/net.ts';
import { seededRandom } from '../../src/ai/random.ts';
import { aiRules } from '../../src/ai/rules.ts';
import { isBearoffRace } from '../../src/ai/bearoff.ts';
import { AdamFit } from './adam.ts';
import { equityOf, equityWeights, groupByRoll, orderDirections } from './order.ts';
import { numberArg, readArgs } from './args.ts';
import { GAME_AT, HOLD_OUT, RECORD, TARGETS_AT } from './target-file.ts';

const options = readArgs(
  `usage: tsx tools/ai/fit.ts --variant long|short|… --data file[,file…] --out file [--from file] [--passes 4] [--alpha 0.003] [--decay 0.5] [--hidden H | --fresh H] [--adam [--batch 32] [--cross-entropy] [--rank W]]
Fits a net to targets.ts's positions; see the comment at the top of tools/ai/fit.ts.`,
  { variant: { type: 'string' }, data: { type: 'string' }, out: { type: 'string' }, from: { type: 'string' }, passes: { type: 'string' }, hidden: { type: 'string' }, fresh: { type: 'string' }, alpha: { type: 'string' }, decay: { type: 'string' }, adam: { type: 'boolean' }, batch: { type: 'string' }, 'cross-entropy': { type: 'boolean' }, rank: { type: 'string' } },
);
if (!options.data || !options.out) {
  console.error('--data and --out are both needed: the targets files to fit to, and the checkpoint to write');
  process.exit(2);
}
const variant = (options.variant ?? 'short') as VariantId;
const passes = numberArg(options.passes, 4, 'passes');
const alpha0 = numberArg(options.alpha, 0.003, 'alpha');
const decay = numberArg(options.decay, 0.5, 'decay');
const from = options.from || fileURLToPath(new URL(`../../src/ai/weights/${variant}.json`, import.meta.url));
const files = options.data.split(',');
const batch = numberArg(options.batch, 32, 'batch');
if (options['cross-entropy'] && !options.adam) {
  console.error('--cross-entropy needs --adam (plain SGD follows the squared error)');
  process.exit(2);
}
const rank = numberArg(options.rank, 0, 'rank');
if (rank !== 0 && !options.adam) {
  console.error('--rank needs --adam');
  process.exit(2);
}

const parts = files.map((f) => {
  const b = readFileSync(f);
  if (b.length % RECORD !== 0) throw new Error(`${f}: ${b.length} bytes is not a whole number of ${RECORD}-byte records (not a targets.ts file?)`);
  return b;
});
// One aligned copy, so that the targets can be read as float32 in place.
const data = new Uint8Array(parts.reduce((n, b) => n + b.length, 0));
{
  let at = 0;
  for (const b of parts) { data.set(b, at); at += b.length; }
}
const count = data.length / RECORD;
const boards = new Int8Array(data.buffer);
const words = new DataView(data.buffer);
const train: number[] = [], held: number[] = [];
let table = 0;
for (let i = 0; i < count; i++) {
  // Where the evaluator answers from the bear-off table, the net is never asked: nothing to fit.
  if (isBearoffRace(boards, i * RECORD)) { table++; continue; }
  (words.getUint32(i * RECORD + GAME_AT, true) % HOLD_OUT === 0 ? held : train).push(i);
}
const trainRolls = groupByRoll(data, train), heldRolls = groupByRoll(data, held).filter((g) => g.length > 1);
console.log(`${count} positions from ${files.length} file(s): ${train.length} to fit, ${held.length} held out, ${table} left to the bear-off table; ${heldRolls.length} held-out rolls with several plays`);

const json = JSON.parse(readFileSync(from, 'utf8')) as NetJson;
const hidden = numberArg(options.hidden, json.hidden, 'hidden');
const fresh = numberArg(options.fresh, 0, 'fresh');
let net: Net;
if (fresh > 0) {
  net = new Net(json.inputs, fresh);
  net.randomize(seededRandom(12345), 0.1);
  console.log(`a fresh net of ${fresh} hidden units`);
} else if (hidden > json.hidden) {
  net = widen(netFromJson(json), json.inputs, hidden, seededRandom(777));
  console.log(`widened from ${json.hidden} to ${hidden} hidden units`);
} else net = netFromJson(json);
const rules = aiRules(variant);
const ev = new NetEvaluator(net, rules);
const weights = equityWeights(rules.topPoints);
const f = newFeatures();
const target = new Float32Array(OUTPUTS);
const adam = options.adam ? new AdamFit(net, !!options['cross-entropy']) : undefined;

/** The record `i`'s inputs into `f`, its targets into `target`. */
function load(i: number): void {
  const r = i * RECORD;
  for (let o = 0; o < OUTPUTS; o++) target[o] = words.getFloat32(r + TARGETS_AT + o * 4, true);
  ev.encode(boards, r, f);
}

/** The held-out outputs' squared error, and the squared error of the equity they make (what the plays are chosen by). */
function heldError(): { outputs: number; equity: number } {
  let sum = 0, equity = 0;
  for (const i of held) {
    load(i);
    const out = net.forward(f);
    for (let o = 0; o < OUTPUTS; o++) sum += (target[o] - out[o]) ** 2;
    equity += (outputsEquity(target, true) - outputsEquity(out, true)) ** 2;
  }
  const n = Math.max(1, held.length);
  return { outputs: sum / n, equity: equity / n };
}

/**
 * How well the net orders the plays of a roll, on the held-out rolls with several: the target
 * equity lost a roll by playing the net's best of them instead of the targets' best, and how
 * often the two are the same play — what a search chooses by, where the error above also counts
 * what all the plays of a roll share.
 */
function heldOrder(): { loss: number; same: number } {
  let loss = 0, same = 0;
  for (const g of heldRolls) {
    let mine = -Infinity, mineTarget = 0, best = -Infinity;
    for (const i of g) {
      load(i);
      const e = equityOf(net.forward(f), weights), t = equityOf(target, weights);
      if (e > mine) { mine = e; mineTarget = t; }
      best = Math.max(best, t);
    }
    loss += best - mineTarget;
    if (mineTarget === best) same++;
  }
  const n = Math.max(1, heldRolls.length);
  return { loss: loss / n, same: same / n };
}

/** The held-out order's figures for a pass's line, and its loss in `lastOrderLoss`. */
let lastOrderLoss = Infinity;
const orderText = () => {
  if (heldRolls.length === 0) return '';
  const o = heldOrder();
  lastOrderLoss = o.loss;
  return `, rolls' order: ${(1000 * o.loss).toFixed(2)} mp lost a roll, ${(100 * o.same).toFixed(1)} % the same best play`;
};
/** With --rank the pass kept is the one whose held-out rolls lose least; else the one with the least held-out error. */
const byOrder = rank !== 0 && heldRolls.length > 0;

let rollOut = new Float64Array(8 * OUTPUTS), rollTarget = new Float64Array(8 * OUTPUTS), rollDirection = new Float64Array(8 * OUTPUTS);
const dOut = new Float64Array(OUTPUTS);
/**
 * `--rank W`: the plays of one roll into the batch, each towards its own targets (the outputs'
 * error, as without it) and, weighted by W, towards the targets' differences between the plays
 * (order.ts). Returns the outputs' squared error summed.
 */
function addRoll(g: readonly number[]): number {
  if (g.length * OUTPUTS > rollOut.length) { rollOut = new Float64Array(g.length * OUTPUTS); rollTarget = new Float64Array(g.length * OUTPUTS); rollDirection = new Float64Array(g.length * OUTPUTS); }
  for (let k = 0; k < g.length; k++) {
    load(g[k]);
    rollOut.set(net.forward(f), k * OUTPUTS);
    rollTarget.set(target, k * OUTPUTS);
  }
  if (g.length > 1) orderDirections(rollOut, rollTarget, g.length, weights, rollDirection);
  else rollDirection.fill(0);
  let err = 0;
  for (let k = 0; k < g.length; k++) {
    load(g[k]);
    const out = net.forward(f);
    for (let m = 0; m < OUTPUTS; m++) {
      const e = target[m] - out[m];
      err += e * e;
      dOut[m] = (options['cross-entropy'] ? e : e * out[m] * (1 - out[m])) + rank * rollDirection[k * OUTPUTS + m];
    }
    adam!.addDirection(f, dOut);
  }
  return err;
}

const random = seededRandom(0xf17);
/** Fisher–Yates, in place, by the fit's seeded generator. */
function shuffle<T extends { length: number; [i: number]: unknown }>(xs: T): T {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = xs[i]; xs[i] = xs[j]; xs[j] = t;
  }
  return xs;
}
const order = Uint32Array.from(train);
const start = heldError();
console.log(`pass 0 (the starting net): held-out error ${start.outputs.toFixed(6)}, equity's ${start.equity.toFixed(5)}${orderText()}`);
let best = byOrder ? lastOrderLoss : start.outputs, bestWeights = net.w.slice(), bestPass = 0, alpha = alpha0;
const t0 = performance.now();
for (let pass = 1; pass <= passes; pass++) {
  shuffle(order);
  let sum = 0, n = 0;
  if (rank !== 0) {
    // By whole rolls, in a random order of the rolls.
    shuffle(trainRolls);
    for (const g of trainRolls) {
      sum += addRoll(g);
      n += g.length;
      if (n >= batch) { adam!.step(alpha); n = 0; }
    }
  } else for (const i of order) {
    load(i);
    net.forward(f);
    if (!adam) sum += net.train(f, target, alpha);
    else {
      sum += adam.add(f, target);
      if (++n % batch === 0) adam.step(alpha);
    }
  }
  adam?.step(alpha);
  const { outputs: e, equity } = heldError();
  console.log(`pass ${pass}, α ${alpha.toPrecision(3)}: fitted error ${(sum / order.length).toFixed(6)}, held-out ${e.toFixed(6)}, equity's ${equity.toFixed(5)}${orderText()} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  const score = byOrder ? lastOrderLoss : e;
  if (score < best) { best = score; bestWeights = net.w.slice(); bestPass = pass; }
  alpha *= decay;
}
net.w.set(bestWeights);
const how = adam ? `Adam, batches of ${batch}, ${options['cross-entropy'] ? 'cross-entropy' : 'squared error'}, ` : '';
const run = `${new Date().toISOString()}: fitted to ${train.length} positions (${files.join(', ')}), pass ${bestPass} of ${passes} kept, ${how}α ${alpha0} × ${decay} a pass, held-out ${byOrder ? `order's loss ${(1000 * best).toFixed(2)} mp a roll` : `error ${best.toFixed(6)}`}${rank ? `, --rank ${rank}` : ''}`;
const meta = { ...json, hidden: net.hidden, alpha: alpha0, runs: [...json.runs, run] };
writeFileSync(`${options.out}.tmp`, netToJson(net, meta));
renameSync(`${options.out}.tmp`, options.out);
console.log(`wrote ${options.out}: pass ${bestPass}`);
