import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Telegram } from 'telegraf';
import type { BoardView, Effect, MessageRef } from '../../../src/app/index.ts';
import { startTelegramApi, type TelegramApi, type TgChat, type TgUser } from '../../../src/local/telegram-api/index.ts';
import type { ChatPacer } from '../../../src/platforms/telegram/pace.ts';
import { BotApi } from '../../../src/platforms/telegram/bot-api.ts';
import { telegramEmit, type SendOptions } from '../../../src/platforms/telegram/send.ts';

const TOKEN = '7001:send-test';
const BOT = { id: 7001, username: 'nardy_bot', first_name: 'Nardy' };
const GROUP: TgChat = { id: -1007001, type: 'supergroup', title: 'Нарды' };
const ANNA: TgUser = { id: 222, is_bot: false, first_name: 'Anna', language_code: 'en' };
const group = { platform: 'telegram' as const, chatId: String(GROUP.id) };
const START = [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0];
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

let api: TelegramApi;
let telegram: Telegram;
let logs: Record<string, unknown>[];
let waits: number[];

beforeAll(async () => {
  api = await startTelegramApi({ token: TOKEN, bot: BOT });
  telegram = new BotApi(TOKEN, api.apiRoot);
  api.addChat(GROUP);
});
afterAll(() => api.close());
beforeEach(() => {
  logs = [];
  waits = [];
  api.clearFailures();
});

function emitter(extra: Partial<SendOptions> = {}) {
  return telegramEmit(telegram, { log: (e) => logs.push({ ...e }), sleep: async (ms) => void waits.push(ms), ...extra });
}

function view(caption: string, dice?: [number, number]): BoardView {
  return {
    gameId: 'g1',
    caption,
    picture: { variant: 'short', board: { white: START, black: START }, turn: 'white', ...(dice ? { dice: { values: dice } } : {}) },
    buttons: [[{ label: '13/10 13/11', token: 'b.g1.3.p0' }, { label: 'Undo', token: 'b.g1.3.u' }], [{ label: 'Rules', url: 'https://t.me/nardy_bot?start=rules' }]],
  };
}

function stored(ref: MessageRef | undefined) {
  expect(ref).toBeDefined();
  return api.message(Number(ref!.chat.chatId), Number(ref!.messageId))!;
}

async function sendText(text = 'hello'): Promise<MessageRef> {
  const ref = await emitter()({ kind: 'text', chat: group, text });
  return ref!;
}

describe('send.ts: each effect is the right Bot API call', () => {
  it('text → sendMessage with an inline keyboard of callback and URL buttons; returns where it went', async () => {
    const ref = await emitter()({
      kind: 'text', chat: group, text: 'Нодар challenges anyone to long nardy',
      buttons: [[{ label: 'Accept', token: 'c.g1.1.a' }, { label: 'Cancel', token: 'c.g1.1.x' }], [{ label: 'Open in private', url: 'https://t.me/nardy_bot?start=a_g1' }]],
    });
    const message = stored(ref);
    expect(ref!.chat).toEqual(group);
    expect(message.text).toBe('Нодар challenges anyone to long nardy');
    expect(message.reply_markup).toEqual({ inline_keyboard: [
      [{ text: 'Accept', callback_data: 'c.g1.1.a' }, { text: 'Cancel', callback_data: 'c.g1.1.x' }],
      [{ text: 'Open in private', url: 'https://t.me/nardy_bot?start=a_g1' }],
    ] });
  });

  it('board → the rendered PNG uploaded with sendPhoto, caption and keyboard', async () => {
    const before = api.callsOf('sendPhoto').length;
    const ref = await emitter()({ kind: 'board', chat: group, view: view('White to roll') });
    const message = stored(ref);
    expect(api.callsOf('sendPhoto')).toHaveLength(before + 1);
    expect(message.photo?.bytes.subarray(0, 4)).toEqual(PNG_SIGNATURE);
    expect(message.caption).toBe('White to roll');
    expect(message.reply_markup?.inline_keyboard[0].map((b) => b.callback_data)).toEqual(['b.g1.3.p0', 'b.g1.3.u']);
  });

  it('board with replace → editMessageMedia in place: new picture, caption and keyboard, same message', async () => {
    const first = await emitter()({ kind: 'board', chat: group, view: view('White to roll') });
    const oldPhoto = stored(first).photo!.file_id;
    const next: BoardView = { ...view('White rolled 3-1', [3, 1]), buttons: [[{ label: 'Confirm', token: 'b.g1.4.c' }]] };
    const ref = await emitter()({ kind: 'board', chat: group, view: next, replace: first });
    expect(ref).toEqual(first);
    const message = stored(ref);
    expect(message.edits).toBe(1);
    expect(message.photo?.file_id).not.toBe(oldPhoto);
    expect(message.caption).toBe('White rolled 3-1');
    expect(message.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Confirm', callback_data: 'b.g1.4.c' }]] });
    expect(api.callsOf('editMessageMedia').at(-1)?.status).toBe(200);
  });

  it('a board whose message is gone is sent as a new message', async () => {
    const first = await emitter()({ kind: 'board', chat: group, view: view('White to roll') });
    await emitter()({ kind: 'delete', message: first! });
    const ref = await emitter()({ kind: 'board', chat: group, view: view('Black to roll'), replace: first });
    expect(ref).not.toEqual(first);
    expect(stored(ref).caption).toBe('Black to roll');
  });

  it('a picture that does not render is a bug: logged, and the caption and buttons go out as text', async () => {
    const broken: BoardView = { ...view('White to roll: 13/10 13/11'), picture: { ...view('').picture, turn: 'green' as never } };
    const ref = await emitter()({ kind: 'board', chat: group, view: broken });
    expect(stored(ref).text).toBe('White to roll: 13/10 13/11');
    expect(stored(ref).reply_markup?.inline_keyboard).toHaveLength(2);
    expect(logs).toContainEqual(expect.objectContaining({ level: 'error', event: 'render-failed', game: 'g1' }));
  });

  it('… and in place of a board, the old picture gets the new caption and buttons (editMessageCaption)', async () => {
    const first = await emitter()({ kind: 'board', chat: group, view: view('White to roll') });
    const broken: BoardView = { ...view('White: 13/10'), picture: { ...view('').picture, turn: 'green' as never }, buttons: [[{ label: 'Confirm', token: 'b.g1.5.k' }]] };
    const ref = await emitter()({ kind: 'board', chat: group, view: broken, replace: first });
    expect(ref).toEqual(first);
    expect(stored(ref).caption).toBe('White: 13/10');
    expect(stored(ref).reply_markup).toEqual({ inline_keyboard: [[{ text: 'Confirm', callback_data: 'b.g1.5.k' }]] });
  });

  it('editText → editMessageText; no buttons removes the keyboard', async () => {
    const ref = await emitter()({ kind: 'text', chat: group, text: 'challenge', buttons: [[{ label: 'Accept', token: 'c.g1.1.a' }]] });
    const edited = await emitter()({ kind: 'editText', message: ref!, text: 'Anna accepted' });
    expect(edited).toEqual(ref);
    expect(stored(ref).text).toBe('Anna accepted');
    expect(stored(ref).reply_markup).toBeUndefined();
  });

  it('delete → deleteMessage', async () => {
    const ref = await sendText('your turn, Anna');
    expect(await emitter()({ kind: 'delete', message: ref })).toBeUndefined();
    expect(stored(ref).deleted).toBe(true);
  });

  it('toast → answerCallbackQuery once per press; finish() then does nothing', async () => {
    const ref = await sendText();
    const press = api.userPress(ANNA, { chat: { id: GROUP.id }, message_id: Number(ref.messageId) }, 'b.g1.3.r');
    const id = press.callback_query!.id;
    const emit = emitter({ callbackQueryId: id });
    await emit({ kind: 'toast', text: 'Not your turn', alert: true });
    await emit({ kind: 'toast', text: 'A second toast' });
    await emit.finish();
    expect(api.callbackAnswer(id)).toMatchObject({ text: 'Not your turn', show_alert: true });
    expect(api.callsOf('answerCallbackQuery').filter((c) => c.params.callback_query_id === id)).toHaveLength(1);
    expect(logs).toContainEqual(expect.objectContaining({ event: 'toast-dropped', text: 'A second toast' }));
  });

  it('a press the app gave no toast is answered empty by finish(), so the spinner stops', async () => {
    const ref = await sendText();
    const id = api.userPress(ANNA, { chat: { id: GROUP.id }, message_id: Number(ref.messageId) }, 'x').callback_query!.id;
    const emit = emitter({ callbackQueryId: id });
    await emit.finish();
    expect(api.callbackAnswer(id)).toEqual(expect.objectContaining({ show_alert: false }));
    expect(api.callbackAnswer(id)?.text).toBeUndefined();
  });

  it('each message to a chat waits for the pacer first', async () => {
    const paced: string[] = [];
    const pace: ChatPacer = { wait: async (chatId) => void paced.push(chatId) };
    const emit = emitter({ pace });
    const ref = await emit({ kind: 'text', chat: group, text: 'a' });
    await emit({ kind: 'editText', message: ref!, text: 'b' });
    await emit({ kind: 'board', chat: group, view: view('c') });
    expect(paced).toEqual([group.chatId, group.chatId, group.chatId]);
  });
});

describe('send.ts: Bot API failures', () => {
  it('429: waits retry_after seconds and sends once', async () => {
    api.failNext('sendMessage', { status: 429, retryAfter: 3 });
    const before = api.messages(GROUP.id).length;
    const ref = await sendTextWith(emitter(), 'after a wait');
    expect(waits).toEqual([3000]);
    expect(stored(ref).text).toBe('after a wait');
    expect(api.messages(GROUP.id).length).toBe(before + 1);
  });

  it('429 beyond the waiting budget: gives up with a warning, and the next effects still run', async () => {
    api.failNext('sendPhoto', { status: 429, retryAfter: 30 });
    const emit = emitter({ maxRetryWaitMs: 10_000 });
    expect(await emit({ kind: 'board', chat: group, view: view('x') })).toBeUndefined();
    expect(waits).toEqual([]);
    expect(logs).toContainEqual(expect.objectContaining({ level: 'warn', method: 'sendPhoto', failure: 'rate-limited', code: 429 }));
    expect(await emit({ kind: 'text', chat: group, text: 'still here' })).toBeDefined();
  });

  it('the 429 budget is shared by the effects of one update', async () => {
    const emit = emitter({ maxRetryWaitMs: 10_000 });
    api.failNext('sendMessage', { status: 429, retryAfter: 6 });
    expect(await emit({ kind: 'text', chat: group, text: 'one' })).toBeDefined();
    api.failNext('sendMessage', { status: 429, retryAfter: 6 });
    expect(await emit({ kind: 'text', chat: group, text: 'two' })).toBeUndefined();
    expect(waits).toEqual([6000]);
  });

  it('"message is not modified" is no error: the message is still where it was', async () => {
    const ref = await sendText('same');
    const edited = await emitter()({ kind: 'editText', message: ref, text: 'same' });
    expect(api.callsOf('editMessageText').at(-1)?.response.description).toMatch(/message is not modified/);
    expect(edited).toEqual(ref);
    expect(logs).toEqual([]);
  });

  it('"query is too old" is no error', async () => {
    const ref = await sendText();
    const id = api.userPress(ANNA, { chat: { id: GROUP.id }, message_id: Number(ref.messageId) }, 'x').callback_query!.id;
    api.failNext('answerCallbackQuery', { status: 400, description: 'Bad Request: query is too old and response timeout expired or query ID is invalid' });
    const emit = emitter({ callbackQueryId: id });
    await emit({ kind: 'toast', text: 'late' });
    expect(logs.filter((l) => l.level !== 'info')).toEqual([]);
    expect(await emit({ kind: 'text', chat: group, text: 'after' })).toBeDefined();
  });

  it('403 (the user blocked the bot) is logged and ignored', async () => {
    const dm: TgChat = { id: 9003, type: 'private', first_name: 'Blocker' };
    api.addChat(dm);
    api.blockUser(dm.id);
    const ref = await emitter()({ kind: 'text', chat: { platform: 'telegram', chatId: String(dm.id) }, text: 'your turn' });
    expect(ref).toBeUndefined();
    expect(logs).toEqual([expect.objectContaining({ level: 'info', event: 'bot-api-failed', failure: 'forbidden', code: 403 })]);
  });

  it('5xx: retried with backoff, sent once', async () => {
    api.failNext('sendMessage', { status: 502, description: 'Bad Gateway' }, 2);
    const ref = await sendTextWith(emitter({ serverRetryMs: [10, 20] }), 'through');
    expect(waits).toEqual([10, 20]);
    expect(stored(ref).text).toBe('through');
  });

  it('5xx that persists: logged, nothing thrown', async () => {
    api.failNext('sendMessage', { status: 500, description: 'Internal Server Error' }, 3);
    const ref = await emitter({ serverRetryMs: [1, 1] })({ kind: 'text', chat: group, text: 'lost' });
    expect(ref).toBeUndefined();
    expect(logs).toContainEqual(expect.objectContaining({ level: 'warn', failure: 'unavailable', code: 500 }));
  });

  it('another 4xx is logged; the next effects still run', async () => {
    api.failNext('sendMessage', { status: 400, description: 'Bad Request: chat not found' });
    const emit = emitter();
    expect(await emit({ kind: 'text', chat: group, text: 'x' })).toBeUndefined();
    expect(logs).toContainEqual(expect.objectContaining({ level: 'warn', failure: 'rejected', description: 'Bad Request: chat not found' }));
    expect(await emit({ kind: 'text', chat: group, text: 'y' })).toBeDefined();
  });

  it('a network failure (nothing listening) is retried, then logged; nothing thrown', async () => {
    const dead = new BotApi(TOKEN, 'http://127.0.0.1:9');
    const emit = telegramEmit(dead, { log: (e) => logs.push({ ...e }), sleep: async (ms) => void waits.push(ms), serverRetryMs: [5] });
    const effect: Effect = { kind: 'text', chat: group, text: 'x' };
    expect(await emit(effect)).toBeUndefined();
    expect(waits).toEqual([5]);
    expect(logs).toContainEqual(expect.objectContaining({ failure: 'unavailable', method: 'sendMessage' }));
  });
});

async function sendTextWith(emit: ReturnType<typeof emitter>, text: string): Promise<MessageRef> {
  const ref = await emit({ kind: 'text', chat: group, text });
  expect(ref).toBeDefined();
  return ref!;
}
