/**
 * functions/discord: the Lambda handler as deployed — configuration from the environment, the
 * response-streaming wrapper of the runtime (recorded here: `awslambda` exists only in AWS), the
 * work loaded on the first interaction after its acknowledgement.
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { t } from '../../src/i18n/index.ts';
import { startDiscordApi, type DiscordApi } from '../../src/local/discord-api/index.ts';
import type { ResponseStream, StreamingRuntime } from '../../src/platforms/discord/lambda.ts';
import { ANNA, publicMessages } from '../platforms/discord/harness.ts';
import { freshTable } from '../store/fixture.ts';

type Handler = (event: { headers?: Record<string, string>; body?: string; isBase64Encoded?: boolean }, stream: ResponseStream) => Promise<void>;
let discord: DiscordApi;
let handler: Handler;
const streamed: { status: number; body: string; endedAt: number }[] = [];

beforeAll(async () => {
  const [api, table] = await Promise.all([startDiscordApi(), freshTable()]);
  discord = api;
  const env = {
    DISCORD_APPLICATION_ID: discord.applicationId, DISCORD_PUBLIC_KEY: discord.publicKey, DISCORD_BOT_TOKEN: discord.botToken,
    DISCORD_API_ROOT: discord.apiRoot, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), TABLE_NAME: table.tableName,
  };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const runtime: StreamingRuntime = {
    streamifyResponse: (h) => h,
    HttpResponseStream: {
      from: (_s, prelude) => {
        let body = '';
        return { write: (chunk: string) => void (body += chunk), end: () => void streamed.push({ status: prelude.statusCode, body, endedAt: performance.now() }) };
      },
    },
  };
  vi.stubGlobal('awslambda', runtime);
  vi.resetModules();
  ({ handler } = (await import('../../functions/discord.ts')) as unknown as { handler: Handler });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await discord.close();
});

const sink: ResponseStream = { write: () => true, end: () => true };

describe('functions/discord: the interactions endpoint as a streaming Function URL handler', () => {
  it('the first interaction is acknowledged before the work is even loaded, then answered: /nardy help', async () => {
    const channel = discord.guildChannel();
    const interaction = discord.command(ANNA, channel, 'help');
    const { headers, body } = discord.signed(interaction);
    const started = performance.now();
    let ackedBeforeWork = false;
    const done = handler({ headers, body: body.toString('base64'), isBase64Encoded: true }, sink).then(() => performance.now());
    await new Promise((resolve) => setImmediate(resolve));
    ackedBeforeWork = streamed.length === 1;
    discord.acknowledged(interaction, streamed[0]);
    const finished = await done;
    expect(ackedBeforeWork, 'the answer was streamed before the work ran').toBe(true);
    expect(streamed[0]).toMatchObject({ status: 200, body: '{"type":5,"data":{"flags":64}}' });
    console.info(`cold: acknowledged after ${(streamed[0].endedAt - started).toFixed(1)} ms, work done after ${(finished - started).toFixed(0)} ms`);
    expect(streamed[0].endedAt - started).toBeLessThan(finished - started);
    const reply = discord.messages(channel).at(-1)!;
    expect(reply).toMatchObject({ thinking: false, ephemeralFor: ANNA.user.id });
    expect(reply.content).toBe(t('en', 'help.discord'));
  });

  it('refuses an unsigned request with 401 and runs nothing', async () => {
    const calls = discord.calls.length;
    await handler({ headers: {}, body: JSON.stringify(discord.command(ANNA, discord.guildChannel(), 'games')) }, sink);
    expect(streamed.at(-1)?.status).toBe(401);
    expect(discord.calls.length).toBe(calls);
  });

  it('a challenge in a channel is a public message with buttons', async () => {
    const channel = discord.guildChannel();
    const interaction = discord.command(ANNA, channel, 'challenge', { variant: 'short', cube: true, clock: 'd1' });
    const { headers, body } = discord.signed(interaction);
    const done = handler({ headers, body: body.toString('utf8') }, sink);
    await new Promise((resolve) => setImmediate(resolve));
    discord.acknowledged(interaction, streamed.at(-1)!);
    await done;
    const challenge = publicMessages({ discord } as never, channel).at(-1)!;
    expect(challenge.components.length).toBeGreaterThan(0);
    expect(challenge.content).toContain(t('en', 'clock.correspondence', { days: 1 }));
    expect(challenge.content).toContain(t('en', 'cube.on'));
  });
});
