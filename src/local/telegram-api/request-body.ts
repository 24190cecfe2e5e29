/**
 * Reading a Bot API request: parameters from the query string and a JSON, urlencoded or
 * multipart/form-data body, as the real API accepts all of them. A small multipart parser is
 * here (the Bot API's bodies are small and fully buffered). Not a rule: infrastructure.
 */
import { badRequest } from './errors.ts';
import type { UploadedFile } from './types.ts';

/** The decoded request: parameters, file parts, and the JSON-encoded fields that failed to parse. */
export type DecodedRequest = {
  params: Record<string, unknown>;
  files: Record<string, UploadedFile>;
  badJsonFields: string[];
};

/** Fields the Bot API takes as JSON-serialized objects (in form bodies always, in JSON bodies maybe). */
const JSON_FIELDS = new Set([
  'reply_markup', 'media', 'results', 'reply_parameters', 'entities', 'caption_entities', 'commands',
  'allowed_updates', 'link_preview_options', 'scope', 'button',
]);
const INTEGER_FIELDS = new Set([
  'chat_id', 'message_id', 'reply_to_message_id', 'message_thread_id', 'cache_time', 'max_connections',
  'user_id', 'from_chat_id', 'offset', 'limit', 'timeout',
]);
const BOOLEAN_FIELDS = new Set([
  'show_alert', 'disable_notification', 'protect_content', 'is_personal', 'drop_pending_updates',
  'allow_sending_without_reply', 'has_spoiler', 'disable_web_page_preview', 'show_caption_above_media',
]);

/** Decodes a request body of `contentType` plus the URL's query string. */
export function decodeRequest(body: Buffer, contentType: string | undefined, query: URLSearchParams): DecodedRequest {
  const params: Record<string, unknown> = {};
  let files: Record<string, UploadedFile> = {};
  for (const [key, value] of query) params[key] = fromFormValue(key, value);
  const type = (contentType ?? '').toLowerCase();
  if (body.length > 0 && type.startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw badRequest("can't parse JSON object");
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest("can't parse JSON object");
    Object.assign(params, parsed);
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) params[key] = fromFormValue(key, value);
  } else if (type.startsWith('multipart/form-data')) {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
    if (!boundary) throw badRequest("can't parse multipart/form-data: no boundary");
    const parts = parseMultipart(body, (boundary[1] ?? boundary[2] ?? '').trim());
    for (const [key, value] of Object.entries(parts.fields)) params[key] = fromFormValue(key, value);
    files = parts.files;
  }
  return { params, files, badJsonFields: parseJsonFields(params) };
}

function fromFormValue(key: string, value: string): unknown {
  if (INTEGER_FIELDS.has(key) && /^-?\d{1,15}$/.test(value)) return Number(value);
  if (BOOLEAN_FIELDS.has(key) && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** Parses the JSON-encoded fields in place; returns the names of those that are not JSON. */
function parseJsonFields(params: Record<string, unknown>): string[] {
  const bad: string[] = [];
  for (const key of Object.keys(params)) {
    const value = params[key];
    if (!JSON_FIELDS.has(key) || typeof value !== 'string') continue;
    // `media` may also be a plain file_id, URL or attach:// reference in sendPhoto-like methods.
    if (key === 'media' && !/^\s*[[{]/.test(value)) continue;
    try {
      params[key] = JSON.parse(value);
    } catch {
      bad.push(key);
    }
  }
  return bad;
}

type Multipart = { fields: Record<string, string>; files: Record<string, UploadedFile> };

/** Splits a multipart/form-data body into text fields and file parts (those with a filename). */
export function parseMultipart(body: Buffer, boundary: string): Multipart {
  const result: Multipart = { fields: {}, files: {} };
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  if (at < 0) throw badRequest("can't parse multipart/form-data: boundary not found");
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return result;
    const headersEnd = body.indexOf('\r\n\r\n', at);
    if (headersEnd < 0) throw badRequest("can't parse multipart/form-data: truncated part");
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd + 4);
    if (next < 0) throw badRequest("can't parse multipart/form-data: missing closing boundary");
    addPart(result, body.subarray(at, headersEnd).toString('utf8'), body.subarray(headersEnd + 4, next));
    at = next + 2;
  }
}

function addPart(into: Multipart, headerText: string, content: Buffer): void {
  const headers = new Map<string, string>();
  for (const line of headerText.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  const name = dispositionParam(disposition, 'name');
  if (name === undefined) return;
  const filename = dispositionParam(disposition, 'filename');
  if (filename === undefined) {
    into.fields[name] = content.toString('utf8');
    return;
  }
  const bytes = Buffer.from(content);
  const mimeType = headers.get('content-type')?.split(';')[0]?.trim() || sniffMimeType(bytes, filename);
  into.files[name] = { filename, mimeType, size: bytes.length, bytes };
}

function dispositionParam(disposition: string, param: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${param}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i').exec(disposition);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? '').trim();
}

/** The MIME type of a file from its first bytes, else from its name's extension. */
export function sniffMimeType(bytes: Buffer, filename: string): string {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  const byExtension: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', txt: 'text/plain' };
  return (extension && byExtension[extension]) || 'application/octet-stream';
}
