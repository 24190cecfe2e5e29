import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareWithGnubg, readOracle } from '../../tools/gnubg/compare.ts';

// Produced by tools/gnubg/oracle.py (gnubg 1.07 self-play, seed 20261129); .ci/run also compares a fresh sample live.
const vectors = readOracle(join(import.meta.dirname, 'data', 'gnubg-short.jsonl'));

describe('docs/rules §1 and §3 against gnubg 1.07 (the legal-move oracle)', () => {
  const result = compareWithGnubg(vectors);

  it('the fixture covers at least 3,000 vectors, with the mover on the bar, bearing off, and with no legal play', () => {
    expect(result.vectors).toBeGreaterThanOrEqual(3000);
    expect(result.onBar).toBeGreaterThanOrEqual(300);
    expect(result.bearingOff).toBeGreaterThanOrEqual(300);
    expect(result.noPlay).toBeGreaterThanOrEqual(40);
  });

  it('every vector has exactly gnubg\'s set of final positions', () => {
    expect(result.mismatches.slice(0, 5)).toEqual([]);
    expect(result.mismatches.length).toBe(0);
  });
});
