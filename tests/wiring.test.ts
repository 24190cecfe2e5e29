/**
 * Issue #50: a messenger brings its configuration through the registry, so the wiring and the
 * scheduler take every messenger's parts from its entry and name none of them.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig, SECRET_VARIABLES } from '../src/config.ts';
import { CONFIGS, PLATFORMS } from '../src/platforms/index.ts';
import { platformsFromConfig, senderRoles } from '../src/wiring.ts';

const TELEGRAM = { TELEGRAM_BOT_TOKEN: '123456789:AAH-test_Token', TELEGRAM_WEBHOOK_SECRET: 'hook-Secret_1', TELEGRAM_BOT_USERNAME: 'nardy_bot' };
const DISCORD = { DISCORD_APPLICATION_ID: '1234567890123456789', DISCORD_PUBLIC_KEY: 'a'.repeat(64), DISCORD_BOT_TOKEN: 'MTIz.abc.def-ghi_jkl' };

describe('issue #50: each messenger through its registry entry', () => {
  it('every entry has a configuration and a module, and its secrets may come from Parameter Store', () => {
    expect(Object.keys(CONFIGS)).toEqual(Object.keys(PLATFORMS));
    for (const config of Object.values(CONFIGS)) for (const secret of config.secrets) expect(SECRET_VARIABLES).toContain(secret);
  });

  it('the scheduler writes to every messenger whose variables are set, and refuses to start with none', () => {
    // The error names every messenger's variables, from the registry.
    expect(() => senderRoles(readConfig({}))).toThrow(`the scheduler needs ${Object.values(CONFIGS).map((c) => c.variables).join(' or ')} variables: it has nobody to write to`);
    expect(() => senderRoles(readConfig({}))).toThrow(/TELEGRAM_\* or DISCORD_\*/);
    expect(senderRoles(readConfig(TELEGRAM))).toEqual({ telegram: 'send', warm: true });
    expect(senderRoles(readConfig({ ...TELEGRAM, ...DISCORD }))).toEqual({ telegram: 'send', discord: 'send', warm: true });
  });

  it('a messenger\'s parts come from its own configuration: a webhook secret only to receive, a missing variable named', () => {
    const config = readConfig({ ...TELEGRAM, ...DISCORD });
    expect(platformsFromConfig(config, { telegram: 'receive' })).toEqual({
      telegram: { token: TELEGRAM.TELEGRAM_BOT_TOKEN, bot: { id: 123456789, username: 'nardy_bot' }, apiRoot: 'https://api.telegram.org', webhookSecret: 'hook-Secret_1' },
    });
    expect(platformsFromConfig(config, { telegram: 'send', discord: 'send' })).toEqual({
      telegram: { token: TELEGRAM.TELEGRAM_BOT_TOKEN, bot: { id: 123456789, username: 'nardy_bot' }, apiRoot: 'https://api.telegram.org' },
      discord: { applicationId: DISCORD.DISCORD_APPLICATION_ID, botToken: DISCORD.DISCORD_BOT_TOKEN, apiRoot: 'https://discord.com/api' },
    });
    expect(() => platformsFromConfig(readConfig({ ...TELEGRAM, TELEGRAM_WEBHOOK_SECRET: '' }), { telegram: 'receive' }))
      .toThrow(new ConfigError('TELEGRAM_WEBHOOK_SECRET is not set: the Telegram bot needs it'));
  });
});
