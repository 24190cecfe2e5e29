import { describe, expect, it } from 'vitest';
import { VARIANTS, perft } from '../../src/engine/index.ts';
import { readPerftSuites } from './perft-suite.ts';

/** Counts above this run in `npm run bench` only (perft(3) of short nardy is 116 M leaves). */
const NODE_CAP = 3_000_000;

const cases = readPerftSuites();

describe('perft: known leaf counts of the game tree (anchors-engine.md §2.2)', () => {
  for (const c of cases) {
    for (const { depth, count } of c.counts) {
      if (count > NODE_CAP) continue;
      it(`${c.file} ${c.id}: perft(${depth}) = ${count}`, () => {
        const result = perft(c.position, depth);
        if (result.total !== count) {
          // Divide per first roll, so a mismatch can be bisected at once.
          console.error(`${c.id} perft(${depth}) divide:`, result.byRoll);
        }
        expect(result.total).toBe(count);
      });
    }
  }

  it('every variant in VARIANTS has a .perft suite', () => {
    const covered = new Set(cases.map((c) => c.position.variant));
    for (const id of Object.keys(VARIANTS)) expect(covered, `no .perft file for ${id}`).toContain(id);
  });

  it('each suite runs at least one count in npm test', () => {
    for (const c of cases) expect(c.counts.some((k) => k.count <= NODE_CAP), `${c.id} has nothing under the cap`).toBe(true);
  });
});
