import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { t } from '../../src/i18n/index.ts';
import { startTelegramApi, type TelegramApi, type TgChat, type TgUser } from '../../src/local/telegram-api/index.ts';
import { freshTable } from '../store/fixture.ts';

const TOKEN = '7004:function-test';
const SECRET = 'function-secret';
const GROUP: TgChat = { id: -1007004, type: 'group', title: 'Нарды' };
const ANNA: TgUser = { id: 222, is_bot: false, first_name: 'Anna', language_code: 'en' };

type Handler = typeof import('../../functions/telegram.ts').handler;
let api: TelegramApi;
let handler: Handler;
const logLines: string[] = [];

beforeAll(async () => {
  const [started, table] = await Promise.all([
    startTelegramApi({ token: TOKEN, bot: { id: 7004, username: 'nardy_bot', first_name: 'Nardy' } }),
    freshTable(),
  ]);
  api = started;
  const env = {
    TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_SECRET: SECRET, TELEGRAM_BOT_USERNAME: 'nardy_bot',
    TELEGRAM_API_ROOT: api.apiRoot, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), TABLE_NAME: table.tableName,
  };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.spyOn(console, 'log').mockImplementation((line: string) => void logLines.push(line));
  // The function reads its configuration at load: load it afresh, under this environment.
  vi.resetModules();
  ({ handler } = await import('../../functions/telegram.ts'));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await api.close();
});

describe('functions/telegram: the webhook as a Lambda Function URL handler', () => {
  it('answers a base64 body with the right secret: /help is sent to the chat', async () => {
    const update = api.userMessage(ANNA, GROUP, '/help');
    const body = Buffer.from(JSON.stringify(update)).toString('base64');
    const response = await handler({ headers: { 'x-telegram-bot-api-secret-token': SECRET }, body, isBase64Encoded: true });
    expect(response).toEqual({ statusCode: 200, body: 'ok' });
    expect(api.messages(GROUP.id).at(-1)?.text).toBe(t('en', 'help'));
    expect(api.callsOf('getMe')).toEqual([]);
    expect(JSON.parse(logLines.at(-1)!)).toMatchObject({ event: 'telegram-update', update: update.update_id, intent: 'help', status: 200 });
  });

  it('refuses a wrong secret with 401 and calls nothing', async () => {
    const calls = api.calls.length;
    const response = await handler({ headers: { 'x-telegram-bot-api-secret-token': 'wrong' }, body: JSON.stringify(api.userMessage(ANNA, GROUP, '/help')) });
    expect(response.statusCode).toBe(401);
    expect(api.calls.length).toBe(calls);
  });

  it('issue 15.3: inline mode works as deployed — the wiring gives the app its ticket key, and the link a ticket it reads back', async () => {
    const query = api.inlineQuery(ANNA, '');
    expect((await handler({ headers: { 'x-telegram-bot-api-secret-token': SECRET }, body: JSON.stringify(query) })).statusCode).toBe(200);
    const results = api.inlineAnswer(query.inline_query!.id)!.results;
    expect(results).toHaveLength(2);
    const link = (results[0].reply_markup as { inline_keyboard: { url: string }[][] }).inline_keyboard[0][0].url;
    const nodar: TgUser = { id: 333, is_bot: false, first_name: 'Nodar', language_code: 'en' };
    const dm: TgChat = { id: nodar.id, type: 'private', first_name: 'Nodar' };
    const follow = api.userMessage(nodar, dm, `/start ${link.split('start=')[1]}`);
    expect((await handler({ headers: { 'x-telegram-bot-api-secret-token': SECRET }, body: JSON.stringify(follow) })).statusCode).toBe(200);
    expect(api.messages(dm.id).some((m) => m.fromBot && m.text === t('en', 'challenge.accepted'))).toBe(true);
  });

  it('refuses an event without headers or body', async () => {
    expect((await handler({})).statusCode).toBe(401);
  });
});
