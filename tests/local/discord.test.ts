/**
 * `npm start` with a Discord application (issue 6): `POST /discord` is the interactions endpoint
 * over real HTTP — the acknowledgement is the response, the work follows it — on the same embedded
 * database as the playground, without the gateway unless asked (issue 15.5). (The gateway client
 * is covered with recorded packets in tests/platforms/discord/gateway.test.ts; logging in needs the
 * real Discord.)
 */
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.ts';
import { startDiscordApi, type DiscordApi } from '../../src/local/discord-api/index.ts';
import { readConfig } from '../../src/config.ts';
import { localDiscord, startLocal, type LocalProcess } from '../../src/local/main.ts';
import { ANNA, NODAR } from '../platforms/discord/harness.ts';

let discord: DiscordApi;
let local: LocalProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'nardy-discord-'));
  discord = await startDiscordApi();
  local = await startLocal({
    port: 0, dataDir, log: () => {},
    discord: { applicationId: discord.applicationId, botToken: discord.botToken, apiRoot: discord.apiRoot, publicKey: discord.publicKey, gateway: false },
  });
});
afterAll(async () => {
  await local.close();
  await discord.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe('npm start: POST /discord', () => {
  it('acknowledges a signed /nardy challenge at once, then the challenge replaces the deferred reply', async () => {
    const channel = discord.guildChannel();
    const interaction = discord.command(NODAR, channel, 'challenge', { opponent: ANNA });
    const { headers, body } = discord.signed(interaction);
    const started = performance.now();
    const response = await fetch(`${local.url}/discord`, { method: 'POST', headers, body });
    const answer = { status: response.status, body: await response.text() };
    const ackMs = performance.now() - started;
    expect(answer).toEqual({ status: 200, body: '{"type":5}' });
    expect(ackMs).toBeLessThan(1000);
    discord.acknowledged(interaction, answer);
    await until(() => discord.messages(channel).some((m) => !m.thinking));
    const challenge = discord.messages(channel).at(-1)!;
    expect(challenge.content).toContain('Нодар');
    expect(challenge.components.flatMap((r) => r.components).map((b) => ('label' in b ? b.label : ''))).toContain(t('ru', 'button.accept'));
  });

  it('closing right after an acknowledgement lets that interaction finish before the database closes', async () => {
    const ownDir = await mkdtemp(join(tmpdir(), 'nardy-discord-close-'));
    const errors: string[] = [];
    const own = await startLocal({
      port: 0, dataDir: ownDir, log: (line) => { if (/ERROR|closed/i.test(line)) errors.push(line); },
      discord: { applicationId: discord.applicationId, botToken: discord.botToken, apiRoot: discord.apiRoot, publicKey: discord.publicKey, gateway: false },
    });
    try {
      const channel = discord.guildChannel();
      const interaction = discord.command(NODAR, channel, 'challenge', { opponent: ANNA });
      const { headers, body } = discord.signed(interaction);
      const response = await fetch(`${own.url}/discord`, { method: 'POST', headers, body });
      discord.acknowledged(interaction, { status: response.status, body: await response.text() });
      await own.close();
      expect(discord.messages(channel).at(-1)?.thinking).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await rm(ownDir, { recursive: true, force: true });
    }
  });

  it('an unsigned request → 401', async () => {
    const response = await fetch(`${local.url}/discord`, { method: 'POST', body: '{"type":1}' });
    expect(response.status).toBe(401);
  });
});

/**
 * The script run by node itself with tsx's loader, not by the `tsx` command: that one relays a
 * signal to its child and, when the child has not reported back within 30 ms (a busy machine),
 * kills it and exits 130 — a test of the script's own Ctrl-C would then test tsx's timing.
 */
const TSX = process.execPath;
// `--import tsx` would look for tsx from the script's working folder (a temporary one): its loader by path.
const TSX_ARGS = ['--import', pathToFileURL(join(import.meta.dirname, '../../node_modules/tsx/dist/loader.mjs')).href];
const MAIN = join(import.meta.dirname, '../../src/local/main.ts');

describe('issue 15.5: npm start serves POST /discord without the gateway when the public key is set', () => {
  const env = () => ({ DISCORD_APPLICATION_ID: discord.applicationId, DISCORD_PUBLIC_KEY: discord.publicKey, DISCORD_BOT_TOKEN: discord.botToken, DISCORD_API_ROOT: discord.apiRoot });

  it('the gateway: off with a public key, unless DISCORD_GATEWAY=on; on without one, unless DISCORD_GATEWAY=off', () => {
    expect(localDiscord(readConfig(env()).discord)?.gateway).toBe(false);
    expect(localDiscord(readConfig({ ...env(), DISCORD_GATEWAY: 'on' }).discord)?.gateway).toBe(true);
    expect(localDiscord(readConfig({ ...env(), DISCORD_PUBLIC_KEY: '' }).discord)).toMatchObject({ gateway: true });
    expect(localDiscord(readConfig({ ...env(), DISCORD_PUBLIC_KEY: '', DISCORD_GATEWAY: 'off' }).discord)).toMatchObject({ gateway: false });
    expect(localDiscord(readConfig({ ...env(), DISCORD_PUBLIC_KEY: '' }).discord)).not.toHaveProperty('publicKey');
  });

  it('the script with the three variables against an API that has no gateway starts, answers a signed PING at POST /discord, and stops on SIGINT', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'nardy-discord-script-'));
    const child = spawn(TSX, [...TSX_ARGS, MAIN], {
      cwd, env: { ...process.env, PORT: '0', DYNAMODB_ENDPOINT: '', TELEGRAM_BOT_TOKEN: '', DISCORD_GATEWAY: '', ...env() }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const started = await Promise.race([
        (async () => {
          for (;;) {
            const url = /interactions endpoint is at POST (http:\/\/\S+?)\/discord/.exec(output)?.[1];
            if (url !== undefined) return url;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })(),
        exited.then((code) => { throw new Error(`npm start exited with ${code}:\n${output}`); }),
      ]);
      expect(output).not.toContain('logged in to the gateway');
      const ping = { id: '1', type: 1, application_id: discord.applicationId, token: 'x', version: 1 };
      const { headers, body } = discord.signed(ping as never);
      const response = await fetch(`${started}/discord`, { method: 'POST', headers, body });
      expect({ status: response.status, body: await response.text() }).toEqual({ status: 200, body: '{"type":1}' });
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await rm(cwd, { recursive: true, force: true });
    }
  }, 60_000);
});
