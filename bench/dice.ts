/**
 * Issue #18's bench: 10⁶ rolls derived as matches derive them (src/dice/fair.ts), across many
 * matches and seeds, and Pearson's chi-square test of uniformity for the six faces (both dice,
 * 5 degrees of freedom) and for the 36 ordered pairs (35 degrees of freedom). Prints the figures
 * and the derivation rate; no pass or fail.
 */
import { performance } from 'node:perf_hooks';
import { chiSquare } from '../src/dice/chi-square.ts';
import { newServerSeed, rollAt, type RollKey } from '../src/dice/fair.ts';

const ROLLS = 1_000_000;
const PER_MATCH = 200;

const faces = new Array(6).fill(0);
const pairs = new Array(36).fill(0);
let key: RollKey | undefined;
const started = performance.now();
for (let n = 0; n < ROLLS; n++) {
  // A new match every 200 rolls: a fresh server seed, match id and players' seeds, as in play.
  if (n % PER_MATCH === 0) key = { serverSeed: newServerSeed(), matchId: `m${(n / PER_MATCH).toString(36)}`, seeds: [`a${n}`, n % 3 === 0 ? '' : `b${n}`] };
  const [a, b] = rollAt(key!, n % PER_MATCH);
  faces[a - 1]++; faces[b - 1]++;
  pairs[(a - 1) * 6 + (b - 1)]++;
}
const ms = performance.now() - started;
const f = chiSquare(faces, faces.map(() => (2 * ROLLS) / 6));
const p = chiSquare(pairs, pairs.map(() => ROLLS / 36));
console.log(`dice: ${ROLLS.toLocaleString('en')} derived rolls in ${(ms / 1000).toFixed(1)} s (${((ms * 1000) / ROLLS).toFixed(2)} µs a roll)`);
console.log(`dice: faces ${faces.join(' ')}: chi-square ${f.statistic.toFixed(2)}, ${f.df} degrees of freedom, p = ${f.p.toFixed(3)}`);
console.log(`dice: 36 ordered pairs: chi-square ${p.statistic.toFixed(2)}, ${p.df} degrees of freedom, p = ${p.p.toFixed(3)}`);
