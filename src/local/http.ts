/**
 * The HTTP server of the local process: `POST /telegram` (the Telegram webhook exactly as the
 * Lambda serves it: headers and raw body in, status and body out), `POST /discord` when a Discord
 * public key is configured (the interactions endpoint: the acknowledgement is sent, then the work
 * runs), `POST /vk` (the VK Callback API endpoint: `ok`, then the work), the playground's `/api/…`
 * and its static page at `/`. A busy port is a clear `PortBusyError`. Not a rule: local infrastructure.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { DiscordIngress } from '../platforms/discord/ingress.ts';
import type { TelegramWebhook } from '../platforms/telegram/webhook.ts';
import type { VkCallback } from '../platforms/vk/callback.ts';

/** The port asked for is taken by another process. */
export class PortBusyError extends Error {
  override name = 'PortBusyError';
}

/** Handles `/api/…` paths (resolves false for any other path). */
export type ApiHandler = (request: IncomingMessage, response: ServerResponse, path: string) => Promise<boolean>;

const STATIC: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/index.html': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/style.css': { file: 'style.css', type: 'text/css; charset=utf-8' },
};
const PUBLIC = new URL('./playground/public/', import.meta.url);
const MAX_UPDATE_BYTES = 1024 * 1024;

/** What the server serves once everything has started. */
export type Handlers = { webhook: TelegramWebhook; api: ApiHandler; discord?: DiscordIngress; vk?: VkCallback };

/**
 * The server, listening before the rest starts (so a busy port fails first and fast); until
 * `handlers()` returns them, every request gets 503.
 */
export function createLocalServer(handlers: () => Handlers | undefined, onError: (error: unknown) => void): Server {
  const running = new Set<Promise<void>>();
  const later = (work: () => Promise<void>) => {
    const done = work().catch(onError).finally(() => running.delete(done));
    running.add(done);
  };
  const server = createServer((request, response) => {
    const ready = handlers();
    if (ready === undefined) return plain(response, 503, 'starting, try again in a moment');
    route(request, response, ready, later).catch((error: unknown) => {
      onError(error);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('internal error');
    });
  });
  afterResponse.set(server, running);
  return server;
}

/** Per server, the work still running after its response was sent (a Discord interaction's), which closing waits for. */
const afterResponse = new WeakMap<Server, Set<Promise<void>>>();

async function route(request: IncomingMessage, response: ServerResponse, { webhook, api, discord, vk }: Handlers, later: (work: () => Promise<void>) => void): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (path === '/telegram' || path === '/discord' || path === '/vk') {
    if (request.method !== 'POST') return plain(response, 405, 'POST only');
    const body = await readBody(request);
    if (body === undefined) return plain(response, 413, 'too large');
    if (path === '/telegram') {
      const answer = await webhook({ headers: flatHeaders(request), body: body.toString('utf8') });
      return plain(response, answer.status, answer.body);
    }
    if (path === '/vk') {
      if (vk === undefined) return plain(response, 404, 'no VK community configured');
      const answer = vk({ headers: flatHeaders(request), body: body.toString('utf8') });
      response.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8' });
      // VK has its `ok` once the response ends; the work comes after, as in the Lambda (response streaming).
      const after = answer.after;
      response.end(answer.body, () => after && later(after));
      return;
    }
    if (discord === undefined) return plain(response, 404, 'no Discord application configured (DISCORD_PUBLIC_KEY)');
    const answer = discord({ headers: flatHeaders(request), body });
    response.writeHead(answer.status, { 'content-type': answer.status === 200 ? 'application/json' : 'text/plain; charset=utf-8' });
    // Discord has its acknowledgement once the response ends; the work comes after.
    const after = answer.after;
    response.end(answer.body, () => after && later(after));
    return;
  }
  if (await api(request, response, path)) return;
  const asset = STATIC[path];
  if (asset === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) return plain(response, 404, 'not found');
  const bytes = await readFile(new URL(asset.file, PUBLIC));
  response.writeHead(200, { 'content-type': asset.type, 'content-length': bytes.length, 'cache-control': 'no-cache' });
  response.end(request.method === 'HEAD' ? undefined : bytes);
}

function plain(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(body);
}

function flatHeaders(request: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_UPDATE_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Listens on `port` (0: any free one); a port in use becomes a `PortBusyError` saying what to do. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new PortBusyError(`port ${port} on ${host} is already in use (another \`npm start\`?). Stop that process or pick another port: PORT=${port + 1} npm start`));
      } else if (error.code === 'EACCES') {
        reject(new PortBusyError(`port ${port} on ${host} may not be used by this user; pick another one: PORT=3000 npm start`));
      } else reject(error);
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      const address = server.address();
      resolve(address !== null && typeof address === 'object' ? address.port : port);
    });
  });
}

/** Stops accepting, drops open connections (event streams, keep-alive) and resolves once closed and the work after responses is done. */
export async function closeServer(server: Server): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
  // The database closes next: an interaction acknowledged but not yet answered finishes first.
  await Promise.all(afterResponse.get(server) ?? []);
}
