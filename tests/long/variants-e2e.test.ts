/**
 * docs/rules/variants.md §6 end to end, the long run (`npm run test:long`, also run by `.ci/run`): for each
 * backgammon-family variant whose random game takes long — tens of seconds to minutes of presses,
 * most of them step by step — two users in a Telegram group pick it on the challenge's settings
 * keyboard (the page of every variant), accept, and play a game to the result by pressing only
 * the buttons the bot sent, through the real webhook, the Bot API stand-in and dynalite. The
 * engine referee checks every stored play and every detonation (e2e-harness.ts).
 *
 * `npm test` plays hypergammon and sudden death to the result the same way, and the opening of
 * these four (tests/platforms/telegram/variants-e2e.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { VARIANTS, type VariantId } from '../../src/engine/index.ts';
import type { MatchState } from '../../src/game/index.ts';
import { playVariantToResult, setupE2e } from '../platforms/telegram/e2e-harness.ts';

setupE2e();

describe('docs/rules/variants.md §6 end to end: each variant from challenge to result in a Telegram group', () => {
  const cases: { variant: VariantId; seed: number; check(state: MatchState): void }[] = [
    { variant: 'nackgammon', seed: 61, check: () => {} },
    { variant: 'longgammon', seed: 63, check: () => {} },
    { variant: 'nuclear', seed: 65, check: (s) => expect(s.history.some((e) => e.type === 'detonated')).toBe(true) },
    // Tavla's match to 3 (checked when chosen) is switched to a single game to keep the test short.
    { variant: 'tavla', seed: 66, check: (s) => {
      expect(s.settings).toMatchObject({ matchLength: 0, doubling: false });
      expect(s.history.filter((e) => e.type === 'rolled')[0]).toMatchObject({ seat: s.game!.starter });
      expect(s.history.some((e) => e.type === 'doubled')).toBe(false);
    } },
  ];
  for (const { variant, seed, check } of cases) {
    it(`${VARIANTS[variant].name}: chosen on the keyboard, played to the result`, async () => {
      check(await playVariantToResult(variant, seed, variant === 'tavla'));
    }, 600_000);
  }
});
