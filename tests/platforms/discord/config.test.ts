/** The DISCORD_* variables (src/config.ts): read once, validated, named when wrong or missing. */
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../src/config.ts';
import { requireDiscord } from '../../../src/platforms/discord/config.ts';

const KEY = 'ab'.repeat(32);

describe('config.ts: Discord', () => {
  it('no DISCORD_* variable: no discord part; requireDiscord names the first one missing', () => {
    const config = readConfig({});
    expect(config.discord).toBeUndefined();
    expect(() => requireDiscord(config)).toThrow(new ConfigError('DISCORD_APPLICATION_ID is not set: the Discord bot needs it'));
  });

  it('all of them: the public key lower-cased, the API root without a trailing slash', () => {
    const config = readConfig({ DISCORD_APPLICATION_ID: '1234567890123456789', DISCORD_PUBLIC_KEY: KEY.toUpperCase(), DISCORD_BOT_TOKEN: 'MTIz.abc.def-ghi_jkl', DISCORD_API_ROOT: 'http://127.0.0.1:9/api/' });
    expect(requireDiscord(config)).toEqual({ applicationId: '1234567890123456789', publicKey: KEY, botToken: 'MTIz.abc.def-ghi_jkl', apiRoot: 'http://127.0.0.1:9/api' });
  });

  it('the API root defaults to Discord\'s', () => {
    expect(readConfig({ DISCORD_APPLICATION_ID: '1234567890123456789' }).discord?.apiRoot).toBe('https://discord.com/api');
  });

  it.each([
    ['DISCORD_PUBLIC_KEY', 'not-hex'],
    ['DISCORD_APPLICATION_ID', '12ab'],
    ['DISCORD_API_ROOT', 'ftp://discord.com'],
  ])('a bad %s fails naming it', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(new RegExp(`^${name}`));
  });

  it('issue 15.5: DISCORD_GATEWAY is on or off, absent when unset; requireDiscord (the Lambda\'s) leaves it out', () => {
    const base = { DISCORD_APPLICATION_ID: '1234567890123456789', DISCORD_PUBLIC_KEY: KEY, DISCORD_BOT_TOKEN: 'MTIz.abc.def-ghi_jkl' };
    expect(readConfig(base).discord?.gateway).toBeUndefined();
    expect(readConfig({ ...base, DISCORD_GATEWAY: 'on' }).discord?.gateway).toBe(true);
    expect(readConfig({ ...base, DISCORD_GATEWAY: 'off' }).discord?.gateway).toBe(false);
    expect(requireDiscord(readConfig({ ...base, DISCORD_GATEWAY: 'on' }))).not.toHaveProperty('gateway');
    expect(() => readConfig({ ...base, DISCORD_GATEWAY: 'yes' })).toThrow(new ConfigError('DISCORD_GATEWAY="yes" is not valid: expected on or off'));
  });

  it('a bad bot token is named, its value never shown', () => {
    expect(() => readConfig({ DISCORD_BOT_TOKEN: 'secret with spaces in it!' })).toThrow(/^DISCORD_BOT_TOKEN \(25 characters, not shown\)/);
  });
});
