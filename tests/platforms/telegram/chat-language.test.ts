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
});
