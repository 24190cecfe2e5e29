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
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { VariantId } from '../../src/engine/index.ts';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { INPUTS, newFeatures } from '../../src/ai/features.ts';
import { Net, OUTPUTS, flipOutputs, netFromJson, netToJson, widen, type NetJson, type NetMeta } from '../../src/ai/net.ts';
import { seededRandom } from '../../src/ai/random.ts';
import { BOARD, aiRules } from '../../src/ai/rules.ts';
import { numberArg, readArgs } from './args.ts';
import { Lookahead } from './lookahead.ts';
import { MAX_TURNS, SelfPlay } from './self-play.ts';

const options = readArgs(
  `usage: tsx tools/ai/train.ts --variant short|long|… [--minutes 30] [--alpha A] [--lambda 0.7] [--hidden H] [--fresh]
       [--lookahead [--lookahead-lambda L] [--explore P] | --two-ply] [--checkpoint file]
Trains src/ai/weights/<variant>.json (or the --checkpoint file) by self-play; see the comment at the top of tools/ai/train.ts.`,
  {
    variant: { type: 'string' }, minutes: { type: 'string' }, hidden: { type: 'string' }, lambda: { type: 'string' },
    alpha: { type: 'string' }, fresh: { type: 'boolean' }, lookahead: { type: 'boolean' }, 'two-ply': { type: 'boolean' },
    'lookahead-lambda': { type: 'string' }, explore: { type: 'string' }, checkpoint: { type: 'string' },
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

const ev = new NetEvaluator(net, rules);
const random = seededRandom(0x5eed + meta.games * 7919);
const f = newFeatures();
const game = new SelfPlay(rules, random);
const states = game.states;
// The net's outputs for each turn's board, as self-play saw them.
const outs = new Float32Array(MAX_TURNS * OUTPUTS);
const target = new Float32Array(OUTPUTS);
const next = new Float32Array(OUTPUTS);
/** Each position's look-ahead value (1-ply or 2-ply) in its mover's view. */
const looked = new Float32Array(MAX_TURNS * OUTPUTS);
const look = new Lookahead(rules);

function playGame(): { turns: number; error: number } {
  const t = game.play(ev, explore, (at) => {
    ev.score(states, at);
    outs.set(ev.last, (at / BOARD) * OUTPUTS);
  });
  let error = 0;
  if (lookahead) {
    // Every position's look-ahead value first (with the net as it was during the game), then a
    // return over them backwards: λ 0 is the look-ahead value alone.
    for (let s = 0; s < t - 1; s++) {
      const v = looked.subarray(s * OUTPUTS, s * OUTPUTS + OUTPUTS);
      if (twoPly) look.twoPly(states, s * BOARD, ev, v);
      else look.onePly(states, s * BOARD, ev, v);
    }
    for (let k = 0; k < OUTPUTS; k++) next[k] = outs[(t - 1) * OUTPUTS + k];
    for (let s = t - 2; s >= 0; s--) {
      flipOutputs(target, next);
      for (let k = 0; k < OUTPUTS; k++) target[k] = (1 - lookLambda) * looked[s * OUTPUTS + k] + lookLambda * target[k];
      next.set(target);
      net.forward(ev.encode(states, s * BOARD, f));
      error += net.train(f, target, meta.alpha);
    }
    return { turns: t, error: error / Math.max(1, t - 1) };
  }
  // Backward pass: λ-returns, each in the view of the side that made that turn.
  for (let k = 0; k < OUTPUTS; k++) target[k] = outs[(t - 1) * OUTPUTS + k];
  for (let s = t - 2; s >= 0; s--) {
    for (let k = 0; k < OUTPUTS; k++) next[k] = (1 - lambda) * outs[(s + 1) * OUTPUTS + k] + lambda * target[k];
    flipOutputs(target, next);
    net.forward(ev.encode(states, s * BOARD, f));
    error += net.train(f, target, meta.alpha);
  }
  return { turns: t, error: error / Math.max(1, t - 1) };
}

const cpu0 = process.cpuUsage();
const cpuSeconds = () => { const u = process.cpuUsage(cpu0); return (u.user + u.system) / 1e6; };
const budget = minutes * 60;
let games = 0, turns = 0, err = 0, window = 0, lastSave = Date.now();
const runStart = new Date().toISOString();
function save(): void {
  const spent = cpuSeconds();
  const out = { ...meta, games: meta.games + games, cpuSeconds: meta.cpuSeconds + spent };
  out.runs = [...meta.runs, `${runStart}: ${games} games, ${Math.round(spent)} CPU s, alpha ${meta.alpha}${twoPly ? ', reduced 2-ply targets' : lookahead ? ', 1-ply targets' : ''}${lookahead && lookLambda > 0 ? ` (λ ${lookLambda})` : ''}${explore > 0 ? `, explore ${explore}` : ''}`];
  // Written aside and renamed, so stopping the run at any moment never leaves a broken checkpoint.
  writeFileSync(`${file}.tmp`, netToJson(net, out));
  renameSync(`${file}.tmp`, file);
}
// Ctrl-C (or a TERM) ends the run at the next game and still writes the checkpoint.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { stopping = true; });
while (cpuSeconds() < budget && !stopping) {
  // The loop is synchronous: let the signal handlers run now and then.
  if (games % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
  const g = playGame();
  games++; window++; turns += g.turns; err += g.error;
  if (Date.now() - lastSave > 60_000) {
    save();
    lastSave = Date.now();
    console.log(`${meta.games + games} games, ${(games / cpuSeconds()).toFixed(1)} games/CPU s, ${(turns / window).toFixed(0)} turns/game, td error ${(err / window).toFixed(4)}`);
    turns = 0; err = 0; window = 0;
  }
}
save();
console.log(`done: ${meta.games + games} games in all, this run ${games} games in ${Math.round(cpuSeconds())} CPU s`);
