/** The VK_* variables (src/platforms/vk/config.ts through the registry): read once, validated, named when wrong or missing. */
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig, readConfigWithSecrets } from '../../../src/config.ts';
import { maskSecrets } from '../../../src/platforms/shared/log.ts';
import { requireVk, VK_CONFIG } from '../../../src/platforms/vk/config.ts';
import { platformsFromConfig, senderRoles } from '../../../src/wiring.ts';

const ALL = { VK_GROUP_ID: '200000001', VK_TOKEN: 'vk1.a.community-token-0123456789', VK_SECRET: 'Secret123', VK_CONFIRMATION: 'a1b2c3d4' };

describe('config: VK', () => {
  it('no VK_* variable: no vk part; requireVk names the first one missing', () => {
    const config = readConfig({});
    expect(config.vk).toBeUndefined();
    expect(() => requireVk(config.vk)).toThrow(new ConfigError('VK_GROUP_ID is not set: the VK bot needs it'));
    expect(() => requireVk(readConfig({ VK_GROUP_ID: '1', VK_TOKEN: ALL.VK_TOKEN }).vk)).toThrow(new ConfigError('VK_SECRET is not set: the VK bot needs it'));
  });

  it('all of them: the endpoint\'s parts and the scheduler\'s (no secret key, no confirmation)', () => {
    const config = readConfig({ ...ALL, VK_API_ROOT: 'http://127.0.0.1:9/' });
    expect(platformsFromConfig(config, { vk: 'receive' }).vk).toEqual({ groupId: 200000001, token: ALL.VK_TOKEN, apiRoot: 'http://127.0.0.1:9', secret: 'Secret123', confirmation: 'a1b2c3d4' });
    expect(platformsFromConfig(config, senderRoles(config)).vk).toEqual({ groupId: 200000001, token: ALL.VK_TOKEN, apiRoot: 'http://127.0.0.1:9' });
    expect(readConfig({ VK_GROUP_ID: '5' }).vk?.apiRoot).toBe('https://api.vk.com');
  });

  it.each([
    ['VK_GROUP_ID', '-5'],
    ['VK_SECRET', 'has spaces'],
    ['VK_API_ROOT', 'ftp://api.vk.com'],
  ])('a bad %s fails naming it', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(new RegExp(`^${name}`));
  });

  it('a community token never reaches a log line', () => {
    const text = `upload failed: access_token=${ALL.VK_TOKEN}&v=5.199 (${ALL.VK_TOKEN}) ${'a1'.repeat(42)}f`;
    expect(maskSecrets(text)).toBe('upload failed: access_token=***&v=5.199 (vk1.a.***) ***');
  });

  it('a bad token is named, its value never shown', () => {
    expect(() => readConfig({ VK_TOKEN: 'secret with spaces in it!' })).toThrow(/^VK_TOKEN \(25 characters, not shown\)/);
  });

  it('its secrets come from Parameter Store only for a configured community: one template serves a deployment without VK', async () => {
    const named = { VK_TOKEN_PARAMETER: '/nardy/prod/vk-token', VK_SECRET_PARAMETER: '/nardy/prod/vk-secret', BUTTON_TOKEN_KEY_PARAMETER: '/nardy/prod/button-token-key' };
    expect(VK_CONFIG.secrets).toEqual(['VK_TOKEN', 'VK_SECRET']);
    expect(readConfig(named).parameters?.names).toEqual({ BUTTON_TOKEN_KEY: '/nardy/prod/button-token-key' });
    expect(readConfig({ ...named, VK_GROUP_ID: '7' }).parameters?.names).toEqual({ VK_TOKEN: '/nardy/prod/vk-token', VK_SECRET: '/nardy/prod/vk-secret', BUTTON_TOKEN_KEY: '/nardy/prod/button-token-key' });
    const read = async (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, n.endsWith('vk-token') ? ALL.VK_TOKEN : n.endsWith('vk-secret') ? 'FromSsm1' : 'k'.repeat(40)]));
    const config = await readConfigWithSecrets({ ...named, VK_GROUP_ID: '7', VK_CONFIRMATION: 'abc' }, read);
    expect(requireVk(config.vk)).toMatchObject({ groupId: 7, token: ALL.VK_TOKEN, secret: 'FromSsm1' });
  });
});
