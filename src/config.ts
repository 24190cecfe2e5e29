/**
 * The process configuration, read from the environment once, at load, and validated (STYLE.md
 * §14). This is the only module that reads `process.env`; everything else receives `config` or a
 * part of it. `readConfig(env)` reads any map, so tests pass their own.
 *
 * | variable            | meaning                                                     | default        |
 * |---------------------|-------------------------------------------------------------|----------------|
 * | `TABLE_NAME`        | the DynamoDB table of games                                 | `nardy`        |
 * | `DYNAMODB_ENDPOINT` | a DynamoDB endpoint URL (dynalite, DynamoDB Local); unset = AWS | AWS        |
 * | `AWS_REGION`        | the region                                                  | `eu-central-1` |
 * | `TELEGRAM_BOT_TOKEN`      | the bot's token from BotFather (`123456:ABC…`)        | unset          |
 * | `TELEGRAM_WEBHOOK_SECRET` | the webhook's secret token, 1–256 of A-Z a-z 0-9 _ -  | unset          |
 * | `TELEGRAM_BOT_USERNAME`   | the bot's username, without `@`                       | unset          |
 * | `TELEGRAM_BOT_ID`         | the bot's numeric id                                  | the token's prefix |
 * | `TELEGRAM_API_ROOT`       | the Bot API server (a stand-in in tests and local runs) | `https://api.telegram.org` |
 * | `DISCORD_APPLICATION_ID`  | the Discord application's id (a snowflake)            | unset          |
 * | `DISCORD_PUBLIC_KEY`      | the application's Ed25519 public key, 64 hex digits   | unset          |
 * | `DISCORD_BOT_TOKEN`       | the application's bot token                           | unset          |
 * | `DISCORD_API_ROOT`        | the Discord HTTP API, without version (a stand-in in tests) | `https://discord.com/api` |
 * | `DISCORD_GATEWAY`         | `on`/`off`: whether `npm start` logs in to the gateway | on without `DISCORD_PUBLIC_KEY` |
 * | `PORT`              | the HTTP port of the local process (`npm start`)            | 3000           |
 * | `TELEGRAM_BOT_TOKEN_PARAMETER`, `TELEGRAM_WEBHOOK_SECRET_PARAMETER`, `DISCORD_BOT_TOKEN_PARAMETER`, `BUTTON_TOKEN_KEY_PARAMETER` | the SSM parameter (SecureString) holding that secret, for a deployed function | unset |
 * | `SSM_ENDPOINT`      | an SSM endpoint URL (a stand-in in tests); unset = AWS      | AWS            |
 * | `BUTTON_TOKEN_KEY`  | the key button tokens are signed with, 32–256 characters; the same in every function | a public development key |
 *
 * With `DYNAMODB_ENDPOINT` set and no `AWS_ACCESS_KEY_ID`, dummy credentials are used (a local
 * endpoint accepts any); otherwise the environment's keys, else the AWS SDK's default chain
 * (src/aws/credentials.ts). An empty variable counts as unset.
 *
 * The Telegram variables are optional at load (the engine CLI and the other functions need none):
 * `config.telegram` is present as soon as one `TELEGRAM_*` variable is set, each value validated
 * then, and `requireTelegram(config)` is what the Telegram function calls to insist on all of them.
 * The Discord variables work the same way: `config.discord`, `requireDiscord(config)`.
 *
 * Secrets of a deployed function (README, "Running it in public"): its template names a parameter
 * (`TELEGRAM_BOT_TOKEN_PARAMETER=/nardy/prod/telegram-bot-token`) instead of holding the value, so
 * the value is in no CloudFormation template or deployment bucket. `config.parameters` lists the
 * parameters still to read; `readConfigWithSecrets(env, read)` reads them once (at cold start) and
 * validates each value as if it had been set in the environment. A variable set in the
 * environment wins over its parameter: `npm start` and the tests read plain variables.
 */
import type { DynamoDbSettings } from './store/index.ts';

/** Everything the process is configured with. */
export type Config = {
  tableName: string;
  dynamodb: DynamoDbSettings;
  /** Absent when no `TELEGRAM_*` variable is set. */
  telegram?: TelegramSettings;
  /** Absent when no `DISCORD_*` variable is set. */
  discord?: DiscordSettings;
  /** `PORT`, for the local process (`npm start`); absent when unset. */
  port?: number;
  /** `SWEEP_EVERY_SECONDS`: how often `npm start` sweeps (0: never); absent when unset. */
  sweepEverySeconds?: number;
  /** Secrets still to be read from SSM Parameter Store; absent when none is named. */
  parameters?: SecretParameters;
  /** `BUTTON_TOKEN_KEY`: the key button tokens are signed with (`src/app/tokens.ts`); absent: the public development key. */
  buttonTokenKey?: string;
};

/** The variables that may come from SSM Parameter Store instead of the environment. */
export const SECRET_VARIABLES = ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_WEBHOOK_SECRET', 'DISCORD_BOT_TOKEN', 'BUTTON_TOKEN_KEY'] as const;
export type SecretVariable = (typeof SECRET_VARIABLES)[number];

/** Which parameter holds which secret, and where SSM is (the same region and local credentials as DynamoDB). */
export type SecretParameters = {
  names: Partial<Record<SecretVariable, string>>;
  ssm: DynamoDbSettings;
};

/** Reads SecureString parameters by name (decrypted): name → value, a missing one left out. */
export type ParameterReader = (names: readonly string[], ssm: DynamoDbSettings) => Promise<Readonly<Record<string, string>>>;

/** The Telegram variables as set; only `apiRoot` has a default. */
export type TelegramSettings = {
  botToken?: string;
  webhookSecret?: string;
  botUsername?: string;
  botId?: number;
  apiRoot: string;
};

/** What the Telegram webhook needs, every part present (`requireTelegram`). */
export type TelegramConfig = Required<TelegramSettings>;

/** The Discord variables as set; only `apiRoot` has a default. */
export type DiscordSettings = {
  applicationId?: string;
  publicKey?: string;
  botToken?: string;
  apiRoot: string;
  /** `DISCORD_GATEWAY`: whether `npm start` logs in to the gateway; unset, it does when there is no public key. */
  gateway?: boolean;
};

/** What the Discord function needs, every part present (`requireDiscord`); the gateway is `npm start`'s alone. */
export type DiscordConfig = Required<Omit<DiscordSettings, 'gateway'>>;

/** A configuration variable with a bad value; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An environment: variable name → value. */
export type Env = Readonly<Record<string, string | undefined>>;

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

/** The configuration described by `env`. Throws `ConfigError` naming the first bad variable. */
export function readConfig(env: Env): Config {
  const endpoint = readHttpUrl(env, 'DYNAMODB_ENDPOINT');
  const region = readVariable(env, 'AWS_REGION', /^[a-z]{2}(-[a-z]+)+-\d+$/, 'a region such as eu-central-1') ??
    'eu-central-1';
  const useLocalCredentials = endpoint !== undefined && readVariable(env, 'AWS_ACCESS_KEY_ID') === undefined;
  const telegram = readTelegram(env);
  const discord = readDiscord(env);
  const port = readVariable(env, 'PORT', /^\d{1,5}$/, 'a port number 0–65535');
  if (port !== undefined && Number(port) > 65535) throw new ConfigError(`PORT=${JSON.stringify(port)} is not valid: expected a port number 0–65535`);
  const sweepEvery = readVariable(env, 'SWEEP_EVERY_SECONDS', /^\d{1,5}$/, 'a whole number of seconds (0: never)');
  const parameters = readParameters(env, region);
  const buttonTokenKey = readVariable(env, 'BUTTON_TOKEN_KEY', /^[\x21-\x7e]{32,256}$/, '32–256 printable characters', true);
  return {
    tableName: readVariable(env, 'TABLE_NAME', /^[A-Za-z0-9_.-]{3,255}$/, '3–255 of A-Z a-z 0-9 _ . -') ?? 'nardy',
    dynamodb: {
      region,
      ...(endpoint === undefined ? {} : { endpoint }),
      ...(useLocalCredentials ? { credentials: LOCAL_CREDENTIALS } : {}),
    },
    ...(telegram === undefined ? {} : { telegram }),
    ...(discord === undefined ? {} : { discord }),
    ...(port === undefined ? {} : { port: Number(port) }),
    ...(sweepEvery === undefined ? {} : { sweepEverySeconds: Number(sweepEvery) }),
    ...(parameters === undefined ? {} : { parameters }),
    ...(buttonTokenKey === undefined ? {} : { buttonTokenKey }),
  };
}

/** The `<VARIABLE>_PARAMETER` names of the secrets not set in `env` itself. */
function readParameters(env: Env, region: string): SecretParameters | undefined {
  const names: Partial<Record<SecretVariable, string>> = {};
  for (const variable of SECRET_VARIABLES) {
    const name = readVariable(env, `${variable}_PARAMETER`, /^(\/[A-Za-z0-9_.-]+)+$/, 'an SSM parameter name such as /nardy/prod/telegram-bot-token');
    if (name !== undefined && readVariable(env, variable) === undefined) names[variable] = name;
  }
  if (Object.keys(names).length === 0) return undefined;
  const endpoint = readHttpUrl(env, 'SSM_ENDPOINT');
  const useLocalCredentials = endpoint !== undefined && readVariable(env, 'AWS_ACCESS_KEY_ID') === undefined;
  return {
    names,
    ssm: { region, ...(endpoint === undefined ? {} : { endpoint }), ...(useLocalCredentials ? { credentials: LOCAL_CREDENTIALS } : {}) },
  };
}

/**
 * The configuration of `env` with its secrets read through `read` (one call for all of them), each
 * validated as its variable would be. Throws `ConfigError` naming a parameter that does not exist.
 */
export async function readConfigWithSecrets(env: Env, read: ParameterReader): Promise<Config> {
  const first = readConfig(env);
  if (first.parameters === undefined) return first;
  const wanted = Object.entries(first.parameters.names) as [SecretVariable, string][];
  const values = await read(wanted.map(([, name]) => name), first.parameters.ssm);
  const secrets: Record<string, string> = {};
  for (const [variable, name] of wanted) {
    const value = values[name];
    if (value === undefined || value === '') throw new ConfigError(`${variable}_PARAMETER=${JSON.stringify(name)}: no such parameter, or it is empty`);
    secrets[variable] = value;
  }
  return readConfig({ ...env, ...secrets });
}

const TELEGRAM_API = 'https://api.telegram.org';

function readTelegram(env: Env): TelegramSettings | undefined {
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
export function requireTelegram(config: Config): TelegramConfig {
  const t = config.telegram ?? { apiRoot: TELEGRAM_API };
  return { ...requireTelegramSender(config), webhookSecret: t.webhookSecret ?? missingTelegram('TELEGRAM_WEBHOOK_SECRET') };
}

/** What a process that only writes to Telegram (the scheduler) needs: no webhook secret. */
export function requireTelegramSender(config: Config): Omit<TelegramConfig, 'webhookSecret'> {
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

const DISCORD_API = 'https://discord.com/api';

function readDiscord(env: Env): DiscordSettings | undefined {
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
export function requireDiscordPublicKey(config: Config): string {
  const d = config.discord ?? { apiRoot: DISCORD_API };
  const later = config.parameters?.names.DISCORD_BOT_TOKEN !== undefined ? { botToken: d.botToken ?? 'read later' } : {};
  return requireDiscord({ ...config, discord: { ...d, ...later } }).publicKey;
}

/** The Discord part of `config` with every variable present. Throws `ConfigError` naming the first missing one. */
export function requireDiscord(config: Config): DiscordConfig {
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

/** A secret's value never appears in an error message (it would reach the logs). */
function readVariable(env: Env, name: string, pattern?: RegExp, expected?: string, secret = false): string | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (pattern !== undefined && !pattern.test(value)) {
    const shown = secret ? ` (${value.length} characters, not shown)` : `=${JSON.stringify(value)}`;
    throw new ConfigError(`${name}${shown} is not valid: expected ${expected ?? pattern.source}`);
  }
  return value;
}

function readHttpUrl(env: Env, name: string): string | undefined {
  const value = readVariable(env, name);
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(`${name}=${JSON.stringify(value)} is not valid: expected an http(s) URL`);
  }
  return value;
}

/** The configuration of this process, read once from its environment. */
export const config: Config = readConfig(process.env);

/** The configuration of this deployed function: its environment and the secrets it names, read through `read`. */
export function deployedConfig(read: ParameterReader): Promise<Config> {
  return readConfigWithSecrets(process.env, read);
}
