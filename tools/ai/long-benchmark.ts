/**
 * Builds the long-nardy benchmark (issue #51; docs/computer.md, "The long-nardy benchmark"):
 * positions drawn from varied play, stratified by phase, each with its roll and its candidate plays
 * (the best five by the committed net's full 2-ply, and the plays the 0-ply, the 1-ply, the strong
 * and the medium level choose) rolled out (`VrRollout`, long-bench.ts) until every candidate's
 * equity has a standard error ≤ `--se` or `--max-trials` is reached.
 *
 *   nice -n 19 npm run bench:long-build -- --minutes 120            # adds positions to bench/data/long-benchmark.jsonl
 *
 * Resumable: a position is appended (one line) when it is done, and position `id` is drawn and
 * rolled out from seeds that depend on the recipe's seed and `id` alone, so a run stopped at any
 * moment loses only the position in progress and the next run goes on from the next id, drawing
 * exactly what one long run would have. `--out` another file with another `--seed` builds a
 * disjoint set (a training set held apart from the benchmark, say), in parallel on another core.
 *
 * Drawing, for position `id`: its target is slot `id mod 6` of opening, contact, primes, race,
 * bear-off, primes on both sides (a `primes` position where each side has a block of 4 or more with
 * the other's checkers behind it); its play is matchup `⌊id / 6⌋ mod 4` of strong vs strong, medium
 * vs medium (the medium level is long nardy's hand-written heuristic), easy vs easy, strong vs
 * medium. Games of that matchup are played from the start (seed `mixSeed(seed, id, attempt)`)
 * until one holds a position of the target with two or more plays; one of those is taken at random
 * with the roll the game gave it. After 40 games without one, any position of the last game is
 * taken (its phase is what `phaseOf` says; the file records it).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { startBoard } from '../../src/engine/index.ts';
import { ComputerPlayer, netFor, type AiLevel } from '../../src/ai/player.ts';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { rollDie, seededRandom } from '../../src/ai/random.ts';
import { BOARD, aiRules, isFirstTurn, swapInto, wonPoints } from '../../src/ai/rules.ts';
import { Searcher, topIndices } from '../../src/ai/search.ts';
import { numberArg, readArgs } from './args.ts';
import { PHASES, VrRollout, encodeBoard, encodeSide, formatPosition, longestBlock, mixSeed, parseBenchmark, phaseOf, rollOutCandidates, type BenchPosition, type Candidate, type Phase, type Recipe } from './long-bench.ts';

const options = readArgs(
  `usage: npm run bench:long-build -- [--minutes 60] [--positions N] [--out bench/data/long-benchmark.jsonl] [--seed 51] [--horizon 12] [--se 0.01] [--min-trials 72] [--max-trials 1296] [--batch 36]
Adds rolled-out long-nardy positions to the benchmark file; see the comment at the top of tools/ai/long-benchmark.ts.
--seed, --horizon, --se and the trial limits are the recipe: a file keeps the ones it was started with.`,
  { minutes: { type: 'string' }, positions: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' }, horizon: { type: 'string' }, se: { type: 'string' }, 'min-trials': { type: 'string' }, 'max-trials': { type: 'string' }, batch: { type: 'string' } },
);

const out = options.out ?? 'bench/data/long-benchmark.jsonl';
const minutes = numberArg(options.minutes, 60, 'minutes');
const maxPositions = numberArg(options.positions, Infinity, 'positions');

const netFile = new URL('../../src/ai/weights/long.json', import.meta.url);
const netHash = createHash('sha256').update(readFileSync(netFile)).digest('hex').slice(0, 12);

const existing = existsSync(out) ? parseBenchmark(readFileSync(out, 'utf8')) : { recipe: undefined, positions: [] };
const recipe: Recipe = existing.recipe ?? {
  version: 1,
  variant: 'long',
  net: `src/ai/weights/long.json sha256 ${netHash}`,
  horizon: numberArg(options.horizon, 12, 'horizon'),
  targetSe: numberArg(options.se, 0.01, 'se'),
  minTrials: numberArg(options['min-trials'], 72, 'min-trials'),
  maxTrials: numberArg(options['max-trials'], 1296, 'max-trials'),
  batch: numberArg(options.batch, 36, 'batch'),
  seed: numberArg(options.seed, 51, 'seed'),
  notes: 'cubeless, long nardy with mars (oin 1, mars 2); VR rollouts at 0-ply, truncated at the horizon (half-moves after the play) where the net values the position; duplicate dice across candidates',
};
if (!existing.recipe) appendFileSync(out, JSON.stringify({ recipe }) + '\n');
else {
  for (const k of ['seed', 'horizon', 'se', 'min-trials', 'max-trials', 'batch'] as const) if (options[k] !== undefined) console.warn(`--${k} ignored: ${out} keeps its recipe`);
  if (!recipe.net.endsWith(netHash)) console.warn(`warning: the net has changed since ${out} was started (${recipe.net}, now ${netHash}): its rollouts are not of one net`);
}

const rules = aiRules('long');
const net = new NetEvaluator(netFor('long'), rules);
const searcher = new Searcher(rules);
const rollout = new VrRollout(rules, net, recipe.horizon);

/** Slot `id mod 6`: the target phase; the sixth wants primes on both sides. */
const SLOTS: readonly Phase[] = ['opening', 'contact', 'primes', 'race', 'bearoff', 'primes'];
const MATCHUPS: readonly (readonly [string, AiLevel, AiLevel])[] = [['strong', 'strong', 'strong'], ['medium', 'medium', 'medium'], ['easy', 'beginner', 'beginner'], ['mixed', 'strong', 'medium']];
const BOTH_PRIMES = 4;
const ATTEMPTS = 40;

interface Drawn { src: string; game: number; turn: number; board: Int8Array; dice: [number, number]; phase: Phase }

/** The number of distinct plays of a roll (the generator's boards are distinct). */
function playCount(b: Int8Array, dice: [number, number]): number {
  return searcher.generate(b, 0, dice, isFirstTurn(rules, b, 0));
}

function accepts(b: Int8Array, target: Phase, both: boolean): boolean {
  if (phaseOf(b, 0) !== target) return false;
  return !both || (longestBlock(b, 0, 26) >= BOTH_PRIMES && longestBlock(b, 26, 0) >= BOTH_PRIMES);
}

/** Plays a game of the matchup; returns a position of the target (or, with `any`, of any phase), taken at random among the game's. */
function drawFrom(id: number, attempt: number, any: boolean): Drawn | undefined {
  const slot = id % SLOTS.length, target = SLOTS[slot], both = slot === 5;
  const [src, a, c] = MATCHUPS[Math.floor(id / SLOTS.length) % MATCHUPS.length];
  const game = mixSeed(recipe.seed, id, attempt);
  const random = seededRandom(game), pick = seededRandom(mixSeed(game, 1));
  // Strong vs medium: which side is strong alternates with the game.
  const players = [new ComputerPlayer(a, 'long', undefined, seededRandom(mixSeed(game, 2))), new ComputerPlayer(c, 'long', undefined, seededRandom(mixSeed(game, 3)))];
  if (game & 1) players.reverse();
  const s = startBoard(rules.variant);
  const pos = new Int8Array(BOARD);
  for (let i = 0; i < 26; i++) { pos[i] = s[0][i]; pos[26 + i] = s[1][i]; }
  let chosen: Drawn | undefined, seen = 0;
  for (let t = 0; t < 3000; t++) {
    const dice: [number, number] = [rollDie(random), rollDie(random)];
    if ((any || accepts(pos, target, both)) && playCount(pos, dice) >= 2) {
      seen++;
      // Reservoir sampling: each qualifying position of the game equally likely.
      if (pick() * seen < 1) chosen = { src, game, turn: t, board: pos.slice(), dice, phase: phaseOf(pos, 0) };
    }
    const player = players[t & 1];
    const i = player.chooseIndex(pos, 0, dice, isFirstTurn(rules, pos, 0));
    const after = i < 0 ? pos.slice() : player.searcher.gen.boards.slice(i * BOARD, i * BOARD + BOARD);
    if (wonPoints(rules, after, 0) > 0) break;
    swapInto(after, 0, pos, 0);
  }
  return chosen;
}

function draw(id: number): Drawn {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const d = drawFrom(id, attempt, false);
    if (d) return d;
  }
  return drawFrom(id, ATTEMPTS, true)!;
}

const strong = new ComputerPlayer('strong', 'long');
const medium = new ComputerPlayer('medium', 'long');

/** The candidates of a drawn position, with their boards after the play. */
function candidates(d: Drawn): { board: Int8Array; c: Omit<Candidate, 'eq' | 'se' | 'dse'> }[] {
  const first = isFirstTurn(rules, d.board, 0);
  const n = searcher.generate(d.board, 0, d.dice, first);
  const boards = searcher.gen.boards;
  searcher.scorePlays(n, net);
  const e0 = searcher.scores.slice(0, n);
  const zero = topIndices(e0, n, 1)[0];
  // 1-ply over the best 16 by 0-ply, the full 2-ply over the best 8 by 1-ply.
  const order = topIndices(e0, n, 16);
  const e1 = new Map<number, number>(), e2 = new Map<number, number>(), slots = new Map<number, number>();
  order.forEach((i, slot) => { e1.set(i, searcher.replyValue(boards, i * BOARD, net, Infinity, slot)); slots.set(i, slot); });
  const by1 = [...e1.keys()].sort((x, y) => e1.get(y)! - e1.get(x)!);
  for (const i of by1.slice(0, 8)) e2.set(i, searcher.deepValue(boards, i * BOARD, slots.get(i)!, net, false));
  const by2 = [...e2.keys()].sort((x, y) => e2.get(y)! - e2.get(x)!);
  const tags = new Map<number, string[]>();
  const tag = (i: number, t: string) => { const l = tags.get(i) ?? []; l.push(t); tags.set(i, l); };
  by2.slice(0, 5).forEach((i, r) => tag(i, `t${r + 1}`));
  tag(zero, 'z');
  tag(by1[0], 'o');
  // The levels' choices, found among this searcher's plays by their boards.
  const key = new Map<string, number>();
  for (let i = 0; i < n; i++) key.set(encodeSide(boards, i * BOARD), i);
  const s = strong.chooseIndex(d.board, 0, d.dice, first);
  tag(key.get(encodeSide(strong.searcher.gen.boards, s * BOARD))!, 's');
  const m = medium.chooseIndex(d.board, 0, d.dice, first);
  tag(key.get(encodeSide(medium.searcher.gen.boards, m * BOARD))!, 'm');
  return [...tags.entries()].map(([i, t]) => ({
    board: boards.slice(i * BOARD, i * BOARD + BOARD),
    c: { after: encodeSide(boards, i * BOARD), e0: e0[i], e1: e1.get(i) ?? null, e2: e2.get(i) ?? null, by: t.join(' ') },
  }));
}

function build(id: number): BenchPosition {
  const cpu0 = process.cpuUsage();
  const d = draw(id);
  const cands = candidates(d);
  const seed = mixSeed(recipe.seed, id, 0x0e11);
  const { trials, rolled } = rollOutCandidates(rollout, cands.map((c) => c.board), seed, recipe);
  const done: Candidate[] = cands.map(({ c }, i) => ({ ...c, ...rolled[i] }));
  done.sort((x, y) => y.eq - x.eq);
  const cpu = process.cpuUsage(cpu0);
  return { id, phase: d.phase, src: d.src, game: d.game, turn: d.turn, pos: encodeBoard(d.board), dice: d.dice, plays: playCount(d.board, d.dice), trials, seed, cands: done, cpu: (cpu.user + cpu.system) / 1e6 };
}

const positions = existing.positions;
const started = Date.now();
let built = 0;
console.log(`${out}: ${positions.length} positions; recipe: horizon ${recipe.horizon}, SE ≤ ${recipe.targetSe}, ${recipe.minTrials}–${recipe.maxTrials} trials, seed ${recipe.seed}`);
while (Date.now() - started < minutes * 60_000 && built < maxPositions) {
  const id = positions.length === 0 ? 0 : positions[positions.length - 1].id + 1;
  const t0 = Date.now();
  const p = build(id);
  appendFileSync(out, formatPosition(p) + '\n');
  positions.push(p);
  built++;
  const per = Object.fromEntries(PHASES.map((ph) => [ph, positions.filter((x) => x.phase === ph).length]));
  const ses = positions.flatMap((x) => x.cands.map((c) => c.se));
  console.log(
    `#${id} ${p.phase}/${p.src} ${p.dice.join('-')} ${p.plays} plays, ${p.cands.length} rolled out × ${p.trials}: max SE ${Math.max(...p.cands.map((c) => c.se)).toFixed(4)}, ` +
      `${p.cpu.toFixed(1)} CPU s, ${((Date.now() - t0) / 1000).toFixed(1)} s | ${positions.length} in all ${JSON.stringify(per)}, mean SE ${(ses.reduce((a, x) => a + x, 0) / ses.length).toFixed(4)}, ` +
      `${(positions.reduce((a, x) => a + x.cpu, 0) / positions.length).toFixed(1)} CPU s a position`,
  );
}
