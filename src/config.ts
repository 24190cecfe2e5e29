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
 *
 * With `DYNAMODB_ENDPOINT` set and no `AWS_ACCESS_KEY_ID`, dummy credentials are used (a local
 * endpoint accepts any); otherwise the AWS SDK's default credential chain applies. An empty
 * variable counts as unset.
 */
import type { DynamoDbSettings } from './store/index.ts';

/** Everything the process is configured with. */
export type Config = {
  tableName: string;
  dynamodb: DynamoDbSettings;
};

/** A configuration variable with a bad value; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An environment: variable name → value. */
export type Env = Readonly<Record<string, string | undefined>>;

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

/** The configuration described by `env`. Throws `ConfigError` naming the first bad variable. */
export function readConfig(env: Env): Config {
  const endpoint = readEndpoint(env);
  const region = readVariable(env, 'AWS_REGION', /^[a-z]{2}(-[a-z]+)+-\d+$/, 'a region such as eu-central-1') ??
    'eu-central-1';
  const useLocalCredentials = endpoint !== undefined && readVariable(env, 'AWS_ACCESS_KEY_ID') === undefined;
  return {
    tableName: readVariable(env, 'TABLE_NAME', /^[A-Za-z0-9_.-]{3,255}$/, '3–255 of A-Z a-z 0-9 _ . -') ?? 'nardy',
    dynamodb: {
      region,
      ...(endpoint === undefined ? {} : { endpoint }),
      ...(useLocalCredentials ? { credentials: LOCAL_CREDENTIALS } : {}),
    },
  };
}

function readVariable(env: Env, name: string, pattern?: RegExp, expected?: string): string | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (pattern !== undefined && !pattern.test(value)) {
    throw new ConfigError(`${name}=${JSON.stringify(value)} is not valid: expected ${expected ?? pattern.source}`);
  }
  return value;
}

function readEndpoint(env: Env): string | undefined {
  const value = readVariable(env, 'DYNAMODB_ENDPOINT');
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(`DYNAMODB_ENDPOINT=${JSON.stringify(value)} is not valid: expected an http(s) URL`);
  }
  return value;
}

/** The configuration of this process, read once from its environment. */
export const config: Config = readConfig(process.env);
