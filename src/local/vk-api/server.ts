/**
 * The VK API stand-in's HTTP side: `POST /method/<name>` with a form body (as `api.vk.com` takes
 * it: `access_token` and `v` among the fields), the upload servers `POST /upload/photo|doc`
 * (multipart, as VK's), and `GET /files/<key>` for what was uploaded. An edit replaces a message
 * whole, attachments too. It checks what VK checks and
 * our tests lean on: the token, the keyboard's limits (error 911), the text's length (914), a
 * message that may be edited (909 after a day), a press answered once (100), 20 calls a second
 * (error 6). Not a rule: test infrastructure.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StoredAttachment, VkState } from './state.ts';

export interface ServerContext {
  readonly state: VkState;
  readonly token: string;
  readonly groupId: number;
  /** Calls a second before error 6; 0: no limit. */
  readonly perSecond: number;
  base: string;
}

class VkError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

type Params = Record<string, string>;
type Method = (ctx: ServerContext, p: Params) => unknown;

const KEYBOARD_LIMITS = { perRow: 5, rows: 6, buttons: 10, label: 40, payload: 255 };
const EDIT_WINDOW_S = 24 * 3600;

const METHODS: Record<string, Method> = {
  'messages.send': (ctx, p) => {
    const peerId = Number(p.peer_ids ?? p.peer_id);
    if (!Number.isSafeInteger(peerId)) throw new VkError(100, 'One of the parameters specified was missing or invalid: peer_id');
    const peer = ctx.state.peer(peerId);
    const random = Number(p.random_id ?? 0);
    const again = random !== 0 ? peer.randomIds.get(random) : undefined;
    if (again !== undefined) return [{ peer_id: peerId, message_id: 0, conversation_message_id: again }];
    const stored = ctx.state.addMessage({ peerId, fromId: -ctx.groupId, text: text(p), attachments: attachments(ctx, p.attachment), ...keyboardOf(p.keyboard) });
    if (random !== 0) peer.randomIds.set(random, stored.cmid);
    ctx.state.changed(peerId);
    return p.peer_ids !== undefined ? [{ peer_id: peerId, message_id: 0, conversation_message_id: stored.cmid }] : 0;
  },
  'messages.edit': (ctx, p) => {
    const m = ctx.state.message(Number(p.peer_id), Number(p.conversation_message_id));
    if (m === undefined || m.deleted || m.fromId !== -ctx.groupId) throw new VkError(100, 'One of the parameters specified was missing or invalid: message not found');
    if (Date.now() / 1000 - m.date > EDIT_WINDOW_S) throw new VkError(909, "Can't edit this message, because it's too old");
    m.text = text(p);
    // As VK: an edit replaces the message whole; attachments not named again are gone.
    m.attachments = attachments(ctx, p.attachment);
    const keyboard = keyboardOf(p.keyboard).keyboard;
    if (p.keyboard !== undefined) m.keyboard = keyboard;
    m.edits++;
    ctx.state.changed(m.peerId);
    return 1;
  },
  'messages.delete': (ctx, p) => {
    const peerId = Number(p.peer_id);
    const out: Record<string, number> = {};
    for (const cmid of (p.cmids ?? p.conversation_message_ids ?? '').split(',').map(Number)) {
      const m = ctx.state.message(peerId, cmid);
      if (m !== undefined) m.deleted = true;
      out[String(cmid)] = m === undefined ? 0 : 1;
    }
    ctx.state.changed(peerId);
    return out;
  },
  'messages.sendMessageEventAnswer': (ctx, p) => {
    const press = ctx.state.presses.get(p.event_id ?? '');
    if (press === undefined || press.answeredAt !== undefined || String(press.userId) !== p.user_id || String(press.peerId) !== p.peer_id) throw new VkError(100, 'One of the parameters specified was missing or invalid: event_id');
    const data = p.event_data === undefined ? {} : (JSON.parse(p.event_data) as { type?: string; text?: string });
    if (data.text !== undefined && data.text.length > 90) throw new VkError(100, 'event_data.text is too long');
    press.answer = data;
    press.answeredAt = Date.now();
    return 1;
  },
  'messages.getByConversationMessageId': (ctx, p) => {
    const peerId = Number(p.peer_id);
    const items = (p.conversation_message_ids ?? '').split(',').map(Number).flatMap((cmid) => {
      const m = ctx.state.message(peerId, cmid);
      return m === undefined || m.deleted ? [] : [{ peer_id: peerId, conversation_message_id: cmid, from_id: m.fromId, text: m.text, attachments: m.attachments.map((a) => wireAttachment(ctx, a)) }];
    });
    return { count: items.length, items };
  },
  'messages.getConversationMembers': (ctx, p) => {
    const peer = ctx.state.peers.get(Number(p.peer_id));
    if (peer === undefined || Number(p.peer_id) < 2e9) throw new VkError(917, "You don't have access to this chat");
    return { count: peer.members.size, items: [...peer.members].map((id) => ({ member_id: id, is_admin: peer.admins.has(id), ...(peer.admins.has(id) ? { is_owner: false } : {}) })) };
  },
  'users.get': (ctx, p) => (p.user_ids ?? '').split(',').map(Number).flatMap((id) => {
    const u = ctx.state.users.get(id);
    return u === undefined ? [] : [{ id, first_name: u.first_name, last_name: u.last_name ?? '' }];
  }),
  'photos.getMessagesUploadServer': (ctx) => ({ upload_url: `${ctx.base}/upload/photo`, album_id: -3, group_id: ctx.groupId }),
  'photos.saveMessagesPhoto': (ctx, p) => {
    const upload = ctx.state.pending.get(`${p.server}:${p.photo}:${p.hash}`);
    if (upload === undefined || upload.type !== 'photo') throw new VkError(121, 'Invalid hash');
    const photo: StoredAttachment = { type: 'photo', id: ctx.state.id(), ownerId: -ctx.groupId, accessKey: Math.random().toString(16).slice(2, 10), name: upload.name, bytes: upload.bytes };
    ctx.state.files.set(`photo${photo.ownerId}_${photo.id}`, photo);
    return [{ id: photo.id, owner_id: photo.ownerId, access_key: photo.accessKey, sizes: [{ type: 'x', url: `${ctx.base}/files/photo${photo.ownerId}_${photo.id}` }] }];
  },
  'docs.getMessagesUploadServer': (ctx) => ({ upload_url: `${ctx.base}/upload/doc` }),
  'docs.save': (ctx, p) => {
    const upload = ctx.state.pending.get(p.file ?? '');
    if (upload === undefined || upload.type !== 'doc') throw new VkError(100, 'One of the parameters specified was missing or invalid: file');
    const doc: StoredAttachment = { type: 'doc', id: ctx.state.id(), ownerId: -ctx.groupId, name: p.title ?? upload.name, bytes: upload.bytes };
    ctx.state.files.set(`doc${doc.ownerId}_${doc.id}`, doc);
    return { type: 'doc', doc: { id: doc.id, owner_id: doc.ownerId, title: doc.name, url: `${ctx.base}/files/doc${doc.ownerId}_${doc.id}` } };
  },
};

/** Starts the stand-in's HTTP server on a free port. */
export async function startServer(ctx: ServerContext): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    serve(ctx, request, response).catch((error: unknown) => answer(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  ctx.base = `http://127.0.0.1:${port}`;
  return { server, port };
}

async function serve(ctx: ServerContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  const body = await read(request);
  const file = /^\/files\/((?:photo|doc)-?\d+_\d+)$/.exec(path);
  if (request.method === 'GET' && file !== null) {
    const found = ctx.state.files.get(file[1]!);
    if (found === undefined) return answer(response, 404, { error: 'no such file' });
    response.writeHead(200, { 'content-type': found.type === 'photo' ? 'image/png' : 'application/octet-stream', 'content-length': found.bytes.length });
    return void response.end(found.bytes);
  }
  if (request.method !== 'POST') return answer(response, 405, { error: 'POST only' });
  const upload = /^\/upload\/(photo|doc)$/.exec(path);
  if (upload !== null) return answer(response, 200, await uploaded(ctx, upload[1] as 'photo' | 'doc', request, body));
  const method = /^\/method\/([a-zA-Z]+\.[a-zA-Z]+)$/.exec(path)?.[1];
  if (method === undefined) return answer(response, 404, { error: 'not found' });
  const params = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
  const { access_token: token, v, ...rest } = params;
  const fail = (code: number, message: string) => {
    ctx.state.calls.push({ method, params: rest, error: code, at: Date.now() });
    answer(response, 200, { error: { error_code: code, error_msg: message, request_params: [{ key: 'method', value: method }] } });
  };
  if (token !== ctx.token) return fail(5, 'User authorization failed: invalid access_token');
  if (v === undefined) return fail(8, 'Invalid request: v is required');
  const now = Date.now();
  if (ctx.perSecond > 0 && ctx.state.calls.filter((c) => c.at > now - 1000).length >= ctx.perSecond) return fail(6, 'Too many requests per second');
  const injected = ctx.state.failures.findIndex((f) => f.method === method);
  if (injected >= 0) {
    const [{ failure }] = ctx.state.failures.splice(injected, 1);
    return fail(failure.code, failure.message ?? 'injected');
  }
  const run = METHODS[method];
  if (run === undefined) return fail(3, `Unknown method passed: ${method}`);
  try {
    const result = run(ctx, rest);
    ctx.state.calls.push({ method, params: rest, at: now });
    answer(response, 200, { response: result });
  } catch (error) {
    if (!(error instanceof VkError)) throw error;
    fail(error.code, error.message);
  }
}

async function uploaded(ctx: ServerContext, type: 'photo' | 'doc', request: IncomingMessage, body: Buffer): Promise<unknown> {
  const form = await new Request('http://x', { method: 'POST', headers: { 'content-type': request.headers['content-type'] ?? '' }, body }).formData();
  const file = form.get(type === 'photo' ? 'photo' : 'file');
  if (file === null || typeof file === 'string') return { error: 'no file' };
  const bytes = Buffer.from(await file.arrayBuffer());
  if (type === 'photo') {
    const server = 800_000 + ctx.state.id() % 1000;
    const photo = JSON.stringify([{ markers_restarted: true, photo: `${ctx.state.id()}`, sizes: [] }]);
    const hash = Math.random().toString(16).slice(2);
    ctx.state.pending.set(`${server}:${photo}:${hash}`, { type, name: file.name, bytes });
    return { server, photo, hash };
  }
  const key = `doc-upload-${ctx.state.id()}|${Math.random().toString(16).slice(2)}`;
  ctx.state.pending.set(key, { type, name: file.name, bytes });
  return { file: key };
}

/** The text VK would show: at most 4096 characters (error 914 beyond). */
function text(p: Params): string {
  const value = p.message ?? '';
  if (value.length > 4096) throw new VkError(914, 'Message is too long');
  if (value === '' && p.attachment === undefined) throw new VkError(100, 'One of the parameters specified was missing or invalid: message is empty');
  return value;
}

function attachments(ctx: ServerContext, list: string | undefined): StoredAttachment[] {
  return (list ?? '').split(',').filter((a) => a !== '').map((a) => {
    const key = /^((?:photo|doc)-?\d+_\d+)(?:_[0-9a-f]+)?$/.exec(a)?.[1];
    const found = key === undefined ? undefined : ctx.state.files.get(key);
    if (found === undefined) throw new VkError(100, `One of the parameters specified was missing or invalid: attachment ${a}`);
    return found;
  });
}

/** The keyboard as given, checked against VK's inline limits (error 911). */
function keyboardOf(json: string | undefined): { keyboard?: NonNullable<import('./state.ts').StoredVkMessage['keyboard']> } {
  if (json === undefined) return {};
  let keyboard: NonNullable<import('./state.ts').StoredVkMessage['keyboard']>;
  try {
    keyboard = JSON.parse(json) as typeof keyboard;
  } catch {
    throw new VkError(911, 'Keyboard format is invalid: not JSON');
  }
  const rows = keyboard.buttons ?? [];
  const bad = (why: string) => new VkError(911, `Keyboard format is invalid: ${why}`);
  if (keyboard.inline !== true && rows.length > 0) throw bad('only inline keyboards here');
  if (rows.length > KEYBOARD_LIMITS.rows) throw bad(`${rows.length} rows`);
  if (rows.flat().length > KEYBOARD_LIMITS.buttons) throw bad(`${rows.flat().length} buttons`);
  for (const row of rows) {
    if (row.length > KEYBOARD_LIMITS.perRow) throw bad(`${row.length} buttons in a row`);
    for (const b of row) {
      if ([...(b.action?.label ?? '')].length > KEYBOARD_LIMITS.label) throw bad(`label "${b.action.label}"`);
      if ((b.action?.payload ?? '').length > KEYBOARD_LIMITS.payload) throw bad('payload too long');
      if (b.action?.type !== 'callback' && b.action?.type !== 'open_link') throw bad(`button type ${String(b.action?.type)}`);
    }
  }
  return rows.length === 0 ? {} : { keyboard };
}

function wireAttachment(ctx: ServerContext, a: StoredAttachment): unknown {
  return a.type === 'photo'
    ? { type: 'photo', photo: { id: a.id, owner_id: a.ownerId, access_key: a.accessKey, sizes: [{ type: 'x', url: `${ctx.base}/files/photo${a.ownerId}_${a.id}` }] } }
    : { type: 'doc', doc: { id: a.id, owner_id: a.ownerId, title: a.name, url: `${ctx.base}/files/doc${a.ownerId}_${a.id}` } };
}

async function read(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 10 * 1024 * 1024) throw new Error('too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
  response.end(bytes);
}
