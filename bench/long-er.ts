/**
 * The long-nardy benchmark's report (issue #51; docs/computer.md, "The long-nardy benchmark"):
 * for each player — the easy, medium and strong levels, and the committed net at 0-, 1- and 2-ply —
 * the equity lost a decision against the rollouts' best play (the error rate), agreement with that
 * play and blunders (a loss over 0.08), by phase, each with its standard error over the positions;
 * then the net's 0-ply against its own 2-ply (self-consistency).
 *
 *   npm run bench:long-er                     # every bench/data/long-benchmark*.jsonl (shards built with their own seeds)
 *   npm run bench:long-er -- --file a.jsonl,b.jsonl --net /tmp/candidate.json
 *   npm run bench:long-er -- --like bench/data/relabel-30nov.jsonl   # only the positions another teacher relabelled (tools/ai/long-relabel.ts)
 *
 * With `--net` or `--deep` (the strong level's 2-ply limits, a candidate for `LONG_DEEP`), the committed strong level is judged on the same positions too, and the
 * candidate's strong level against it position by position (the paired difference of their losses,
 * by phase): a change is kept only when that difference is below minus its standard error and
 * `bench:accept` shows no loss in a duplicate-dice match (docs/computer.md, "Judging a net").
 *
 * Every choice is made now, by the code and net of today (`--net`: another long net), so a change
 * to the net or the search is judged on the same positions. A play the builder did not roll out is
 * valued by the net's 1-ply from the best rolled-out play (capped at the worst rolled-out one): the
 * "off list" column says how often that happened. The easy level plays the medium level's play
 * half of the time and a random legal play otherwise: its figures are those expectations.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { ComputerPlayer, netFor } from '../src/ai/player.ts';
import { NetEvaluator } from '../src/ai/evaluators.ts';
import { netFromJson, type NetJson } from '../src/ai/net.ts';
import { BOARD, aiRules, isFirstTurn } from '../src/ai/rules.ts';
import { Searcher } from '../src/ai/search.ts';
import { LOOKAHEAD } from '../src/ai/player.ts';
import { deepArg, numberArg, readArgs } from '../tools/ai/args.ts';
import { PHASES, ambiguous, byPhase, decodeBoard, encodeSide, judgeChoice, meanSe, mixture, parseBenchmark, type BenchPosition, type Judged, type Phase, type Summary } from '../tools/ai/long-bench.ts';

const options = readArgs(
  `usage: npm run bench:long-er -- [--file a.jsonl,b.jsonl] [--like FILE] [--net file.json] [--deep plays/window/budget/reduced/prune] [--limit N]
  (default: every bench/data/long-benchmark*.jsonl; --like: only the positions FILE holds too; --deep: the strong level with that 2-ply instead of LONG_DEEP)`,
  { file: { type: 'string' }, like: { type: 'string' }, net: { type: 'string' }, deep: { type: 'string' }, limit: { type: 'string' } },
);
const files = options.file?.split(',') ?? readdirSync('bench/data').filter((f) => /^long-benchmark.*\.jsonl$/.test(f)).sort().map((f) => `bench/data/${f}`);
const shards = files.map((f) => parseBenchmark(readFileSync(f, 'utf8')));
const recipe = shards[0]?.recipe;
// --like FILE (a relabelled set, tools/ai/long-relabel.ts): only the positions it holds, known by their trials' seed.
const like = options.like ? new Set(parseBenchmark(readFileSync(options.like, 'utf8')).positions.map((p) => p.seed)) : undefined;
const all = shards.flatMap((s) => s.positions).filter((p) => like === undefined || like.has(p.seed));
const file = files.join(', ');
const positions = all.slice(0, numberArg(options.limit, Infinity, 'limit'));
const rules = aiRules('long');
const theNet = options.net ? netFromJson(JSON.parse(readFileSync(options.net, 'utf8')) as NetJson) : netFor('long');
const net = new NetEvaluator(theNet, rules);
const searcher = new Searcher(rules);
const strong = new ComputerPlayer('strong', 'long', undefined, undefined, theNet);
if (options.deep) strong.deep = deepArg(options.deep, '--deep');
const committed = options.net || options.deep ? new ComputerPlayer('strong', 'long') : undefined;
const paired: { phase: Phase; diff: number }[] = [];
const medium = new ComputerPlayer('medium', 'long');
const FULL_2PLY = { plays: 5, window: Infinity, budget: Infinity, reduced: false, prune: 0 } as const;

const ROWS = ['easy', 'medium', 'strong', '0-ply', '1-ply', '2-ply'] as const;
type Row = (typeof ROWS)[number];
const judgements = new Map<Row, Judged[]>(ROWS.map((r) => [r, []]));
const consistency: { phase: Phase; agree: number; cost: number }[] = [];
const board = new Int8Array(BOARD);
const started = performance.now();

for (const p of positions) {
  decodeBoard(p.pos, board);
  const first = isFirstTurn(rules, board, 0);
  const n = searcher.generate(board, 0, p.dice, first);
  const boards = searcher.gen.boards;
  const keys: string[] = [];
  for (let i = 0; i < n; i++) keys.push(encodeSide(boards, i * BOARD));
  // The net's 1-ply of every play, computed once and only where a play is off the list.
  const oneCache = new Map<number, number>();
  const one = (i: number): number => {
    if (!oneCache.has(i)) oneCache.set(i, searcher.replyValue(boards, i * BOARD, net));
    return oneCache.get(i)!;
  };
  const bestIndex = keys.indexOf(p.cands[0].after);
  const judge = (i: number): Judged => judgeChoice(p, keys[i], () => p.cands[0].eq + one(i) - one(bestIndex));
  // The searcher's own plays are overwritten by its lookaheads' own generators only below the root: the root's boards stay.
  searcher.scorePlays(n, net);
  const zero = argmax(searcher.scores, n);
  const onePly = searcher.lookahead(n, net, LOOKAHEAD.keep, LOOKAHEAD.window, LOOKAHEAD.budget);
  const twoPly = searcher.lookahead(n, net, LOOKAHEAD.keep, LOOKAHEAD.window, Infinity, FULL_2PLY);
  const m = medium.chooseIndex(board, 0, p.dice, first);
  const mKey = encodeSide(medium.searcher.gen.boards, m * BOARD);
  const s = strong.chooseIndex(board, 0, p.dice, first);
  const sKey = encodeSide(strong.searcher.gen.boards, s * BOARD);
  const mJ = judge(keys.indexOf(mKey));
  judgements.get('medium')!.push(mJ);
  const sJ = judge(keys.indexOf(sKey));
  judgements.get('strong')!.push(sJ);
  if (committed) {
    const c = committed.chooseIndex(board, 0, p.dice, first);
    paired.push({ phase: p.phase, diff: sJ.loss - judge(keys.indexOf(encodeSide(committed.searcher.gen.boards, c * BOARD))).loss });
  }
  judgements.get('0-ply')!.push(judge(zero));
  judgements.get('1-ply')!.push(judge(onePly));
  judgements.get('2-ply')!.push(judge(twoPly));
  judgements.get('easy')!.push(mixture(p.phase, [[0.5, mJ], ...keys.map((_, i) => [0.5 / n, judge(i)] as const)]));
  // Self-consistency: does the 0-ply choose the 2-ply's play, and what does it lose by the 2-ply's own values?
  if (zero === twoPly) consistency.push({ phase: p.phase, agree: 1, cost: 0 });
  else {
    const v = (i: number) => { searcher.replyValue(boards, i * BOARD, net, Infinity, 0); return searcher.deepValue(boards, i * BOARD, 0, net, false); };
    consistency.push({ phase: p.phase, agree: 0, cost: Math.max(0, v(twoPly) - v(zero)) });
  }
}

function argmax(xs: Float64Array, n: number): number {
  let b = 0;
  for (let i = 1; i < n; i++) if (xs[i] > xs[b]) b = i;
  return b;
}

const COLS = ['all', ...PHASES] as const;
const count = (ph: (typeof COLS)[number]) => (ph === 'all' ? positions.length : positions.filter((p) => p.phase === ph).length);
const f = (x: number, se: number, d: number) => (Number.isNaN(x) ? '—' : `${x.toFixed(d)} ± ${se.toFixed(d)}`);
function table(title: string, cell: (s: Summary) => string): void {
  console.log(`\n${title}\n\n| player | ${COLS.map((c) => `${c} (${count(c)})`).join(' | ')} |\n|---|${COLS.map(() => '---').join('|')}|`);
  for (const r of ROWS) {
    const m = byPhase(judgements.get(r)!);
    console.log(`| ${r} | ${COLS.map((c) => cell(m.get(c)!)).join(' | ')} |`);
  }
}
const ses = positions.flatMap((p) => p.cands.map((c) => c.se));
console.log(`${file}: ${positions.length} positions (recipe: horizon ${recipe?.horizon}, SE ≤ ${recipe?.targetSe}, ${recipe?.minTrials}–${recipe?.maxTrials} trials); candidates' rollout SE mean ${meanSe(ses).mean.toFixed(4)}, max ${Math.max(...ses).toFixed(4)}; ` +
  `${positions.filter(ambiguous).length} positions where the best two are within twice their paired SE; net ${options.net ?? 'committed'}${options.deep ? `, strong 2-ply ${options.deep}` : ''}; ${((performance.now() - started) / 1000).toFixed(0)} s`);
table('Error rate: equity lost a decision against the rollouts\' best (± standard error over positions)', (s) => f(s.er, s.erSe, 4));
table('Agreement with the rollouts\' best play, %', (s) => f(s.agree, s.agreeSe, 0));
table('Blunders (loss > 0.08), % of decisions', (s) => f(s.blunders, s.blundersSe, 0));
table('Choices not rolled out (valued by the 1-ply), %', (s) => (Number.isNaN(s.offList) ? '—' : s.offList.toFixed(0)));
console.log(`\nSelf-consistency, the net's 0-ply against its full 2-ply: agreement %, and the 2-ply's equity lost by the 0-ply's choice\n\n| | ${COLS.join(' | ')} |\n|---|${COLS.map(() => '---').join('|')}|`);
const sub = (c: (typeof COLS)[number]) => consistency.filter((x) => c === 'all' || x.phase === c);
console.log(`| agreement % | ${COLS.map((c) => { const m = meanSe(sub(c).map((x) => 100 * x.agree)); return f(m.mean, m.se, 0); }).join(' | ')} |`);
console.log(`| 2-ply loss | ${COLS.map((c) => { const m = meanSe(sub(c).map((x) => x.cost)); return f(m.mean, m.se, 3); }).join(' | ')} |`);
if (committed) {
  const sub2 = (c: (typeof COLS)[number]) => paired.filter((x) => c === 'all' || x.phase === c);
  const all2 = meanSe(paired.map((x) => x.diff));
  console.log(`\nThe candidate's strong level against the committed net's, position by position: its loss less the committed one's (negative: better)\n\n| | ${COLS.join(' | ')} |\n|---|${COLS.map(() => '---').join('|')}|`);
  console.log(`| strong, candidate − committed | ${COLS.map((c) => { const m = meanSe(sub2(c).map((x) => x.diff)); return f(m.mean, m.se, 4); }).join(' | ')} |`);
  console.log(`\n${all2.mean < -all2.se ? 'Better beyond its standard error on the benchmark: keep it only if bench:accept also shows no loss.' : 'Not better beyond its standard error on the benchmark: not kept.'}`);
}
