/**
 * Issue #47 item 5, batch A end to end on Telegram (webhook → Bot API stand-in, dynalite, sharp):
 * what the newcomer's review (reviews-2026-12-06/newcomer.md §8) saw in the chat itself.
 */
import { describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/index.ts';
import { ANNA, NODAR, api, buttonsOf, problems, setupE2e, stored, world } from './e2e-harness.ts';

setupE2e();

describe('#47 B16: the first board comes before the turn notice that refers to it', () => {
  it('"Нодар, ваш ход!" gets a higher message id than the board it is about', async () => {
    let notices = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const w = world(-1047160 - seed, seed);
      await w.say(ANNA, 'сыграем?');
      await w.say(NODAR, '/nardy short', api.messages(w.group.id).at(-1)!);
      const challenge = w.live().at(-1)!;
      const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
      await w.press(ANNA, challenge, accept.data);
      expect((await stored(accept.token.gameId)).state.phase).toBe('playing');
      const posted = w.live().filter((m) => m.message_id > challenge.message_id);
      // The notice names the player to move (Nodar, in the group's Russian): "…, ваш ход!".
      const noticeOf = posted.find((m) => m.photo === undefined && m.text === t('ru', 'notify.yourMove', { name: NODAR.first_name }));
      if (!noticeOf) continue;
      notices++;
      const board = posted.find((m) => m.photo !== undefined);
      expect(board, 'a board was posted').toBeDefined();
      expect(board!.message_id, 'the board is posted before the notice').toBeLessThan(noticeOf.message_id);
    }
    expect(notices, 'in some of these games the challenger, who did not press, moves first').toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
