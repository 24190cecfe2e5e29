import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareWithGnubg, readOracle } from '../../tools/gnubg/compare.ts';

// Produced by tools/gnubg/oracle.py (gnubg 1.07 self-play from each variant's start, seed 20261129):
// Nackgammon under `set variation nackgammon`; 3-checker hypergammon under the standard variation,
// since gnubg's hint needs the makehyper database in its own variation and its move generator is
// the same in every variation (tools/gnubg/README.md).
const VARIANTS = [
  { variant: 'nackgammon', file: 'gnubg-nackgammon.jsonl', noPlay: 40 },
  // With three checkers a side holds at most one point, so a roll with no play is rare.
  { variant: 'hypergammon', file: 'gnubg-hypergammon.jsonl', noPlay: 1 },
] as const;

for (const { variant, file, noPlay } of VARIANTS) {
  describe(`docs/rules/variants.md §6 ${variant} against gnubg 1.07 (the legal-move oracle)`, () => {
    const result = compareWithGnubg(readOracle(join(import.meta.dirname, 'data', file)), variant);

    it('the fixture covers at least 3,000 vectors, with the mover on the bar, bearing off, and with no legal play', () => {
      expect(result.vectors).toBeGreaterThanOrEqual(3000);
      expect(result.onBar).toBeGreaterThanOrEqual(300);
      expect(result.bearingOff).toBeGreaterThanOrEqual(300);
      expect(result.noPlay).toBeGreaterThanOrEqual(noPlay);
    });

    it('every vector has exactly gnubg\'s set of final positions', () => {
      expect(result.mismatches.slice(0, 5)).toEqual([]);
      expect(result.mismatches.length).toBe(0);
    });
  });
}
