/**
 * The HTTP face of the Discord API stand-in, under `/api/v10` as `@discordjs/rest` calls it:
 * the interaction callback, the interaction webhook (`@original` and follow-ups: JSON or
 * multipart with `payload_json` and `files[n]`), channel messages with the bot token, DM channels
 * and command registration. Injected failures (429 with `retry_after`, 401 "Invalid Webhook
 * Token", …) are served before a route runs; a token older than 15 minutes, or expired by the
 * test, gets the real 401. Not a rule: test infrastructure.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Locale } from 'discord-api-types/v10';
import type { Failure, StandInState, StoredAttachment, StoredInteraction, StoredMessage } from './state.ts';

const EPHEMERAL = 1 << 6;
const TOKEN_LIFETIME_MS = 15 * 60_000;

class HttpError extends Error {
  constructor(readonly status: number, readonly code: number, message: string, readonly retryAfter?: number) {
    super(message);
  }
}

const UNKNOWN_MESSAGE = () => new HttpError(404, 10008, 'Unknown Message');
const INVALID_WEBHOOK_TOKEN = () => new HttpError(401, 50027, 'Invalid Webhook Token');

/** A decoded message body: the JSON fields and the uploaded files by their form key (`files[0]`). */
interface MessageBody {
  readonly json: Record<string, unknown>;
  readonly files: ReadonlyMap<string, StoredAttachment>;
}

export interface ServerContext {
  readonly state: StandInState;
  readonly botToken: string;
  readonly now: () => number;
  readonly failures: { method: string; path: RegExp; failure: Failure }[];
}

type Route = (ctx: ServerContext, match: RegExpExecArray, body: MessageBody, request: IncomingMessage) => unknown;

const ROUTES: [string, RegExp, Route][] = [
  ['POST', /^\/interactions\/(\d+)\/([^/]+)\/callback$/, (ctx, m, body) => callback(ctx, m[1], m[2], body)],
  ['PATCH', /^\/webhooks\/(\d+)\/([^/]+)\/messages\/(@original|\d+)$/, (ctx, m, body) => editMessage(ctx, webhookMessage(ctx, m[2], m[3]), body)],
  ['GET', /^\/webhooks\/(\d+)\/([^/]+)\/messages\/(@original|\d+)$/, (ctx, m) => wire(webhookMessage(ctx, m[2], m[3]))],
  ['DELETE', /^\/webhooks\/(\d+)\/([^/]+)\/messages\/(@original|\d+)$/, (ctx, m) => void (webhookMessage(ctx, m[2], m[3]).deleted = true)],
  ['POST', /^\/webhooks\/(\d+)\/([^/]+)$/, (ctx, m, body) => followUp(ctx, m[2], body)],
  ['POST', /^\/channels\/(\d+)\/messages$/, (ctx, m, body, req) => (bot(ctx, req), wire(ctx.state.addMessage({ channelId: channel(ctx, m[1]), ...fields(body), fromBot: true })))],
  ['PATCH', /^\/channels\/(\d+)\/messages\/(\d+)$/, (ctx, m, body, req) => (bot(ctx, req), editMessage(ctx, message(ctx, m[1], m[2]), body))],
  ['DELETE', /^\/channels\/(\d+)\/messages\/(\d+)$/, (ctx, m, _b, req) => void (bot(ctx, req), (message(ctx, m[1], m[2]).deleted = true))],
  ['POST', /^\/users\/@me\/channels$/, (ctx, _m, body, req) => (bot(ctx, req), dmChannel(ctx, String(body.json.recipient_id)))],
  ['PUT', /^\/applications\/(\d+)\/commands$/, (ctx, m, body, req) => (bot(ctx, req), register(ctx, `global:${m[1]}`, body))],
  ['PUT', /^\/applications\/(\d+)\/guilds\/(\d+)\/commands$/, (ctx, m, body, req) => (bot(ctx, req), register(ctx, `guild:${m[2]}`, body))],
];

/** Starts the server on 127.0.0.1 at a free port. */
export async function startServer(ctx: ServerContext): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => void serve(ctx, request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

async function serve(ctx: ServerContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const method = request.method ?? 'GET';
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname).replace(/^\/api\/v10/, '');
  let status = 200;
  try {
    const body = await readBody(request);
    const injected = ctx.failures.findIndex((f) => f.method === method && f.path.test(path));
    if (injected >= 0) {
      const [{ failure }] = ctx.failures.splice(injected, 1);
      throw failure.status === 429 ? new HttpError(429, 0, 'You are being rate limited.', failure.retryAfter ?? 0.05)
        : failure.status === 401 ? INVALID_WEBHOOK_TOKEN() : new HttpError(failure.status, 0, `injected ${failure.status}`);
    }
    const route = ROUTES.find(([m, pattern]) => m === method && pattern.test(path));
    if (route === undefined) throw new HttpError(404, 0, '404: Not Found');
    const result = await route[2](ctx, route[1].exec(path)!, body, request);
    status = result === undefined ? 204 : 200;
    if (result === undefined) response.writeHead(status).end();
    else response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  } catch (error) {
    const e = error instanceof HttpError ? error : new HttpError(500, 0, String(error));
    status = e.status;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (e.retryAfter !== undefined) Object.assign(headers, { 'retry-after': String(e.retryAfter), 'x-ratelimit-scope': 'user' });
    response.writeHead(e.status, headers).end(JSON.stringify({ message: e.message, code: e.code, ...(e.retryAfter === undefined ? {} : { retry_after: e.retryAfter, global: false }) }));
  } finally {
    ctx.state.calls.push({ method, path, status, at: ctx.now() });
    ctx.state.changed(channelOf(ctx, path));
  }
}

/** The channel a request was about: named in its path, or its interaction's (by token). */
function channelOf(ctx: ServerContext, path: string): string | undefined {
  const named = /^\/channels\/(\d+)\//.exec(path)?.[1];
  if (named !== undefined) return named;
  const token = /^\/(?:webhooks\/\d+|interactions\/\d+)\/([^/]+)/.exec(path)?.[1];
  return token === undefined ? undefined : ctx.state.interactions.get(token)?.channelId;
}

async function readBody(request: IncomingMessage): Promise<MessageBody> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  const raw = Buffer.concat(chunks);
  const type = request.headers['content-type'] ?? '';
  if (raw.length === 0) return { json: {}, files: new Map() };
  if (!type.startsWith('multipart/form-data')) return { json: JSON.parse(raw.toString('utf8')) as Record<string, unknown>, files: new Map() };
  const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
  const files = new Map<string, StoredAttachment>();
  let json: Record<string, unknown> = {};
  for (const [key, value] of form) {
    if (key === 'payload_json' && typeof value === 'string') json = JSON.parse(value) as Record<string, unknown>;
    else if (typeof value !== 'string') files.set(key, { id: '', filename: value.name, contentType: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return { json, files };
}

function bot(ctx: ServerContext, request: IncomingMessage): void {
  if (request.headers.authorization !== `Bot ${ctx.botToken}`) throw new HttpError(401, 0, '401: Unauthorized');
}

function channel(ctx: ServerContext, id: string): string {
  if (!ctx.state.channels.has(id)) throw new HttpError(404, 10003, 'Unknown Channel');
  return id;
}

function message(ctx: ServerContext, channelId: string, id: string): StoredMessage {
  const m = ctx.state.messages.get(id);
  if (m === undefined || m.deleted || m.channelId !== channelId) throw UNKNOWN_MESSAGE();
  return m;
}

function interaction(ctx: ServerContext, token: string): StoredInteraction {
  const i = ctx.state.interactions.get(token);
  if (i === undefined || i.expired || ctx.now() - i.createdAt > TOKEN_LIFETIME_MS) throw INVALID_WEBHOOK_TOKEN();
  return i;
}

function webhookMessage(ctx: ServerContext, token: string, id: string): StoredMessage {
  const i = interaction(ctx, token);
  const m = ctx.state.messages.get(id === '@original' ? i.originalId ?? '' : id);
  if (m === undefined || m.deleted) throw UNKNOWN_MESSAGE();
  return m;
}

/** The message fields of a create or an edit body. */
function fields(body: MessageBody): Pick<StoredMessage, 'content' | 'components' | 'attachments' | 'flags' | 'pings'> {
  const j = body.json as { content?: string; components?: StoredMessage['components']; flags?: number };
  const allowed = body.json.allowed_mentions;
  return { content: j.content ?? '', components: j.components ?? [], attachments: attachments(body, []), flags: j.flags ?? 0, pings: pingsOf(body), ...(allowed === undefined ? {} : { allowedMentions: allowed }) };
}

type AllowedMentions = { parse?: string[]; users?: string[]; roles?: string[] };

/**
 * Whom a body's content notifies, as Discord decides: the mentions its markdown parses (a
 * backslash-escaped one is text) that `allowed_mentions` lets through — all of them when it is
 * absent. Like Discord, refuses `parse: ['users']` beside a `users` list.
 */
function pingsOf(body: MessageBody): string[] {
  const content = typeof body.json.content === 'string' ? body.json.content : '';
  const allowed = body.json.allowed_mentions as AllowedMentions | undefined;
  if ((allowed?.parse?.includes('users') && allowed.users !== undefined) || (allowed?.parse?.includes('roles') && allowed.roles !== undefined)) {
    throw new HttpError(400, 50035, 'Invalid Form Body: allowed_mentions parse and list are mutually exclusive');
  }
  const lets = (kind: string, list: string[] | undefined, id: string) => allowed === undefined || allowed.parse?.includes(kind) === true || list?.includes(id) === true;
  const pings: string[] = [];
  for (const m of content.matchAll(/<@(!|&)?(\d+)>|@(everyone|here)/g)) {
    const escaped = (/\\*$/.exec(content.slice(0, m.index))?.[0].length ?? 0) % 2 === 1;
    if (escaped) continue;
    const [, kind, id, everyone] = m;
    if (everyone !== undefined) {
      if (lets('everyone', undefined, '')) pings.push(`@${everyone}`);
    } else if (kind === '&') {
      if (lets('roles', allowed?.roles, id!)) pings.push(`role:${id}`);
    } else if (lets('users', allowed?.users, id!)) pings.push(id!);
  }
  return pings;
}

/** Discord keeps only the attachments the body lists (old ones by id, new ones by their `files[n]` index). */
function attachments(body: MessageBody, old: readonly StoredAttachment[]): StoredAttachment[] {
  const listed = body.json.attachments as { id: string | number; filename?: string }[] | undefined;
  if (listed === undefined) return body.files.size > 0 ? [...old, ...body.files.values()] : [...old];
  return listed.flatMap((a) => {
    const kept = old.find((o) => o.id === String(a.id));
    if (kept !== undefined) return [kept];
    const file = body.files.get(`files[${a.id}]`);
    return file === undefined ? [] : [{ ...file, id: `${a.id}-${file.bytes.length}-${Math.random().toString(36).slice(2, 8)}`, filename: a.filename ?? file.filename }];
  });
}

function editMessage(ctx: ServerContext, m: StoredMessage, body: MessageBody): unknown {
  const j = body.json as { content?: string; components?: StoredMessage['components'] };
  if (j.content !== undefined) {
    m.content = j.content;
    m.allowedMentions = body.json.allowed_mentions;
  }
  if (j.components !== undefined) m.components = j.components;
  m.pings.push(...pingsOf(body));
  m.attachments = attachments(body, m.attachments);
  m.thinking = false;
  m.edits += 1;
  return wire(m);
}

function callback(ctx: ServerContext, id: string, token: string, body: MessageBody): undefined {
  const i = interaction(ctx, token);
  if (i.id !== id) throw new HttpError(404, 10062, 'Unknown interaction');
  if (i.ack !== undefined) throw new HttpError(400, 40060, 'Interaction has already been acknowledged.');
  const type = Number(body.json.type);
  acknowledge(ctx, i, type, 'callback', (body.json.data as { flags?: number } | undefined)?.flags ?? 0);
  return undefined;
}

/** Records an acknowledgement and what it does to the channel: a deferred reply is a "thinking…" message. */
export function acknowledge(ctx: ServerContext, i: StoredInteraction, type: number, via: 'http' | 'callback', flags = 0): void {
  i.ack = { type, ms: ctx.now() - i.createdAt, via };
  if (type === 5) {
    const ephemeral = (flags & EPHEMERAL) !== 0;
    i.originalId = ctx.state.addMessage({
      channelId: i.channelId, content: '', components: [], attachments: [], flags, pings: [], fromBot: true, thinking: true, ...(ephemeral ? { ephemeralFor: i.userId } : {}),
    }).id;
    ctx.state.changed(i.channelId);
  } else if (type === 6) i.originalId = i.messageId;
  else throw new HttpError(400, 50035, `the stand-in does not take callback type ${type}`);
}

function followUp(ctx: ServerContext, token: string, body: MessageBody): unknown {
  const i = interaction(ctx, token);
  const f = fields(body);
  return wire(ctx.state.addMessage({ channelId: i.channelId, ...f, fromBot: true, ...((f.flags & EPHEMERAL) !== 0 ? { ephemeralFor: i.userId } : {}) }));
}

function dmChannel(ctx: ServerContext, userId: string): unknown {
  const known = [...ctx.state.channels.values()].find((c) => c.recipientId === userId);
  const dm = known ?? { id: ctx.state.snowflake(), type: 1, recipientId: userId };
  ctx.state.channels.set(dm.id, dm);
  return { id: dm.id, type: 1, recipients: [{ id: userId }] };
}

/** Discord's locales (its API refuses any other key in `*_localizations`; Georgian is not among them). */
const LOCALES = new Set<string>(Object.values(Locale));

/** Returns the first localisation key Discord would refuse, anywhere in a command definition. */
function unknownLocale(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.map(unknownLocale).find((k) => k !== undefined);
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.endsWith('_localizations') && typeof inner === 'object' && inner !== null) {
      const bad = Object.keys(inner).find((locale) => !LOCALES.has(locale));
      if (bad !== undefined) return `${key}.${bad}`;
    }
    const deeper = unknownLocale(inner);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}

function register(ctx: ServerContext, scope: string, body: MessageBody): unknown {
  const bad = unknownLocale(body.json);
  if (bad !== undefined) throw new HttpError(400, 50035, `Invalid Form Body: ${bad} is not a valid locale`);
  const commands = (body.json as unknown as unknown[]).map((c) => ({ id: ctx.state.snowflake(), ...(c as object) }));
  ctx.state.commands.set(scope, commands);
  return commands;
}

/** A message as the API returns it. */
function wire(m: StoredMessage): unknown {
  return {
    // Discord flags a deferred reply LOADING (1 << 7) while it shows "thinking…".
    id: m.id, channel_id: m.channelId, content: m.content, components: m.components, flags: m.flags | (m.thinking ? 1 << 7 : 0),
    attachments: m.attachments.map((a) => ({ id: a.id, filename: a.filename, size: a.bytes.length, url: `https://cdn.invalid/${a.id}/${a.filename}` })),
  };
}
