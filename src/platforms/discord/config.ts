/**
 * Discord's configuration (its part of `src/config.ts`, through the registry):
 *
 * | variable                  | meaning                                               | default            |
 * |---------------------------|-------------------------------------------------------|--------------------|
 * | `DISCORD_APPLICATION_ID`  | the Discord application's id (a snowflake)            | unset              |
 * | `DISCORD_PUBLIC_KEY`      | the application's Ed25519 public key, 64 hex digits   | unset              |
 * | `DISCORD_BOT_TOKEN`       | the application's bot token                           | unset              |
 * | `DISCORD_API_ROOT`        | the Discord HTTP API, without version (a stand-in in tests) | `https://discord.com/api` |
 * | `DISCORD_GATEWAY`         | `on`/`off`: whether `npm start` logs in to the gateway | on without `DISCORD_PUBLIC_KEY` |
 *
 * Optional at load, as Telegram's: `config.discord` is present once one `DISCORD_*` variable is
 * set; `requireDiscord` insists on all of them. The bot token may come from Parameter Store.
 */
import { ConfigError, readHttpUrl, readVariable, type Env } from '../../lib/index.ts';
import type { MessengerConfig } from '../shared/config.ts';

/** The Discord variables as set; only `apiRoot` has a default. */
export type DiscordSettings = {
  applicationId?: string;
  publicKey?: string;
  botToken?: string;
  apiRoot: string;
  /** `DISCORD_GATEWAY`: whether `npm start` logs in to the gateway; unset, it does when there is no public key. */
  gateway?: boolean;
};

/** An application as a deployed function is built from (`DiscordParts` adds a log). */
export interface DiscordApplication {
  readonly applicationId: string;
  readonly botToken: string;
  /** `https://discord.com/api`, or a stand-in. */
  readonly apiRoot: string;
}

/** What the Discord function needs, every part present (`requireDiscord`); the gateway is `npm start`'s alone. */
export type DiscordConfig = Required<Omit<DiscordSettings, 'gateway'>>;

const DISCORD_API = 'https://discord.com/api';

/** The Discord settings `env` sets; undefined when it sets none. */
export function readDiscord(env: Env): DiscordSettings | undefined {
  const applicationId = readVariable(env, 'DISCORD_APPLICATION_ID', /^\d{17,20}$/, 'a snowflake such as 1234567890123456789');
  const publicKey = readVariable(env, 'DISCORD_PUBLIC_KEY', /^[0-9a-fA-F]{64}$/, '64 hex digits (the portal\'s "Public Key")')?.toLowerCase();
  const botToken = readVariable(env, 'DISCORD_BOT_TOKEN', /^[A-Za-z0-9._-]{20,200}$/, 'a bot token from the developer portal', true);
  const apiRoot = readHttpUrl(env, 'DISCORD_API_ROOT')?.replace(/\/+$/, '');
  const gateway = readVariable(env, 'DISCORD_GATEWAY', /^(on|off)$/, 'on or off');
  if ([applicationId, publicKey, botToken, apiRoot, gateway].every((v) => v === undefined)) return undefined;
  return {
    ...(applicationId === undefined ? {} : { applicationId }),
    ...(publicKey === undefined ? {} : { publicKey }),
    ...(botToken === undefined ? {} : { botToken }),
    apiRoot: apiRoot ?? DISCORD_API,
    ...(gateway === undefined ? {} : { gateway: gateway === 'on' }),
  };
}

/**
 * What the interactions endpoint checks signatures with, at INIT: every Discord variable must be
 * there, but the bot token may still be in Parameter Store (it is read after the first
 * acknowledgement). Throws `ConfigError` naming the first missing one.
 */
export function requireDiscordPublicKey(config: { readonly discord?: DiscordSettings; readonly parameters?: { readonly names: Readonly<Partial<Record<string, string>>> } }): string {
  const d = config.discord ?? { apiRoot: DISCORD_API };
  const later = config.parameters?.names.DISCORD_BOT_TOKEN !== undefined ? { botToken: d.botToken ?? 'read later' } : {};
  return requireDiscord({ discord: { ...d, ...later } }).publicKey;
}

/** The Discord part of `config` with every variable present. Throws `ConfigError` naming the first missing one. */
export function requireDiscord(config: { readonly discord?: DiscordSettings }): DiscordConfig {
  const d = config.discord ?? { apiRoot: DISCORD_API };
  const missing = (name: string): never => {
    throw new ConfigError(`${name} is not set: the Discord bot needs it`);
  };
  return {
    applicationId: d.applicationId ?? missing('DISCORD_APPLICATION_ID'),
    publicKey: d.publicKey ?? missing('DISCORD_PUBLIC_KEY'),
    botToken: d.botToken ?? missing('DISCORD_BOT_TOKEN'),
    apiRoot: d.apiRoot,
  };
}

/** Discord's entry in the registry's configuration: the same parts to receive interactions and to write. */
export const DISCORD_CONFIG: MessengerConfig<DiscordSettings, DiscordApplication> = {
  variables: 'DISCORD_*',
  secrets: ['DISCORD_BOT_TOKEN'],
  read: readDiscord,
  parts(settings) {
    const d = requireDiscord(settings === undefined ? {} : { discord: settings });
    return { applicationId: d.applicationId, botToken: d.botToken, apiRoot: d.apiRoot };
  },
  // A bot token: three dot-separated base64url parts.
  tokenShapes: [[/\b[A-Za-z0-9_-]{23,28}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}\b/g, '***']],
};
