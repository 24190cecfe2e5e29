/**
 * `npm start` with a Discord application (issue 6): `POST /discord` is the interactions endpoint
 * over real HTTP — the acknowledgement is the response, the work follows it — on the same embedded
 * database as the playground. (The gateway client is covered with recorded packets in
 * tests/platforms/discord/gateway.test.ts; logging in needs the real Discord.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.ts';
import { startDiscordApi, type DiscordApi } from '../../src/local/discord-api/index.ts';
import { startLocal, type LocalProcess } from '../../src/local/main.ts';
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
