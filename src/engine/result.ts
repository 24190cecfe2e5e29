/**
 * The engine's error vocabulary. `Result` defaults to it here; the convention itself (`ok`,
 * `fail`, `InvariantError`) is the project's standard library, `src/lib/`.
 */
import type { Result as LibResult } from '../lib/index.ts';

export { InvariantError, assertNever, fail, ok } from '../lib/index.ts';

/** Either a value or a typed error (by default the engine's). */
export type Result<T, E = EngineError> = LibResult<T, E>;

/** The failures the engine reports, keyed by `kind`. Not a rule: the error vocabulary. */
export type EngineError =
  | { kind: 'invalid-notation'; input: string; message: string }
  | { kind: 'illegal-play'; input: string; message: string }
  | { kind: 'ambiguous-play'; input: string; message: string; candidates: string[] }
  | { kind: 'invalid-position'; input: string; message: string }
  | { kind: 'invalid-dice'; input: string; message: string }
  | { kind: 'invalid-option'; input: string; message: string }
  | { kind: 'unknown-variant'; input: string; message: string };
