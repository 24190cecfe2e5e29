/**
 * docs/rules/variants.md §6 end to end: for each backgammon-family variant, two users in a Telegram group pick
 * it on the challenge's settings keyboard (the page of every variant), accept, and play by
 * pressing only the buttons the bot sent, through the real webhook, the Bot API stand-in and
 * dynalite. The engine referee checks every stored play and every detonation (e2e-harness.ts).
 *
 * Hypergammon and sudden death are played to the result here (a few seconds). Nackgammon,
 * longgammon, nuclear backgammon and tavla take minutes to play out at random, so here they are
 * chosen, accepted and played for their first presses, with the same checks after each; their
 * whole games are in the long run (tests/long/variants-e2e.test.ts, `npm run test:long`, which
 * `.ci/run` runs after `npm test`).
 */
import { describe, expect, it } from 'vitest';
import { VARIANTS, type VariantId } from '../../../src/engine/index.ts';
import type { MatchState } from '../../../src/game/index.ts';
import { challengeWithVariant, playFor, playVariantToResult, setupE2e, world } from './e2e-harness.ts';

setupE2e();

describe('docs/rules/variants.md §6 end to end: each variant from challenge to result in a Telegram group', () => {
  const cases: { variant: VariantId; seed: number; check(state: MatchState): void }[] = [
    { variant: 'hypergammon', seed: 62, check: (s) => expect(s.game!.board.some((side) => side[0] === 3)).toBe(true) },
    { variant: 'suddenDeath', seed: 64, check: (s) => expect(s.history.find((e) => e.type === 'gameEnded')).toMatchObject({ reason: 'hit', kind: 'oin' }) },
  ];
  for (const { variant, seed, check } of cases) {
    it(`${VARIANTS[variant].name}: chosen on the keyboard, played to the result`, async () => {
      check(await playVariantToResult(variant, seed));
    }, 600_000);
  }
});

describe('docs/rules/variants.md §6 end to end: the longer variants chosen on the keyboard and opened in a Telegram group (whole games: tests/long/)', () => {
  const cases: { variant: VariantId; seed: number }[] = [
    { variant: 'nackgammon', seed: 61 },
    { variant: 'longgammon', seed: 63 },
    { variant: 'nuclear', seed: 65 },
    { variant: 'tavla', seed: 66 },
  ];
  for (const { variant, seed } of cases) {
    it(`${VARIANTS[variant].name}: chosen on the keyboard, accepted, its first 40 presses checked against the engine`, async () => {
      const w = world(-1009000 - seed, seed);
      const gameId = await challengeWithVariant(w, variant, variant === 'tavla');
      const { state, referee, presses } = await playFor(w, gameId, false, 40);
      expect(presses).toBe(40);
      expect(state.phase).toBe('playing');
      expect(state.settings.variant).toBe(variant);
      expect(referee.plays, 'turns were played and each was one of the legal plays').toBeGreaterThan(3);
      if (variant === 'tavla') expect(state.settings).toMatchObject({ matchLength: 0, doubling: false });
    }, 120_000);
  }
});
