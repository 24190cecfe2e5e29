import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Generator, VARIANTS, generateTurn, legalPlays, loadBoard, perft, resolveOptions, type Board, type VariantId } from '../../src/engine/index.ts';
import { ALL_ROLLS, positionArb } from '../arbitraries.ts';
import { readPerftSuites } from './perft-suite.ts';
import { side } from './sides.ts';

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

// perft's last level only counts (keepPlays false: no boards are written, its last steps touch only
// the dedup key). It must count what legalPlays lists, on the bar, bearing off and with no play.
describe('a generator that only counts finds as many plays as legalPlays lists', () => {
  for (const variant of Object.keys(VARIANTS) as VariantId[]) {
    it(variant, () => {
      const counter = new Generator();
      counter.keepPlays = false;
      fc.assert(
        fc.property(positionArb(variant), ({ position, context }) => {
          const v = VARIANTS[variant];
          const options = resolveOptions(v, position.options);
          if (!options.ok) throw new Error(options.error.message);
          for (const dice of ALL_ROLLS) {
            loadBoard(counter, position.board);
            const counted = generateTurn(counter, v, options.value, dice, context);
            expect(counted, `${JSON.stringify(position)} ${dice}`).toBe(legalPlays(position, dice, context).length);
          }
        }),
        { numRuns: 60 },
      );
    });
  }

  it('also where the last die finds only bear-offs it may not make, so the first die alone is the play', () => {
    // Mover on 6, 6 and 2, the opponent holding my 1: 5-4 plays only 6/2 (the 5 is blocked or not
    // from the highest point, after 6/2 too).
    const board = [side({ 6: 2, 2: 1, 0: 12 }), side({ 24: 2, 1: 13 })] as Board;
    const position = { variant: 'short' as const, board };
    expect(legalPlays(position, [5, 4]).map((p) => p.move)).toEqual(['6/2']);
    const counter = new Generator();
    counter.keepPlays = false;
    loadBoard(counter, board);
    const v = VARIANTS.short;
    const options = resolveOptions(v);
    if (!options.ok) throw new Error(options.error.message);
    expect(generateTurn(counter, v, options.value, [5, 4], {})).toBe(1);
  });
});
