/**
 * Rolls the long-nardy benchmark's positions out again with another net as the teacher (issue #51).
 * The benchmark's labels were written by the committed net's own rollouts, so they share its view of
 * positions; labels another net wrote show how much that flatters it (docs/lab/long-benchmark.md,
 * "Another teacher"). Same positions, same candidates, the same trials' dice and recipe: only the net
 * that plays the rollouts and values their truncation differs.
 *
 *   nice -n 19 npx tsx tools/ai/long-relabel.ts --net /tmp/long-30nov.json --every 7 --out bench/data/relabel-30nov.jsonl
 *   npm run bench:long-er -- --file bench/data/relabel-30nov.jsonl --net /tmp/long-30nov.json   # judged on the other net's labels
 *   npm run bench:long-er -- --like bench/data/relabel-30nov.jsonl --net /tmp/long-30nov.json   # the same positions, the committed net's labels
 *
 * Takes about one position in `--every` of the benchmark's files (those whose trials' seed it
 * divides: a choice that stays as the shards grow), at most `--positions`. Resumable: a position
 * is appended when done, and a run goes on with those not yet in `--out`. The output is a benchmark file (its recipe names the
 * teacher's net), so it must not be named `long-benchmark*`: the report would count it in.
 */
import { appendFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { createHash } from 'node:crypto';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { netFromJson, type NetJson } from '../../src/ai/net.ts';
import { aiRules } from '../../src/ai/rules.ts';
import { numberArg, readArgs } from './args.ts';
import { VrRollout, candidateBoard, formatPosition, parseBenchmark, rollOutCandidates, type BenchPosition, type Candidate, type Recipe } from './long-bench.ts';

const options = readArgs(
  `usage: npx tsx tools/ai/long-relabel.ts --net FILE --out FILE [--every 7] [--positions N] [--minutes 60]
Rolls out about one benchmark position in --every again, the net FILE playing the rollouts; see the comment at the top of tools/ai/long-relabel.ts.`,
  { net: { type: 'string' }, out: { type: 'string' }, every: { type: 'string' }, positions: { type: 'string' }, minutes: { type: 'string' } },
);
if (options.net === undefined || options.out === undefined) throw new Error('--net and --out are required (--help)');
if (basename(options.out).startsWith('long-benchmark')) throw new Error(`--out ${options.out}: a long-benchmark* file would be read as part of the benchmark`);
const out = options.out;
const every = numberArg(options.every, 7, 'every');
const most = numberArg(options.positions, Infinity, 'positions');
const minutes = numberArg(options.minutes, 60, 'minutes');

const netText = readFileSync(options.net, 'utf8');
const netHash = createHash('sha256').update(netText).digest('hex').slice(0, 12);
const rules = aiRules('long');

const files = readdirSync('bench/data').filter((f) => /^long-benchmark.*\.jsonl$/.test(f)).sort().map((f) => `bench/data/${f}`);
const shards = files.map((f) => parseBenchmark(readFileSync(f, 'utf8')));
const source = shards[0]?.recipe;
if (source === undefined) throw new Error('no benchmark file with a recipe in bench/data');
// Chosen by their trial seed (a hash), so the choice stays as the shards grow: about one in `every` of each phase.
const chosen = shards.flatMap((s) => s.positions).filter((p) => p.seed % every === 0).slice(0, most);

const existing = existsSync(out) ? parseBenchmark(readFileSync(out, 'utf8')) : { recipe: undefined, positions: [] };
const recipe: Recipe = existing.recipe ?? { ...source, net: `${options.net} sha256 ${netHash}`, notes: `${source.notes}; relabelled: the positions and candidates of the benchmark, rolled out by this net (each position keeps its trials' seed; seed is the first shard's)` };
if (!existing.recipe) appendFileSync(out, JSON.stringify({ recipe }) + '\n');
else if (!recipe.net.endsWith(netHash)) throw new Error(`${out} was rolled out by another net (${recipe.net}); this one is ${netHash}`);
const done = new Set(existing.positions.map((p) => p.seed));
const vr = new VrRollout(rules, new NetEvaluator(netFromJson(JSON.parse(netText) as NetJson), rules), recipe.horizon);

/** The position's candidates rolled out again by the teacher, as the builder did (same trials' seed, same recipe). */
function relabel(p: BenchPosition): BenchPosition {
  const cpu0 = process.cpuUsage();
  const { trials, rolled } = rollOutCandidates(vr, p.cands.map((c) => candidateBoard(p, c)), p.seed, recipe);
  const cands: Candidate[] = p.cands.map((c, i) => ({ ...c, ...rolled[i] }));
  cands.sort((x, y) => y.eq - x.eq);
  const cpu = process.cpuUsage(cpu0);
  return { ...p, trials, cands, cpu: (cpu.user + cpu.system) / 1e6 };
}

const started = Date.now();
const todo = chosen.filter((p) => !done.has(p.seed));
console.log(`${out}: ${done.size} of ${chosen.length} positions done (one in about ${every} of ${files.length} files), teacher ${options.net} (${netHash})`);
let changed = 0;
for (const p of todo) {
  if (Date.now() - started > minutes * 60_000) break;
  const q = relabel(p);
  appendFileSync(out, formatPosition(q) + '\n');
  done.add(q.seed);
  if (q.cands[0].after !== p.cands[0].after) changed++;
  console.log(`${done.size}/${chosen.length} ${p.phase} ${p.dice.join('-')} × ${q.trials}: best ${q.cands[0].after === p.cands[0].after ? 'the same' : 'another'} (${changed} changed this run), ${q.cpu.toFixed(1)} CPU s`);
}
