/**
 * #20: the playground's API acts as any playground user, so it takes requests only from the
 * playground's own page: JSON bodies (no form or `text/plain` post from another site) under a
 * loopback Host (no rebound DNS name). Real requests to a real `npm start` process.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocal, type LocalProcess } from '../../src/local/main.ts';

const GROUP = -1001000000001;
const ALICE = 101;
let local: LocalProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'nardy-playground-api-'));
  local = await startLocal({ port: 0, dataDir, log: () => {}, sweepEveryMs: 0 });
});
afterAll(async () => {
  await local?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A raw request, so that Host and Origin are exactly what a browser elsewhere would send. */
function send(method: string, path: string, headers: Record<string, string>, body = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: local.port, method, path, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const said = JSON.stringify({ userId: ALICE, text: 'hello from somewhere' });
const groupMessages = async () => (await send('GET', `/api/chats/${GROUP}/messages`, { host: `localhost:${local.port}` })).body;

describe('the playground API refuses cross-site requests', () => {
  it('takes a JSON post from the page itself', async () => {
    const answer = await send('POST', `/api/chats/${GROUP}/messages`, { host: `localhost:${local.port}`, origin: `http://localhost:${local.port}`, 'content-type': 'application/json' }, said);
    expect(answer.status).toBe(200);
    expect(await groupMessages()).toContain('hello from somewhere');
  });

  it('refuses a text/plain or form post (what a page on another site may send unasked) with 415, or 403 when it names that site, posting nothing', async () => {
    const body = JSON.stringify({ userId: ALICE, text: 'posted by another site' });
    const answer = await send('POST', `/api/chats/${GROUP}/messages`, { host: `localhost:${local.port}`, origin: 'https://evil.example', 'content-type': 'text/plain' }, body);
    expect(answer.status).toBe(403);
    const noOrigin = await send('POST', `/api/chats/${GROUP}/messages`, { host: `localhost:${local.port}`, 'content-type': 'text/plain;charset=UTF-8' }, body);
    expect(noOrigin.status).toBe(415);
    const form = await send('POST', '/api/users', { host: `127.0.0.1:${local.port}`, 'content-type': 'application/x-www-form-urlencoded' }, 'name=Mallory');
    expect(form.status).toBe(415);
    expect(await groupMessages()).not.toContain('posted by another site');
  });

  it('refuses a post from another origin even as JSON', async () => {
    const answer = await send('POST', `/api/chats/${GROUP}/messages`, { host: `localhost:${local.port}`, origin: 'http://evil.example', 'content-type': 'application/json' }, said);
    expect(answer.status).toBe(403);
  });

  it('refuses a host that is not loopback (a DNS name rebound to 127.0.0.1), for reads too', async () => {
    expect((await send('GET', '/api/state', { host: `evil.example:${local.port}` })).status).toBe(403);
    expect((await send('POST', `/api/chats/${GROUP}/messages`, { host: 'evil.example', 'content-type': 'application/json' }, said)).status).toBe(403);
    for (const host of [`127.0.0.1:${local.port}`, `[::1]:${local.port}`, 'localhost']) {
      expect((await send('GET', '/api/state', { host })).status, host).toBe(200);
    }
  });
});
