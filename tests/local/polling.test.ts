/**
 * Long polling (issue 8, `npm start` with `TELEGRAM_BOT_TOKEN`): the Bot API stand-in has no
 * `getUpdates`, so a tiny real HTTP server here plays Telegram's update queue — `getUpdates` (long
 * polling: held until an update is queued, the timeout passes or the client goes away) and
 * `deleteWebhook` — and forwards every other method to the stand-in, where what the bot sends is
 * checked. Covers the whole wiring (`startLocal({ polling })`), the offset, back-off after errors,
 * and that `stop()` ends a loop whose request is in flight promptly.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startLocal, type LocalProcess } from '../../src/local/main.ts';
import { startPolling } from '../../src/local/polling.ts';
import { privateChatOf, startTelegramApi, type TelegramApi, type TgUpdate } from '../../src/local/telegram-api/index.ts';
import type { TelegramWebhook } from '../../src/platforms/telegram/webhook.ts';

const TOKEN = '777000:polling-test-token';
const BOT = { id: 777000, username: 'nardy_poll_bot', first_name: 'Nardy' };
const ALICE = { id: 201, is_bot: false, first_name: 'Alice', language_code: 'en' };

type GetUpdatesCall = { offset: number; timeout: number; allowed_updates: string[] };

/** Telegram's update queue over real HTTP; other methods go to `forwardTo` (or answer `true`). */
class UpdateQueue {
  readonly queue: TgUpdate[] = [];
  readonly getUpdatesCalls: GetUpdatesCall[] = [];
  readonly methods: string[] = [];
  /** Answers the next calls of getUpdates with this status (then serves normally). */
  readonly failNext: number[] = [];
  private waiting: (() => void)[] = [];
  private server!: Server;
  apiRoot = '';

  constructor(private readonly forwardTo?: string) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(({ status, body, type }) => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': type });
        response.end(body);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.apiRoot = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  push(update: TgUpdate): void {
    this.queue.push(update);
    for (const wake of this.waiting.splice(0)) wake();
  }

  async close(): Promise<void> {
    for (const wake of this.waiting.splice(0)) wake();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: string | Buffer; type: string }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const method = /\/bot[^/]*\/([^/?]+)/.exec(request.url ?? '')?.[1] ?? '';
    this.methods.push(method);
    const json = (status: number, value: object) => ({ status, body: JSON.stringify(value), type: 'application/json' });
    if (method === 'deleteWebhook') return json(200, { ok: true, result: true });
    if (method === 'getUpdates') {
      const params = JSON.parse(body.toString('utf8') || '{}') as GetUpdatesCall;
      this.getUpdatesCalls.push(params);
      const failure = this.failNext.shift();
      if (failure !== undefined) return json(failure, { ok: false, error_code: failure, description: 'Internal Server Error' });
      // Confirmed updates (below the offset) are gone, as in Telegram.
      while (this.queue.length > 0 && (this.queue[0] as TgUpdate).update_id < params.offset) this.queue.shift();
      if (this.queue.length === 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, params.timeout * 1000);
          this.waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
          request.once('close', () => resolve());
        });
      }
      return json(200, { ok: true, result: this.queue.filter((u) => u.update_id >= params.offset) });
    }
    if (this.forwardTo === undefined) return json(200, { ok: true, result: true });
    const forwarded = await fetch(`${this.forwardTo}${request.url ?? ''}`, {
      method: 'POST', body, headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
    });
    return { status: forwarded.status, body: Buffer.from(await forwarded.arrayBuffer()), type: 'application/json' };
  }
}

async function until(condition: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('npm start with TELEGRAM_BOT_TOKEN: long polling', () => {
  let dataDir: string;
  afterAll(() => (dataDir === undefined ? undefined : rm(dataDir, { recursive: true, force: true })));

  it('deletes the webhook, polls getUpdates and answers /help through the production handler', async () => {
    const standIn: TelegramApi = await startTelegramApi({ token: TOKEN, bot: BOT });
    cleanups.push(() => standIn.close());
    const telegram = await new UpdateQueue(standIn.apiRoot).start();
    cleanups.push(() => telegram.close());
    dataDir = await mkdtemp(join(tmpdir(), 'nardy-polling-'));
    const lines: string[] = [];
    const local: LocalProcess = await startLocal({
      port: 0, dataDir, log: (line) => lines.push(line),
      polling: { token: TOKEN, botId: BOT.id, botUsername: BOT.username, apiRoot: telegram.apiRoot },
    });
    cleanups.push(() => local.close());
    expect(lines).toContain(`Telegram: polling as @${BOT.username}`);

    await until(() => telegram.getUpdatesCalls.length > 0);
    expect(telegram.methods[0]).toBe('deleteWebhook');
    expect(telegram.getUpdatesCalls[0]).toEqual({ offset: 0, timeout: 30, allowed_updates: ['message', 'callback_query', 'inline_query', 'chosen_inline_result'] });

    const chat = privateChatOf(ALICE);
    const update = standIn.userMessage(ALICE, chat, '/help');
    telegram.push(update);
    await until(() => standIn.callsOf('sendMessage').length > 0);
    const sent = standIn.messages(chat.id).filter((m) => m.fromBot);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toMatch(/nardy/i);
    // The next poll confirms the update.
    await until(() => telegram.getUpdatesCalls.some((c) => c.offset === update.update_id + 1));
    expect(lines.some((line) => line.includes('[help]') && line.includes('(Telegram)'))).toBe(true);

    const started = Date.now();
    await local.close();
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('backs off after a failing getUpdates, then handles the update once', async () => {
    const telegram = await new UpdateQueue().start();
    cleanups.push(() => telegram.close());
    const handled: { secret?: string; body: string }[] = [];
    const webhook: TelegramWebhook = async (request) => {
      handled.push({ secret: request.headers['x-telegram-bot-api-secret-token'], body: request.body });
      return { status: 200, body: 'ok' };
    };
    const lines: string[] = [];
    telegram.failNext.push(500, 502);
    telegram.push({ update_id: 41, message: { message_id: 1, date: 0, chat: { id: 1, type: 'private' }, text: 'hi' } } as unknown as TgUpdate);
    const poller = startPolling({ token: TOKEN, apiRoot: telegram.apiRoot, webhook, secret: 's3cret', log: (l) => lines.push(l), backoffMs: 50 });
    cleanups.push(() => poller.stop());
    await until(() => handled.length > 0);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/getUpdates: 500 .*retrying in/);
    expect(handled).toEqual([{ secret: 's3cret', body: expect.stringContaining('"update_id":41') as unknown as string }]);
    await until(() => telegram.getUpdatesCalls.some((c) => c.offset === 42));
    expect(handled).toHaveLength(1);
  });

  it('stop() aborts the long poll in flight and ends the loop promptly', async () => {
    const telegram = await new UpdateQueue().start();
    cleanups.push(() => telegram.close());
    const poller = startPolling({ token: TOKEN, apiRoot: telegram.apiRoot, webhook: async () => ({ status: 200, body: 'ok' }), secret: 's', log: () => {} });
    await until(() => telegram.getUpdatesCalls.length === 1);
    const started = Date.now();
    await poller.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(telegram.getUpdatesCalls).toHaveLength(1);
  });
});
