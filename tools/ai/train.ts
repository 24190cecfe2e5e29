/**
 * Trains the computer's neural evaluator by self-play, TD(λ) in the style of TD-Gammon: the net
 * plays both sides greedily (0-ply), and after each game every position is moved towards its
 * λ-return (forward view: (1 − λ)·next estimate + λ·next λ-return, the game's result at the end).
 *
 * Resumable: the checkpoint `src/ai/weights/<variant>.json` is read if present and rewritten every
 * minute and at the end — also when the run is stopped with Ctrl-C; games and CPU seconds
 * accumulate in it.
 *
 *   nice -n 19 npm run train:short -- --minutes 30
 *   nice -n 19 npm run train:long -- --minutes 30 [--alpha 0.05] [--hidden 64] [--fresh]
 *   nice -n 19 npm run train:short -- --minutes 60 --alpha 0.005 --lookahead
 *   nice -n 19 npm run train:short -- --minutes 30 --checkpoint /tmp/trial.json   (a copy of the net to train aside)
 *
 * `--lookahead`: each position's target is the net's own 1-ply value instead of the λ-return —
 * the other side's 21 rolls, its best reply to each, averaged (what the strong level's search
 * sees). Some 40 times slower per game than TD, but once TD has levelled off it teaches the 0-ply
 * net what its search knows, so the search then starts from a better judgement (expert
 * iteration, as gnubg's later nets were trained on deeper evaluations than their own).
 * `--lookahead-lambda L` mixes the game's later positions in: each target is (1 − L)·its 1-ply
 * value + L·the next position's target, back to the result (a λ-return over 1-ply values).
 * `--two-ply`: the target is a reduced 2-ply instead (each of the other side's best replies valued
 * by our best play to a third of our rolls), some 8 times dearer again. `--explore P`: in a share P
 * of the turns self-play makes its second-best play instead (with the look-ahead targets only,
 * which do not depend on the play made).
 *
 * A checkpoint of an older layout (fewer inputs, or fewer hidden units than `--hidden`) is widened
 * on resume without changing its play (`widen` in src/ai/net.ts).
 *
 * `--workers N`: N threads play and train the one net at once, its weights shared and unlocked
 * (train-worker.ts), for about N times the games in the same hours on N cores; `--minutes` still counts
 * CPU time, all threads' together. The games are then not repeatable from the seed alone.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { VariantId } from '../../src/engine/index.ts';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { INPUTS } from '../../src/ai/features.ts';
import { Net, netFromJson, netToJson, widen, type NetJson, type NetMeta } from '../../src/ai/net.ts';
import { seededRandom } from '../../src/ai/random.ts';
import { aiRules } from '../../src/ai/rules.ts';
import { numberArg, readArgs } from './args.ts';
import { TdGames, type TdOptions } from './td.ts';
import type { WorkerData } from './train-worker.ts';

const options = readArgs(
  `usage: tsx tools/ai/train.ts --variant short|long|… [--minutes 30] [--alpha A] [--lambda 0.7] [--hidden H] [--fresh]
       [--lookahead [--lookahead-lambda L] [--explore P] | --two-ply] [--checkpoint file] [--workers N]
Trains src/ai/weights/<variant>.json (or the --checkpoint file) by self-play; see the comment at the top of tools/ai/train.ts.`,
  {
    variant: { type: 'string' }, minutes: { type: 'string' }, hidden: { type: 'string' }, lambda: { type: 'string' },
    alpha: { type: 'string' }, fresh: { type: 'boolean' }, lookahead: { type: 'boolean' }, 'two-ply': { type: 'boolean' },
    'lookahead-lambda': { type: 'string' }, explore: { type: 'string' }, checkpoint: { type: 'string' }, workers: { type: 'string' },
  },
);
const variant = (options.variant ?? 'short') as VariantId;
const minutes = numberArg(options.minutes, 30, 'minutes');
/** Hidden units: of a fresh net, or what a resumed net is widened to (never narrowed). */
const hidden = numberArg(options.hidden, 0, 'hidden') || undefined;
const lambda = numberArg(options.lambda, 0.7, 'lambda');
const fresh = options.fresh === true;
/** `--two-ply`: targets from a reduced 2-ply (each reply of the other side valued by our best play to a third of our rolls). */
const twoPly = options['two-ply'] === true;
const lookahead = options.lookahead === true || twoPly;
/** With `--lookahead`, the λ of a return built on the 1-ply values instead of the 0-ply ones (0: the 1-ply value alone). */
const lookLambda = numberArg(options['lookahead-lambda'], 0, 'lookahead-lambda');
/** With `--lookahead`: the share of turns in which self-play makes its second-best play, to see positions greedy play avoids. */
const explore = numberArg(options.explore, 0, 'explore');
/** Threads training the one net at once (train-worker.ts); 1: this thread alone, as before. */
const workers = numberArg(options.workers, 1, 'workers');
if (!(workers >= 1) || workers !== Math.floor(workers)) {
  console.error('--workers: a whole number from 1');
  process.exit(2);
}
/** The checkpoint read and rewritten: the committed net unless `--checkpoint` names another file (a trial run beside it). */
const file = options.checkpoint || fileURLToPath(new URL(`../../src/ai/weights/${variant}.json`, import.meta.url));

const rules = aiRules(variant);
let net: Net;
let meta: NetMeta;
if (!fresh && existsSync(file)) {
  const json = JSON.parse(readFileSync(file, 'utf8')) as NetJson;
  net = netFromJson(json);
  console.log(`resuming ${file}: ${json.games} games, ${Math.round(json.cpuSeconds)} CPU s, ${json.inputs} inputs, ${json.hidden} hidden`);
  // A net of an older layout (raw inputs only, or narrower) grows into the current one, playing
  // exactly as before; training then teaches it the new inputs and units.
  if (json.inputs < INPUTS || (hidden ?? 0) > json.hidden) {
    net = widen(net, INPUTS, Math.max(hidden ?? 0, json.hidden), seededRandom(777 + json.games));
    console.log(`widened to ${net.inputs} inputs, ${net.hidden} hidden`);
  }
  meta = { variant, inputs: net.inputs, hidden: net.hidden, games: json.games, cpuSeconds: json.cpuSeconds, lambda: json.lambda, alpha: json.alpha, runs: json.runs };
} else {
  net = new Net(INPUTS, hidden ?? 64);
  net.randomize(seededRandom(12345), 0.1);
  meta = { variant, inputs: INPUTS, hidden: net.hidden, games: 0, cpuSeconds: 0, lambda, alpha: 0.1, runs: [] };
}
meta.alpha = numberArg(options.alpha, meta.alpha, 'alpha');

const tdOptions: TdOptions = { lambda, target: twoPly ? 'two-ply' : lookahead ? 'one-ply' : 'td', lookLambda, explore };
const seed = 0x5eed + meta.games * 7919;

const cpu0 = process.cpuUsage();
const cpuSeconds = () => { const u = process.cpuUsage(cpu0); return (u.user + u.system) / 1e6; };
const budget = minutes * 60;
let games = 0, lastSave = Date.now();
const runStart = new Date().toISOString();
function save(): void {
  const spent = cpuSeconds();
  const out = { ...meta, games: meta.games + games, cpuSeconds: meta.cpuSeconds + spent };
  out.runs = [...meta.runs, `${runStart}: ${games} games, ${Math.round(spent)} CPU s, alpha ${meta.alpha}${twoPly ? ', reduced 2-ply targets' : lookahead ? ', 1-ply targets' : ''}${lookahead && lookLambda > 0 ? ` (λ ${lookLambda})` : ''}${explore > 0 ? `, explore ${explore}` : ''}${workers > 1 ? `, ${workers} workers` : ''}`];
  // Written aside and renamed, so stopping the run at any moment never leaves a broken checkpoint.
  writeFileSync(`${file}.tmp`, netToJson(net, out));
  renameSync(`${file}.tmp`, file);
}
// Ctrl-C (or a TERM) ends the run at the next game and still writes the checkpoint.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { stopping = true; });
/** Turns and summed error since the last progress line, and the games they came from. */
let window = { games: 0, turns: 0, error: 0 };
function progress(): void {
  save();
  lastSave = Date.now();
  console.log(`${meta.games + games} games, ${(games / cpuSeconds()).toFixed(1)} games/CPU s, ${(window.turns / Math.max(1, window.games)).toFixed(0)} turns/game, td error ${(window.error / Math.max(1, window.games)).toFixed(4)}`);
}

if (workers === 1) {
  const td = new TdGames(new NetEvaluator(net, rules), rules, tdOptions, seededRandom(seed));
  while (cpuSeconds() < budget && !stopping) {
    // The loop is synchronous: let the signal handlers run now and then.
    if (games % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    const g = td.play(meta.alpha);
    games++; window.games++; window.turns += g.turns; window.error += g.error;
    if (Date.now() - lastSave > 60_000) { progress(); window = { games: 0, turns: 0, error: 0 }; }
  }
} else {
  // The weights move into shared memory, where every worker trains them at once (train-worker.ts).
  const shared = new SharedArrayBuffer(net.w.byteLength);
  new Float32Array(shared).set(net.w);
  net = new Net(net.inputs, net.hidden, new Float32Array(shared));
  const stats = new Float64Array(new SharedArrayBuffer(workers * 3 * 8)), stop = new Int32Array(new SharedArrayBuffer(4));
  // tsx's loader hooks belong to this thread: a worker registers them itself before it imports its TypeScript.
  const entry = new URL('./train-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  const threads = Array.from({ length: workers }, (_, index) => {
    const data: WorkerData = { variant, inputs: net.inputs, hidden: net.hidden, weights: shared, stats: stats.buffer as SharedArrayBuffer, stop: stop.buffer as SharedArrayBuffer, index, seed: seed + 104_729 * index, alpha: meta.alpha, options: tdOptions };
    const worker = new Worker(boot, { eval: true, workerData: data });
    return new Promise<void>((resolve, reject) => {
      worker.on('error', reject);
      worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker ${index} exited with code ${code}`))));
    });
  });
  const ended = Promise.all(threads);
  let failed: unknown;
  ended.catch((e: unknown) => { failed = e; });
  const totals = () => {
    let g = 0, t = 0, e = 0;
    for (let k = 0; k < workers; k++) { g += stats[3 * k]; t += stats[3 * k + 1]; e += stats[3 * k + 2]; }
    return { games: g, turns: t, error: e };
  };
  let before = totals();
  while (cpuSeconds() < budget && !stopping && failed === undefined) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    games = totals().games;
    if (Date.now() - lastSave > 60_000) {
      const now = totals();
      window = { games: now.games - before.games, turns: now.turns - before.turns, error: now.error - before.error };
      before = now;
      progress();
    }
  }
  Atomics.store(stop, 0, 1);
  await ended.catch(() => undefined);
  if (failed !== undefined) throw failed;
  games = totals().games;
}
save();
console.log(`done: ${meta.games + games} games in all, this run ${games} games in ${Math.round(cpuSeconds())} CPU s`);
