/**
 * perft at full depth: every count in tests/engine/data/*.perft, including those too big for
 * `npm test` (perft(3) of short nardy, 116,154,993 leaves). Prints wall times; exits 1 on a
 * mismatch so CI can run it as a long check.
 *
 * Then perft(3) of short nardy beside GNU Backgammon's own C generator (../shared/tools/gnubg-perft.sh,
 * which builds it from the Debian source), run alternately (ours, gnubg, ours, gnubg…) because the
 * machine is shared and noisy: the ratio of each pair is measured under the same load. Without the
 * script or gnubg's source the comparison is skipped with a line saying why; the bench does not fail.
 * PERFT_ROUNDS (default 2) sets the number of pairs; PERFT_GNUBG=0 skips the comparison.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { VARIANTS, perft, startBoard } from '../src/engine/index.ts';
import { readPerftSuites } from '../tests/engine/perft-suite.ts';

const PERFT3 = 116_154_993;

function seconds(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e9;
}

let bad = 0;
for (const c of readPerftSuites()) {
  for (const { depth, count } of c.counts) {
    const t = process.hrtime.bigint();
    const got = perft(c.position, depth).total;
    const secs = seconds(t);
    const status = got === count ? 'ok' : `MISMATCH (expected ${count})`;
    if (got !== count) bad++;
    console.log(`perft ${c.file} ${c.id} depth ${depth}: ${got.toLocaleString('en')} leaves in ${secs.toFixed(2)} s — ${status}`);
  }
}
if (process.env.PERFT_GNUBG !== '0') compareWithGnubg(Number(process.env.PERFT_ROUNDS ?? 2));
process.exitCode = bad > 0 ? 1 : 0;

/** Alternates our perft(3) from the short start with gnubg's and prints each pair and its ratio. */
function compareWithGnubg(rounds: number): void {
  const script = join(import.meta.dirname, '..', '..', 'shared', 'tools', 'gnubg-perft.sh');
  if (!existsSync(script)) {
    console.log(`perft(3) vs gnubg: skipped, no ${script} (the comparison needs ../shared beside the repository)`);
    return;
  }
  const ours: Timing[] = [], theirs: Timing[] = [];
  for (let r = 1; r <= rounds; r++) {
    const t = process.hrtime.bigint(), cpu = process.cpuUsage();
    const n = perft({ variant: 'short', board: startBoard(VARIANTS.short) }, 3).total;
    const used = process.cpuUsage(cpu);
    const mine = { wall: seconds(t), cpu: (used.user + used.system) / 1e6 };
    if (n !== PERFT3) { bad++; console.log(`perft(3) vs gnubg: ours counted ${n}, not ${PERFT3}`); return; }
    const gnubg = runGnubg(script);
    if (typeof gnubg === 'string') {
      console.log(`perft(3) vs gnubg: skipped, ${gnubg} (ours ${mine.wall.toFixed(2)} s)`);
      return;
    }
    ours.push(mine); theirs.push(gnubg);
    console.log(
      `perft(3) vs gnubg, pair ${r} of ${rounds}: ours ${mine.wall.toFixed(2)} s, gnubg ${gnubg.wall.toFixed(2)} s, ratio ${(mine.wall / gnubg.wall).toFixed(2)}` +
        ` (CPU ${mine.cpu.toFixed(2)} s and ${gnubg.cpu.toFixed(2)} s, ratio ${(mine.cpu / gnubg.cpu).toFixed(2)})`,
    );
  }
  // The fastest run of each side is the one least slowed by the other sessions on the machine.
  const best = (xs: Timing[], k: keyof Timing) => Math.min(...xs.map((x) => x[k]));
  console.log(
    `perft(3) short nardy: ours ${best(ours, 'wall').toFixed(2)} s, gnubg ${best(theirs, 'wall').toFixed(2)} s, ratio ${(best(ours, 'wall') / best(theirs, 'wall')).toFixed(2)}` +
      ` (fastest of ${rounds} alternating runs each; CPU ratio ${(best(ours, 'cpu') / best(theirs, 'cpu')).toFixed(2)})`,
  );
}

interface Timing { wall: number; cpu: number }

/**
 * gnubg's perft(3): the script builds its generator (and checks perft(1)), then its binary runs
 * under the shell's `times`, for its CPU time beside the wall time it prints. Returns why not, if not.
 */
function runGnubg(script: string): Timing | string {
  const build = spawnSync('bash', [script, '1'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (build.status !== 0 || !/gnubg perft\(1\) = 447\b/.test(build.stdout ?? '')) {
    const why = (build.stderr || build.stdout || String(build.error ?? '')).trim().split('\n').slice(-1)[0];
    return `gnubg-perft.sh failed (exit ${build.status}${why ? `: ${why}` : ''}; it needs apt, gnubg's Debian source and gcc)`;
  }
  const binary = join(process.env.WORK ?? '/tmp/gnubg-perft', 'build', 'gnubg-perft');
  const run = spawnSync('bash', ['-c', '"$0" 3 && times', binary], { encoding: 'utf8' });
  const line = /gnubg perft\(3\) = (\d+)\s+([\d.]+) s/.exec(run.stdout ?? '');
  // `times` prints the shell's user and system time, then its children's: "0m15.230s 0m0.040s".
  const children = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(run.stdout ?? '');
  if (run.status !== 0 || !line || !children) return `${binary} did not run (exit ${run.status})`;
  if (Number(line[1]) !== PERFT3) return `gnubg counted ${line[1]}, not ${PERFT3}`;
  const cpu = Number(children[1]) * 60 + Number(children[2]) + Number(children[3]) * 60 + Number(children[4]);
  return { wall: Number(line[2]), cpu };
}
