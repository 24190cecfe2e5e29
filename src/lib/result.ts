/**
 * Expected failures are values, not exceptions (STYLE.md §10): a parser, a rule check or a use
 * case returns a `Result`; only bugs throw, as `InvariantError`. Every layer may use this module;
 * it imports nothing.
 */

/** Either a value or a typed error. Not a rule: the error-handling convention. */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

/** Wraps a value as a success. Not a rule: a constructor. */
export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** Wraps an error as a failure. Not a rule: a constructor. */
export function fail<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}

/** Thrown only for a broken invariant: a bug, never bad input. Not a rule. */
export class InvariantError extends Error {
  override name = 'InvariantError';
}

/** Never returns: compile-time exhaustiveness for `switch (e.kind)`. Not a rule: a type check. */
export function assertNever(x: never): never {
  throw new InvariantError(`unexpected value ${JSON.stringify(x)}`);
}
