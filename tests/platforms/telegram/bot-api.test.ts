/**
 * bot-api.ts: the Bot API client the bot sends through says and hears what telegraf's own
 * `Telegram` does — the same calls to the local stand-in leave the same messages (texts, photos
 * uploaded, edited in place, documents, keyboards) and bring back the same results, and the same
 * failures the same `TelegramError`s — with each body made in one piece.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Input, Telegram, TelegramError } from 'telegraf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramApi, type TelegramApi, type TgChat } from '../../../src/local/telegram-api/index.ts';
import { BotApi, requestBody } from '../../../src/platforms/telegram/bot-api.ts';

const TOKEN = '7009:bot-api-test';
const BOT = { id: 7009, username: 'nardy_bot', first_name: 'Nardy' };
const GROUP: TgChat = { id: -1007009, type: 'supergroup', title: 'Нарды' };
const KEYBOARD = { reply_markup: { inline_keyboard: [[{ text: '13/10 13/11', callback_data: 'g:x:1:s0' }, { text: 'Rules', url: 'https://t.me/nardy_bot?start=rules' }]] } };

let api: TelegramApi;
let PNG: Buffer;
let NEXT: Buffer;
let ours: BotApi;
let theirs: Telegram;

beforeAll(async () => {
  const picture = (background: string) => sharp({ create: { width: 4, height: 3, channels: 3, background } }).png().toBuffer();
  [PNG, NEXT] = await Promise.all([picture('#c0ffee'), picture('#102030')]);
  api = await startTelegramApi({ token: TOKEN, bot: BOT });
  api.addChat(GROUP);
  ours = new BotApi(TOKEN, api.apiRoot);
  theirs = new Telegram(TOKEN, { apiRoot: api.apiRoot });
});
afterAll(() => api.close());

/** What a message shows, without what differs between two sends (its id, date, the upload's file ids). */
function shown(messageId: number) {
  const m = api.message(GROUP.id, messageId)!;
  const file = m.photo ?? m.document;
  return { text: m.text, caption: m.caption, reply_markup: m.reply_markup, file: file && { name: file.filename, type: file.mimeType, bytes: file.bytes.toString('base64') }, edits: m.edits };
}

/** The same call through both clients: its result without ids and dates, and the message it left. */
async function both<T extends { message_id: number }>(call: (client: Telegram) => Promise<T>) {
  const [a, b] = [await call(ours), await call(theirs)];
  return { ours: a, theirs: b, shown: [shown(a.message_id), shown(b.message_id)] };
}

describe('BotApi: the same calls as telegraf, the same messages', () => {
  it('sendMessage with a keyboard (a JSON body)', async () => {
    const sent = await both((c) => c.sendMessage(GROUP.id, 'Нодар challenges anyone', KEYBOARD));
    expect(sent.shown[0]).toEqual(sent.shown[1]);
    expect(sent.ours.text).toBe('Нодар challenges anyone');
    expect(sent.ours.reply_markup).toEqual(sent.theirs.reply_markup);
  });

  it('sendPhoto of a Buffer with a caption and keyboard, then editMessageMedia with another picture (multipart bodies)', async () => {
    const sent = await both((c) => c.sendPhoto(GROUP.id, Input.fromBuffer(PNG, 'board.png'), { caption: 'Anna to move', ...KEYBOARD }));
    expect(sent.shown[0]).toEqual(sent.shown[1]);
    expect(sent.shown[0]!.caption).toBe('Anna to move');
    for (const [client, id] of [[ours, sent.ours.message_id], [theirs, sent.theirs.message_id]] as const) {
      const edited = await client.editMessageMedia(GROUP.id, id, undefined, { type: 'photo', media: Input.fromBuffer(NEXT, 'board.png'), caption: 'Bob to move' }, KEYBOARD);
      expect(edited).toMatchObject({ message_id: id, caption: 'Bob to move' });
    }
    expect(shown(sent.ours.message_id)).toEqual(shown(sent.theirs.message_id));
    expect(shown(sent.ours.message_id)).toMatchObject({ caption: 'Bob to move', edits: 1 });
    expect(api.message(GROUP.id, sent.ours.message_id)!.photo!.bytes).toEqual(NEXT);
  });

  it('sendDocument of a Buffer, and editMessageCaption and deleteMessage', async () => {
    const sent = await both((c) => c.sendDocument(GROUP.id, Input.fromBuffer(Buffer.from('1. 31/25 …'), 'match.txt'), { caption: 'The record' }));
    expect(sent.shown[0]).toEqual(sent.shown[1]);
    expect(sent.shown[0]!.file?.name).toBe('match.txt');
    const photo = await ours.sendPhoto(GROUP.id, Input.fromBuffer(PNG, 'board.png'), { caption: 'before' });
    await ours.editMessageCaption(GROUP.id, photo.message_id, undefined, 'after', KEYBOARD);
    expect(shown(photo.message_id)).toMatchObject({ caption: 'after', reply_markup: KEYBOARD.reply_markup });
    expect(await ours.deleteMessage(GROUP.id, photo.message_id)).toBe(true);
    expect(api.message(GROUP.id, photo.message_id)!.deleted).toBe(true);
  });

  it('a refusal is the same TelegramError (code, description, parameters), a 5xx too; no answer is the network\'s error', async () => {
    const failures = [
      { status: 400 as const, description: 'Bad Request: message to edit not found' },
      { status: 429 as const, retryAfter: 7 },
      { status: 502 as const, description: 'Bad Gateway' },
    ];
    for (const failure of failures) {
      const errors = [];
      for (const client of [ours, theirs]) {
        api.failNext('sendMessage', failure);
        errors.push(await client.sendMessage(GROUP.id, 'x').then(() => undefined, (e: unknown) => e));
      }
      for (const error of errors) expect(error).toBeInstanceOf(TelegramError);
      const [a, b] = errors as [TelegramError, TelegramError];
      expect({ code: a.code, description: a.description, parameters: a.parameters }).toEqual({ code: b.code, description: b.description, parameters: b.parameters });
      expect((a.on as { method?: string }).method).toBe('sendMessage');
    }
    const dead = await new BotApi(TOKEN, 'http://127.0.0.1:9').sendMessage(GROUP.id, 'x').then(() => undefined, (e: unknown) => e);
    expect(dead).toBeInstanceOf(Error);
    expect(dead).not.toBeInstanceOf(TelegramError);
  });

  it('a file given by path is left to telegraf\'s own client, and still sent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nardy-bot-api-'));
    try {
      const file = join(dir, 'record.txt');
      await writeFile(file, 'a record');
      const payload = { chat_id: GROUP.id, document: Input.fromLocalFile(file) };
      expect(requestBody(payload)).toBeUndefined();
      const sent = await ours.sendDocument(GROUP.id, Input.fromLocalFile(file));
      expect(api.message(GROUP.id, sent.message_id)!.document?.filename).toBe('record.txt');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('requestBody', () => {
  it('JSON without null values; a form with objects as JSON and each Buffer a part referred to by attach://', () => {
    const json = requestBody({ chat_id: 1, text: 'hi', parse_mode: undefined, reply_markup: { inline_keyboard: [] }, gone: null });
    expect(json?.type).toBe('application/json');
    expect(JSON.parse(json!.bytes.toString())).toEqual({ chat_id: 1, text: 'hi', reply_markup: { inline_keyboard: [] } });

    const form = requestBody({ chat_id: -5, message_id: 9, media: { type: 'photo', media: Input.fromBuffer(PNG, 'board.png'), caption: 'c' }, reply_markup: KEYBOARD.reply_markup });
    const boundary = /boundary=(\S+)/.exec(form!.type)![1]!;
    const text = form!.bytes.toString('latin1');
    expect(text.startsWith(`--${boundary}\r\n`)).toBe(true);
    expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
    const parts = text.slice(0, -`--${boundary}--\r\n`.length).split(`--${boundary}\r\n`).slice(1);
    const byName = Object.fromEntries(parts.map((p) => {
      const [head, ...rest] = p.split('\r\n\r\n');
      return [/name="([^"]+)"/.exec(head!)![1]!, { head: head!, body: rest.join('\r\n\r\n').slice(0, -2) }];
    }));
    expect(Object.keys(byName).sort()).toEqual(['chat_id', 'file0', 'media', 'message_id', 'reply_markup']);
    expect(byName.chat_id!.body).toBe('-5');
    expect(JSON.parse(byName.media!.body)).toEqual({ type: 'photo', media: 'attach://file0', caption: 'c' });
    expect(byName.file0!.head).toContain('filename="board.png"');
    expect(Buffer.from(byName.file0!.body, 'latin1')).toEqual(PNG);
    expect(JSON.parse(byName.reply_markup!.body)).toEqual(KEYBOARD.reply_markup);
  });
});
