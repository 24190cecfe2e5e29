/**
 * Issue 10: the computer's fast board layout stays a legal position through whole games, as the
 * benches and training play them — including turns a side cannot move (a checker dancing on the
 * bar hands over the very board it was given, which must be turned round, not copied onto itself).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BOARD, ComputerPlayer, rollDie, seededRandom, swapInto, wonPoints, aiRules } from '../../src/ai/index.ts';
import { startBoard, type VariantId } from '../../src/engine/index.ts';

/** What is wrong with a board in the generator layout, or undefined. */
function problem(b: Int8Array, short: boolean): string | undefined {
  for (const side of [0, 26]) {
    let n = 0;
    for (let i = 0; i < 26; i++) { if (b[side + i] < 0) return `negative count at ${side + i}`; n += b[side + i]; }
    if (n !== 15) return `side at ${side} has ${n} checkers`;
  }
  for (let p = 1; p <= 24; p++) {
    // The other side's point q is my 25 − q (short) or ((q + 11) % 24) + 1 (long).
    const q = short ? 25 - p : ((p + 11) % 24) + 1;
    if (b[p] > 0 && b[26 + q] > 0) return `both sides on my point ${p}`;
  }
  return undefined;
}

describe('issue 10: self-play on the fast board layout', () => {
  it('turning a board round in place swaps the sides', () => {
    const b = Int8Array.from({ length: BOARD }, (_, i) => i % 7);
    const expected = Int8Array.from([...b.subarray(26), ...b.subarray(0, 26)]);
    swapInto(b, 0, b, 0);
    expect(b).toEqual(expected);
  });

  for (const variant of ['short', 'long'] as const satisfies readonly VariantId[]) {
    it(`${variant} nardy: every board of a medium-level self-play game is legal, dancing turns included`, () => {
      const rules = aiRules(variant);
      fc.assert(fc.property(fc.integer({ min: 1, max: 1e9 }), (seed) => {
        const random = seededRandom(seed);
        const players = [new ComputerPlayer('medium', variant), new ComputerPlayer('beginner', variant, undefined, seededRandom(seed + 1))];
        const pos = new Int8Array(BOARD);
        const s = startBoard(rules.variant);
        for (let i = 0; i < 26; i++) { pos[i] = s[0][i]; pos[26 + i] = s[1][i]; }
        const first = [true, true];
        for (let turn = 0; turn < 600; turn++) {
          const side = turn % 2;
          const i = players[side].chooseIndex(pos, 0, [rollDie(random), rollDie(random)], first[side]);
          first[side] = false;
          const board = i < 0 ? pos : players[side].searcher.gen.boards.subarray(i * BOARD, (i + 1) * BOARD);
          expect(problem(board, rules.short), `turn ${turn}`).toBeUndefined();
          if (wonPoints(rules, board, 0) > 0) return true;
          swapInto(board, 0, pos, 0);
        }
        return true;
      }), { numRuns: 40 });
    });
  }
});
