/**
 * Issue #45, item 2, end to end in a Telegram group through the real webhook and the Bot API
 * stand-in: a group's admin cancels anyone's open challenge with its own Cancel button. Telegram
 * does not say who administers a group, so the edge asks getChatMember — only for a Cancel under
 * someone else's challenge, and a question that fails counts as "not an admin".
 */
import { describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/index.ts';
import type { StoredMessage, TgUser } from '../../../src/local/telegram-api/index.ts';
import { CAROL, NODAR, api, buttonsOf, problems, setupE2e, stored, world } from './e2e-harness.ts';

setupE2e();

const DATO: TgUser = { id: 444, is_bot: false, first_name: 'Dato', language_code: 'en' };

/** Nodar's open challenge in the group: its message, Cancel button and game. */
async function nodarsChallenge(w: ReturnType<typeof world>): Promise<{ message: StoredMessage; cancel: string; gameId: string }> {
  await w.say(NODAR, '/nardy');
  const message = w.live().at(-1)!;
  const cancel = buttonsOf(message).find((b) => b.token.choice.k === 'cancel');
  expect(cancel, 'a Cancel button under the challenge').toBeDefined();
  return { message, cancel: cancel!.data, gameId: cancel!.token.gameId };
}

const asked = () => api.callsOf('getChatMember').length;

describe('issue #45: a Telegram group\'s admin cancels anyone\'s challenge', () => {
  it('a member\'s Cancel under Nodar\'s challenge is refused after one question; the admin\'s closes it and says who did', async () => {
    const w = world(-1045001, 45);
    api.makeAdmin(w.group.id, DATO.id);
    const { message, cancel, gameId } = await nodarsChallenge(w);

    const before = asked();
    expect((await w.press(CAROL, message, cancel)).text).toBe(t('ka', 'toast.notYourGame'));
    expect(asked()).toBe(before + 1);
    expect((await stored(gameId)).record.status).toBe('challenge');

    expect((await w.press(DATO, message, cancel)).text ?? '').toBe('');
    expect(api.callsOf('getChatMember').at(-1)?.params).toMatchObject({ chat_id: String(w.group.id), user_id: DATO.id });
    expect(api.message(w.group.id, message.message_id)!.text).toBe(t('ru', 'challenge.cancelledByAdmin', { name: 'Dato' }));
    expect((await stored(gameId)).record.status).toBe('closed');
    expect(problems).toEqual([]);
  });

  it('the challenger\'s own Cancel asks nothing', async () => {
    const w = world(-1045002, 46);
    const { message, cancel, gameId } = await nodarsChallenge(w);
    const before = asked();
    await w.press(NODAR, message, cancel);
    expect(asked()).toBe(before);
    expect(api.message(w.group.id, message.message_id)!.text).toBe(t('ru', 'challenge.cancelled'));
    expect((await stored(gameId)).record.status).toBe('closed');
  });

  it('a getChatMember that fails counts as "not an admin": the admin is refused, told nothing odd, and may press again', async () => {
    const w = world(-1045003, 47);
    api.makeAdmin(w.group.id, DATO.id);
    const { message, cancel, gameId } = await nodarsChallenge(w);
    api.failNext('getChatMember', { status: 500, description: 'Internal Server Error' }, 5);
    expect((await w.press(DATO, message, cancel)).text).toBe(t('en', 'toast.notYourGame'));
    expect((await stored(gameId)).record.status).toBe('challenge');
    expect(problems.map((p) => p.event)).toContain('telegram-get-chat-member');
    api.clearFailures();
    await w.press(DATO, message, cancel);
    expect((await stored(gameId)).record.status).toBe('closed');
  });

  it('an admin\'s Cancel under someone else\'s tournament sign-up closes it too, after one question', async () => {
    const w = world(-1045004, 48);
    api.makeAdmin(w.group.id, DATO.id);
    await w.say(CAROL, '/tournament');
    const signup = w.live().at(-1)!;
    const cancel = (signup.reply_markup?.inline_keyboard ?? []).flat().find((b) => b.text === t('ka', 'button.tournament.cancel'));
    expect(cancel?.callback_data, 'a Cancel button under the sign-up').toBeDefined();
    const before = asked();
    await w.press(DATO, signup, cancel!.callback_data!);
    expect(asked()).toBe(before + 1);
    expect(api.message(w.group.id, signup.message_id)!.text).toBe(t('ka', 'tournament.cancelledByAdmin', { name: 'Dato' }));
    expect(problems).toEqual([]);
  });
});
