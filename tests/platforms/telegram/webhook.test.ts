import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { telegramMessenger } from '../../../src/platforms/telegram/index.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../src/app/index.ts';
import { cryptoDice, fixedDice } from '../../../src/dice/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { privateChatOf, startTelegramApi, type TelegramApi, type TgChat, type TgUpdate, type TgUser } from '../../../src/local/telegram-api/index.ts';
import { createTelegramWebhook, type TelegramWebhook } from '../../../src/platforms/telegram/webhook.ts';
import { DynamoGameStore, type GameStore } from '../../../src/store/index.ts';
import { freshTable, type TestTable } from '../../store/fixture.ts';

const TOKEN = '7002:webhook-test';
const BOT = { id: 7002, username: 'nardy_bot', first_name: 'Nardy' };
const SECRET = 'the-Webhook_secret';
const GROUP: TgChat = { id: -1007002, type: 'supergroup', title: 'Нарды' };
const NODAR: TgUser = { id: 111, is_bot: false, first_name: 'Нодар', language_code: 'ru' };
const ANNA: TgUser = { id: 222, is_bot: false, first_name: 'Anna', language_code: 'en' };

let api: TelegramApi;
let table: TestTable;
let logs: Record<string, unknown>[];

beforeAll(async () => {
  [api, table] = await Promise.all([startTelegramApi({ token: TOKEN, bot: BOT }), freshTable()]);
});
afterAll(() => api.close());
beforeEach(() => {
  logs = [];
  api.clearFailures();
});

function deps(store: GameStore = table.store): AppDeps {
  return { store, now: () => 1_800_000_000_000, dice: fixedDice([]), messengers: { telegram: telegramMessenger(BOT.username) }, ticketKey: 'webhook-test' };
}

function webhook(store?: GameStore, handlerTimeoutMs?: number): TelegramWebhook {
  return createTelegramWebhook({
    token: TOKEN, secret: SECRET, botInfo: BOT, apiRoot: api.apiRoot, app: deps(store), log: (e) => logs.push({ ...e }),
    send: { sleep: async () => {}, serverRetryMs: [1] }, handlerTimeoutMs,
  });
}

/** Posts an update as Telegram does; `secret: null` sends no secret header. */
function post(hook: TelegramWebhook, update: TgUpdate | string, secret: string | null = SECRET, header = 'x-telegram-bot-api-secret-token') {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== null) headers[header] = secret;
  return hook({ headers, body: typeof update === 'string' ? update : JSON.stringify(update) });
}

/** Stored games (the update-id records every handled update leaves are not game state); `all` counts every item. */
async function storedItems(all = false): Promise<number> {
  const scan = await table.client.send(new ScanCommand({
    TableName: table.tableName, Select: 'COUNT',
    ...(all ? {} : { FilterExpression: 'begins_with(pk, :game)', ExpressionAttributeValues: { ':game': { S: 'GAME#' } } }),
  }));
  return scan.Count ?? 0;
}

describe('webhook.ts: the secret token comes first', () => {
  it.each([
    ['a wrong secret', 'not-the-secret'],
    ['a secret one character short', SECRET.slice(0, -1)],
    ['no secret header', null],
    ['an empty secret', ''],
  ])('%s → 401, no Bot API call, nothing stored', async (_, secret) => {
    const hook = webhook();
    const callsBefore = api.calls.length;
    const itemsBefore = await storedItems(true);
    const response = await post(hook, api.userMessage(NODAR, GROUP, '/nardy'), secret);
    expect(response).toEqual({ status: 401, body: 'unauthorized' });
    expect(api.calls.length).toBe(callsBefore);
    expect(await storedItems(true)).toBe(itemsBefore);
    expect(logs).toEqual([expect.objectContaining({ event: 'telegram-update', outcome: 'unauthorized', status: 401 })]);
  });

  it('a wrong secret is refused before the body is read: garbage gets 401, not 400', async () => {
    expect((await post(webhook(), '{not json', 'nope')).status).toBe(401);
  });

  it('the header name may come in any case', async () => {
    const response = await post(webhook(), api.userMessage(ANNA, GROUP, '/help'), SECRET, 'X-Telegram-Bot-Api-Secret-Token');
    expect(response.status).toBe(200);
  });
});

describe('webhook.ts: one update through telegraf and the app', () => {
  it('a body that is not an update → 400', async () => {
    const hook = webhook();
    expect(await post(hook, '{not json')).toEqual({ status: 400, body: 'bad request' });
    expect((await post(hook, '[1,2]')).status).toBe(400);
    expect((await post(hook, '{"message":{}}')).status).toBe(400);
  });

  it('/help → 200 and the help text in the sender\'s language, with no getMe (botInfo is configured)', async () => {
    const hook = webhook();
    const update = api.userMessage(ANNA, GROUP, '/help@nardy_bot');
    expect(await post(hook, update)).toEqual({ status: 200, body: 'ok' });
    expect(api.messages(GROUP.id).at(-1)).toMatchObject({ fromBot: true, text: t('en', 'help') });
    expect(api.callsOf('getMe')).toEqual([]);
    expect(logs.at(-1)).toMatchObject({
      event: 'telegram-update', update: update.update_id, chat: String(GROUP.id), user: 'telegram:222', intent: 'help', outcome: 'ok', status: 200,
    });
    expect(typeof logs.at(-1)?.ms).toBe('number');
  });

  it('a message that is no command → 200, nothing sent, logged as ignored', async () => {
    const callsBefore = api.calls.length;
    expect((await post(webhook(), api.userMessage(ANNA, GROUP, 'шеш-беш!'))).status).toBe(200);
    expect(api.calls.length).toBe(callsBefore);
    expect(logs.at(-1)).toMatchObject({ intent: 'ignored', outcome: 'ok' });
  });

  it('/nardy → a stored challenge and a message with its buttons', async () => {
    const itemsBefore = await storedItems();
    expect((await post(webhook(), api.userMessage(NODAR, GROUP, '/nardy'))).status).toBe(200);
    expect(await storedItems()).toBeGreaterThan(itemsBefore);
    const challenge = api.messages(GROUP.id).at(-1)!;
    expect(challenge.reply_markup?.inline_keyboard.flat().map((b) => b.text)).toContain(t('ru', 'button.accept'));
  });

  it('a forged button → 200, a toast, nothing stored', async () => {
    const hook = webhook();
    await post(hook, api.userMessage(NODAR, GROUP, '/help'));
    const helpMessage = api.messages(GROUP.id).at(-1)!;
    const itemsBefore = await storedItems();
    const press = api.userPress(ANNA, { chat: { id: GROUP.id }, message_id: helpMessage.message_id }, 'garbage');
    expect((await post(hook, press)).status).toBe(200);
    expect(api.callbackAnswer(press.callback_query!.id)?.text).toBe(t('en', 'toast.stale'));
    expect(await storedItems()).toBe(itemsBefore);
  });

  it('a press on a button with nothing to say still stops the spinner (answered empty)', async () => {
    const hook = webhook();
    await post(hook, api.userMessage(NODAR, GROUP, '/help'));
    const message = api.messages(GROUP.id).at(-1)!;
    const inline = api.userPress(ANNA, { chat: { id: GROUP.id }, message_id: message.message_id }, 'x');
    delete inline.callback_query!.message;
    inline.callback_query!.inline_message_id = 'AAAA';
    expect((await post(hook, inline)).status).toBe(200);
    expect(api.callbackAnswer(inline.callback_query!.id)).toBeDefined();
  });
});

describe('webhook.ts: the boundary (STYLE.md §12)', () => {
  it('the store failing (infrastructure) → 500 so Telegram retries; the press is still answered', async () => {
    const missing = new DynamoGameStore(table.db, 'no-such-table');
    const hook = webhook(missing);
    const press = api.userPress(NODAR, { chat: { id: GROUP.id }, message_id: api.messages(GROUP.id).at(-1)!.message_id }, 'g:abcd1234:1:r');
    const response = await post(hook, press);
    expect(response).toEqual({ status: 500, body: 'retry later' });
    expect(api.callbackAnswer(press.callback_query!.id)).toBeDefined();
    expect(logs.at(-1)).toMatchObject({ level: 'error', outcome: 'retry later', status: 500, intent: 'press' });
    expect(String(logs.at(-1)?.error)).toMatch(/ResourceNotFound/);
  });

  it('a bug (a plain throw) → logged with its stack and 200, so the chat\'s queue is not held', async () => {
    const broken: GameStore = new Proxy(table.store, {
      get: (target, key) => (key === 'listByPlayer' ? () => { throw new TypeError('oops'); } : Reflect.get(target, key)),
    });
    const response = await post(webhook(broken), api.userMessage(ANNA, GROUP, '/games'));
    expect(response).toEqual({ status: 200, body: 'ok' });
    expect(logs).toEqual([expect.objectContaining({
      level: 'error', event: 'telegram-update', intent: 'games', outcome: 'failed', status: 200,
      error: 'TypeError: oops', stack: expect.stringContaining('handleIntent'),
    })]);
  });

  it('an update that hangs past the handler timeout (a store that never answers) → 500, logged', async () => {
    const hanging: GameStore = new Proxy(table.store, {
      get: (target, key) => (key === 'listByPlayer' ? () => new Promise(() => {}) : Reflect.get(target, key)),
    });
    const response = await post(webhook(hanging, 50), api.userMessage(ANNA, GROUP, '/games'));
    expect(response).toEqual({ status: 500, body: 'retry later' });
    expect(logs.at(-1)).toMatchObject({ level: 'error', intent: 'games', outcome: 'retry later', error: expect.stringMatching(/^TimeoutError/) });
  });
});

describe('webhook.ts: inline mode', () => {
  it('typing @bot offers long and short challenges, personal and uncached, each with a deep link that accepts it', async () => {
    const update = api.inlineQuery(ANNA, '');
    expect((await post(webhook(), update)).status).toBe(200);
    const answer = api.inlineAnswer(update.inline_query!.id);
    expect(answer).toMatchObject({ is_personal: true, cache_time: 0 });
    expect(answer!.results).toHaveLength(2);
    for (const result of answer!.results) {
      const markup = result.reply_markup as { inline_keyboard: { url?: string }[][] };
      expect(markup.inline_keyboard.flat()[0].url).toBe(`https://t.me/nardy_bot?start=i_${result.id}`);
      expect(result).toMatchObject({ type: 'article', input_message_content: { message_text: expect.stringContaining('Anna') } });
    }
  });

  it('the deep link accepts the challenge in a private chat, and both players who started the bot get their board', async () => {
    // Accepting rolls the opening throw: real dice here.
    const hook = createTelegramWebhook({
      token: TOKEN, secret: SECRET, botInfo: BOT, apiRoot: api.apiRoot, app: { ...deps(), dice: cryptoDice() }, log: (e) => logs.push({ ...e }),
      send: { sleep: async () => {}, serverRetryMs: [1] },
    });
    const annaDm = privateChatOf(ANNA);
    const nodarDm = privateChatOf(NODAR);
    expect((await post(hook, api.userMessage(ANNA, annaDm, '/start'))).status).toBe(200);
    const update = api.inlineQuery(ANNA, 'long');
    await post(hook, update);
    const link = (api.inlineAnswer(update.inline_query!.id)!.results[0].reply_markup as { inline_keyboard: { url: string }[][] }).inline_keyboard[0][0].url;
    const payload = link.split('start=')[1];
    expect((await post(hook, api.userMessage(NODAR, nodarDm, `/start ${payload}`))).status).toBe(200);
    expect(api.messages(nodarDm.id).some((m) => m.fromBot && m.photo !== undefined)).toBe(true);
    expect(api.messages(annaDm.id).some((m) => m.fromBot && m.photo !== undefined)).toBe(true);
  });
});
