/**
 * Expected failures are values, not exceptions (STYLE.md §10): a parser or a rule check returns
 * `Result<T, EngineError>`. The engine throws only `InvariantError`, for bugs.
 */

/** Either a value or a typed error. Not a rule: the error-handling convention. */
export type Result<T, E = EngineError> = { ok: true; value: T } | { ok: false; error: E };

/** The failures the engine reports, keyed by `kind`. Not a rule: the error vocabulary. */
export type EngineError =
  | { kind: 'invalid-notation'; input: string; message: string }
  | { kind: 'illegal-play'; input: string; message: string }
  | { kind: 'ambiguous-play'; input: string; message: string; candidates: string[] }
  | { kind: 'invalid-position'; input: string; message: string }
  | { kind: 'invalid-dice'; input: string; message: string }
  | { kind: 'invalid-option'; input: string; message: string }
  | { kind: 'unknown-variant'; input: string; message: string };

/** Wraps a value as a success. Not a rule: a constructor. */
export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** Wraps an error as a failure. Not a rule: a constructor. */
export function fail<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}

/** Thrown only when the engine finds a broken invariant: a bug, never bad input. Not a rule. */
export class InvariantError extends Error {
  override name = 'InvariantError';
}

/** Never returns: compile-time exhaustiveness for `switch (e.kind)`. Not a rule: a type check. */
export function assertNever(x: never): never {
  throw new InvariantError(`unexpected value ${JSON.stringify(x)}`);
}
