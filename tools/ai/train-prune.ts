/**
 * Trains a pruning net (src/ai/prune.ts) from the committed full net of a family: seeded
 * self-play of the full net at 0-ply (one play in ten perturbed, so that the games wander a
 * little), and at each turn the plays of the roll played and of one more roll, each labelled with
 * the full net's equity. The pruning net learns those equities by stochastic gradient descent; a
 * tenth of the rolls is held out, and the tool prints how often the full net's best play is
 * among the pruning net's best k, and what the full net's best among them loses on average.
 * Nothing but our own net is learned from.
 *
 *   nice -n 19 npm run train:prune -- --variant short [--games 1500] [--hidden 16] [--epochs 5] [--out file]
 *
 * Writes src/ai/weights/<variant>-prune.json unless `--out` names another file.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startBoard, type VariantId } from '../../src/engine/index.ts';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { RAW_INPUTS, encode, newFeatures } from '../../src/ai/features.ts';
import { netFor } from '../../src/ai/player.ts';
import { PruneNet, pruneToJson } from '../../src/ai/prune.ts';
import { rollDie, seededRandom } from '../../src/ai/random.ts';
import { BOARD, aiRules, generateFrom, isFirstTurn, swapInto, wonPoints } from '../../src/ai/rules.ts';
import { isBearoffRace } from '../../src/ai/bearoff.ts';
import { Generator } from '../../src/engine/index.ts';
import { numberArg, readArgs } from './args.ts';

const options = readArgs(
  `usage: tsx tools/ai/train-prune.ts --variant short|long|… [--games 1500] [--hidden 16] [--epochs 5] [--out file]
Trains the pruning net of a family from its committed full net; see the comment at the top of tools/ai/train-prune.ts.`,
  { variant: { type: 'string' }, games: { type: 'string' }, hidden: { type: 'string' }, epochs: { type: 'string' }, out: { type: 'string' } },
);
const variant = (options.variant ?? 'short') as VariantId;
const games = numberArg(options.games, 1500, 'games');
const hidden = numberArg(options.hidden, 16, 'hidden');
const epochs = numberArg(options.epochs, 5, 'epochs');
const out = options.out || fileURLToPath(new URL(`../../src/ai/weights/${variant}-prune.json`, import.meta.url));
/** The ks the held-out report prints; the 2-ply keeps LOOKAHEAD.deep.prune of them. */
const KS = [2, 4, 6, 8, 10];

const rules = aiRules(variant);
const full = new NetEvaluator(netFor(variant), rules);
const gen = new Generator();
const random = seededRandom(0x9a0e);
const t0 = performance.now();

// The labelled plays, generation by generation: boards one after another, their labels, and where each generation starts.
let boards = new Int8Array(1 << 24);
let labels = new Float32Array(1 << 18);
let plays = 0;
const starts: number[] = [0];
function keep(m: number): void {
  full.prepare(gen.b, 0);
  for (let k = 0; k < m; k++) {
    const at = k * BOARD;
    // Plays that end the game or reach the bear-off table are scored exactly by the search; the pruning net need not learn them.
    if (wonPoints(rules, gen.boards, at) > 0 || isBearoffRace(gen.boards, at)) continue;
    if ((plays + 1) * BOARD > boards.length) { const more = new Int8Array(boards.length * 2); more.set(boards); boards = more; }
    if (plays >= labels.length) { const more = new Float32Array(labels.length * 2); more.set(labels); labels = more; }
    boards.set(gen.boards.subarray(at, at + BOARD), plays * BOARD);
    labels[plays++] = full.score(gen.boards, at);
  }
  if (plays > starts[starts.length - 1]) starts.push(plays);
}

const s = startBoard(rules.variant);
const b = new Int8Array(BOARD);
for (let g = 0; g < games; g++) {
  for (let i = 0; i < 26; i++) { b[i] = s[0][i]; b[26 + i] = s[1][i]; }
  for (let turn = 0; turn < 2000; turn++) {
    const first = isFirstTurn(rules, b, 0);
    const other = generateFrom(gen, rules, b, 0, [rollDie(random), rollDie(random)], first);
    if (other >= 2) keep(other);
    const m = generateFrom(gen, rules, b, 0, [rollDie(random), rollDie(random)], first);
    if (m === 0) { swapInto(b, 0, b, 0); continue; }
    if (m >= 2) keep(m);
    full.prepare(gen.b, 0);
    let best = 0, bestValue = -Infinity;
    for (let k = 0; k < m; k++) {
      const v = full.score(gen.boards, k * BOARD) + (random() < 0.1 ? random() * 0.2 : 0);
      if (v > bestValue) { bestValue = v; best = k; }
    }
    const played = gen.boards.subarray(best * BOARD, (best + 1) * BOARD);
    if (wonPoints(rules, played, 0) > 0) break;
    swapInto(played, 0, b, 0);
  }
  if ((g + 1) % 250 === 0) console.log(`${g + 1} games, ${plays} plays labelled, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

const generations = starts.length - 1;
const net = new PruneNet(RAW_INPUTS, hidden);
net.randomize(seededRandom(9), 0.1);
const f = newFeatures();
const z = new Float64Array(hidden), h = new Float64Array(hidden);
const guess = (i: number) => { encode(boards, i * BOARD, f); net.sum(f, z); return net.output(z, h); };

/** Every tenth generation is held out. */
const train: number[] = [];
for (let g = 0; g < generations; g++) if (g % 10 !== 0) for (let i = starts[g]; i < starts[g + 1]; i++) train.push(i);

function report(): string {
  const found = KS.map(() => 0), lost = KS.map(() => 0);
  let tested = 0, se = 0, n = 0;
  for (let g = 0; g < generations; g += 10) {
    const ids: number[] = [];
    for (let i = starts[g]; i < starts[g + 1]; i++) ids.push(i);
    const guesses = new Map(ids.map((i) => [i, guess(i)]));
    for (const i of ids) { se += (guesses.get(i)! - labels[i]) ** 2; n++; }
    ids.sort((x, y) => guesses.get(y)! - guesses.get(x)!);
    let best = -Infinity;
    for (const i of ids) best = Math.max(best, labels[i]);
    KS.forEach((k, t) => {
      let got = -Infinity;
      for (const i of ids.slice(0, k)) got = Math.max(got, labels[i]);
      if (got === best) found[t]++;
      lost[t] += best - got;
    });
    tested++;
  }
  return `rms error ${Math.sqrt(se / n).toFixed(3)}; the full net's best among the best k (held-out rolls: ${tested}): ` +
    KS.map((k, t) => `k ${k}: ${(100 * found[t] / tested).toFixed(1)} %, ${(1000 * lost[t] / tested).toFixed(2)} mp lost`).join('; ');
}

console.log(`${plays} plays of ${generations} rolls from ${games} games in ${((performance.now() - t0) / 1000).toFixed(0)} s; training ${hidden} hidden units, ${epochs} epochs`);
for (let e = 0; e < epochs; e++) {
  for (let i = train.length - 1; i > 0; i--) { const j = Math.floor(random() * (i + 1)); const x = train[i]; train[i] = train[j]; train[j] = x; }
  const alpha = 0.05 / (1 + e);
  for (const i of train) net.train(f, h, guess(i), labels[i], alpha);
  console.log(`epoch ${e + 1} (alpha ${alpha.toFixed(3)}): ${report()}`);
}
const line = `${new Date().toISOString()}: ${games} games of the committed ${variant} net at 0-ply, ${plays} plays, ${hidden} hidden, ${epochs} epochs; ${report()}`;
writeFileSync(out, pruneToJson(net, variant, [line]));
console.log(`wrote ${out}\n${line}`);
