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
 * | `PORT`              | the HTTP port of the local process (`npm start`)            | 3000           |
 * | `SSM_ENDPOINT`      | an SSM endpoint URL (a stand-in in tests); unset = AWS      | AWS            |
 * | `BUTTON_TOKEN_KEY`  | the key button tokens are signed with, 32–256 characters; the same in every function | a public development key |
 *
 * With `DYNAMODB_ENDPOINT` set and no `AWS_ACCESS_KEY_ID`, dummy credentials are used (a local
 * endpoint accepts any); otherwise the environment's keys, else the AWS SDK's default chain
 * (src/aws/credentials.ts). An empty variable counts as unset.
 *
 * Each messenger reads its own variables (`src/platforms/<name>/config.ts`, through the registry):
 * optional at load (the engine CLI and the other functions need none), its part of the
 * configuration (`config.<name>`) is present as soon as one of them is set, each value validated
 * then; its function insists on all of them when it makes its parts (`MessengerConfig.parts`).
 *
 * Secrets of a deployed function (README, "Running it in public"): its template names a parameter
 * (`<VARIABLE>_PARAMETER=/nardy/prod/<name>`) instead of holding the value, so
 * the value is in no CloudFormation template or deployment bucket. `config.parameters` lists the
 * parameters still to read; `readConfigWithSecrets(env, read)` reads them once (at cold start) and
 * validates each value as if it had been set in the environment. A variable set in the
 * environment wins over its parameter: `npm start` and the tests read plain variables.
 */
import { ConfigError, readHttpUrl, readVariable, type Env } from './lib/index.ts';
import { CONFIGS, type PlatformName, type SettingsOf } from './platforms/configs.ts';
import type { DynamoDbSettings } from './store/index.ts';

export { ConfigError, type Env };

/** Each messenger's settings, under its name; absent when none of its variables is set. */
export type MessengerSettings = { [K in PlatformName]?: SettingsOf<K> };

/** Everything the process is configured with. */
export type Config = MessengerSettings & {
  tableName: string;
  dynamodb: DynamoDbSettings;
  /** `PORT`, for the local process (`npm start`); absent when unset. */
  port?: number;
  /** `SWEEP_EVERY_SECONDS`: how often `npm start` sweeps (0: never); absent when unset. */
  sweepEverySeconds?: number;
  /** Secrets still to be read from SSM Parameter Store; absent when none is named. */
  parameters?: SecretParameters;
  /** `BUTTON_TOKEN_KEY`: the key button tokens are signed with (`src/app/tokens.ts`); absent: the public development key. */
  buttonTokenKey?: string;
};

/** The variables that may come from SSM Parameter Store instead of the environment: each messenger's secrets, and the button key. */
export const SECRET_VARIABLES: readonly string[] = [...Object.values(CONFIGS).flatMap((c) => c.secrets), 'BUTTON_TOKEN_KEY'];
export type SecretVariable = string;

/** Which parameter holds which secret, and where SSM is (the same region and local credentials as DynamoDB). */
export type SecretParameters = {
  names: Partial<Record<SecretVariable, string>>;
  ssm: DynamoDbSettings;
};

/** Reads SecureString parameters by name (decrypted): name → value, a missing one left out. */
export type ParameterReader = (names: readonly string[], ssm: DynamoDbSettings) => Promise<Readonly<Record<string, string>>>;

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

/** The configuration described by `env`. Throws `ConfigError` naming the first bad variable. */
export function readConfig(env: Env): Config {
  const endpoint = readHttpUrl(env, 'DYNAMODB_ENDPOINT');
  const region = readVariable(env, 'AWS_REGION', /^[a-z]{2}(-[a-z]+)+-\d+$/, 'a region such as eu-central-1') ??
    'eu-central-1';
  const useLocalCredentials = endpoint !== undefined && readVariable(env, 'AWS_ACCESS_KEY_ID') === undefined;
  const messengers = readMessengers(env);
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
    ...messengers,
    ...(port === undefined ? {} : { port: Number(port) }),
    ...(sweepEvery === undefined ? {} : { sweepEverySeconds: Number(sweepEvery) }),
    ...(parameters === undefined ? {} : { parameters }),
    ...(buttonTokenKey === undefined ? {} : { buttonTokenKey }),
  };
}

/** The `<VARIABLE>_PARAMETER` names of the secrets not set in `env` itself. */
function readParameters(env: Env, region: string): SecretParameters | undefined {
  const names: Partial<Record<SecretVariable, string>> = {};
  const unconfigured = new Set(Object.values(CONFIGS).flatMap((c) => ('requires' in c && c.requires !== undefined && readVariable(env, c.requires) === undefined ? c.secrets : [])));
  for (const variable of SECRET_VARIABLES) {
    // A messenger that names the variable it requires, and is not configured, has no secrets to read.
    if (unconfigured.has(variable)) continue;
    const name = readVariable(env, `${variable}_PARAMETER`, /^(\/[A-Za-z0-9_.-]+)+$/, 'an SSM parameter name such as /nardy/prod/bot-token');
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

/** Each messenger's settings `env` sets, in the registry's order. */
function readMessengers(env: Env): MessengerSettings {
  const settings: Record<string, unknown> = {};
  for (const [name, messenger] of Object.entries(CONFIGS)) {
    const read = messenger.read(env);
    if (read !== undefined) settings[name] = read;
  }
  return settings as MessengerSettings;
}


/** The configuration of this process, read once from its environment. */
export const config: Config = readConfig(process.env);

/** The configuration of this deployed function: its environment and the secrets it names, read through `read`. */
export function deployedConfig(read: ParameterReader): Promise<Config> {
  return readConfigWithSecrets(process.env, read);
}
