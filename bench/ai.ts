/**
 * The computer's strength and speed (issue 10). Prints figures; asserts nothing. Not part of
 * `npm run bench`: the matches take minutes. Run: `nice -n 19 npm run bench:ai [-- time|load|long|short]` (env:
 * GAMES for the 0-ply match-ups, GAMES_1PLY for those of the strong level, MOVES for timing).
 *
 * Head to head against another net (e.g. the committed one before a retrain), strong level against
 * strong level, GAMES_1PLY games per variant whose file is given:
 *   PREVIOUS_SHORT=/tmp/prev-short.json PREVIOUS_LONG=/tmp/prev-long.json nice -n 19 npm run bench:ai -- previous
 * (PREVIOUS_HYPERGAMMON the same for hypergammon's own net, e.g. against short nardy's it started from.)
 * ONE_PLY=1 plays both at the 1-ply: the committed net's 2-ply prunes with a pruning net learnt from
 * that net, which the other net has not got.
 * `deep [short|long]`: the strong level against itself without its 2-ply, GAMES_1PLY games each
 * (AGAINST=plays/window/budget/reduced/prune: against itself with a 2-ply of those limits instead).
 * DEEP=plays/window/budget/reduced/prune: `time` and `load` time the long strong level with that 2-ply.
 *
 * Matches are cubeless money games (mars 2, koks 3) with fixed seeds; games come in pairs with
 * the same dice and the sides swapped. Points per game are for the first-named player, with the
 * standard error of the mean (of the games, and of the pairs' means: the duplicate dice's).
 */
import { BOARD, ComputerPlayer, LONG_DEEP, LOOKAHEAD, MOVE_TIME_LIMIT_MS, PipRace, Searcher, aiRules, rollDie, seededRandom, swapInto, wonPoints, type AiLevel, type AiRules } from '../src/ai/index.ts';
import { startBoard, VARIANTS, type VariantId } from '../src/engine/index.ts';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { netFromJson, type NetJson } from '../src/ai/net.ts';
import type { DeepLimits } from '../src/ai/search.ts';
import { middleGameVectors } from './positions.ts';
import { deepArg } from '../tools/ai/args.ts';

const GAMES = Number(process.env.GAMES ?? 1000);
const GAMES_1PLY = Number(process.env.GAMES_1PLY ?? 400);
/** FROM=k: the games k.. of each match's fixed series instead of 0.. (halves of one match side by side, one per core). */
const FROM = Number(process.env.FROM ?? 0);
const MOVES = Number(process.env.MOVES ?? 300);
/** DEEP=plays/window/budget/reduced/prune: the long strong level's 2-ply in `time` and `load` (a candidate for `LONG_DEEP`). */
const DEEP = process.env.DEEP ? deepArg(process.env.DEEP, 'DEEP') : undefined;

/** A bench player: picks the board after its move (mover first), or null when it cannot move. */
export interface BenchPlayer {
  readonly name: string;
  pick(b: Int8Array, dice: [number, number], firstTurn: boolean): Int8Array | null;
}

/** `deep`: the 2-ply's limits instead of LOOKAHEAD's (null: 1-ply only). */
function computer(level: AiLevel, variant: VariantId, seed = 1, deep?: DeepLimits | null): BenchPlayer {
  const p = new ComputerPlayer(level, variant, undefined, seededRandom(seed));
  if (deep !== undefined) p.deep = deep ?? undefined;
  return {
    name: deep === undefined ? level : deep === null ? `${level} 1-ply` : `${level} ${deep.plays}/${deep.window}/${deep.budget}/${deep.reduced ? 1 : 0}/${deep.prune}`,
    pick(b, dice, firstTurn) {
      const i = p.chooseIndex(b, 0, dice, firstTurn);
      return i < 0 ? null : p.searcher.gen.boards.subarray(i * BOARD, (i + 1) * BOARD);
    },
  };
}

/** The strong level playing with the net of a weights file instead of the committed one. */
function strongWith(variant: VariantId, file: string, name = 'previous', onePly = false): BenchPlayer {
  const net = netFromJson(JSON.parse(readFileSync(file, 'utf8')) as NetJson);
  const p = new ComputerPlayer('strong', variant, undefined, seededRandom(1), net);
  if (onePly) p.deep = undefined;
  return {
    name,
    pick(b, dice, firstTurn) {
      const i = p.chooseIndex(b, 0, dice, firstTurn);
      return i < 0 ? null : p.searcher.gen.boards.subarray(i * BOARD, (i + 1) * BOARD);
    },
  };
}

/** The net without lookahead (the strong level's evaluator at 0-ply). */
function net0(variant: VariantId): BenchPlayer {
  const p = new ComputerPlayer('strong', variant);
  return {
    name: 'net 0-ply',
    pick(b, dice, firstTurn) {
      const n = p.searcher.generate(b, 0, dice, firstTurn);
      if (n === 0) return null;
      const i = p.searcher.scorePlays(n, p.net);
      return p.searcher.gen.boards.subarray(i * BOARD, (i + 1) * BOARD);
    },
  };
}

function randomPlayer(variant: VariantId, seed = 99): BenchPlayer {
  const s = new Searcher(aiRules(variant));
  const random = seededRandom(seed);
  return {
    name: 'random',
    pick(b, dice, firstTurn) {
      const n = s.generate(b, 0, dice, firstTurn);
      if (n === 0) return null;
      const i = Math.floor(random() * n);
      return s.gen.boards.subarray(i * BOARD, (i + 1) * BOARD);
    },
  };
}

function greedyPip(variant: VariantId): BenchPlayer {
  const s = new Searcher(aiRules(variant));
  const ev = new PipRace();
  return {
    name: 'greedy pip',
    pick(b, dice, firstTurn) {
      const n = s.generate(b, 0, dice, firstTurn);
      if (n === 0) return null;
      const i = s.scorePlays(n, ev);
      return s.gen.boards.subarray(i * BOARD, (i + 1) * BOARD);
    },
  };
}

/** Games of the current match stopped after 5,000 turns (scored 0). */
let unfinished = 0;

/** Plays one cubeless game; returns the points for player `a` (negative when `b` wins). */
function playGame(rules: AiRules, a: BenchPlayer, b: BenchPlayer, aStarts: boolean, seed: number): number {
  const random = seededRandom(seed);
  const pos = new Int8Array(BOARD);
  const s = startBoard(rules.variant);
  for (let i = 0; i < 26; i++) { pos[i] = s[0][i]; pos[26 + i] = s[1][i]; }
  const players = aStarts ? [a, b] : [b, a];
  const first = [true, true];
  for (let turn = 0, side = 0; turn < 5000; turn++, side ^= 1) {
    let d1 = rollDie(random), d2 = rollDie(random);
    if (turn === 0 && rules.short) while (d1 === d2) { d1 = rollDie(random); d2 = rollDie(random); }
    const after = players[side].pick(pos, [d1, d2], first[side]);
    first[side] = false;
    const board = after ?? pos;
    const won = wonPoints(rules, board, 0);
    if (won > 0) return (players[side] === a ? 1 : -1) * won;
    swapInto(board, 0, pos, 0);
  }
  // Both sides closed out with a checker on the bar can pass for ever (a mutual closeout): a draw.
  unfinished++;
  return 0;
}

function match(variant: VariantId, a: BenchPlayer, b: BenchPlayer, games: number): void {
  if (games < 2) return;
  const rules = aiRules(variant);
  let sum = 0, sum2 = 0, wins = 0;
  // The pairs (same dice, sides swapped) as units too: their mean's spread is the duplicate dice's standard error.
  let pairs = 0, pair = 0, pairSum2 = 0;
  unfinished = 0;
  const t0 = performance.now();
  for (let g = FROM; g < FROM + games; g++) {
    const pts = playGame(rules, a, b, g % 2 === 0, 1000 + (g >> 1));
    sum += pts; sum2 += pts * pts; if (pts > 0) wins++;
    pair += pts;
    if (g % 2 === 1) { pairs++; pairSum2 += (pair / 2) ** 2; pair = 0; }
  }
  const mean = sum / games;
  const se = Math.sqrt((sum2 / games - mean * mean) / (games - 1));
  const pairMean = (sum - pair) / (2 * pairs);
  const pairSe = Math.sqrt((pairSum2 / pairs - pairMean * pairMean) / (pairs - 1));
  console.log(`${variant.padEnd(5)} ${a.name.padEnd(10)} vs ${b.name.padEnd(10)}: ${mean >= 0 ? '+' : ''}${mean.toFixed(3)} ± ${se.toFixed(3)} ppg (± ${pairSe.toFixed(3)} over the pairs), ` +
    `wins ${(100 * wins / games).toFixed(1)} % (${games} games${FROM ? ` from game ${FROM}` : ''}, sum ${sum} of squares ${sum2}, of the pairs' squares ${pairSum2}${unfinished ? `, ${unfinished} stopped at 5,000 turns as draws` : ''}, ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  // For bench/accept.ts, which pools the parts of one match played side by side.
  if (process.env.BENCH_TALLY === '1') console.log(`TALLY ${JSON.stringify({ games, sum, sum2, pairs, pairSum2, wins, unfinished })}`);
}

function timing(variant: VariantId, level: AiLevel, moves = MOVES, limitMs?: number): void {
  const vectors = middleGameVectors(variant, moves, 11);
  const p = new ComputerPlayer(level, variant);
  p.moveTimeLimitMs = limitMs;
  if (DEEP && level === 'strong' && variant === 'long') p.deep = DEEP;
  const b = new Int8Array(BOARD);
  const times: number[] = [];
  let nodes = 0;
  for (const [k, v] of vectors.entries()) {
    for (let i = 0; i < 26; i++) { b[i] = v.board[0][i]; b[26 + i] = v.board[1][i]; }
    const t0 = performance.now();
    p.chooseIndex(b, 0, v.dice, v.firstTurn);
    if (k >= 20) { times.push(performance.now() - t0); nodes += p.searcher.nodes; } // the first few warm the JIT up
    p.searcher.nodes = 0;
  }
  times.sort((x, y) => x - y);
  const mean = times.reduce((s, x) => s + x, 0) / times.length;
  const q = (f: number) => times[Math.min(times.length - 1, Math.floor(f * times.length))];
  console.log(`move time ${variant.padEnd(5)} ${level.padEnd(8)}${limitMs === undefined ? '' : ` (cap ${limitMs} ms)`}: mean ${mean.toFixed(2)} ms, median ${q(0.5).toFixed(2)}, p99 ${q(0.99).toFixed(2)}, max ${q(1).toFixed(2)} ms (${times.length} positions` +
    (level === 'strong' ? `, ${(nodes / times.length).toFixed(0)} positions evaluated per move, ${((1000 * times.reduce((s, x) => s + x, 0)) / nodes).toFixed(1)} µs each)` : ')'));
}

const only = process.argv[2];
const deep = LOOKAHEAD.deep;
console.log(`node ${process.version}; strong level = net + 1-ply on the best ${LOOKAHEAD.keep} plays within ${LOOKAHEAD.window}, then 2-ply${deep.reduced ? ' (reduced)' : ''} on the best ${deep.plays} within ${deep.window} until ${deep.budget} positions${deep.prune ? `, pruned to ${deep.prune}` : ''} (the long family: reduced, best ${LONG_DEEP.plays} within ${LONG_DEEP.window} until ${LONG_DEEP.budget})`);
if (!only || only === 'time') {
  for (const v of ['short', 'long'] as const) for (const level of ['beginner', 'medium', 'strong'] as const) timing(v, level);
}
if (!only || only === 'load') {
  // Issue 19's figure: the strong level's move time on 200 middle-game positions (after 20 that warm
  // the JIT) while another CPU-heavy process runs: a busy child of this bench, stopped at the end.
  const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  console.log(`under load: a busy process (pid ${busy.pid}) spins beside the timing`);
  try {
    for (const v of ['short', 'long'] as const) for (const cap of [undefined, MOVE_TIME_LIMIT_MS]) timing(v, 'strong', 220, cap);
  } finally {
    busy.kill();
  }
}
if (!only || only === 'long') {
  const v = 'long';
  match(v, computer('medium', v), randomPlayer(v), GAMES);
  match(v, computer('medium', v), greedyPip(v), GAMES);
  match(v, net0(v), computer('medium', v), GAMES);
  match(v, computer('strong', v), randomPlayer(v), GAMES_1PLY);
  match(v, computer('strong', v), greedyPip(v), GAMES_1PLY);
  match(v, computer('strong', v), computer('medium', v), GAMES_1PLY);
}
if (!only || only === 'short') {
  const v = 'short';
  match(v, computer('medium', v), computer('beginner', v), GAMES);
  match(v, net0(v), computer('medium', v), GAMES);
  match(v, computer('strong', v), computer('medium', v), GAMES_1PLY);
}
if (only === 'deep') {
  // What the 2-ply adds: the strong level against itself without it (the 1-ply of until 2 Dec 2026).
  const asked = process.argv[3] as 'short' | 'long' | undefined;
  // AGAINST=plays/window/budget/reduced/prune: against a 2-ply of those limits instead (e.g. 3/0.05/30000/1/0, the reduced one of 2 Dec).
  const other = process.env.AGAINST ? deepArg(process.env.AGAINST, 'AGAINST') : null;
  for (const v of asked ? [asked] : (['short', 'long'] as const)) match(v, computer('strong', v), computer('strong', v, 1, other), GAMES_1PLY);
}
if (!only || only === 'previous') {
  for (const v of ['short', 'long', 'hypergammon'] as const) {
    const file = process.env[`PREVIOUS_${v.toUpperCase()}`];
    if (file) {
      // ONE_PLY=1: both nets at the 1-ply, the same search on both sides (the pruning net belongs to the committed net only).
      const onePly = process.env.ONE_PLY === '1';
      console.log(`${v}: this tree's net against ${file}${onePly ? ', both at 1-ply' : ''}`);
      match(v, computer('strong', v, 1, onePly ? null : undefined), strongWith(v, file, 'previous', onePly), GAMES_1PLY);
    }
  }
}
