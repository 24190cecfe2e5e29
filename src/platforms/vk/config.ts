/**
 * VK's configuration (its part of `src/config.ts`, through the registry):
 *
 * | variable          | meaning                                                          | default              |
 * |-------------------|------------------------------------------------------------------|----------------------|
 * | `VK_GROUP_ID`     | the community's id (positive)                                    | unset                |
 * | `VK_TOKEN`        | the community's access token (messages, photos, docs)            | unset                |
 * | `VK_SECRET`       | the Callback API's secret key, 1–50 of A-Z a-z 0-9               | unset                |
 * | `VK_CONFIRMATION` | the string the Callback API's confirmation must return           | unset                |
 * | `VK_API_ROOT`     | the VK API (a stand-in in tests)                                 | `https://api.vk.com` |
 *
 * Optional at load: `config.vk` is present once one `VK_*` variable is set; `requireVk` insists on
 * all of them (the Callback endpoint), `requireVkSender` on the community and its token (the
 * scheduler writes only). The token and the secret key may come from Parameter Store — read only
 * when `VK_GROUP_ID` is set (`requires`), so one template serves a deployment without VK.
 */
import { ConfigError, readHttpUrl, readVariable, type Env } from '../../lib/index.ts';
import type { MessengerConfig } from '../shared/config.ts';

/** The VK variables as set; only `apiRoot` has a default. */
export type VkSettings = {
  groupId?: number;
  token?: string;
  secret?: string;
  confirmation?: string;
  apiRoot: string;
};

/** What the Callback endpoint needs, every part present (`requireVk`). */
export type VkConfig = Required<VkSettings>;

/** The community as the configuration makes it: its id, token and API; for the Callback endpoint, its secret key and confirmation code too. */
export interface VkCommunity {
  readonly groupId: number;
  readonly token: string;
  /** `https://api.vk.com`, or a stand-in. */
  readonly apiRoot: string;
  /** The Callback API's secret key and confirmation code; without them a process only writes (the scheduler). */
  readonly secret?: string;
  readonly confirmation?: string;
}

const VK_API = 'https://api.vk.com';

/** The VK settings `env` sets; undefined when it sets none. */
export function readVk(env: Env): VkSettings | undefined {
  const group = readVariable(env, 'VK_GROUP_ID', /^[1-9]\d{0,11}$/, 'a community id such as 200000001 (positive)');
  const token = readVariable(env, 'VK_TOKEN', /^[A-Za-z0-9._-]{20,300}$/, 'a community access token', true);
  const secret = readVariable(env, 'VK_SECRET', /^[A-Za-z0-9]{1,50}$/, '1–50 of A-Z a-z 0-9 (the Callback API\'s secret key)', true);
  const confirmation = readVariable(env, 'VK_CONFIRMATION', /^[A-Za-z0-9]{1,64}$/, 'the confirmation string the Callback API settings show');
  const apiRoot = readHttpUrl(env, 'VK_API_ROOT')?.replace(/\/+$/, '');
  if ([group, token, secret, confirmation, apiRoot].every((v) => v === undefined)) return undefined;
  return {
    ...(group === undefined ? {} : { groupId: Number(group) }),
    ...(token === undefined ? {} : { token }),
    ...(secret === undefined ? {} : { secret }),
    ...(confirmation === undefined ? {} : { confirmation }),
    apiRoot: apiRoot ?? VK_API,
  };
}

/** What a process that only writes to VK (the scheduler) needs. Throws `ConfigError` naming the first missing variable. */
export function requireVkSender(settings: VkSettings | undefined): Omit<VkConfig, 'secret' | 'confirmation'> {
  const v = settings ?? { apiRoot: VK_API };
  return { groupId: v.groupId ?? missing('VK_GROUP_ID'), token: v.token ?? missing('VK_TOKEN'), apiRoot: v.apiRoot };
}

/** Every VK variable present (the Callback endpoint). Throws `ConfigError` naming the first missing one. */
export function requireVk(settings: VkSettings | undefined): VkConfig {
  return { ...requireVkSender(settings), secret: settings?.secret ?? missing('VK_SECRET'), confirmation: settings?.confirmation ?? missing('VK_CONFIRMATION') };
}

function missing(name: string): never {
  throw new ConfigError(`${name} is not set: the VK bot needs it`);
}

/** VK's entry in the registry's configuration. */
export const VK_CONFIG: MessengerConfig<VkSettings, VkCommunity> = {
  variables: 'VK_*',
  secrets: ['VK_TOKEN', 'VK_SECRET'],
  requires: 'VK_GROUP_ID',
  read: readVk,
  parts(settings, role) {
    const sender = requireVkSender(settings);
    if (role === 'send') return sender;
    const { secret, confirmation } = requireVk(settings);
    return { ...sender, secret, confirmation };
  },
  // A community token: `vk1.a.…` now, 85 hex digits before; and one quoted in a URL, should a proxy's error page show one.
  tokenShapes: [[/\bvk1\.a\.[A-Za-z0-9_-]{20,}/g, 'vk1.a.***'], [/\b[0-9a-f]{85}\b/g, '***'], [/access_token=[^&\s"']+/g, 'access_token=***']],
};
