/**
 * RULES.md §6 end to end: for each backgammon-family variant, two users in a Telegram group pick
 * it on the challenge's settings keyboard (the page of every variant), accept, and play a game to
 * the result by pressing only the buttons the bot sent, through the real webhook, the Bot API
 * stand-in and dynalite. The engine referee checks every stored play and every detonation
 * (e2e-harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { VARIANTS, type VariantId } from '../../../src/engine/index.ts';
import { t, variantButton } from '../../../src/i18n/index.ts';
import { ANNA, NODAR, api, buttonsOf, playOut, setupE2e, stored, world } from './e2e-harness.ts';

setupE2e();

/**
 * Nodar opens `/nardy` for Anna, picks the variant on the settings keyboard (and, if asked, a
 * single game instead of the variant's default match), Anna accepts.
 */
async function challengeWithVariant(w: ReturnType<typeof world>, variant: VariantId, singleGame = false): Promise<string> {
  await w.say(ANNA, 'сыграем?');
  await w.say(NODAR, '/nardy', api.messages(w.group.id).at(-1)!);
  const challenge = () => w.live().at(-1)!;
  const press = async (k: string, label?: string) => {
    const button = buttonsOf(challenge()).find((b) => b.token.choice.k === k && (label === undefined || b.label.includes(label)));
    expect(button, `a ${k} button ${label ?? ''}`).toBeDefined();
    await w.press(NODAR, challenge(), button!.data);
  };
  await press('settings');
  await press('variants');
  await press('set', variantButton('ru', variant)); // Nodar reads Russian: the button's name
  const gameId = buttonsOf(challenge())[0].token.gameId;
  const chosen = (await stored(gameId)).state.settings;
  expect(chosen.variant).toBe(variant);
  expect(chosen.matchLength).toBe(VARIANTS[variant].defaultMatchLength ?? 0);
  if (singleGame) await press('set', t('ru', 'match.single'));
  await press('back'); // from the settings keyboard back to the challenge
  await w.press(ANNA, challenge(), buttonsOf(challenge()).find((b) => b.token.choice.k === 'accept')!.data);
  expect((await stored(gameId)).state.phase).toBe('playing');
  return gameId;
}

describe('RULES.md §6 end to end: each variant from challenge to result in a Telegram group', () => {
  const cases: { variant: VariantId; seed: number; check(state: Awaited<ReturnType<typeof playOut>>['state']): void }[] = [
    { variant: 'nackgammon', seed: 61, check: () => {} },
    { variant: 'hypergammon', seed: 62, check: (s) => expect(s.game!.board.some((side) => side[0] === 3)).toBe(true) },
    { variant: 'longgammon', seed: 63, check: () => {} },
    { variant: 'suddenDeath', seed: 64, check: (s) => expect(s.history.find((e) => e.type === 'gameEnded')).toMatchObject({ reason: 'hit', kind: 'oin' }) },
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
      const w = world(-1009000 - seed, seed);
      const gameId = await challengeWithVariant(w, variant, variant === 'tavla');
      const { state, board, referee } = await playOut(w, gameId, false, 4000);
      expect(state.phase).toBe('finished');
      expect(state.settings.variant).toBe(variant);
      expect(referee.plays).toBeGreaterThan(0);
      expect(board.caption).toContain(state.players[state.result!.winner!]!.name);
      expect(buttonsOf(board)).toEqual([]);
      check(state);
    }, 600_000);
  }
});
