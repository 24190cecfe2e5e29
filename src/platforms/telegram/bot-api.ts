/**
 * The Bot API client every Telegram effect goes through: telegraf's `Telegram` — its methods,
 * their types and its `TelegramError` — with `callApi` replaced by one `POST` over node's own
 * http(s), on kept-alive connections, its body made in one piece: JSON, or multipart/form-data
 * around an uploaded file. telegraf's own `callApi` goes through node-fetch and sends an upload as
 * a stream of parts (sandwich-stream): on a board press that was 0.4–0.6 ms of the main thread
 * for the picture's `editMessageMedia` and about 0.2 ms for each other call, against 0.1–0.15 and
 * 0.06–0.09 here (issue #46; docs/deploy.md). What is sent and what comes back are telegraf's: the
 * same fields (a JSON body drops null values, a form sends objects as JSON, an uploaded file as a
 * part referred to by `attach://`), the result on `ok`, a `TelegramError` carrying the answer
 * otherwise or on a 5xx, and the network's own error when there is no answer. A file given
 * other than as a Buffer (a path, a stream, a URL) is left to telegraf's own `callApi`.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Telegram, TelegramError } from 'telegraf';

/** What `Telegram.callApi` is (its overloads are generic over every method). */
type CallApi = Telegram['callApi'];

/** A file telegraf's `Input.fromBuffer` makes. */
interface BufferFile {
  readonly source: Buffer;
  readonly filename?: string;
}

/** telegraf's names for a file sent without one (client.js, DEFAULT_EXTENSIONS). */
const EXTENSIONS: Readonly<Record<string, string>> = { audio: 'mp3', photo: 'jpg', sticker: 'webp', video: 'mp4', animation: 'mp4', video_note: 'mp4', voice: 'ogg' };

export class BotApi extends Telegram {
  private readonly agent: http.Agent;
  private readonly transport: typeof http | typeof https;

  constructor(token: string, apiRoot: string) {
    super(token, { apiRoot });
    const secure = /^https:/i.test(apiRoot);
    // As telegraf's default agent for api.telegram.org: connections kept for the next update of a warm sandbox.
    this.agent = secure ? new https.Agent({ keepAlive: true, keepAliveMsecs: 10_000 }) : new http.Agent({ keepAlive: true });
    this.transport = secure ? https : http;
    // Every method of `Telegram` calls `this.callApi`.
    this.callApi = this.call.bind(this) as CallApi;
  }

  private call(method: string, payload: Record<string, unknown>, options: { signal?: AbortSignal } = {}): Promise<unknown> {
    const body = requestBody(payload);
    if (body === undefined) return (Telegram.prototype.callApi as (...args: unknown[]) => Promise<unknown>).call(this, method, payload, options);
    const { token, options: client } = this;
    const url = new URL(`./${client.apiMode}${token}${client.testEnv ? '/test' : ''}/${method}`, client.apiRoot);
    return this.post(url, body, options.signal).then(({ status, statusText, text }) => {
      if (status >= 500) throw new TelegramError({ error_code: status, description: statusText }, { method, payload });
      let data: { ok: boolean; result?: unknown; error_code: number; description: string };
      try {
        data = JSON.parse(text) as typeof data;
      } catch {
        // A proxy's HTML page, say: the network failed, as telegraf's client says (not a Bot API answer).
        throw new Error(`${method}: the Bot API's answer is not JSON (HTTP ${status} ${statusText})`);
      }
      if (!data.ok) throw new TelegramError(data, { method, payload });
      return data.result;
    });
  }

  private post(url: URL, body: { type: string; bytes: Buffer }, signal: AbortSignal | undefined): Promise<{ status: number; statusText: string; text: string }> {
    return new Promise((resolve, reject) => {
      const request = this.transport.request(url, {
        method: 'POST', agent: this.agent, ...(signal === undefined ? {} : { signal }),
        headers: { 'content-type': body.type, 'content-length': body.bytes.length, connection: 'keep-alive' },
      }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', text: Buffer.concat(chunks).toString('utf8') }));
      });
      request.on('error', reject);
      request.end(body.bytes);
    });
  }
}

/** A request's body and its content type; undefined for a payload with a file this client does not send (not a Buffer). */
export function requestBody(payload: Record<string, unknown>): { type: string; bytes: Buffer } | undefined {
  const files = filesOf(payload);
  if (files === undefined) return undefined;
  if (files === 0) return { type: 'application/json', bytes: Buffer.from(JSON.stringify(payload, (_, value: unknown) => (value == null ? undefined : value)), 'utf8') };
  const boundary = randomBytes(32).toString('hex');
  const parts: Buffer[] = [];
  const part = (name: string, value: string | Buffer, filename?: string) => {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition:form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n\r\n`, 'utf8'));
    parts.push(typeof value === 'string' ? Buffer.from(value, 'utf8') : value);
    parts.push(CRLF);
  };
  let attached = 0;
  const attach = (file: BufferFile, fallback: string) => {
    const id = `file${attached++}`;
    part(id, file.source, file.filename ?? fallback);
    return `attach://${id}`;
  };
  for (const [key, value] of Object.entries(payload)) {
    if (value == null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') part(key, String(value));
    else if (isBufferFile(value)) part(key, value.source, value.filename ?? `${key}.${EXTENSIONS[key] ?? 'dat'}`);
    else if (Array.isArray(value)) part(key, JSON.stringify(value.map((item: unknown) => withAttached(item, attach))));
    else part(key, JSON.stringify(withAttached(value, attach)));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return { type: `multipart/form-data; boundary=${boundary}`, bytes: Buffer.concat(parts) };
}

const CRLF = Buffer.from('\r\n');

/** An input media (`{ type, media: file, thumbnail? }`) with its files attached as parts and referred to; anything else as it is. */
function withAttached(value: unknown, attach: (file: BufferFile, fallback: string) => string): unknown {
  if (value === null || typeof value !== 'object') return value;
  const media = value as Record<string, unknown>;
  if (!isBufferFile(media.media) && !isBufferFile(media.thumbnail) && !isBufferFile(media.thumb)) return value;
  const out: Record<string, unknown> = { ...media };
  if (isBufferFile(media.media)) out.media = attach(media.media, `${String(media.type)}.${EXTENSIONS[String(media.type)] ?? 'dat'}`);
  for (const key of ['thumbnail', 'thumb'] as const) if (isBufferFile(media[key])) out[key] = attach(media[key], 'thumbnail.jpg');
  return out;
}

function isBufferFile(value: unknown): value is BufferFile {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as { source?: unknown }).source);
}

/** Whether a value is, or holds, a file telegraf would upload (it has a `source` or a `url`), and whether all of those are Buffers. */
function fileKind(value: unknown): 'none' | 'buffer' | 'other' {
  if (typeof value !== 'object' || value === null) return 'none';
  const v = value as Record<string, unknown>;
  if (Buffer.isBuffer(v.source)) return 'buffer';
  if (v.source || v.url) return 'other';
  return 'none';
}

/** How many files a payload uploads (0: a JSON body), or undefined when one is not a Buffer. */
function filesOf(payload: Record<string, unknown>): number | undefined {
  let files = 0;
  const count = (value: unknown): boolean => {
    const kind = fileKind(value);
    if (kind === 'other') return false;
    if (kind === 'buffer') files += 1;
    return true;
  };
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'link_preview_options' || value === null || typeof value !== 'object') continue;
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (!count(item)) return undefined;
      if (typeof item !== 'object' || item === null) continue;
      const media = item as Record<string, unknown>;
      if (!count(media.media) || !count(media.thumbnail) || !count(media.thumb)) return undefined;
    }
  }
  return files;
}
