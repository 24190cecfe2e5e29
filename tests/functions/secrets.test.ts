/**
 * #20: each deployed function reads its secrets from Parameter Store at cold start (its template
 * holds only the parameters' names), asks for its own parameters only, once per sandbox, and the
 * scheduler needs no webhook secret. The functions as deployed, against a local stand-in of SSM
 * (tests/functions/ssm-api.ts), the Bot API and Discord stand-ins and dynalite.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { t } from '../../src/i18n/index.ts';
import { startDiscordApi, type DiscordApi } from '../../src/local/discord-api/index.ts';
import { startTelegramApi, type TelegramApi } from '../../src/local/telegram-api/index.ts';
import type { ResponseStream, StreamingRuntime } from '../../src/platforms/discord/lambda.ts';
import { ANNA } from '../platforms/discord/harness.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';
import { startSsmApi, type SsmApi } from './ssm-api.ts';

const TOKEN = '7008:AAH-ssm_token-0123456789abcdefghij';
const HOOK_SECRET = 'hook-secret-from-ssm';
const BOT = { id: 7008, username: 'nardy_bot', first_name: 'Nardy' };
const NAMES = { token: '/nardy/test/telegram-bot-token', hook: '/nardy/test/telegram-webhook-secret', discord: '/nardy/test/discord-bot-token' };
const GROUP = { id: -1007008, type: 'group' as const, title: 'Нарды' };
const USER = { id: 333, is_bot: false, first_name: 'Anna', language_code: 'en' };

let ssm: SsmApi;
let telegram: TelegramApi;
let discord: DiscordApi;
let table: TestTable;
const parameters: Record<string, string> = { [NAMES.token]: TOKEN, [NAMES.hook]: HOOK_SECRET };

beforeAll(async () => {
  [ssm, telegram, discord, table] = await Promise.all([startSsmApi(parameters), startTelegramApi({ token: TOKEN, bot: BOT }), startDiscordApi(), freshTable()]);
  parameters[NAMES.discord] = discord.botToken;
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await Promise.all([ssm.close(), telegram.close(), discord.close()]);
});

/** Loads a function afresh under `env`: no secret among the variables, only where to find it. */
async function load<T>(path: string, env: Record<string, string>): Promise<T> {
  const base = { SSM_ENDPOINT: ssm.endpoint, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), TABLE_NAME: table.tableName };
  for (const name of ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_WEBHOOK_SECRET', 'DISCORD_BOT_TOKEN']) vi.stubEnv(name, '');
  for (const [name, value] of Object.entries({ ...base, ...env })) vi.stubEnv(name, value);
  vi.resetModules();
  return (await import(path)) as T;
}

const callsSince = (n: number) => ssm.calls.slice(n).map((c) => ({ names: c.names, withDecryption: c.withDecryption, signed: c.signed }));

describe('#20 secrets from Parameter Store, read at cold start', () => {
  it('telegram: reads its token and webhook secret in one call, then answers updates with them', async () => {
    const before = ssm.calls.length;
    const { handler } = await load<typeof import('../../functions/telegram.ts')>('../../functions/telegram.ts', {
      TELEGRAM_BOT_TOKEN_PARAMETER: NAMES.token, TELEGRAM_WEBHOOK_SECRET_PARAMETER: NAMES.hook,
      TELEGRAM_BOT_USERNAME: BOT.username, TELEGRAM_API_ROOT: telegram.apiRoot,
    });
    const help = JSON.stringify(telegram.userMessage(USER, GROUP, '/help'));
    expect(await handler({ headers: { 'x-telegram-bot-api-secret-token': HOOK_SECRET }, body: help })).toEqual({ statusCode: 200, body: 'ok' });
    expect(telegram.messages(GROUP.id).at(-1)?.text).toBe(t('en', 'help'));
    expect((await handler({ headers: { 'x-telegram-bot-api-secret-token': 'wrong' }, body: help })).statusCode).toBe(401);
    expect(callsSince(before)).toEqual([{ names: [NAMES.token, NAMES.hook], withDecryption: true, signed: true }]);
  });

  it('scheduler: reads the bot token only and starts without any webhook secret', async () => {
    const before = ssm.calls.length;
    const { handler } = await load<typeof import('../../functions/scheduler.ts')>('../../functions/scheduler.ts', {
      TELEGRAM_BOT_TOKEN_PARAMETER: NAMES.token, TELEGRAM_BOT_USERNAME: BOT.username, TELEGRAM_API_ROOT: telegram.apiRoot,
    });
    expect(await handler()).toMatchObject({ due: 0, reminded: 0 });
    expect(callsSince(before)).toEqual([{ names: [NAMES.token], withDecryption: true, signed: true }]);
  });

  it('discord: INIT reads nothing; the bot token is read after the first acknowledgement, once', async () => {
    const before = ssm.calls.length;
    const { press } = await discordFunction();
    expect(callsSince(before)).toEqual([]);
    const channel = discord.guildChannel();
    for (let i = 0; i < 2; i++) {
      await press(channel);
      expect(discord.messages(channel).at(-1)?.content).toBe(t('en', 'help.discord'));
    }
    expect(callsSince(before)).toEqual([{ names: [NAMES.discord], withDecryption: true, signed: true }]);
  });

  it('discord: a refused read (a new role not yet in force) fails that interaction only; the next one reads again', async () => {
    const { press } = await discordFunction();
    const channel = discord.guildChannel();
    ssm.refuseNext = 1;
    const before = ssm.calls.length;
    // The invocation fails after its acknowledgement (the runtime logs it); nothing is posted.
    await expect(press(channel)).rejects.toThrow(/not authorized to perform: ssm:GetParameters/);
    expect(discord.messages(channel).at(-1)?.content).not.toBe(t('en', 'help.discord'));
    await press(channel);
    expect(discord.messages(channel).at(-1)?.content).toBe(t('en', 'help.discord'));
    expect(ssm.calls.length - before).toBe(2);
  });
});

/** functions/discord.ts loaded afresh with its token in Parameter Store, and a `/nardy help` that waits for the work. */
async function discordFunction() {
  const streamed: { status: number; body: string }[] = [];
  const runtime: StreamingRuntime = {
    streamifyResponse: (h) => h,
    HttpResponseStream: {
      from: (_s, prelude) => {
        let body = '';
        return { write: (chunk: string) => void (body += chunk), end: () => void streamed.push({ status: prelude.statusCode, body }) };
      },
    },
  };
  vi.stubGlobal('awslambda', runtime);
  type Handler = (event: { headers?: Record<string, string>; body?: string }, stream: ResponseStream) => Promise<void>;
  const { handler } = await load<{ handler: Handler }>('../../functions/discord.ts', {
    DISCORD_APPLICATION_ID: discord.applicationId, DISCORD_PUBLIC_KEY: discord.publicKey, DISCORD_BOT_TOKEN_PARAMETER: NAMES.discord,
    DISCORD_API_ROOT: discord.apiRoot,
  });
  const sink: ResponseStream = { write: () => true, end: () => true };
  const press = async (channel: ReturnType<DiscordApi['guildChannel']>) => {
    const interaction = discord.command(ANNA, channel, 'help');
    const { headers, body } = discord.signed(interaction);
    const done = handler({ headers, body: body.toString('utf8') }, sink);
    await new Promise((resolve) => setImmediate(resolve));
    discord.acknowledged(interaction, streamed.at(-1)!);
    await done;
  };
  return { press };
}
