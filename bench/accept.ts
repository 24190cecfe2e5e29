/**
 * A retrain's verdict in one command: a candidate net against the committed one, GAMES
 * duplicate-dice cubeless money games split over the cores (bench/ai.ts `previous`, one part
 * per worker), pooled, and judged by issue 19's bar for an accepted retrain: at least +0.1 points
 * a game over 2,000 games.
 *
 *   nice -n 19 npm run bench:accept -- --variant long --candidate /tmp/cand.json --from 4000
 *
 * Choose among trials on one series of dice, then confirm the chosen one on a series none of them
 * was chosen on (`--from`: the first game of the series; games come in pairs, game g and g + 1
 * with the seed 1000 + g / 2). Keeping the best of several trials measured on the same dice
 * overstates it: the three long-nardy retrains kept on 2–3 Dec scored +0.066, +0.056 and +0.055
 * each against the net before them, but the net they made beats the one they started from by
 * only +0.087 ± 0.029 (docs/computer.md).
 *
 * Prints the candidate's score (the bench prints the committed net's), ± one standard error of
 * the games and, in brackets, of the duplicate pairs. Asserts nothing; exits 0 either way.
 *
 * `--previous FILE` turns it round: the committed net is the one judged, against FILE, an earlier
 * accepted net (git show <commit>:src/ai/weights/long.json > FILE), and the score printed is the
 * committed net's. That is the retrain's own verdict once it is committed, and the one to give when
 * several steps were committed on the way (each step's gain is too small to see alone).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { numberArg, readArgs } from '../tools/ai/args.ts';

const USAGE = `usage: npm run bench:accept -- --variant long|short|hypergammon (--candidate FILE | --previous FILE) [--games 2000] [--from 0] [--workers N] [--one-ply]
  --candidate  a net to judge against the committed one
  --previous   an earlier accepted net, to judge the committed one against
  --games    games in all (even; split into one part per worker, each an even number)
  --from     the first game of the dice series (even)
  --workers  processes side by side (default: the machine's cores)
  --one-ply  both nets at the 1-ply (the committed short net's 2-ply prunes with a net the candidate has not got)`;

/** What one part of a match tallied (bench/ai.ts prints it with BENCH_TALLY=1). */
export interface Tally {
  games: number;
  sum: number;
  sum2: number;
  pairs: number;
  pairSum2: number;
  wins: number;
  unfinished: number;
}

/** The pooled parts: mean points a game, its standard error over the games and over the duplicate pairs. */
export function pool(parts: readonly Tally[]): { games: number; mean: number; se: number; pairSe: number; wins: number; unfinished: number } {
  const t = parts.reduce((a, p) => ({ games: a.games + p.games, sum: a.sum + p.sum, sum2: a.sum2 + p.sum2, pairs: a.pairs + p.pairs, pairSum2: a.pairSum2 + p.pairSum2, wins: a.wins + p.wins, unfinished: a.unfinished + p.unfinished }));
  const mean = t.sum / t.games;
  return {
    games: t.games,
    mean,
    se: Math.sqrt((t.sum2 / t.games - mean * mean) / (t.games - 1)),
    pairSe: Math.sqrt((t.pairSum2 / t.pairs - mean * mean) / (t.pairs - 1)),
    wins: t.wins,
    unfinished: t.unfinished,
  };
}

/** Issue 19's bar for keeping a retrain of long nardy's net: this many points a game over the previous one. */
export const ACCEPT_GAIN = 0.1;

function main(): void {
  const a = readArgs(USAGE, { variant: { type: 'string' }, candidate: { type: 'string' }, previous: { type: 'string' }, games: { type: 'string' }, from: { type: 'string' }, workers: { type: 'string' }, 'one-ply': { type: 'boolean' } });
  const fail = (why: string): never => {
    console.error(`${why}\n\n${USAGE}`);
    process.exit(2);
  };
  const variant = a.variant ?? fail('--variant is required');
  if (!['long', 'short', 'hypergammon'].includes(variant)) fail(`--variant: long, short or hypergammon, not "${variant}"`);
  if ((a.candidate === undefined) === (a.previous === undefined)) fail('one of --candidate and --previous is required, not both');
  const judged = a.candidate !== undefined ? 'candidate' : 'previous';
  const other = (a.candidate ?? a.previous)!;
  if (!existsSync(other)) fail(`--${judged}: no file ${other}`);
  const games = numberArg(a.games, 2000, 'games');
  const from = numberArg(a.from, 0, 'from');
  const workers = numberArg(a.workers, cpus().length, 'workers');
  if (!(workers >= 1) || workers !== Math.floor(workers)) fail('--workers: a whole number from 1');
  if (from % 2 !== 0 || from < 0) fail('--from: an even game number (games come in pairs)');
  if (games % (2 * workers) !== 0 || games < 4 * workers) fail(`--games: a multiple of ${2 * workers}, at least ${4 * workers} (each worker plays whole pairs)`);

  const per = games / workers;
  console.log(`${variant}: ${judged === 'candidate' ? `candidate ${other} against the committed net` : `the committed net against the earlier net ${other}`}, ${games} games from game ${from}${a['one-ply'] ? ', both at the 1-ply' : ', both at the strong level'}, ${workers} parts side by side`);
  const t0 = performance.now();
  const parts = Array.from({ length: workers }, (_, k) => part(variant, other, from + k * per, per, a['one-ply'] === true));
  Promise.all(parts).then((tallies) => {
    // The bench scores the committed net ("this tree's"); a candidate's is the same with the sign turned.
    const p = pool(judged === 'previous' ? tallies : tallies.map((t) => ({ ...t, sum: -t.sum, wins: t.games - t.wins - t.unfinished })));
    const sign = p.mean >= 0 ? '+' : '';
    console.log(`${variant} ${judged === 'candidate' ? 'candidate vs committed' : 'committed vs previous'}: ${sign}${p.mean.toFixed(3)} ± ${p.se.toFixed(3)} ppg (± ${p.pairSe.toFixed(3)} over the pairs), wins ${(100 * p.wins / p.games).toFixed(1)} % (${p.games} games${p.unfinished ? `, ${p.unfinished} unfinished` : ''}, ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    const verdict = p.games < 2000 ? `fewer than the 2,000 games the bar asks: no verdict`
      : p.mean >= ACCEPT_GAIN ? `clears the bar of +${ACCEPT_GAIN} a game: ${judged === 'candidate' ? 'keep it' : 'an accepted retrain'} (if this series of dice was not the one it was chosen on)`
        : `short of the bar of +${ACCEPT_GAIN} a game by ${(ACCEPT_GAIN - p.mean).toFixed(3)}: ${judged === 'candidate' ? 'not kept' : 'not an accepted retrain'}`;
    console.log(`verdict: ${verdict}`);
  }, (e: Error) => {
    console.error(e.message);
    process.exit(1);
  });
}

/** One part of the match: bench/ai.ts `previous` for `games` games from `from`, its tally. */
function part(variant: string, other: string, from: number, games: number, onePly: boolean): Promise<Tally> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PREVIOUS_SHORT: undefined, PREVIOUS_LONG: undefined, PREVIOUS_HYPERGAMMON: undefined, BENCH_TALLY: '1', FROM: String(from), GAMES_1PLY: String(games), [`PREVIOUS_${variant.toUpperCase()}`]: other, ONE_PLY: onePly ? '1' : '0' };
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./ai.ts', import.meta.url)), 'previous'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('TALLY '));
      if (code !== 0 || !line) return reject(new Error(`the part from game ${from} ended with code ${code} and no tally:\n${out}`));
      console.log(`  ${out.split('\n').find((l) => l.startsWith(variant.padEnd(5))) ?? ''}`);
      resolve(JSON.parse(line.slice(6)) as Tally);
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) main();
