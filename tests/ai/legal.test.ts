/**
 * Issue 10: every play the computer chooses is legal — at every level, in both variants, with
 * random options, over random positions reached by self-play (fast-check). A chosen play must be
 * one of `legalPlays` (same notation, same final board); "no play" only when none is legal.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AI_LEVELS, ComputerPlayer, seededRandom } from '../../src/ai/index.ts';
import { VARIANTS, legalPlays, type VariantId } from '../../src/engine/index.ts';
import { loadComputer } from '../../src/app/computer.ts';
import { playTable } from '../../bench/table.ts';
import { positionAndDiceArb } from '../arbitraries.ts';

describe('issue 10: the computer plays only legal plays', () => {
  for (const variant of ['short', 'long'] as const satisfies readonly VariantId[]) {
    for (const level of AI_LEVELS) {
      it(`${variant} nardy, ${level} level`, () => {
        fc.assert(
          fc.property(positionAndDiceArb(variant), fc.integer(), ([sampled, dice], seed) => {
            const { position, context } = sampled;
            const player = new ComputerPlayer(level, variant, position.options, seededRandom(seed));
            const legal = legalPlays(position, dice, context);
            const chosen = player.choosePlay(position, dice, context);
            if (legal.length === 0) return chosen === undefined;
            expect(chosen, `a play for ${dice} after ${sampled.turns} turns (seed ${sampled.seed})`).toBeDefined();
            const same = legal.find((p) => p.move === chosen!.move);
            expect(same, `${chosen!.move} is among ${legal.map((p) => p.move).join(', ')}`).toBeDefined();
            expect(same!.board).toEqual(chosen!.board);
            return true;
          }),
          { numRuns: level === 'strong' ? 60 : 150 },
        );
      });
    }
  }
});

describe('issue 19: the computer plays whole games of every variant, every choice accepted by the reducer', async () => {
  const brain = await loadComputer();
  for (const variant of Object.keys(VARIANTS) as VariantId[]) {
    it(`${variant}: one game per level against a random player`, () => {
      AI_LEVELS.forEach((level, k) => {
        const { decisions } = playTable(brain, variant, level, 'random', 7 + k);
        expect(decisions).toBeGreaterThan(0);
      });
    });
  }
});
