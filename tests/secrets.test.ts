/**
 * src/secrets.ts and readConfigWithSecrets (#20: no secret in the deployment template): the real SSM
 * client against a local stand-in of Parameter Store (tests/functions/ssm-api.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig, readConfigWithSecrets, type ParameterReader } from '../src/config.ts';
import { requireDiscordPublicKey } from '../src/platforms/discord/config.ts';
import { readParameters } from '../src/secrets.ts';
import { startSsmApi, type SsmApi } from './functions/ssm-api.ts';

const TOKEN = '7006:AAH-token_from-ParameterStore-0123456';
let ssm: SsmApi;

beforeAll(async () => {
  ssm = await startSsmApi({ '/nardy/test/telegram-bot-token': TOKEN, '/nardy/test/telegram-webhook-secret': 'hook-from-ssm', '/nardy/test/bad': 'not a token' });
});
afterAll(() => ssm.close());

const env = () => ({
  SSM_ENDPOINT: ssm.endpoint, TELEGRAM_BOT_USERNAME: 'nardy_bot',
  TELEGRAM_BOT_TOKEN_PARAMETER: '/nardy/test/telegram-bot-token', TELEGRAM_WEBHOOK_SECRET_PARAMETER: '/nardy/test/telegram-webhook-secret',
});

describe('src/secrets.ts: SecureString parameters read at cold start', () => {
  it('reads the named parameters in one signed, decrypting GetParameters call; unknown names are left out', async () => {
    const before = ssm.calls.length;
    const values = await readParameters(['/nardy/test/telegram-bot-token', '/nardy/test/missing'], readConfig(env()).parameters!.ssm);
    expect(values).toEqual({ '/nardy/test/telegram-bot-token': TOKEN });
    expect(ssm.calls.slice(before)).toEqual([
      { target: 'AmazonSSM.GetParameters', names: ['/nardy/test/telegram-bot-token', '/nardy/test/missing'], withDecryption: true, signed: true },
    ]);
  });

  it('readConfigWithSecrets puts the values where the variables would be, validated the same way', async () => {
    const config = await readConfigWithSecrets(env(), readParameters);
    expect(config.telegram).toMatchObject({ botToken: TOKEN, botId: 7006, webhookSecret: 'hook-from-ssm', botUsername: 'nardy_bot' });
    expect(config.parameters).toBeUndefined();
  });

  it('a variable set in the environment wins over its parameter, and then nothing is read (npm start)', async () => {
    const read: ParameterReader = async () => {
      throw new Error('SSM was called');
    };
    const config = await readConfigWithSecrets({ ...env(), TELEGRAM_BOT_TOKEN: '7007:plain', TELEGRAM_WEBHOOK_SECRET: 'plain' }, read);
    expect(config.telegram).toMatchObject({ botToken: '7007:plain', webhookSecret: 'plain' });
    expect(readConfig({ TELEGRAM_BOT_TOKEN: '7007:plain' }).parameters).toBeUndefined();
  });

  it('a missing parameter names its variable; a bad value is refused without being shown', async () => {
    await expect(readConfigWithSecrets({ ...env(), TELEGRAM_BOT_TOKEN_PARAMETER: '/nardy/test/missing' }, readParameters))
      .rejects.toThrow(new ConfigError('TELEGRAM_BOT_TOKEN_PARAMETER="/nardy/test/missing": no such parameter, or it is empty'));
    const bad = readConfigWithSecrets({ ...env(), TELEGRAM_BOT_TOKEN_PARAMETER: '/nardy/test/bad' }, readParameters);
    await expect(bad).rejects.toThrow(/TELEGRAM_BOT_TOKEN \(11 characters, not shown\) is not valid/);
    expect(() => readConfig({ TELEGRAM_BOT_TOKEN_PARAMETER: 'no-slash' })).toThrow(ConfigError);
  });
});

describe('src/config.ts: the Discord endpoint at INIT, its token still in Parameter Store', () => {
  const KEY = 'ab'.repeat(32);
  it('takes the public key when the bot token is named by a parameter, and names what is missing otherwise', () => {
    const named = { DISCORD_APPLICATION_ID: '1234567890123456789', DISCORD_PUBLIC_KEY: KEY, DISCORD_BOT_TOKEN_PARAMETER: '/nardy/test/discord-bot-token' };
    expect(requireDiscordPublicKey(readConfig(named))).toBe(KEY);
    expect(() => requireDiscordPublicKey(readConfig({ ...named, DISCORD_BOT_TOKEN_PARAMETER: '' })))
      .toThrow(new ConfigError('DISCORD_BOT_TOKEN is not set: the Discord bot needs it'));
    expect(() => requireDiscordPublicKey(readConfig({ ...named, DISCORD_APPLICATION_ID: '' })))
      .toThrow(new ConfigError('DISCORD_APPLICATION_ID is not set: the Discord bot needs it'));
  });
});
