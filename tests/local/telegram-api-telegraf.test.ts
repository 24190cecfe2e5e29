import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Input, Markup, Telegraf, Telegram, TelegramError } from 'telegraf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TelegramApi } from '../../src/local/telegram-api/index.ts';
import { alice, BOT, bob, group, png, standIn, TOKEN } from './telegram-api-fixtures.ts';

let api: TelegramApi;
let telegram: Telegram;
beforeEach(async () => {
  api = await standIn();
  telegram = new Telegram(TOKEN, { apiRoot: api.apiRoot });
});
afterEach(() => api.close());

async function refusalOf(promise: Promise<unknown>): Promise<TelegramError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  if (!(error instanceof TelegramError)) throw new Error(`expected a TelegramError, got ${String(error)}`);
  return error;
}

describe("telegraf's own Telegram client against the stand-in", () => {
  it('sends, uploads, replaces the picture and answers a button exactly as against the real API', async () => {
    expect(await telegram.getMe()).toMatchObject({ id: BOT.id, username: BOT.username });
    const board = await png(960, 896, '#204020');
    const sent = await telegram.sendPhoto(group.id, Input.fromBuffer(board, 'board.png'), {
      caption: '<b>Alice</b> to move', parse_mode: 'HTML', ...Markup.inlineKeyboard([Markup.button.callback('Roll', 'r|g1|3')]),
    });
    expect(sent.caption).toBe('Alice to move');
    expect(sent.photo.at(-1)).toMatchObject({ width: 960, height: 896 });
    expect(api.callsOf('sendPhoto')[0]?.files.photo).toMatchObject({ filename: 'board.png', mimeType: 'image/png', size: board.length });
    expect(api.callsOf('sendPhoto')[0]?.params).not.toHaveProperty('method');

    const next = await png(960, 896, '#402020');
    const edited = await telegram.editMessageMedia(group.id, sent.message_id, undefined, { type: 'photo', media: { source: next }, caption: 'Bob to move' },
      Markup.inlineKeyboard([Markup.button.callback('Double', 'd|g1|4')]));
    expect(edited).toMatchObject({ message_id: sent.message_id, caption: 'Bob to move' });
    expect(api.message(group.id, sent.message_id)?.photo?.bytes.equals(next)).toBe(true);
    expect(api.message(group.id, sent.message_id)?.reply_markup?.inline_keyboard[0]?.[0]?.callback_data).toBe('d|g1|4');

    const press = api.userPressButton(bob, sent, 'Double').callback_query;
    expect(await telegram.answerCbQuery(press?.id as string, 'Not your turn', { show_alert: true })).toBe(true);
    expect(api.callbackAnswer(press?.id as string)).toEqual({ text: 'Not your turn', show_alert: true });
    expect(await telegram.editMessageCaption(group.id, sent.message_id, undefined, 'Game over')).toMatchObject({ caption: 'Game over' });
    const message = await telegram.sendMessage(group.id, 'Bob, your turn');
    expect(await telegram.deleteMessage(group.id, message.message_id)).toBe(true);
  });

  it('surfaces the stand-in errors as TelegramError with code, description and retry_after', async () => {
    const sent = await telegram.sendMessage(group.id, 'same');
    const notModified = await refusalOf(telegram.editMessageText(group.id, sent.message_id, undefined, 'same'));
    expect(notModified.code).toBe(400);
    expect(notModified.description).toMatch(/^Bad Request: message is not modified/);
    api.failNext('sendPhoto', { status: 429, retryAfter: 3 });
    const limited = await refusalOf(telegram.sendPhoto(group.id, Input.fromBuffer(await png(20, 20, 'red'), 'a.png')));
    expect([limited.code, limited.parameters?.retry_after]).toEqual([429, 3]);
    api.blockUser(alice.id);
    expect((await refusalOf(telegram.sendMessage(alice.id, 'ping'))).description).toBe('Forbidden: bot was blocked by the user');
    api.failNext('sendMessage', { status: 500, description: 'Internal Server Error' });
    expect((await refusalOf(telegram.sendMessage(group.id, 'x'))).code).toBe(500);
  });
});

describe('a telegraf bot behind its webhook, driven by simulated users', () => {
  let hook: Server;
  let url: string;
  beforeEach(async () => {
    const bot = new Telegraf(TOKEN, { telegram: { apiRoot: api.apiRoot, webhookReply: false } });
    bot.botInfo = { ...BOT, is_bot: true, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: true };
    bot.command('nardy', async (ctx) => {
      await ctx.replyWithPhoto(Input.fromBuffer(await png(64, 60, 'white'), 'board.png'), {
        caption: `${ctx.from.first_name} challenges the chat`, ...Markup.inlineKeyboard([Markup.button.callback('Accept', 'accept|1')]),
      });
    });
    bot.action(/^accept\|/, async (ctx) => {
      await ctx.answerCbQuery('Accepted');
      await ctx.editMessageMedia({ type: 'photo', media: Input.fromBuffer(await png(64, 60, 'black'), 'b.png'), caption: `${ctx.from.first_name} accepted` });
    });
    hook = createServer(bot.webhookCallback('/telegram', { secretToken: 'hook-secret' }));
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/telegram`;
  });
  afterEach(() => new Promise<void>((resolve) => hook.close(() => resolve())));

  it('parses the simulated updates: a command gets a board, a button press edits it in place', async () => {
    expect(await api.deliver(api.userMessage(alice, group, '/nardy@nardy_test_bot'), url, 'hook-secret')).toBe(200);
    const [command, board] = api.messages(group.id);
    expect(command?.from.id).toBe(alice.id);
    expect(board).toMatchObject({ fromBot: true, caption: 'Alice challenges the chat' });

    const press = api.userPressButton(bob, board as NonNullable<typeof board>, 'Accept');
    expect(await api.deliver(press, url, 'hook-secret')).toBe(200);
    expect(api.callbackAnswer(press.callback_query?.id as string)).toEqual({ text: 'Accepted', show_alert: false });
    expect(api.message(group.id, board?.message_id as number)).toMatchObject({ caption: 'Bob accepted', edits: 1, reply_markup: undefined });
    expect(await api.deliver(api.userMessage(alice, group, '/nardy'), url, 'wrong-secret')).toBe(403);
    expect(api.messages(group.id)).toHaveLength(3);
  });
});
