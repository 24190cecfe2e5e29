/**
 * Issue 10: the one-sided bear-off table. Its index enumerates every position of up to fifteen
 * checkers on six points exactly once, and its figures agree with what can be worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { BEAROFF_POSITIONS, bearoffIndex, bearoffMean, bearoffSd, bearoffWinChance, isBearoffRace } from '../../src/ai/bearoff.ts';

const side = (...home: number[]) => [15 - home.reduce((a, n) => a + n, 0), ...home, ...new Array(19).fill(0)];
const board = (me: number[], them: number[]) => Int8Array.from([...me, ...them]);

describe('issue 10: the one-sided bear-off table', () => {
  it('indexes the 54,264 positions one to one', () => {
    const seen = new Set<number>();
    const walk = (prefix: number[], left: number): void => {
      if (prefix.length === 6) { seen.add(bearoffIndex([0, ...prefix], 0)); return; }
      for (let n = 0; n <= left; n++) walk([...prefix, n], left - n);
    };
    walk([], 15);
    expect(seen.size).toBe(BEAROFF_POSITIONS);
    expect(Math.min(...seen)).toBe(0);
    expect(Math.max(...seen)).toBe(BEAROFF_POSITIONS - 1);
  });

  it('knows the small cases: nothing left, one checker anywhere, two on the 1-point', () => {
    expect(bearoffMean(side(0, 0, 0, 0, 0, 0), 0)).toBe(0);
    // One checker: rolls too short to bear it off (2-1: 3 pips; 3-1 and 1-1: 4; 4-1 and 3-2: 5) need a second roll.
    const misses = [0, 0, 0, 2, 5, 9];
    for (let p = 1; p <= 6; p++) {
      const home = [0, 0, 0, 0, 0, 0]; home[p - 1] = 1;
      expect(bearoffMean(side(...home), 0), `one checker on the ${p}-point`).toBeCloseTo(1 + misses[p - 1] / 36, 3);
    }
    expect(bearoffSd(side(1, 0, 0, 0, 0, 0), 0)).toBe(0);
    expect(bearoffMean(side(2, 0, 0, 0, 0, 0), 0)).toBe(1);
    // Two on the 2-point: a roll with one 1 (and not 1-1) bears off only one of them (10/36).
    expect(bearoffMean(side(0, 2, 0, 0, 0, 0), 0)).toBeCloseTo(1 + 10 / 36, 3);
    // Fifteen on the 6-point take the most rolls of all.
    expect(bearoffMean(side(0, 0, 0, 0, 0, 15), 0)).toBeGreaterThan(bearoffMean(side(0, 0, 0, 0, 14, 1), 0));
  });

  it('turns two roll counts into a chance to win', () => {
    // I need one roll, the opponent (to roll) needs one: it wins first.
    expect(bearoffWinChance(board(side(1, 0, 0, 0, 0, 0), side(1, 0, 0, 0, 0, 0)), 0)).toBeLessThan(0.05);
    // I need one roll, it needs several: I win unless it rolls a miracle.
    expect(bearoffWinChance(board(side(1, 0, 0, 0, 0, 0), side(0, 0, 0, 0, 0, 6)), 0)).toBeGreaterThan(0.9);
    expect(isBearoffRace(board(side(1, 0, 0, 0, 0, 0), side(0, 0, 0, 0, 0, 6)), 0)).toBe(true);
    expect(isBearoffRace(board(side(1, 0, 0, 0, 0, 0), side(0, 0, 0, 0, 0, 0, 1)), 0)).toBe(false);
  });
});
