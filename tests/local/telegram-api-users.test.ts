import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliver, privateChatOf, type TelegramApi, type TgMessage, type TgUpdate } from '../../src/local/telegram-api/index.ts';
import { alice, bob, callApi, group, keyboard, png, result, standIn, upload } from './telegram-api-fixtures.ts';

const QUERY_TOO_OLD = 'Bad Request: query is too old and response timeout expired or query ID is invalid';

let api: TelegramApi;
beforeEach(async () => {
  api = await standIn();
});
afterEach(() => api.close());

describe('Simulated users: messages', () => {
  it('builds message updates with increasing update ids, bot_command and mention entities', () => {
    const first = api.userMessage(alice, group, '/nardy@nardy_test_bot long @bob_the_player');
    const second = api.userMessage(bob, group, 'ok');
    expect(second.update_id).toBe(first.update_id + 1);
    expect(first.message).toMatchObject({ message_id: 1, from: alice, chat: group, text: '/nardy@nardy_test_bot long @bob_the_player' });
    expect(first.message?.entities).toEqual([
      { type: 'bot_command', offset: 0, length: 21 },
      { type: 'mention', offset: 27, length: 15 },
    ]);
    expect(api.updates).toEqual([first, second]);
  });

  it('carries the replied message, and makes a private chat reachable once its user wrote', async () => {
    const board = result<TgMessage>(await callApi(api, 'sendMessage', { chat_id: group.id, text: 'board' }));
    const reply = api.userMessage(bob, group, '/resign', { replyTo: board });
    expect(reply.message?.reply_to_message).toMatchObject({ message_id: board.message_id, text: 'board' });
    expect((await callApi(api, 'sendMessage', { chat_id: bob.id, text: 'hi' })).status).toBe(403);
    api.userMessage(bob, privateChatOf(bob), '/start c_abc');
    expect((await callApi(api, 'sendMessage', { chat_id: bob.id, text: 'hi' })).status).toBe(200);
    expect(api.messages(bob.id).map((message) => [message.from.id, message.text])).toEqual([[bob.id, '/start c_abc'], [123456, 'hi']]);
  });
});

describe('Simulated users: buttons and answerCallbackQuery', () => {
  it('presses a button: a callback_query with a fresh id, the message as it is now and a chat_instance', async () => {
    const sent = result<TgMessage>(await callApi(api, 'sendMessage', { chat_id: group.id, text: 'Play?', reply_markup: keyboard([['Accept', 'a|1']]) }));
    const press = api.userPressButton(bob, sent, 'Accept');
    const again = api.userPress(alice, sent, 'forged|data');
    const query = press.callback_query;
    expect(query).toMatchObject({ from: bob, data: 'a|1', message: { message_id: sent.message_id, text: 'Play?', chat: group } });
    expect(query?.chat_instance).toMatch(/^-?\d+$/);
    expect(again.callback_query?.chat_instance).toBe(query?.chat_instance);
    expect(again.callback_query?.id).not.toBe(query?.id);
    expect(() => api.userPressButton(bob, sent, 'Decline')).toThrow(/buttons: "Accept"/);
  });

  it('records the answer once; a second answer or an unknown id is too old', async () => {
    const sent = result<TgMessage>(await callApi(api, 'sendMessage', { chat_id: group.id, text: 'x', reply_markup: keyboard([['Roll', 'r']]) }));
    const id = api.userPressButton(alice, sent, /rol/i).callback_query?.id as string;
    expect(api.callbackAnswer(id)).toBeUndefined();
    expect(result<boolean>(await callApi(api, 'answerCallbackQuery', { callback_query_id: id, text: 'Not your turn', show_alert: true }))).toBe(true);
    expect(api.callbackAnswer(id)).toEqual({ text: 'Not your turn', show_alert: true });
    expect(await callApi(api, 'answerCallbackQuery', { callback_query_id: id })).toEqual({ status: 400, body: { ok: false, error_code: 400, description: QUERY_TOO_OLD } });
    expect((await callApi(api, 'answerCallbackQuery', { callback_query_id: '42' })).body.description).toBe(QUERY_TOO_OLD);
  });
});

describe('Simulated users: inline mode', () => {
  it('answers an inline query, posts the chosen result with an inline_message_id, and edits it by that id', async () => {
    const query = api.inlineQuery(alice, 'long').inline_query;
    expect(query).toMatchObject({ from: alice, query: 'long', offset: '' });
    const results = [{
      type: 'article', id: 'long', title: 'Challenge to long nardy',
      input_message_content: { message_text: '<b>Alice</b> challenges you', parse_mode: 'HTML' },
      reply_markup: { inline_keyboard: [[{ text: 'Accept', url: 'https://t.me/nardy_test_bot?start=c_1' }], [{ text: 'Refresh', callback_data: 'f' }]] },
    }];
    expect(result<boolean>(await callApi(api, 'answerInlineQuery', { inline_query_id: query?.id, results, cache_time: 0, is_personal: true }))).toBe(true);
    expect((await callApi(api, 'answerInlineQuery', { inline_query_id: query?.id, results })).body.description).toBe(QUERY_TOO_OLD);
    const { update, message } = api.chooseInlineResult(alice, query?.id as string, 'long', group);
    expect(update.chosen_inline_result).toEqual({ result_id: 'long', from: alice, query: 'long', inline_message_id: message.inline_message_id });
    expect(message).toMatchObject({ text: 'Alice challenges you', via_bot: { username: 'nardy_test_bot' }, fromBot: false });

    const press = api.userPressButton(bob, message, 'Refresh').callback_query;
    expect(press?.inline_message_id).toBe(message.inline_message_id);
    expect(press?.message).toBeUndefined();
    const edit = await callApi(api, 'editMessageText', { inline_message_id: message.inline_message_id, text: 'Accepted' });
    expect(edit.body).toEqual({ ok: true, result: true });
    expect(api.inlineMessage(message.inline_message_id as string)).toMatchObject({ text: 'Accepted', edits: 1 });
  });

  it('refuses to upload a new photo into an inline message but accepts a file id', async () => {
    const sent = result<TgMessage>(await upload(api, 'sendPhoto', { chat_id: alice.id }, { photo: { bytes: await png(50, 40, 'red'), filename: 'a.png' } }));
    const fileId = sent.photo?.at(-1)?.file_id as string;
    const query = api.inlineQuery(alice, '').inline_query?.id as string;
    await callApi(api, 'answerInlineQuery', { inline_query_id: query, results: [{ type: 'photo', id: 'p', photo_file_id: fileId, reply_markup: keyboard([['Go', 'g']]) }] });
    const { message } = api.chooseInlineResult(alice, query, 'p', group);
    const id = message.inline_message_id;
    const uploadEdit = await upload(api, 'editMessageMedia', { inline_message_id: id, media: { type: 'photo', media: 'attach://new' } },
      { new: { bytes: await png(50, 40, 'blue'), filename: 'b.png' } });
    expect(uploadEdit.status).toBe(400);
    const other = result<TgMessage>(await upload(api, 'sendPhoto', { chat_id: alice.id }, { photo: { bytes: await png(50, 40, 'green'), filename: 'c.png' } }));
    const byId = await callApi(api, 'editMessageMedia', { inline_message_id: id, media: { type: 'photo', media: other.photo?.at(-1)?.file_id } });
    expect(byId.body).toEqual({ ok: true, result: true });
  });
});

describe('Webhook, commands and delivery', () => {
  it('sets, describes and deletes the webhook; refuses a secret with unallowed characters', async () => {
    expect((await callApi(api, 'setWebhook', { url: 'http://127.0.0.1:9/hook', secret_token: 'a+b' })).body.description)
      .toBe('Bad Request: secret token contains unallowed characters');
    expect((await callApi(api, 'setWebhook', { url: 'http://127.0.0.1:9/hook', secret_token: 's3cret_-' })).body).toEqual({ ok: true, result: true, description: 'Webhook was set' });
    expect(api.webhook).toMatchObject({ url: 'http://127.0.0.1:9/hook', secret_token: 's3cret_-' });
    expect(result(await callApi(api, 'getWebhookInfo'))).toMatchObject({ url: 'http://127.0.0.1:9/hook', pending_update_count: 0 });
    expect((await callApi(api, 'deleteWebhook')).body).toEqual({ ok: true, result: true, description: 'Webhook was deleted' });
    expect(api.webhook).toBeNull();
  });

  it('accepts and records the command list per scope and language', async () => {
    const commands = [{ command: 'nardy', description: 'Challenge a friend' }, { command: 'games', description: 'My games' }];
    expect(result<boolean>(await callApi(api, 'setMyCommands', { commands, language_code: 'en' }))).toBe(true);
    expect(api.commands(undefined, 'en')).toEqual(commands);
    expect(api.commands()).toEqual([]);
    expect((await callApi(api, 'setMyCommands', { commands: [{ command: 'Bad Command', description: 'x' }] })).body.description).toBe('Bad Request: BOT_COMMAND_INVALID');
  });

  it('delivers an update as Telegram does: JSON POST with the secret header; returns the status', async () => {
    const received: { headers: IncomingHttpHeaders; body: TgUpdate }[] = [];
    const hook = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString()) as TgUpdate });
        response.writeHead(request.headers['x-telegram-bot-api-secret-token'] === 'right' ? 200 : 401).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/telegram`;
    try {
      const update = api.userMessage(alice, group, '/help');
      expect(await deliver(update, url, 'right')).toBe(200);
      expect(await deliver(update, url, 'wrong')).toBe(401);
      await callApi(api, 'setWebhook', { url, secret_token: 'right' });
      expect(await api.deliver(update)).toBe(200);
      expect(received[0]?.body).toEqual(update);
      expect(received[0]?.headers['content-type']).toBe('application/json');
    } finally {
      hook.close();
    }
  });
});
