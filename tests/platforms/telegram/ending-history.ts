/**
 * The flow of ending.test.ts's short game, shared with ending.system.test.ts, which imports the
 * `.mat` it ends with into gnubg (`npm run test:system`): /history in play sends the notation (no
 * file), the History button on the board in play sends it too, the player to act resigns, and the
 * History button of the finished board sends the match as a `.mat` file. Call setupE2e() in the file.
 */
import { expect } from 'vitest';
import { formatDice } from '../../../src/engine/index.ts';
import type { MatchEvent, MatchState } from '../../../src/game/index.ts';
import { t, variantName } from '../../../src/i18n/index.ts';
import type { StoredMessage } from '../../../src/local/telegram-api/index.ts';
import { ANNA, CAROL, NODAR, buttonsOf, challengeAndAccept, playFor, resignOnTurn, stored, world } from './e2e-harness.ts';

type Played = MatchEvent & { type: 'played' };

export const label = (state: MatchState) => `${variantName('ru', state.settings.variant)}: ${state.players[0]!.name} — ${state.players[1]!.name}`;
export const documentText = (m: StoredMessage) => m.document!.bytes.toString('utf8');

/** A short game played for a while, /history and History pressed, resigned; then History sends the `.mat`. */
export async function resignedShortGame(): Promise<{ gameId: string; state: MatchState; file: StoredMessage }> {
  const w = world(-1016002, 1602);
  const gameId = await challengeAndAccept(w, '/nardy short');
  await playFor(w, gameId, false, 10);
  const { state: playing } = await stored(gameId);
  const before = w.live().length;
  await w.say(NODAR, '/history');
  const sent = w.live().slice(before);
  expect(sent).toHaveLength(1);
  const last = playing.history.filter((e): e is Played => e.type === 'played').at(-1)!;
  expect(sent[0].text).toContain(`${last.seat === 0 ? 'White' : 'Black'} ${formatDice(last.dice)}: ${last.move}`);
  expect(sent[0].document).toBeUndefined();
  // The board in play carries History too: a bystander's press sends the same notation, and nothing changes.
  const button = buttonsOf(w.board()).find((b) => b.token.choice.k === 'history');
  expect(button, 'a History button on the board in play').toBeDefined();
  const version = (await stored(gameId)).record.version;
  await w.press(CAROL, w.board(), button!.data);
  expect(w.live().at(-1)!.text).toBe(sent[0].text);
  expect((await stored(gameId)).record.version).toBe(version);

  // The player to act resigns (asked, then confirmed); the result is told once.
  await resignOnTurn(w, gameId);
  const { state } = await stored(gameId);
  expect(state.phase).toBe('finished');
  const winner = state.players[state.result!.winner!]!;
  expect(w.live().filter((m) => (m.text ?? '').startsWith(label(state)))).toHaveLength(1);
  expect(w.live().at(-1)!.text).toContain(t('ru', 'result.game', { winner: winner.name, kind: t('ru', 'kind.oin'), points: 1 }));
  expect(buttonsOf(w.board()).map((b) => b.label)).toEqual([t('ru', 'button.rematch'), t('ru', 'button.history'), t('ru', 'button.review')]);

  await w.press(ANNA, w.board(), buttonsOf(w.board())[1].data);
  const file = w.live().at(-1)!;
  expect(file.document?.filename).toBe(`nardy-${gameId}.mat`);
  return { gameId, state, file };
}
