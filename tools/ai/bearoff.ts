/**
 * Builds the one-sided bear-off table (`src/ai/weights/bearoff.json`): for each of the 54,264
 * positions of up to fifteen checkers on the six home points, the mean and standard deviation of
 * the rolls needed to bear off, choosing each roll's play by the smallest mean. Positions are
 * solved in order of pip count, so every play's result is known before it is needed.
 * Run: `npx tsx tools/ai/bearoff.ts` (about a minute).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Generator, VARIANTS, generateTurn, resolveOptions } from '../../src/engine/index.ts';
import { BEAROFF_POSITIONS, bearoffIndex } from '../../src/ai/bearoff.ts';
import { ROLLS } from '../../src/ai/rules.ts';

const variant = VARIANTS.short;
const options = resolveOptions(variant);
if (!options.ok) throw new Error(options.error.message);

// Every position, as its six counts, by index.
const positions: number[][] = [];
const walk = (prefix: number[], left: number) => {
  if (prefix.length === 6) { positions.push(prefix); return; }
  for (let n = 0; n <= left; n++) walk([...prefix, n], left - n);
};
walk([], 15);
if (positions.length !== BEAROFF_POSITIONS) throw new Error(`expected ${BEAROFF_POSITIONS} positions, got ${positions.length}`);
for (const [i, p] of positions.entries()) if (bearoffIndex([0, ...p], 0) !== i) throw new Error(`index of ${p} is not ${i}`);

const pips = (p: number[]) => p.reduce((s, n, i) => s + n * (i + 1), 0);
const order = positions.map((_, i) => i).sort((a, b) => pips(positions[a]) - pips(positions[b]));
const mean = new Float64Array(BEAROFF_POSITIONS);
const square = new Float64Array(BEAROFF_POSITIONS); // E[N²]
const gen = new Generator();
const t0 = performance.now();
for (const i of order) {
  const p = positions[i];
  if (pips(p) === 0) continue; // all off: 0 rolls
  let m = 0, s = 0;
  for (const [d1, d2, weight] of ROLLS) {
    gen.b.fill(0);
    const on = p.reduce((a, n) => a + n, 0);
    for (let k = 0; k < 6; k++) gen.b[1 + k] = p[k];
    gen.b[0] = 15 - on;
    gen.b[26] = 15; // the other side has borne off everything: nothing in the way
    const n = generateTurn(gen, variant, options.value, [d1, d2], {});
    let best = -1, bestMean = Infinity;
    for (let k = 0; k < n; k++) {
      const j = bearoffIndex(gen.boards, k * 52);
      if (mean[j] < bestMean) { bestMean = mean[j]; best = j; }
    }
    if (best < 0) throw new Error(`no play for ${p} and ${d1}${d2}`);
    m += weight * (1 + mean[best]);
    s += weight * (1 + 2 * mean[best] + square[best]);
  }
  mean[i] = m / 36;
  square[i] = s / 36;
}
const out = new Uint16Array(2 * BEAROFF_POSITIONS);
for (let i = 0; i < BEAROFF_POSITIONS; i++) {
  out[2 * i] = Math.round(mean[i] * 2000);
  out[2 * i + 1] = Math.round(Math.sqrt(Math.max(0, square[i] - mean[i] * mean[i])) * 4000);
}
const file = fileURLToPath(new URL('../../src/ai/weights/bearoff.json', import.meta.url));
const start = bearoffIndex([0, 0, 0, 0, 0, 0, 15], 0);
writeFileSync(file, JSON.stringify({
  about: 'One-sided bear-off table: per position (tools/ai/bearoff.ts index), uint16 mean rolls × 2000 and sd × 4000, little-endian, base64.',
  data: Buffer.from(out.buffer).toString('base64'),
}) + '\n');
console.log(`${BEAROFF_POSITIONS} positions in ${((performance.now() - t0) / 1000).toFixed(1)} s; 15 on the 6-point: ${mean[start].toFixed(3)} rolls`);
