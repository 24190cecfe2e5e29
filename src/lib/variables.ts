/**
 * Reading configuration variables, for `src/config.ts` and each messenger's own configuration
 * (`src/platforms/<name>/config.ts`): one validation, one error naming the variable, a secret's
 * value never in a message (it would reach the logs). An empty variable counts as unset.
 */

/** A configuration variable with a bad value; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An environment: variable name → value. */
export type Env = Readonly<Record<string, string | undefined>>;

/** The variable's value, checked against `pattern` (`expected` says what it should be); undefined when unset. */
export function readVariable(env: Env, name: string, pattern?: RegExp, expected?: string, secret = false): string | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (pattern !== undefined && !pattern.test(value)) {
    const shown = secret ? ` (${value.length} characters, not shown)` : `=${JSON.stringify(value)}`;
    throw new ConfigError(`${name}${shown} is not valid: expected ${expected ?? pattern.source}`);
  }
  return value;
}

/** The variable's value as an http(s) URL; undefined when unset. */
export function readHttpUrl(env: Env, name: string): string | undefined {
  const value = readVariable(env, name);
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(`${name}=${JSON.stringify(value)} is not valid: expected an http(s) URL`);
  }
  return value;
}
