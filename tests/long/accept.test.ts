// bench/accept.ts, the retrain's verdict: the parts played side by side pool into the figures one
// match of all their games would give, and the score printed is the candidate's, not the
// committed net's (with --previous, the committed net's against an earlier one).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { pool, type Tally } from '../../bench/accept.ts';
import type { NetJson } from '../../src/ai/net.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const accept = (...args: string[]) => spawnSync(TSX, [join(ROOT, 'bench/accept.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });

/** The tally of a part's games, as bench/ai.ts keeps it (pairs: games 2k and 2k + 1). */
function tally(points: readonly number[]): Tally {
  let sum = 0, sum2 = 0, pairs = 0, pairSum2 = 0, wins = 0;
  for (let g = 0; g < points.length; g++) {
    sum += points[g]; sum2 += points[g] ** 2; if (points[g] > 0) wins++;
    if (g % 2 === 1) { pairs++; pairSum2 += ((points[g - 1] + points[g]) / 2) ** 2; }
  }
  return { games: points.length, sum, sum2, pairs, pairSum2, wins, unfinished: 0 };
}

describe('bench/accept.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nardy-accept-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** The committed long net's layout with every weight zero: a net that knows nothing. */
  const blankNet = (): string => {
    const committed = JSON.parse(readFileSync(join(ROOT, 'src/ai/weights/long.json'), 'utf8')) as NetJson;
    const blank = join(dir, 'blank.json');
    const size = Buffer.from(committed.weights, 'base64').length;
    writeFileSync(blank, JSON.stringify({ ...committed, weights: Buffer.alloc(size).toString('base64') }));
    return blank;
  };

  it('pools parts into the mean and standard errors of all their games', () => {
    const points = [1, -2, 2, 1, -1, -1, 3, -2, 1, 1, -2, 2];
    const whole = pool([tally(points)]);
    const parts = pool([tally(points.slice(0, 4)), tally(points.slice(4, 8)), tally(points.slice(8))]);
    const mean = points.reduce((a, x) => a + x, 0) / points.length;
    const sd = Math.sqrt(points.reduce((a, x) => a + (x - mean) ** 2, 0) / (points.length - 1));
    expect(whole.mean).toBeCloseTo(mean, 12);
    expect(whole.se).toBeCloseTo(sd / Math.sqrt(points.length), 12);
    const pairMeans = [0, 1, 2, 3, 4, 5].map((k) => (points[2 * k] + points[2 * k + 1]) / 2);
    const pairSd = Math.sqrt(pairMeans.reduce((a, x) => a + (x - mean) ** 2, 0) / (pairMeans.length - 1));
    expect(whole.pairSe).toBeCloseTo(pairSd / Math.sqrt(pairMeans.length), 12);
    expect(parts).toEqual(whole);
  });

  it('scores the committed net even against itself, and a net that knows nothing far behind it', () => {
    const same = accept('--variant', 'long', '--candidate', join(ROOT, 'src/ai/weights/long.json'), '--games', '8', '--one-ply');
    expect(same.status, same.stderr).toBe(0);
    // Duplicate dice and the same net on both sides: every pair's two games are one game mirrored.
    expect(same.stdout).toMatch(/long candidate vs committed: \+0\.000 ± [\d.]+ ppg \(± 0\.000 over the pairs\)/);
    expect(same.stdout).toContain('verdict: fewer than the 2,000 games the bar asks: no verdict');

    const blank = blankNet();
    const weak = accept('--variant', 'long', '--candidate', blank, '--games', '8', '--one-ply');
    expect(weak.status, weak.stderr).toBe(0);
    const score = Number(/long candidate vs committed: ([+-][\d.]+)/.exec(weak.stdout)?.[1]);
    expect(score).toBeLessThan(-1);
  });

  it('with --previous, scores the committed net against an earlier one: the same games, the sign turned', () => {
    const blank = blankNet();
    const forward = accept('--variant', 'long', '--candidate', blank, '--games', '4', '--workers', '1', '--one-ply');
    const back = accept('--variant', 'long', '--previous', blank, '--games', '4', '--workers', '1', '--one-ply');
    expect(back.status, back.stderr).toBe(0);
    expect(back.stdout).toContain('the committed net against the earlier net');
    const candidate = Number(/long candidate vs committed: ([+-][\d.]+)/.exec(forward.stdout)?.[1]);
    expect(candidate).toBeLessThan(-1);
    expect(Number(/long committed vs previous: ([+-][\d.]+)/.exec(back.stdout)?.[1])).toBe(-candidate);
  });

  it('refuses what it cannot judge before playing a game', () => {
    expect(accept('--variant', 'long').status).toBe(2);
    const both = accept('--variant', 'long', '--candidate', join(ROOT, 'src/ai/weights/long.json'), '--previous', join(ROOT, 'src/ai/weights/long.json'));
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('not both');
    expect(accept('--variant', 'chess', '--candidate', join(ROOT, 'src/ai/weights/long.json')).status).toBe(2);
    const odd = accept('--variant', 'long', '--candidate', join(ROOT, 'src/ai/weights/long.json'), '--games', '2001');
    expect(odd.status).toBe(2);
    expect(odd.stderr).toContain('--games');
  });
});
