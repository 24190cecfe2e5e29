/**
 * Writes training positions with deep targets, for `fit.ts`: seeded self-play of a fixed net (the
 * committed one unless `--net` names another) at 0-ply, and for every position after a play that
 * the net is asked about its reduced 2-ply value by that same net (`--full`: the full 2-ply, some
 * three times dearer; `--one-ply`: its 1-ply; `--zero-ply`: the net's own outputs, to teach what it
 * knows to a fresh net; `--rollout N`: N games played out from it by the net at 0-ply, rollout.ts —
 * the one teacher here that ends on real results rather than on the net's judgement).
 *
 * Why a fixed net and a file, when train.ts learns as it plays: the 2-ply is some 8 times dearer
 * than the 1-ply, and self-play's single pass spends each target once. Kept in a file, one
 * generation serves many passes and every fit tried on it (step, passes), and any number of
 * processes can write at once — one per core, each with its own `--seed` and file.
 *
 *   nice -n 19 npx tsx tools/ai/targets.ts --variant long --minutes 60 --seed 1 --out /tmp/long-2ply-1.bin
 *
 * Appended a game at a time: a run stopped at any moment (Ctrl-C) keeps every finished game, and a
 * second run with the same file adds to it. `--minutes` counts this process's CPU time. The
 * records' layout is in target-file.ts.
 *
 * `--every N` keeps one turn in N, drawn at random (from a generator of its own, so the games
 * are those of a run without it): the positions of one game are much alike, and for the same CPU
 * time a fit learns more from N times as many games' positions than from every position of a few.
 *
 * `--plays K` writes, for each position kept, the net's K best plays of the roll instead of the
 * one it made: self-play only ever corrects the net on the plays it chooses, so a play it
 * undervalues is never made and never corrected; the alternatives' deep values teach the order of
 * the plays of a roll, which is what the search chooses by. Rolled out (`--rollout`), the plays of a
 * roll meet the same dice, so the differences between them are far surer than each value.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { VariantId } from '../../src/engine/index.ts';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { OUTPUTS, netFromJson, type NetJson } from '../../src/ai/net.ts';
import { seededRandom } from '../../src/ai/random.ts';
import { BOARD, aiRules, wonPoints } from '../../src/ai/rules.ts';
import { topIndices } from '../../src/ai/search.ts';
import { isBearoffRace } from '../../src/ai/bearoff.ts';
import { numberArg, readArgs } from './args.ts';
import { Lookahead } from './lookahead.ts';
import { Rollout } from './rollout.ts';
import { MAX_TURNS, SelfPlay } from './self-play.ts';
import { GAME_AT, RECORD, TARGETS_AT } from './target-file.ts';

const options = readArgs(
  `usage: tsx tools/ai/targets.ts --variant long|short|… --out file [--minutes 30] [--seed 1] [--one-ply | --zero-ply | --full | --rollout N] [--every N] [--plays K] [--net file]
Appends self-play positions with 2-ply targets to the file; see the comment at the top of tools/ai/targets.ts.`,
  { variant: { type: 'string' }, out: { type: 'string' }, minutes: { type: 'string' }, seed: { type: 'string' }, 'one-ply': { type: 'boolean' }, 'zero-ply': { type: 'boolean' }, full: { type: 'boolean' }, every: { type: 'string' }, plays: { type: 'string' }, net: { type: 'string' }, rollout: { type: 'string' } },
);
if (!options.out) {
  console.error('--out: name the file to append the positions to');
  process.exit(2);
}
const out = options.out;
const variant = (options.variant ?? 'short') as VariantId;
const minutes = numberArg(options.minutes, 30, 'minutes');
const seed = numberArg(options.seed, 1, 'seed');
const onePly = options['one-ply'] === true;
const zeroPly = options['zero-ply'] === true;
const reduced = options.full !== true;
const trials = numberArg(options.rollout, 0, 'rollout');
if (!Number.isInteger(trials) || trials < 0 || trials % 36 !== 0) {
  console.error(`--rollout: expected a whole multiple of 36 trials (each of the 36 first rolls as often), got ${options.rollout}`);
  process.exit(2);
}
if ([onePly, zeroPly, trials > 0, options.full === true].filter(Boolean).length > 1) {
  console.error('--one-ply, --zero-ply, --full and --rollout each name the target: give one of them');
  process.exit(2);
}
const every = numberArg(options.every, 1, 'every');
if (!Number.isInteger(every) || every < 1) {
  console.error(`--every: expected a whole number of 1 or more, got ${every}`);
  process.exit(2);
}
const plays = numberArg(options.plays, 1, 'plays');
if (!Number.isInteger(plays) || plays < 1) {
  console.error(`--plays: expected a whole number of 1 or more, got ${plays}`);
  process.exit(2);
}
const netFile = options.net || fileURLToPath(new URL(`../../src/ai/weights/${variant}.json`, import.meta.url));

const rules = aiRules(variant);
const ev = new NetEvaluator(netFromJson(JSON.parse(readFileSync(netFile, 'utf8')) as NetJson), rules);
const look = new Lookahead(rules);
const rollout = new Rollout(rules, ev);

// A resumed file goes on from the game after its last one, with dice no earlier game had.
let games0 = 0;
const size = existsSync(out) ? statSync(out).size : 0;
if (size > 0) {
  if (size % RECORD !== 0) throw new Error(`${out}: ${size} bytes is not a whole number of ${RECORD}-byte records`);
  const fd = openSync(out, 'r'), last = Buffer.alloc(RECORD);
  readSync(fd, last, 0, RECORD, size - RECORD);
  closeSync(fd);
  games0 = last.readUInt32LE(GAME_AT) + 1;
  console.log(`appending to ${out}: ${size / RECORD} positions of ${games0} games`);
}
const random = seededRandom(seed * 1_000_003 + games0 * 7919);
const game = new SelfPlay(rules, random);
const sample = seededRandom(seed * 7_368_787 + games0 * 104_729);
const states = game.states;
const target = new Float32Array(OUTPUTS);
let records = Buffer.alloc(MAX_TURNS * RECORD);

const fd = openSync(out, 'a');
const cpu0 = process.cpuUsage();
const cpuSeconds = () => { const u = process.cpuUsage(cpu0); return (u.user + u.system) / 1e6; };
let games = 0, positions = 0, lastReport = Date.now();
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { stopping = true; });
/** Records written of the game in play. */
let n = 0;
/** The turn in play: its rollouts' dice are seeded by it and the game's number, the same for each of its plays. */
let turnAt = 0;
/** Appends the position at `b[at..]` with its target, unless the net is never asked about it. */
function record(b: Int8Array, at: number): void {
  // Not a finished game (the evaluator knows its result), nor a bear-off race (the evaluator
  // answers from the table).
  if (wonPoints(rules, b, at) > 0 || isBearoffRace(b, at)) return;
  if (zeroPly) { ev.score(b, at); target.set(ev.last); }
  else if (trials > 0) rollout.value(b, at, trials, seed * 1_000_003 + (games0 + games) * 3_001 + turnAt, target);
  else if (onePly) look.onePly(b, at, ev, target);
  else look.twoPly(b, at, ev, target, reduced);
  if (n === records.length / RECORD) records = Buffer.concat([records, Buffer.alloc(records.length)]);
  const r = n++ * RECORD;
  for (let i = 0; i < BOARD; i++) records.writeInt8(b[at + i], r + i);
  records.writeUInt32LE(games0 + games, r + GAME_AT);
  for (let o = 0; o < OUTPUTS; o++) records.writeFloatLE(target[o], r + TARGETS_AT + o * 4);
}
/** After each turn of self-play: the play made, or the `plays` best of the roll, in one turn in `every`. */
function turn(at: number, count: number): void {
  if (every > 1 && sample() * every >= 1) return;
  turnAt = at / BOARD;
  if (plays === 1 || count < 2) return record(states, at);
  const boards = game.searcher.gen.boards;
  for (const k of topIndices(game.searcher.scores, count, plays)) record(boards, k * BOARD);
}
while (cpuSeconds() < minutes * 60 && !stopping) {
  await new Promise((resolve) => setImmediate(resolve)); // lets a Ctrl-C in between games
  n = 0;
  game.play(ev, 0, turn);
  writeSync(fd, records, 0, n * RECORD);
  games++; positions += n;
  if (Date.now() - lastReport > 60_000) {
    lastReport = Date.now();
    console.log(`${games} games, ${positions} positions, ${(positions / cpuSeconds()).toFixed(0)} positions/CPU s`);
  }
}
closeSync(fd);
console.log(`done: ${games} games, ${positions} positions in ${Math.round(cpuSeconds())} CPU s, appended to ${out}`);
