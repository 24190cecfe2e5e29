import { describe, expect, it } from 'vitest';
import type { Update } from 'telegraf/types';
import { telegramMessageLink } from '../../../src/platforms/telegram/links.ts';
import { parseUpdate } from '../../../src/platforms/telegram/parse.ts';

const BOT = 'nardy_bot';
const GROUP = { id: -1001234567890, type: 'supergroup', title: 'Нарды по пятницам' };
const NODAR = { id: 111, is_bot: false, first_name: 'Нодар', last_name: 'Гогия', username: 'nodar', language_code: 'ru' };
const ANNA = { id: 222, is_bot: false, first_name: 'Anna', language_code: 'en-US' };
const NO_NAME = { id: 333, is_bot: false, first_name: ' ', username: 'ghost' };
const OTHER_BOT = { id: 999, is_bot: true, first_name: 'Helper', username: 'helper_bot' };

const nodar = { id: 'telegram:111', name: 'Нодар Гогия', language: 'ru', username: 'nodar' };
const anna = { id: 'telegram:222', name: 'Anna', language: 'en-US' };
const group = { platform: 'telegram', chatId: '-1001234567890' };

let nextId = 1;

/** A text message update as Telegram sends it, the leading command marked as a bot_command entity. */
function text(body: string, extra: Record<string, unknown> = {}, from: object = NODAR, chat: object = GROUP): Update {
  const command = /^\/\S+/.exec(body);
  const entities = command ? [{ type: 'bot_command', offset: 0, length: command[0].length }] : [];
  const extraEntities = (extra.entities as object[] | undefined) ?? [];
  return {
    update_id: nextId++,
    message: { message_id: 50 + nextId, date: 1_700_000_000, chat, from, text: body, ...extra, entities: [...entities, ...extraEntities] },
  } as unknown as Update;
}

describe('parseUpdate: commands', () => {
  it('/nardy in a group is an open challenge from its sender, in the group', () => {
    expect(parseUpdate(text('/nardy'), BOT)).toEqual({ kind: 'challenge', chat: group, from: nodar });
  });

  it('/play and /nardy@<this bot> are challenges too; a command for another bot is not ours', () => {
    expect(parseUpdate(text('/play'), BOT)?.kind).toBe('challenge');
    expect(parseUpdate(text('/nardy@nardy_bot'), BOT)?.kind).toBe('challenge');
    expect(parseUpdate(text('/nardy@Nardy_Bot'), BOT)?.kind).toBe('challenge');
    expect(parseUpdate(text('/nardy@other_bot'), BOT)).toBeUndefined();
  });

  it.each([
    ['long', 'long'], ['short', 'short'], ['длинные', 'long'], ['Короткие', 'short'], ['backgammon', 'short'], ['მოკლე', 'short'],
  ])('a challenge names the variant with %j', (word, variant) => {
    expect(parseUpdate(text(`/nardy ${word}`), BOT)).toMatchObject({ kind: 'challenge', variant, args: word });
  });

  it('keeps the arguments for the app (match length and the rest) and leaves the variant out when none is named', () => {
    const intent = parseUpdate(text('/nardy@nardy_bot 5 with cube'), BOT);
    expect(intent).toEqual({ kind: 'challenge', chat: group, from: nodar, args: '5 with cube' });
  });

  it('a challenge replying to a message challenges that message\'s author', () => {
    const reply = { message_id: 7, date: 1, chat: GROUP, from: ANNA, text: 'кто сыграет?' };
    expect(parseUpdate(text('/nardy short', { reply_to_message: reply }), BOT)).toEqual({
      kind: 'challenge', chat: group, from: nodar, opponent: anna, variant: 'short', args: 'short',
    });
  });

  it('a reply to a bot, or the topic header of a forum topic, names no opponent', () => {
    const toBot = { message_id: 7, date: 1, chat: GROUP, from: OTHER_BOT, text: 'hi' };
    expect(parseUpdate(text('/nardy', { reply_to_message: toBot }), BOT)).not.toHaveProperty('opponent');
    const header = { message_id: 40, date: 1, chat: GROUP, from: ANNA, forum_topic_created: { name: 'Нарды', icon_color: 1 } };
    const inTopic = text('/nardy', { reply_to_message: header, is_topic_message: true, message_thread_id: 40 });
    expect(parseUpdate(inTopic, BOT)).not.toHaveProperty('opponent');
  });

  it('a text_mention (a user without a username) is the opponent', () => {
    const body = '/nardy Anna long';
    const intent = parseUpdate(text(body, { entities: [{ type: 'text_mention', offset: 7, length: 4, user: ANNA }] }), BOT);
    expect(intent).toEqual({ kind: 'challenge', chat: group, from: nodar, opponent: anna, variant: 'long', args: 'Anna long' });
  });

  it('a plain @username names no id: the opponent is known by handle only (only it may accept), and it wins over a reply', () => {
    const body = '/nardy @anna_k';
    const reply = { message_id: 7, date: 1, chat: GROUP, from: NODAR, text: 'x' };
    const intent = parseUpdate(text(body, { reply_to_message: reply, entities: [{ type: 'mention', offset: 7, length: 7 }] }), BOT);
    expect(intent).toEqual({ kind: 'challenge', chat: group, from: nodar, opponentUsername: 'anna_k', args: '@anna_k' });
  });

  it('a mention of the bot itself is not an opponent', () => {
    const body = '/nardy @nardy_bot';
    const reply = { message_id: 7, date: 1, chat: GROUP, from: ANNA, text: 'x' };
    const intent = parseUpdate(text(body, { reply_to_message: reply, entities: [{ type: 'mention', offset: 7, length: 10 }] }), BOT);
    expect(intent).toMatchObject({ opponent: anna });
  });

  it('/start with an invite link\'s payload joins that game; without one (or with another) it is a start', () => {
    const dm = { id: 111, type: 'private', first_name: 'Нодар' };
    expect(parseUpdate(text('/start a_3f9c2e1d0b', {}, NODAR, dm), BOT)).toEqual({
      kind: 'join', chat: { platform: 'telegram', chatId: '111' }, from: nodar, gameId: '3f9c2e1d0b',
    });
    expect(parseUpdate(text('/start', {}, NODAR, dm), BOT)).toEqual({ kind: 'start', chat: { platform: 'telegram', chatId: '111' }, from: nodar });
    expect(parseUpdate(text('/start promo', {}, NODAR, dm), BOT)).toEqual({ kind: 'start', chat: { platform: 'telegram', chatId: '111' }, from: nodar });
  });

  it('/start with an inline challenge\'s payload (`i_<ticket>`) joins with that ticket, which the app reads', () => {
    const dm = { id: 111, type: 'private', first_name: 'Нодар' };
    expect(parseUpdate(text('/start i_l0hv05c-66-4686e391e40e-QW5uYQ', {}, NODAR, dm), BOT)).toEqual({
      kind: 'join', chat: { platform: 'telegram', chatId: '111' }, from: nodar, ticket: 'l0hv05c-66-4686e391e40e-QW5uYQ',
    });
    expect(parseUpdate(text(`/start i_${'x'.repeat(63)}`, {}, NODAR, dm), BOT)).toMatchObject({ kind: 'start' });
  });

  it('/games, /resign, /history and /help carry only chat and sender', () => {
    for (const kind of ['games', 'resign', 'history', 'help'] as const) {
      expect(parseUpdate(text(`/${kind}@nardy_bot`), BOT)).toEqual({ kind, chat: group, from: nodar });
    }
  });

  it('/rules takes an optional variant; /lang an optional language code', () => {
    expect(parseUpdate(text('/rules'), BOT)).toEqual({ kind: 'rules', chat: group, from: nodar });
    expect(parseUpdate(text('/rules short'), BOT)).toEqual({ kind: 'rules', chat: group, from: nodar, variant: 'short' });
    expect(parseUpdate(text('/rules chess'), BOT)).toEqual({ kind: 'rules', chat: group, from: nodar });
    // In a group `/lang` is about the chat's game language (issue 16): the intent says it is shared.
    expect(parseUpdate(text('/lang'), BOT)).toEqual({ kind: 'lang', chat: group, from: nodar, shared: true });
    expect(parseUpdate(text('/lang KA'), BOT)).toEqual({ kind: 'lang', chat: group, from: nodar, shared: true, lang: 'ka' });
  });

  it('/vacation takes on or off (none: toggle); /remind a setting; /quiet its whole argument, for the app to read', () => {
    expect(parseUpdate(text('/vacation'), BOT)).toEqual({ kind: 'vacation', chat: group, from: nodar });
    expect(parseUpdate(text('/vacation on'), BOT)).toEqual({ kind: 'vacation', chat: group, from: nodar, away: true });
    expect(parseUpdate(text('/vacation@nardy_bot OFF'), BOT)).toEqual({ kind: 'vacation', chat: group, from: nodar, away: false });
    expect(parseUpdate(text('/remind'), BOT)).toEqual({ kind: 'remind', chat: group, from: nodar });
    expect(parseUpdate(text('/remind Frequent'), BOT)).toEqual({ kind: 'remind', chat: group, from: nodar, mode: 'frequent' });
    expect(parseUpdate(text('/quiet 23-7 +3'), BOT)).toEqual({ kind: 'quiet', chat: group, from: nodar, args: '23-7 +3' });
  });

  it('issue 18: /seed takes the rest of the line as it was typed (none: show it); /dice', () => {
    expect(parseUpdate(text('/seed Lucky Seven 7'), BOT)).toEqual({ kind: 'seed', chat: group, from: nodar, text: 'Lucky Seven 7' });
    expect(parseUpdate(text('/seed@nardy_bot'), BOT)).toEqual({ kind: 'seed', chat: group, from: nodar });
    expect(parseUpdate(text('/dice'), BOT)).toEqual({ kind: 'dice', chat: group, from: nodar });
  });

  it('the display name is first and last name, else the username; the language code is passed as Telegram sends it', () => {
    expect(parseUpdate(text('/help', {}, ANNA), BOT)?.from).toEqual(anna);
    expect(parseUpdate(text('/help', {}, NO_NAME), BOT)?.from).toEqual({ id: 'telegram:333', name: 'ghost', username: 'ghost' });
  });
});

describe('parseUpdate: button presses', () => {
  it('a callback query is a press with its data as the token and the message it was under', () => {
    const update = {
      update_id: 9,
      callback_query: {
        id: '4382bfdwdsb323b2d9', chat_instance: '-77', from: ANNA, data: 'b.g1a2b3c4d5.7.r',
        message: { message_id: 812, date: 1, chat: GROUP, from: { id: 42, is_bot: true, first_name: 'Nardy' }, photo: [] },
      },
    } as unknown as Update;
    expect(parseUpdate(update, BOT)).toEqual({
      kind: 'press', chat: group, from: anna, token: 'b.g1a2b3c4d5.7.r', message: { chat: group, messageId: '812' },
    });
  });

  it('a press under an inline message (no chat) or a game button is not answered with an intent', () => {
    const inline = { update_id: 10, callback_query: { id: '1', chat_instance: '1', from: ANNA, data: 'x', inline_message_id: 'AAA' } };
    const game = { update_id: 11, callback_query: { id: '2', chat_instance: '1', from: ANNA, game_short_name: 'nardy' } };
    expect(parseUpdate(inline as unknown as Update, BOT)).toBeUndefined();
    expect(parseUpdate(game as unknown as Update, BOT)).toBeUndefined();
  });
});

describe('parseUpdate: issue 16, typed moves', () => {
  const dm = { id: 111, type: 'private', first_name: 'Нодар' };
  const board = { message_id: 70, date: 1, chat: GROUP, from: { id: 7003, is_bot: true, first_name: 'Nardy', username: BOT }, caption: '…' };

  it.each(['24/18 13/11', '24-18', 'bar/22', '6/off', '8/4(2)', '13/7*/5', 'roll', 'Беру!', 'пас', 'გაგორება'])('%j in a group is a move, as typed', (move) => {
    expect(parseUpdate(text(move), BOT)).toEqual({ kind: 'move', chat: group, from: nodar, text: move });
  });

  it('a move replying to the board carries that message; the topic header of a forum topic is no reply', () => {
    expect(parseUpdate(text('24/18 13/11', { reply_to_message: board }), BOT)).toMatchObject({
      kind: 'move', text: '24/18 13/11', replyTo: { chat: group, messageId: '70' },
    });
    const header = { message_id: 9, date: 1, chat: GROUP, from: NODAR, forum_topic_created: { name: 'Нарды', icon_color: 1 } };
    const inTopic = parseUpdate(text('roll', { reply_to_message: header, is_topic_message: true, message_thread_id: 9 }), BOT);
    expect(inTopic).toEqual({ kind: 'move', chat: group, from: nodar, text: 'roll' });
  });

  it('a mention of the bot around the move is taken off', () => {
    expect(parseUpdate(text('@nardy_bot 24/18 13/11'), BOT)).toMatchObject({ kind: 'move', text: '24/18 13/11' });
    expect(parseUpdate(text('беру @Nardy_Bot'), BOT)).toMatchObject({ kind: 'move', text: 'беру' });
  });

  it('talk in a group is ignored; in a private chat it gets the help, a move there is a move', () => {
    expect(parseUpdate(text('хороший ход'), BOT)).toBeUndefined();
    expect(parseUpdate(text('6 is a good number'), BOT)).toBeUndefined();
    expect(parseUpdate(text('хороший ход', {}, NODAR, dm), BOT)).toEqual({ kind: 'help', chat: { platform: 'telegram', chatId: '111' }, from: nodar });
    expect(parseUpdate(text('24/18 13/11', {}, NODAR, dm), BOT)).toMatchObject({ kind: 'move', text: '24/18 13/11' });
  });
});

describe('parseUpdate: everything else is ignored', () => {
  it.each([
    ['plain chat', text('шеш-беш!')],
    ['an unknown command', text('/chess')],
    ['a command-looking word', text('/nardyX')],
    ['a command from a bot', text('/nardy', {}, OTHER_BOT)],
    ['a photo without text', { update_id: 1, message: { message_id: 1, date: 1, chat: GROUP, from: NODAR, photo: [] } }],
    ['an edited command', { update_id: 2, edited_message: { message_id: 1, date: 1, edit_date: 2, chat: GROUP, from: NODAR, text: '/nardy' } }],
    ['a channel post', { update_id: 3, channel_post: { message_id: 1, date: 1, chat: { id: -100, type: 'channel', title: 'c' }, text: '/nardy' } }],
    ['a member update', { update_id: 5, my_chat_member: { chat: GROUP, from: NODAR, date: 1 } }],
  ])('%s', (_, update) => {
    expect(parseUpdate(update as unknown as Update, BOT)).toBeUndefined();
  });
});

describe('parse.ts: inline mode', () => {
  it('an inline query is an inline intent from the user, answered in their private chat', () => {
    const update = { update_id: 4, inline_query: { id: '1', from: NODAR, query: 'long', offset: '' } };
    expect(parseUpdate(update as unknown as Update, BOT)).toEqual({
      kind: 'inline', chat: { platform: 'telegram', chatId: String(NODAR.id) }, from: expect.objectContaining({ id: `telegram:${NODAR.id}` }), query: 'long',
    });
  });

  it('a chosen inline result (inline feedback on) is a chosen intent carrying the result id', () => {
    const update = { update_id: 6, chosen_inline_result: { result_id: 'l0hv05c-66-4686e391e40e-QW5uYQ', from: NODAR, query: '', inline_message_id: 'im1' } };
    expect(parseUpdate(update as unknown as Update, BOT)).toEqual({
      kind: 'chosen', chat: { platform: 'telegram', chatId: String(NODAR.id) }, from: expect.objectContaining({ id: `telegram:${NODAR.id}` }), resultId: 'l0hv05c-66-4686e391e40e-QW5uYQ',
    });
  });
});

describe('links.ts: links to board messages', () => {
  it('a supergroup message has a t.me/c link; basic groups and private chats have none', () => {
    expect(telegramMessageLink({ chat: { platform: 'telegram', chatId: '-1001234567890' }, messageId: '42' })).toBe('https://t.me/c/1234567890/42');
    expect(telegramMessageLink({ chat: { platform: 'telegram', chatId: '-4567' }, messageId: '42' })).toBeUndefined();
    expect(telegramMessageLink({ chat: { platform: 'telegram', chatId: '111' }, messageId: '42' })).toBeUndefined();
  });
});
