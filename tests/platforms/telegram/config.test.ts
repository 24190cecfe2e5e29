import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../src/config.ts';
import { requireTelegram } from '../../../src/platforms/telegram/config.ts';

const TOKEN = '123456789:AAH-test_Token';
const FULL = {
  TELEGRAM_BOT_TOKEN: TOKEN,
  TELEGRAM_WEBHOOK_SECRET: 'hook-Secret_1',
  TELEGRAM_BOT_USERNAME: 'nardy_bot',
};

describe('src/config.ts: the Telegram variables', () => {
  it('leaves the Telegram section out when no TELEGRAM_* variable is set (the CLI needs none)', () => {
    expect(readConfig({}).telegram).toBeUndefined();
    expect(readConfig({ TELEGRAM_BOT_TOKEN: '', TELEGRAM_API_ROOT: '' }).telegram).toBeUndefined();
  });

  it('reads token, secret and username, deriving the bot id from the token and defaulting the API root', () => {
    expect(readConfig(FULL).telegram).toEqual({
      botToken: TOKEN,
      webhookSecret: 'hook-Secret_1',
      botUsername: 'nardy_bot',
      botId: 123456789,
      apiRoot: 'https://api.telegram.org',
    });
  });

  it('takes TELEGRAM_BOT_ID and TELEGRAM_API_ROOT when set, and a username written with @', () => {
    const t = readConfig({ ...FULL, TELEGRAM_BOT_ID: '123456789', TELEGRAM_API_ROOT: 'http://127.0.0.1:8081', TELEGRAM_BOT_USERNAME: '@nardy_bot' }).telegram;
    expect(t).toMatchObject({ botId: 123456789, apiRoot: 'http://127.0.0.1:8081', botUsername: 'nardy_bot' });
  });

  it('requireTelegram returns every part when all are set', () => {
    expect(requireTelegram(readConfig(FULL))).toEqual({
      botToken: TOKEN,
      webhookSecret: 'hook-Secret_1',
      botUsername: 'nardy_bot',
      botId: 123456789,
      apiRoot: 'https://api.telegram.org',
    });
  });

  it.each([
    ['TELEGRAM_BOT_TOKEN', {}],
    ['TELEGRAM_BOT_TOKEN', { TELEGRAM_WEBHOOK_SECRET: 's', TELEGRAM_BOT_USERNAME: 'nardy_bot' }],
    ['TELEGRAM_WEBHOOK_SECRET', { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_BOT_USERNAME: 'nardy_bot' }],
    ['TELEGRAM_BOT_USERNAME', { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_SECRET: 's' }],
  ])('requireTelegram fails naming %s when it is missing', (name, env) => {
    expect(() => requireTelegram(readConfig(env))).toThrow(ConfigError);
    expect(() => requireTelegram(readConfig(env))).toThrow(new RegExp(`^${name} is not set`));
  });

  it.each([
    ['TELEGRAM_BOT_TOKEN', 'no-colon-here'],
    ['TELEGRAM_BOT_TOKEN', '12:has spaces'],
    ['TELEGRAM_WEBHOOK_SECRET', 'has space'],
    ['TELEGRAM_WEBHOOK_SECRET', 'x'.repeat(257)],
    ['TELEGRAM_WEBHOOK_SECRET', 'dots.not.allowed'],
    ['TELEGRAM_BOT_USERNAME', 'a b'],
    ['TELEGRAM_BOT_ID', '-5'],
    ['TELEGRAM_BOT_ID', 'twelve'],
    ['TELEGRAM_API_ROOT', 'api.telegram.org'],
  ])('fails at load naming %s when it is %j', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => readConfig({ [name]: value })).toThrow(new RegExp(`^${name}[ =]`));
  });

  it('accepts a 256-character secret', () => {
    expect(readConfig({ TELEGRAM_WEBHOOK_SECRET: 'a'.repeat(256) }).telegram?.webhookSecret).toHaveLength(256);
  });

  it('fails naming TELEGRAM_BOT_ID when it disagrees with the token', () => {
    expect(() => readConfig({ ...FULL, TELEGRAM_BOT_ID: '42' })).toThrow(/^TELEGRAM_BOT_ID=/);
  });

  it('never shows a bad token or secret in the error message', () => {
    expect(() => readConfig({ TELEGRAM_BOT_TOKEN: 'secret value' })).toThrow(/^TELEGRAM_BOT_TOKEN \(12 characters, not shown\)/);
    expect(() => readConfig({ TELEGRAM_WEBHOOK_SECRET: 'hunter 2' })).not.toThrow(/hunter/);
    expect(() => readConfig({ TELEGRAM_WEBHOOK_SECRET: 'hunter 2' })).toThrow(ConfigError);
  });
});
