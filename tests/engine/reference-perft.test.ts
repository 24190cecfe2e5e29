/**
 * STYLE.md §18 "never self-agreement": the plakoto and gul bara counts in the .perft suites are
 * recomputed by the slow reference generator (tests/engine/reference), which shares no code with
 * src/engine/generate.ts. Counts above REFERENCE_CAP leaves (the middle-game perft(2)s, the
 * starts' perft(3)) take the reference 10–45 s each; they were run once when the suites were
 * written and agreed.
 */
import { describe, expect, it } from 'vitest';
import { readPerftSuites } from './perft-suite.ts';
import { referencePerft } from './reference/slow-rules.ts';

const REFERENCE_CAP = 100_000;

const cases = readPerftSuites().filter((c) => c.position.variant === 'plakoto' || c.position.variant === 'gulbara');

describe('perft of plakoto and gul bara: the suites agree with the slow reference generator', () => {
  for (const c of cases) {
    for (const { depth, count } of c.counts.filter((k) => k.count <= REFERENCE_CAP)) {
      it(`${c.file} ${c.id}: perft(${depth}) = ${count}`, () => {
        expect(referencePerft(c.position.variant as 'plakoto' | 'gulbara', c.position.board, depth)).toBe(count);
      });
    }
  }

  it('covers both variants', () => {
    expect(new Set(cases.map((c) => c.position.variant))).toEqual(new Set(['plakoto', 'gulbara']));
  });
});
