/**
 * The playground's JSON API (under `/api/`): simulated users write and press buttons through the
 * Bot API stand-in's update builders, each update goes to the real webhook in-process, and the
 * page reads back what the bot sent. Not a rule: local infrastructure.
 *
 * | route                              | what                                                    |
 * |------------------------------------|---------------------------------------------------------|
 * | `GET  /api/state`                  | the bot, users and chats                                |
 * | `POST /api/users` `{name, language}` | adds a user (to the group; a private chat with the bot) |
 * | `GET  /api/chats/:id/messages`     | the chat's messages as a client shows them             |
 * | `POST /api/chats/:id/messages` `{userId, text, replyTo?}` | a user writes             |
 * | `POST /api/chats/:id/press` `{userId, messageId, data}`  | a user presses a button  |
 * | `GET  /api/photos/:fileId`         | a photo the bot sent                                   |
 * | `GET  /api/chats/:id/documents/:messageId` | a document the bot sent (a match record), to download |
 * | `GET  /api/events`                 | server-sent events: `change` with `{chatId}`           |
 * | `/api/discord/…`                   | the Discord channel (`discord.ts`)                      |
 * | `/api/vk/…`                        | the VK conversation (`vk.ts`)                           |
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalDiscordChannel } from '../discord-channel.ts';
import type { LocalVkChat } from '../vk-chat.ts';
import type { TelegramApi, TgUpdate } from '../telegram-api/index.ts';
import { discordRoutes } from './discord.ts';
import { BadRequest, type PlaygroundPeople } from './people.ts';
import { messageView } from './view.ts';
import { vkRoutes } from './vk.ts';

/** Hands an update to the webhook (with what it was, for the log); resolves to the HTTP status. */
export type Deliver = (update: TgUpdate, description: string) => Promise<number>;

/** Returns the handler of `/api/…` requests (false: not an API path). */
export function playgroundApi(telegram: TelegramApi, people: PlaygroundPeople, deliver: Deliver, discord?: LocalDiscordChannel, vk?: LocalVkChat) {
  const routes: [string, RegExp, (match: RegExpMatchArray, body: () => Promise<Record<string, unknown>>, response: ServerResponse) => Promise<void>][] = [
    ['GET', /^\/api\/state$/, async (_m, _b, response) => json(response, 200, stateOf(telegram, people))],
    ['POST', /^\/api\/users$/, async (_m, body, response) => {
      const { name, language } = await body();
      json(response, 201, await people.add(text(name, 'name', 32), typeof language === 'string' ? language : 'en'));
    }],
    ['GET', /^\/api\/chats\/(-?\d+)\/messages$/, async (m, _b, response) => {
      const chatId = Number(m[1]);
      json(response, 200, telegram.messages(chatId).filter((message) => !message.deleted).map((message) => messageView(message, telegram.bot.username ?? '')));
    }],
    ['POST', /^\/api\/chats\/(-?\d+)\/messages$/, async (m, body, response) => {
      const { userId, text: said, replyTo } = await body();
      const { user, chat } = people.actor(Number(m[1]), Number(userId));
      const content = text(said, 'text', 4096);
      const extra = typeof replyTo === 'number' ? { replyTo: { chat: { id: chat.id }, message_id: replyTo } } : {};
      const update = attempt(() => telegram.userMessage(user, chat, content, extra));
      const status = await deliver(update, `${user.first_name} in ${people.chatName(chat)}: ${content}`);
      json(response, 200, { status });
    }],
    ['POST', /^\/api\/chats\/(-?\d+)\/press$/, async (m, body, response) => {
      const { userId, messageId, data } = await body();
      const { user, chat } = people.actor(Number(m[1]), Number(userId));
      const ref = { chat: { id: chat.id }, message_id: Number(messageId) };
      const label = labelOf(telegram, chat.id, Number(messageId), String(data));
      const update = attempt(() => telegram.userPress(user, ref, text(data, 'data', 64)));
      const status = await deliver(update, `${user.first_name} in ${people.chatName(chat)} pressed "${label}"`);
      const answer = telegram.callbackAnswer(update.callback_query!.id) ?? null;
      json(response, 200, { status, answer });
    }],
    ['GET', /^\/api\/photos\/([\w-]+)$/, async (m, _b, response) => {
      const photo = telegram.photo(m[1]!);
      if (photo === undefined || photo.bytes.length === 0) return json(response, 404, { error: 'no such photo' });
      response.writeHead(200, { 'content-type': photo.mimeType, 'content-length': photo.bytes.length, 'cache-control': 'max-age=86400, immutable' });
      response.end(photo.bytes);
    }],
    ['GET', /^\/api\/chats\/(-?\d+)\/documents\/(\d+)$/, async (m, _b, response) => {
      const document = telegram.message(Number(m[1]), Number(m[2]))?.document;
      if (document === undefined) return json(response, 404, { error: 'no such document' });
      const name = document.filename.replace(/[^\w.-]/g, '_');
      response.writeHead(200, { 'content-type': document.mimeType || 'application/octet-stream', 'content-length': document.bytes.length, 'content-disposition': `attachment; filename="${name}"` });
      response.end(document.bytes);
    }],
    ['GET', /^\/api\/events$/, async (_m, _b, response) => events(telegram, response)],
    ...(discord === undefined ? [] : discordRoutes(discord, people)),
    ...(vk === undefined ? [] : vkRoutes(vk, people)),
  ];

  return async (request: IncomingMessage, response: ServerResponse, path: string): Promise<boolean> => {
    if (!path.startsWith('/api/')) return false;
    const refused = crossSite(request);
    if (refused !== undefined) {
      json(response, refused.status, { error: refused.error });
      return true;
    }
    for (const [method, pattern, handle] of routes) {
      const match = path.match(pattern);
      if (match === null || request.method !== method) continue;
      try {
        await handle(match, () => readJson(request), response);
      } catch (error) {
        if (!(error instanceof BadRequest)) throw error;
        json(response, 400, { error: error.message });
      }
      return true;
    }
    json(response, 404, { error: `no route ${request.method} ${path}` });
    return true;
  };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i;

/**
 * Why a request may not act as a playground user, if it may not. Any page open in the same browser
 * can post to localhost: a form or a `text/plain` fetch needs no CORS preflight, so only JSON is
 * taken (a cross-site page cannot send `application/json` without a preflight, which is never
 * answered), and only under a loopback Host, so a rebound DNS name (evil.example → 127.0.0.1)
 * cannot read or post either.
 */
function crossSite(request: IncomingMessage): { status: number; error: string } | undefined {
  const host = request.headers.host ?? '';
  if (!LOOPBACK.test(host)) return { status: 403, error: 'the playground answers only on localhost, 127.0.0.1 or [::1]' };
  const origin = request.headers.origin;
  if (origin !== undefined && !(URL.canParse(origin) && LOOPBACK.test(new URL(origin).host))) {
    return { status: 403, error: 'requests from other sites are refused' };
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (request.method !== 'GET' && request.method !== 'HEAD' && type !== 'application/json') {
    return { status: 415, error: 'send application/json' };
  }
  return undefined;
}

function stateOf(telegram: TelegramApi, people: PlaygroundPeople) {
  return { bot: telegram.bot, users: people.users, chats: people.chats().map((chat) => ({ id: chat.id, type: chat.type, title: people.chatName(chat) })) };
}

/** The label of the button with `data` under a message, for the log. */
function labelOf(telegram: TelegramApi, chatId: number, messageId: number, data: string): string {
  const buttons = telegram.message(chatId, messageId)?.reply_markup?.inline_keyboard.flat() ?? [];
  return buttons.find((button) => button.callback_data === data)?.text ?? data;
}

/** Server-sent events: a `change` per Bot API call or user message (with its chat when known), so the page refetches. */
function events(telegram: TelegramApi, response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  response.write(': connected\n\n');
  const unsubscribe = telegram.subscribe((event) => {
    const chatId = event.kind === 'call' ? event.call.params.chat_id : event.update.message?.chat.id;
    const id = typeof chatId === 'number' || typeof chatId === 'string' ? Number(chatId) : NaN;
    response.write(`event: change\ndata: ${JSON.stringify({ chatId: Number.isFinite(id) ? id : null })}\n\n`);
  });
  const keepAlive = setInterval(() => response.write(': ping\n\n'), 15_000);
  response.on('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
  });
}

function attempt<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    throw new BadRequest(error instanceof Error ? error.message : String(error));
  }
}

function text(value: unknown, name: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) throw new BadRequest(`${name}: 1–${max} characters expected`);
  return value.trim();
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 65_536) throw new BadRequest('body too large');
    chunks.push(chunk);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the error below
  }
  throw new BadRequest('a JSON object expected');
}

export function json(response: ServerResponse, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
  response.end(bytes);
}
