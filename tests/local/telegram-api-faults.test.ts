import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TelegramApi, TgMessage } from '../../src/local/telegram-api/index.ts';
import { alice, callApi, group, result, standIn } from './telegram-api-fixtures.ts';

let api: TelegramApi;
beforeEach(async () => {
  api = await standIn();
});
afterEach(() => api.close());

describe('Failure injection', () => {
  it('serves 429 with parameters.retry_after the given number of times, then works again', async () => {
    api.failNext('sendMessage', { status: 429, retryAfter: 7 }, 2);
    const expected = { status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 7', parameters: { retry_after: 7 } } };
    expect(await callApi(api, 'sendMessage', { chat_id: group.id, text: 'a' })).toEqual(expected);
    expect(result(await callApi(api, 'getMe'))).toBeTruthy();
    expect(await callApi(api, 'sendMessage', { chat_id: group.id, text: 'b' })).toEqual(expected);
    expect(result<TgMessage>(await callApi(api, 'sendMessage', { chat_id: group.id, text: 'c' })).text).toBe('c');
    expect(api.messages(group.id).map((message) => message.text)).toEqual(['c']);
    expect(api.callsOf('sendMessage').map((call) => call.status)).toEqual([429, 429, 200]);
  });

  it('serves 400/403/500/502 with the given description, to one method or to any ("*")', async () => {
    api.failNext('*', { status: 502, description: 'Bad Gateway' });
    api.failNext('editMessageMedia', { status: 400, description: 'Bad Request: message is not modified' });
    api.failNext('answerCallbackQuery', { status: 500, description: 'Internal Server Error' });
    expect(await callApi(api, 'getMe')).toEqual({ status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } });
    expect((await callApi(api, 'editMessageMedia', {})).body.description).toBe('Bad Request: message is not modified');
    expect((await callApi(api, 'answerCallbackQuery', {})).status).toBe(500);
    api.failNext('sendMessage', { status: 403, description: 'Forbidden: bot was blocked by the user' });
    api.clearFailures();
    expect((await callApi(api, 'sendMessage', { chat_id: group.id, text: 'x' })).status).toBe(200);
  });

  it('answers 403 for a private chat whose user blocked the bot, until unblocked', async () => {
    api.blockUser(alice.id);
    const blocked = await callApi(api, 'sendMessage', { chat_id: alice.id, text: 'your turn' });
    expect(blocked).toEqual({ status: 403, body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' } });
    api.unblockUser(alice.id);
    expect((await callApi(api, 'sendMessage', { chat_id: alice.id, text: 'your turn' })).status).toBe(200);
  });

  it('answers 403 in a group the bot was removed from', async () => {
    api.kickBot(group.id);
    expect((await callApi(api, 'sendMessage', { chat_id: group.id, text: 'x' })).body.description).toBe('Forbidden: bot was kicked from the group chat');
  });
});

describe('Rate limits (opt-in)', () => {
  it('allows a short burst per chat, then 429 with retry_after until time passes', async () => {
    let now = Date.UTC(2026, 0, 1);
    const limited = await standIn({ now: () => now, rateLimits: { chatPerSecond: 1, chatBurst: 3 } });
    try {
      for (const text of ['1', '2', '3']) expect((await callApi(limited, 'sendMessage', { chat_id: alice.id, text })).status).toBe(200);
      const refused = await callApi(limited, 'sendMessage', { chat_id: alice.id, text: '4' });
      expect(refused.body).toMatchObject({ error_code: 429, parameters: { retry_after: 1 } });
      now += 1000;
      expect((await callApi(limited, 'sendMessage', { chat_id: alice.id, text: '4' })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('allows 20 messages a minute in a group', async () => {
    let now = Date.UTC(2026, 0, 1);
    const limited = await standIn({ now: () => now, rateLimits: { chatPerSecond: 100, chatBurst: 100 } });
    try {
      for (let i = 0; i < 20; i++) expect((await callApi(limited, 'sendMessage', { chat_id: group.id, text: `${i}` })).status).toBe(200);
      now += 30_000;
      expect((await callApi(limited, 'sendMessage', { chat_id: group.id, text: 'more' })).body.parameters).toEqual({ retry_after: 30 });
    } finally {
      await limited.close();
    }
  });
});
