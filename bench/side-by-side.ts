/**
 * `bench/local.ts` of an earlier commit and of this tree, run in turns on the same machine, with
 * their ratios: a shared machine's figures swing by half from one minute to the next, so a change
 * is told by the ratio to the code before it measured beside it, not by a figure of another day.
 *
 * Run: npm run bench:side-by-side -- <commit> [rounds]   (rounds: 4)
 * The commit is checked out into a temporary git worktree (this tree's node_modules linked in),
 * which is removed at the end. Each round runs the commit's own bench/local.ts, then this tree's;
 * BENCH_MOVES (80) and BENCH_COLD_RUNS (3) are passed on. Printed per round and as medians: the
 * warm board press's median and this tree's ratio to the commit's, and each one's first answer
 * after spawn as a ratio to the bare telegraf handler (when the commit's bench prints one); this
 * tree's run also times the commit's handler in the same turns as its own (BENCH_COLD_BESIDE),
 * the steadier comparison of the two first answers.
 * Prints figures; asserts nothing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median } from './stats.ts';

const ROOT = resolve(import.meta.dirname, '..');
const [commit, roundsArg] = process.argv.slice(2);
if (commit === undefined || !/^\d*$/.test(roundsArg ?? '')) {
  console.error('usage: npm run bench:side-by-side -- <commit> [rounds]');
  process.exit(2);
}
const rounds = Number(roundsArg || 4);

/** What one run of bench/local.ts printed that is compared here. */
interface Figures {
  readonly warm?: number;
  readonly firstAnswer?: number;
  /** This tree's first answer ÷ the commit's, timed in the same turns (BENCH_COLD_BESIDE). */
  readonly firstBeside?: number;
}

function run(dir: string, beside?: string): Figures {
  const env = { ...process.env, BENCH_MOVES: process.env.BENCH_MOVES ?? '80', BENCH_COLD_RUNS: process.env.BENCH_COLD_RUNS ?? '3', ...(beside === undefined ? {} : { BENCH_COLD_BESIDE: beside }) };
  const out = spawnSync('npx', ['tsx', 'bench/local.ts'], { cwd: dir, env, encoding: 'utf8', timeout: 15 * 60_000 });
  const text = `${out.stdout}${out.stderr}`;
  if (out.status !== 0) throw new Error(`bench/local.ts in ${dir} failed (${out.status ?? out.signal}):\n${text.slice(-2000)}`);
  // "warm board press through POST /telegram (…):" then "  median 30.8 ms   p90 …"; "first answer after spawn: …" then "  ratio 2.46 × …".
  const warm = /warm board press through[^\n]*\n\s*median ([\d.]+) ms/.exec(text)?.[1];
  const first = /first answer after spawn[^\n]*\n(?:[^\n]*\n){2}\s*ratio ([\d.]+) ×/.exec(text)?.[1];
  const firstBeside = /ours ÷ beside ([\d.]+)/.exec(text)?.[1];
  return {
    ...(warm === undefined ? {} : { warm: Number(warm) }), ...(first === undefined ? {} : { firstAnswer: Number(first) }),
    ...(firstBeside === undefined ? {} : { firstBeside: Number(firstBeside) }),
  };
}

const fixed = (value: number | undefined, digits = 1) => (value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits));

const sha = execFileSync('git', ['rev-parse', '--short', commit], { cwd: ROOT, encoding: 'utf8' }).trim();
const worktree = join(mkdtempSync(join(tmpdir(), 'nardy-side-by-side-')), sha);
execFileSync('git', ['worktree', 'add', '--detach', worktree, commit], { cwd: ROOT, stdio: 'ignore' });
try {
  symlinkSync(join(ROOT, 'node_modules'), join(worktree, 'node_modules'));
  console.log(`bench/local.ts side by side: ${sha} (its own bench) and this tree, ${rounds} rounds in turns`);
  const before: Figures[] = [];
  const now: Figures[] = [];
  for (let r = 1; r <= rounds; r++) {
    before.push(run(worktree));
    now.push(run(ROOT, worktree));
    const [b, n] = [before.at(-1)!, now.at(-1)!];
    const ratio = b.warm !== undefined && n.warm !== undefined ? n.warm / b.warm : undefined;
    console.log(`  round ${r}: warm press ${fixed(b.warm)} → ${fixed(n.warm)} ms (× ${fixed(ratio, 2)}); first answer ${fixed(b.firstAnswer, 2)} → ${fixed(n.firstAnswer, 2)} × the bare handler, × ${fixed(n.firstBeside, 2)} of ${sha}'s in the same turns`);
  }
  const ratios = now.flatMap((n, i) => (n.warm !== undefined && before[i]!.warm !== undefined ? [n.warm / before[i]!.warm!] : []));
  const firsts = (figures: readonly Figures[]) => figures.flatMap((f) => (f.firstAnswer === undefined ? [] : [f.firstAnswer]));
  console.log(`  medians: warm press ${fixed(median(before.flatMap((f) => (f.warm === undefined ? [] : [f.warm]))))} → ${fixed(median(now.flatMap((f) => (f.warm === undefined ? [] : [f.warm]))))} ms, ` +
    `this tree × ${fixed(median(ratios), 2)} of ${sha}'s (per-round ratios ${ratios.map((x) => x.toFixed(2)).join(', ')}); ` +
    `first answer ${fixed(median(firsts(before)), 2)} → ${fixed(median(firsts(now)), 2)} × the bare handler, this tree × ${fixed(median(now.flatMap((f) => (f.firstBeside === undefined ? [] : [f.firstBeside]))), 2)} of ${sha}'s in the same turns`);
} finally {
  rmSync(worktree, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: ROOT });
}
