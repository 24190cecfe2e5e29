/**
 * Issue #45 item 4 (review F5): `npm start` signs its buttons with `BUTTON_TOKEN_KEY` when it is
 * set; with a real bot and no key, with a key of its own kept in the data folder (reused after a
 * restart, never the public development key); the playground alone keeps the development key.
 * Each case says which in its start line. The MACs are recomputed here from the HMAC definition,
 * not with the app's code.
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordApi, type DiscordApi } from '../../src/local/discord-api/index.ts';
import { startLocal, type LocalOptions, type LocalProcess } from '../../src/local/main.ts';

const GROUP = -1001000000001;
const ALICE = 101;
const BOB = 102;
const DEVELOPMENT_KEY = 'nardy-development-button-key';
const TSX_ARGS = ['--import', pathToFileURL(join(import.meta.dirname, '../../node_modules/tsx/dist/loader.mjs')).href];
const MAIN = join(import.meta.dirname, '../../src/local/main.ts');

type MessageView = { id: number; fromBot: boolean; text?: string; buttons: { text: string; data?: string }[][] };

const folders: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'nardy-key-'));
  folders.push(dir);
  return dir;
}
let discord: DiscordApi;
beforeAll(async () => {
  discord = await startDiscordApi();
});
afterAll(async () => {
  await discord.close();
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

/** Whether a token's MAC is 6 bytes of HMAC-SHA256 of the rest under `key` (src/app/tokens.ts's format). */
function signedWith(token: string, key: string): boolean {
  const at = token.lastIndexOf(':');
  return createHmac('sha256', key).update(token.slice(0, at)).digest().subarray(0, 6).toString('base64url') === token.slice(at + 1);
}

function withMac(token: string, key: string): string {
  const content = token.slice(0, token.lastIndexOf(':'));
  return `${content}:${createHmac('sha256', key).update(content).digest().subarray(0, 6).toString('base64url')}`;
}

/** Alice opens a challenge in the playground's group; its Accept token. */
async function challengeToken(local: LocalProcess): Promise<string> {
  const said = await fetch(`${local.url}/api/chats/${GROUP}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: ALICE, text: '/nardy' }) });
  expect(said.status).toBe(200);
  const challenge = (await lastMessage(local))!;
  const accept = challenge.buttons.flat().find((b) => /accept/i.test(b.text))?.data;
  expect(accept, 'the challenge has an Accept button').toBeDefined();
  return accept!;
}

async function lastMessage(local: LocalProcess): Promise<MessageView | undefined> {
  return ((await (await fetch(`${local.url}/api/chats/${GROUP}/messages`)).json()) as MessageView[]).filter((m) => m.fromBot).at(-1);
}

/** Bob presses `data` under the challenge message; the toast. */
async function press(local: LocalProcess, data: string): Promise<string | undefined> {
  const challenge = (await lastMessage(local))!;
  const answer = await fetch(`${local.url}/api/chats/${GROUP}/press`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: BOB, messageId: challenge.id, data }) });
  const body = (await answer.json()) as { status: number; answer?: { text?: string } | null };
  expect(body.status).toBe(200);
  return body.answer?.text;
}

async function accepted(local: LocalProcess, token: string): Promise<boolean> {
  const loaded = await local.store.load(token.split(':')[1]!);
  return loaded.ok && loaded.value.status === 'active';
}

async function start(dataDir: string, lines: string[], more: Partial<LocalOptions> = {}): Promise<LocalProcess> {
  return startLocal({ port: 0, dataDir, log: (line) => lines.push(line), sweepEveryMs: 0, ...more });
}

const realDiscord = (): LocalOptions['discord'] => ({ applicationId: discord.applicationId, botToken: discord.botToken, apiRoot: discord.apiRoot, publicKey: discord.publicKey, gateway: false });

describe('#45 edges: the key npm start signs buttons with', () => {
  it('the playground alone: the public development key, and the start line says so', async () => {
    const lines: string[] = [];
    const local = await start(await tempDir(), lines);
    try {
      expect(lines).toContainEqual(expect.stringMatching(/^buttons: signed with the public development key/));
      expect(signedWith(await challengeToken(local), DEVELOPMENT_KEY)).toBe(true);
    } finally {
      await local.close();
    }
  });

  it('a real bot without BUTTON_TOKEN_KEY: a random key kept in the data folder, reused after a restart', async () => {
    const dataDir = await tempDir();
    const lines: string[] = [];
    let local = await start(dataDir, lines, { discord: realDiscord() });
    let token: string;
    let key: string;
    try {
      key = (await readFile(join(dataDir, 'button-token-key'), 'utf8')).trim();
      expect(key).toMatch(/^[\x21-\x7e]{32,256}$/);
      expect(key).not.toBe(DEVELOPMENT_KEY);
      expect((await stat(join(dataDir, 'button-token-key'))).mode & 0o077, 'only its owner reads it').toBe(0);
      expect(lines).toContainEqual(expect.stringMatching(/^buttons: signed with a new key of this machine, kept in .*button-token-key/));
      token = await challengeToken(local);
      expect(signedWith(token, key)).toBe(true);
      expect(signedWith(token, DEVELOPMENT_KEY)).toBe(false);
      // Forged with the development key: what F5 let through.
      expect(await press(local, withMac(token, DEVELOPMENT_KEY))).toBeTruthy();
      expect(await accepted(local, token)).toBe(false);
    } finally {
      await local.close();
    }
    lines.length = 0;
    local = await start(dataDir, lines, { discord: realDiscord() });
    try {
      expect(lines).toContainEqual(expect.stringMatching(/^buttons: signed with this machine's key, kept in .*button-token-key/));
      expect((await readFile(join(dataDir, 'button-token-key'), 'utf8')).trim()).toBe(key);
      // A button posted before the restart still works (the stand-in forgets its messages: a new one to press under).
      await fetch(`${local.url}/api/chats/${GROUP}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: ALICE, text: '/help' }) });
      await press(local, token);
      expect(await accepted(local, token)).toBe(true);
    } finally {
      await local.close();
    }
  });

  it('BUTTON_TOKEN_KEY wins, with a real bot or without, and nothing is written to the data folder', async () => {
    const configured = 'a-key-set-by-the-operator-0123456789abcdef';
    for (const more of [{}, { discord: realDiscord() }]) {
      const dataDir = await tempDir();
      const lines: string[] = [];
      const local = await start(dataDir, lines, { ...more, buttonTokenKey: configured });
      try {
        expect(lines).toContainEqual('buttons: signed with BUTTON_TOKEN_KEY');
        const token = await challengeToken(local);
        expect(signedWith(token, configured)).toBe(true);
        expect(await press(local, withMac(token, DEVELOPMENT_KEY))).toBeTruthy();
        expect(await accepted(local, token)).toBe(false);
        await expect(stat(join(dataDir, 'button-token-key'))).rejects.toThrow();
      } finally {
        await local.close();
      }
    }
  });

  it('the script reads BUTTON_TOKEN_KEY from the environment (F5: it used to be ignored)', async () => {
    const cwd = await tempDir();
    const child = spawn(process.execPath, [...TSX_ARGS, MAIN], {
      cwd, env: { ...process.env, PORT: '0', DYNAMODB_ENDPOINT: '', BUTTON_TOKEN_KEY: 'a-key-set-by-the-operator-0123456789abcdef' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    for (const deadline = Date.now() + 30_000; !output.includes('Open http') && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('buttons: signed with BUTTON_TOKEN_KEY');
  });
});
