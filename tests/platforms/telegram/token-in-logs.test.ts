/**
 * #20: the bot token never reaches a log. When the Bot API answers something that is not JSON
 * below 500 (a proxy's HTML page), node-fetch's error quotes the whole URL, `…/bot<id>:<secret>/…`.
 * A real HTTP server here answers exactly that; the real Telegram client is pointed at it, through
 * the emitter (send), the webhook and the polling loop, and every log sink is captured.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Telegram } from 'telegraf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedDice } from '../../../src/dice/index.ts';
import { startPolling } from '../../../src/local/polling.ts';
import { errorFields } from '../../../src/platforms/shared/boundary.ts';
import { telegramMessenger } from '../../../src/platforms/telegram/index.ts';
import { jsonLog, telegramEmit } from '../../../src/platforms/telegram/send.ts';
import { createTelegramWebhook } from '../../../src/platforms/telegram/webhook.ts';
import { freshTable, type TestTable } from '../../store/fixture.ts';

const SECRET_PART = 'AAH4rXz-secret_Part0fTheT0kenXYZ123';
const TOKEN = `7005:${SECRET_PART}`;
const BOT = { id: 7005, username: 'nardy_bot', first_name: 'Nardy' };
const GROUP = { id: -1007005, type: 'supergroup' as const, title: 'Нарды' };
const ANNA = { id: 222, is_bot: false, first_name: 'Anna', language_code: 'en' };

let proxy: Server;
let apiRoot: string;
let requests = 0;
let table: TestTable;

beforeAll(async () => {
  proxy = createServer((request, response) => {
    requests += 1;
    request.resume();
    response.writeHead(403, { 'content-type': 'text/html' });
    response.end('<html><head><title>403 Forbidden</title></head><body><h1>Blocked by the proxy</h1></body></html>');
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  apiRoot = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`;
  table = await freshTable();
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

const noWaits = { sleep: async () => {}, serverRetryMs: [] };
const leaked = (lines: unknown[]) => lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).filter((l) => l.includes(SECRET_PART));

function message(updateId: number, text: string) {
  const command = text.split(' ')[0]!;
  return {
    update_id: updateId,
    message: { message_id: updateId, date: 1_800_000_000, chat: GROUP, from: ANNA, text, entities: [{ type: 'bot_command', offset: 0, length: command.length }] },
  };
}

describe('#20 a Bot API answer that is not JSON: the token is masked in every logged error', () => {
  it('the real client quotes the token in its error (what the masking is for)', async () => {
    const error = await new Telegram(TOKEN, { apiRoot }).sendMessage(GROUP.id, 'hi').catch((e: unknown) => e);
    expect(String(error)).toContain(SECRET_PART);
    expect(JSON.stringify(errorFields(error))).not.toContain(SECRET_PART);
    expect(errorFields(error).error).toContain('bot7005:***');
  });

  it('send: the failed sendMessage is logged with bot<id>:*** instead of the token', async () => {
    const logs: Record<string, unknown>[] = [];
    const emit = telegramEmit(new Telegram(TOKEN, { apiRoot }), { log: (e) => logs.push({ ...e }), ...noWaits });
    await emit({ kind: 'text', chat: { platform: 'telegram', chatId: String(GROUP.id) }, text: 'hello' });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ event: 'bot-api-failed', method: 'sendMessage' });
    expect(String(logs[0]!.error)).toContain(`${apiRoot}bot7005:***/sendMessage`);
    expect(leaked(logs)).toEqual([]);
  });

  it('send with the default JSON log (CloudWatch): the line written holds no token', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      await telegramEmit(new Telegram(TOKEN, { apiRoot }), noWaits)({ kind: 'text', chat: { platform: 'telegram', chatId: String(GROUP.id) }, text: 'hello' });
      jsonLog({ event: 'anything', note: `a token elsewhere: ${TOKEN}` });
    } finally {
      spy.mockRestore();
    }
    expect(lines).toHaveLength(2);
    expect(leaked(lines)).toEqual([]);
  });

  it('webhook: an update whose replies and admin check all meet the HTML page logs no token', async () => {
    const logs: Record<string, unknown>[] = [];
    const webhook = createTelegramWebhook({
      token: TOKEN, secret: 'hook-secret', botInfo: BOT, apiRoot, log: (e) => logs.push({ ...e }), send: noWaits,
      app: { store: table.store, now: () => 1_800_000_000_000, dice: fixedDice([]), messengers: { telegram: telegramMessenger(BOT.username) } },
    });
    const before = requests;
    for (const [id, text] of [[1, '/help'], [2, '/lang ru']] as const) {
      const answer = await webhook({ headers: { 'x-telegram-bot-api-secret-token': 'hook-secret' }, body: JSON.stringify(message(id, text)) });
      expect(answer.status).toBeLessThan(500);
    }
    expect(requests - before).toBeGreaterThanOrEqual(2);
    expect(logs.some((e) => e.event === 'telegram-get-chat-member')).toBe(true);
    expect(logs.some((e) => e.event === 'bot-api-failed')).toBe(true);
    expect(leaked(logs)).toEqual([]);
  });

  it('polling (its own fetch never quoted the URL; kept so): the loop\'s lines about the HTML page hold no token', async () => {
    const lines: string[] = [];
    const poller = startPolling({
      token: TOKEN, apiRoot, secret: 's', log: (line) => void lines.push(line), backoffMs: 1, maxBackoffMs: 1,
      webhook: async () => ({ status: 200, body: 'ok' }),
    });
    await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(2));
    await poller.stop();
    expect(lines[0]).toContain('403');
    expect(leaked(lines)).toEqual([]);
  });
});
