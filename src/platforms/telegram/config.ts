/**
 * Telegram's configuration (its part of `src/config.ts`, through the registry):
 *
 * | variable                  | meaning                                               | default            |
 * |---------------------------|-------------------------------------------------------|--------------------|
 * | `TELEGRAM_BOT_TOKEN`      | the bot's token from BotFather (`123456:ABC…`)        | unset              |
 * | `TELEGRAM_WEBHOOK_SECRET` | the webhook's secret token, 1–256 of A-Z a-z 0-9 _ -  | unset              |
 * | `TELEGRAM_BOT_USERNAME`   | the bot's username, without `@`                       | unset              |
 * | `TELEGRAM_BOT_ID`         | the bot's numeric id                                  | the token's prefix |
 * | `TELEGRAM_API_ROOT`       | the Bot API server (a stand-in in tests and local runs) | `https://api.telegram.org` |
 *
 * Optional at load: `config.telegram` is present as soon as one `TELEGRAM_*` variable is set, each
 * value validated then; `requireTelegram` insists on all of them (the webhook's function), and
 * `requireTelegramSender` on all but the webhook secret (the scheduler writes only). The token and
 * the webhook secret may come from Parameter Store.
 */
import { ConfigError, readHttpUrl, readVariable, type Env } from '../../lib/index.ts';
import type { MessengerConfig } from '../shared/config.ts';

/** The Telegram variables as set; only `apiRoot` has a default. */
export type TelegramSettings = {
  botToken?: string;
  webhookSecret?: string;
  botUsername?: string;
  botId?: number;
  apiRoot: string;
};

/** A bot as a deployed function is built from (`TelegramParts` adds what a process tunes). */
export interface TelegramBot {
  readonly token: string;
  readonly bot: { readonly id: number; readonly username: string };
  /** The Bot API server: `https://api.telegram.org`, or a stand-in. */
  readonly apiRoot: string;
  /** The webhook's secret header; without it this process only writes unprompted (the scheduler). */
  readonly webhookSecret?: string;
}

/** What the Telegram webhook needs, every part present (`requireTelegram`). */
export type TelegramConfig = Required<TelegramSettings>;

const TELEGRAM_API = 'https://api.telegram.org';

/** The Telegram settings `env` sets; undefined when it sets none. */
export function readTelegram(env: Env): TelegramSettings | undefined {
  const botToken = readVariable(env, 'TELEGRAM_BOT_TOKEN', /^\d{1,20}:[A-Za-z0-9_-]{1,100}$/, 'a BotFather token such as 123456:ABC-DEF', true);
  const webhookSecret = readVariable(env, 'TELEGRAM_WEBHOOK_SECRET', /^[A-Za-z0-9_-]{1,256}$/, '1–256 of A-Z a-z 0-9 _ -', true);
  const botUsername = readVariable(env, 'TELEGRAM_BOT_USERNAME', /^@?[A-Za-z][A-Za-z0-9_]{2,31}$/, 'a bot username such as nardy_bot')
    ?.replace(/^@/, '');
  const idText = readVariable(env, 'TELEGRAM_BOT_ID', /^[1-9]\d{0,15}$/, 'a positive whole number');
  const apiRoot = readHttpUrl(env, 'TELEGRAM_API_ROOT');
  const tokenId = botToken === undefined ? undefined : Number(botToken.slice(0, botToken.indexOf(':')));
  if (idText !== undefined && tokenId !== undefined && Number(idText) !== tokenId) {
    throw new ConfigError(`TELEGRAM_BOT_ID=${JSON.stringify(idText)} is not valid: the token TELEGRAM_BOT_TOKEN belongs to bot ${tokenId}`);
  }
  const botId = idText === undefined ? tokenId : Number(idText);
  if ([botToken, webhookSecret, botUsername, botId, apiRoot].every((v) => v === undefined)) return undefined;
  return {
    ...(botToken === undefined ? {} : { botToken }),
    ...(webhookSecret === undefined ? {} : { webhookSecret }),
    ...(botUsername === undefined ? {} : { botUsername }),
    ...(botId === undefined ? {} : { botId }),
    apiRoot: apiRoot ?? TELEGRAM_API,
  };
}

/**
 * The Telegram part of `config` with every variable present. Throws `ConfigError` naming the first
 * missing one (`TELEGRAM_BOT_ID` is never missing: the token's prefix is the bot's id).
 */
export function requireTelegram(config: { readonly telegram?: TelegramSettings }): TelegramConfig {
  const t = config.telegram ?? { apiRoot: TELEGRAM_API };
  return { ...requireTelegramSender(config), webhookSecret: t.webhookSecret ?? missingTelegram('TELEGRAM_WEBHOOK_SECRET') };
}

/** What a process that only writes to Telegram (the scheduler) needs: no webhook secret. */
export function requireTelegramSender(config: { readonly telegram?: TelegramSettings }): Omit<TelegramConfig, 'webhookSecret'> {
  const t = config.telegram ?? { apiRoot: TELEGRAM_API };
  return {
    botToken: t.botToken ?? missingTelegram('TELEGRAM_BOT_TOKEN'),
    botUsername: t.botUsername ?? missingTelegram('TELEGRAM_BOT_USERNAME'),
    botId: t.botId ?? missingTelegram('TELEGRAM_BOT_TOKEN'),
    apiRoot: t.apiRoot,
  };
}

function missingTelegram(name: string): never {
  throw new ConfigError(`${name} is not set: the Telegram bot needs it`);
}

/** Telegram's entry in the registry's configuration. */
export const TELEGRAM_CONFIG: MessengerConfig<TelegramSettings, TelegramBot> = {
  variables: 'TELEGRAM_*',
  secrets: ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_WEBHOOK_SECRET'],
  read: readTelegram,
  parts(settings, role) {
    const t = requireTelegramSender({ ...(settings === undefined ? {} : { telegram: settings }) });
    return {
      token: t.botToken, bot: { id: t.botId, username: t.botUsername }, apiRoot: t.apiRoot,
      ...(role === 'receive' ? { webhookSecret: requireTelegram({ ...(settings === undefined ? {} : { telegram: settings }) }).webhookSecret } : {}),
    };
  },
  // The bot's token is the one secret every function of a deployment shares.
  ticketSecret: (parts) => parts.token,
  // In a Bot API URL (`…/bot<id>:<secret>/sendMessage`, which node-fetch quotes when an answer is
  // not JSON) or alone (`<id>:<35 characters>`); the bot's id is kept: it is public.
  tokenShapes: [[/\bbot(\d{1,20}):[A-Za-z0-9_-]+/g, 'bot$1:***'], [/\b(\d{1,20}):[A-Za-z0-9_-]{30,}/g, '$1:***']],
};
