/** The project's small standard library, usable by every layer. */
export { InvariantError, assertNever, fail, ok } from './result.ts';
export type { Result } from './result.ts';
export { finish, finishPatiently } from './work.ts';
export { ConfigError, readHttpUrl, readVariable } from './variables.ts';
export type { Env } from './variables.ts';
