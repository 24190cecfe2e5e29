/**
 * The HTTP face of the Telegram Bot API stand-in: `/bot<token>/<method>` (GET or POST; query
 * string, JSON, urlencoded or multipart parameters; method names in any case, as the real API
 * takes them) and `/file/bot<token>/<file_path>` downloads. Every request is recorded with its
 * answer; injected failures (`failNext`) are served before the method runs.
 * Not a rule: test and playground infrastructure.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { editingMethods } from './editing.ts';
import { ApiError, badRequest, NOT_FOUND, tooManyRequests, UNAUTHORIZED } from './errors.ts';
import { memberMethods } from './members.ts';
import { queryMethods } from './queries.ts';
import { decodeRequest, type DecodedRequest } from './request-body.ts';
import { sendingMethods } from './sending.ts';
import type { Method, StandInState } from './state.ts';
import type { Failure, RecordedCall } from './types.ts';

const METHODS: Record<string, Method> = { ...sendingMethods, ...editingMethods, ...queryMethods, ...memberMethods };
const BY_LOWER_NAME = new Map(Object.entries(METHODS).map(([name, method]) => [name.toLowerCase(), { name, method }]));
const MAX_BODY_BYTES = 50 * 1024 * 1024;
const TOO_LARGE = new ApiError(413, 'Request Entity Too Large');
const JSON_FIELD_ERRORS: Record<string, string> = {
  reply_markup: "can't parse reply keyboard markup JSON object",
  media: "can't parse input media JSON object",
  results: "can't parse inline query results JSON object",
};

/** Failures waiting to be served to the next calls of a method (or of any method, `'*'`). */
export class FailureQueue {
  private readonly pending: { method: string; failure: Failure; left: number }[] = [];

  add(method: string, failure: Failure, times: number): void {
    if (!Number.isInteger(times) || times < 1) throw new RangeError(`failNext: times must be a positive integer, got ${times}`);
    this.pending.push({ method: method.toLowerCase(), failure, left: times });
  }

  /** The error to serve instead of running `method`, if one is waiting. */
  take(method: string): ApiError | undefined {
    const index = this.pending.findIndex((entry) => entry.method === '*' || entry.method === method.toLowerCase());
    const entry = this.pending[index];
    if (!entry) return undefined;
    if (--entry.left === 0) this.pending.splice(index, 1);
    const { failure } = entry;
    return failure.status === 429 ? tooManyRequests(failure.retryAfter) : new ApiError(failure.status, failure.description);
  }

  clear(): void {
    this.pending.length = 0;
  }
}

export type Dispatcher = { state: StandInState; failures: FailureQueue; record: (call: RecordedCall) => void };

/** Starts listening; resolves with the server and its API root (`http://host:port`). */
export async function listen(dispatcher: Dispatcher, port: number, host: string): Promise<{ server: Server; apiRoot: string }> {
  const server = createServer((request, response) => {
    handle(dispatcher, request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { ok: false, error_code: 500, description: `Internal Server Error: ${String(error)}` });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return { server, apiRoot: `http://${host}:${address.port}` };
}

async function handle(dispatcher: Dispatcher, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://stand-in');
  if (request.method === 'GET' && url.pathname.startsWith('/file/bot')) return serveFile(dispatcher.state, url.pathname, response);
  const body = await readBody(request);
  const call = dispatch(dispatcher, url, body, request.headers['content-type']);
  dispatcher.record(call);
  send(response, call.status, call.response);
}

/** Runs one API request: path, token, method, injected failure, parameters, then the method itself. */
function dispatch(dispatcher: Dispatcher, url: URL, body: Buffer | undefined, contentType: string | undefined): RecordedCall {
  const { state, failures } = dispatcher;
  const route = /^\/bot([^/]*)\/([^/]+)\/?$/.exec(url.pathname);
  const call: RecordedCall = { method: route?.[2] ?? url.pathname, params: {}, files: {}, at: state.now(), status: 0, response: { ok: false } };
  const decoded = decodeInto(call, body, contentType, url.searchParams);
  try {
    if (!route) throw NOT_FOUND;
    if (route[1] !== state.token) throw UNAUTHORIZED;
    const entry = BY_LOWER_NAME.get((route[2] as string).toLowerCase());
    if (!entry) throw NOT_FOUND;
    call.method = entry.name;
    const injected = failures.take(entry.name);
    if (injected) throw injected;
    if (decoded instanceof ApiError) throw decoded;
    const badField = decoded.badJsonFields[0];
    if (badField) throw badRequest(JSON_FIELD_ERRORS[badField] ?? `can't parse ${badField} JSON object`);
    const { result, description } = entry.method(state, decoded);
    call.status = 200;
    call.response = description === undefined ? { ok: true, result } : { ok: true, result, description };
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError(500, `Internal Server Error: ${String(error)}`);
    call.status = apiError.status;
    call.response = apiError.toResponse();
  }
  return call;
}

/** Decodes the parameters into `call` (for the record); a decoding failure is returned, to be answered after auth. */
function decodeInto(call: RecordedCall, body: Buffer | undefined, contentType: string | undefined, query: URLSearchParams): DecodedRequest | ApiError {
  try {
    if (body === undefined) return TOO_LARGE;
    const decoded = decodeRequest(body, contentType, query);
    // telegraf repeats the method name as a multipart field; it is not a parameter.
    if (String(decoded.params.method).toLowerCase() === call.method.toLowerCase()) delete decoded.params.method;
    call.params = decoded.params;
    call.files = decoded.files;
    return decoded;
  } catch (error) {
    return error instanceof ApiError ? error : badRequest(String(error));
  }
}

function serveFile(state: StandInState, path: string, response: ServerResponse): void {
  const prefix = `/file/bot${state.token}/`;
  const photo = path.startsWith(prefix) ? state.photos.atPath(decodeURIComponent(path.slice(prefix.length))) : undefined;
  if (!photo || photo.bytes.length === 0) return send(response, 404, NOT_FOUND.toResponse());
  response.writeHead(200, { 'content-type': photo.mimeType, 'content-length': photo.bytes.length });
  response.end(photo.bytes);
}

/** The whole request body, or undefined when it exceeds the real API's 50 MB upload limit. */
async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks);
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
