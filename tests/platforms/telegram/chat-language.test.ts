/**
 * Issue 16, point 8, end to end in a Telegram group through the real webhook and the Bot API
 * stand-in: a group has one game language. A chat admin (asked with getChatMember) or the
 * challenger of a game there sets it with `/lang xx`; anyone else is told who may; the boards, the
 * turn notices and the challenges in that group speak it, whoever plays.
 */
import { describe, expect, it } from 'vitest';
import { LANG_NAMES, t } from '../../../src/i18n/index.ts';
import type { TgUser } from '../../../src/local/telegram-api/index.ts';
import { ANNA, CAROL, NODAR, api, buttonsOf, challengeAndAccept, problems, setupE2e, stored, world } from './e2e-harness.ts';

setupE2e();

const DATO: TgUser = { id: 444, is_bot: false, first_name: 'Dato', language_code: 'en' };
const ELENE: TgUser = { id: 555, is_bot: false, first_name: 'ელენე', language_code: 'ka' };

describe('issue 16: the game language of a Telegram group', () => {
  it('an admin sets it; a member who neither administers nor challenges is refused with the reason; the board speaks it', async () => {
    const w = world(-1016001, 16);
    api.makeAdmin(w.group.id, DATO.id);
    const lastText = () => w.live().filter((m) => m.text !== undefined).at(-1)!.text;

    await w.say(DATO, '/lang ka');
    expect(lastText()).toBe(t('ka', 'lang.chatChanged', { lang: LANG_NAMES.ka }));
    expect(api.callsOf('getChatMember').at(-1)?.params).toMatchObject({ chat_id: String(w.group.id), user_id: DATO.id });

    await w.say(CAROL, '/lang en');
    expect(lastText()).toBe(t('ka', 'lang.notAllowed'));

    // Nodar (Russian) challenges Anna (English): the challenge, the board and the turn notice are Georgian.
    const gameId = await challengeAndAccept(w, '/nardy');
    expect(w.board().caption).toContain('პოზიცია');
    const { state } = await stored(gameId);
    const mover = state.players[state.game!.turn.seat]!;
    if (mover.id !== `telegram:${NODAR.id}`) expect(w.live().some((m) => m.text === t('ka', 'notify.yourMove', { name: mover.name }))).toBe(true);
    expect(problems).toEqual([]);
  });

  it('the challenger of a game there may set it too, and the next board speaks it', async () => {
    const w = world(-1016002, 17);
    const gameId = await challengeAndAccept(w, '/nardy');
    expect(w.board().caption).toContain('Позиция'); // Nodar's challenge: his Russian

    await w.say(ANNA, '/lang en'); // she accepted, she did not challenge
    expect(w.live().at(-1)!.text).toBe(t('en', 'lang.notAllowed'));
    await w.say(NODAR, '/lang en');
    expect(w.live().at(-1)!.text).toBe(t('en', 'lang.chatChanged', { lang: LANG_NAMES.en }));

    const { state } = await stored(gameId);
    const mover = [NODAR, ANNA].find((u) => state.players[state.game!.turn.seat]!.id === `telegram:${u.id}`)!;
    const roll = buttonsOf(w.board()).find((b) => b.token.choice.k === 'roll' || b.token.choice.k === 'play' || b.token.choice.k === 'pick')!;
    await w.press(mover, w.board(), roll.data);
    expect(w.board().caption).toContain('Position');
    expect(problems).toEqual([]);
  });

  it('in a private chat /lang is still the user\'s own language, and no admin is asked about', async () => {
    const before = api.callsOf('getChatMember').length;
    const hook = world(-1016003, 18);
    const update = api.userMessage(CAROL, { id: CAROL.id, type: 'private', first_name: CAROL.first_name }, '/lang ru');
    expect(await hook.post(update)).toBe(200);
    expect(api.messages(CAROL.id).at(-1)!.text).toBe(t('ru', 'lang.changed', { lang: LANG_NAMES.ru }));
    expect(api.callsOf('getChatMember').length).toBe(before);
  });

  it('/lang with no code, or an unknown one, shows a button per language; a press is the same /lang xx, answered in place', async () => {
    const w = world(-1016005, 19);
    api.makeAdmin(w.group.id, DATO.id);
    const languageButtons = (m: { reply_markup?: { inline_keyboard: { text: string; callback_data?: string }[][] } }) =>
      (m.reply_markup?.inline_keyboard ?? []).flat().map((b) => [b.text, b.callback_data]);

    await w.say(ELENE, '/lang xx');
    const offer = w.live().at(-1)!;
    expect(offer.text).toBe(t('ka', 'lang.choose', { choices: 'ru — Русский, en — English, ka — ქართული' }));
    expect(languageButtons(offer)).toEqual([['Русский', 'l:ru'], ['English', 'l:en'], ['ქართული', 'l:ka']]);

    // Carol neither administers the group nor challenges here: refused, and the buttons stay for Dato.
    await w.press(ELENE, offer, 'l:en');
    expect(w.live().at(-1)!.text).toBe(t('ka', 'lang.notAllowed'));
    expect(languageButtons(api.message(w.group.id, offer.message_id)!)).toHaveLength(3);
    await w.press(DATO, offer, 'l:ru');
    const answered = api.message(w.group.id, offer.message_id)!;
    expect(answered.text).toBe(t('ru', 'lang.chatChanged', { lang: LANG_NAMES.ru }));
    expect(languageButtons(answered)).toEqual([]);

    // In a private chat the press sets the user's own language.
    const privateChat = { id: ELENE.id, type: 'private', first_name: ELENE.first_name } as const;
    expect(await w.post(api.userMessage(ELENE, privateChat, '/lang'))).toBe(200);
    const own = api.messages(ELENE.id).at(-1)!;
    expect(await w.post(api.userPress(ELENE, { chat: { id: ELENE.id }, message_id: own.message_id }, 'l:en'))).toBe(200);
    expect(api.message(ELENE.id, own.message_id)!.text).toBe(t('en', 'lang.changed', { lang: LANG_NAMES.en }));
    expect(problems).toEqual([]);
  });
});
