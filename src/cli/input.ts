/**
 * Reading the CLI's inputs into engine values, every failure a message (never a stack trace).
 */
import { parseBoardJson } from '../engine/index.ts';
import { parsePositionId } from '../engine/index.ts';
import { VARIANTS, findVariant, parseDice, resolveOptions, startBoard, type Board, type Position, type Variant } from '../engine/index.ts';

export type Flags = Record<string, string | boolean | undefined>;

/** A failure to report on stdout or stderr. */
export class InputError extends Error {}

export function variantOf(name: unknown): Variant {
  if (typeof name !== 'string') throw new InputError(`missing variant (${Object.keys(VARIANTS).join(', ')})`);
  const v = findVariant(name);
  if (!v.ok) throw new InputError(v.error.message);
  return v.value;
}

export function optionsOf(variant: Variant, given: unknown): Position['options'] {
  let value = given;
  if (typeof given === 'string') {
    try { value = JSON.parse(given); } catch { throw new InputError(`--options is not JSON: ${given}`); }
  }
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InputError('options must be a JSON object');
  const r = resolveOptions(variant, value as Record<string, unknown>);
  if (!r.ok) throw new InputError(r.error.message);
  return value as Position['options'];
}

export function boardOf(variant: Variant, spec: { position?: unknown; board?: unknown }): Board {
  if (spec.position !== undefined && spec.board !== undefined) throw new InputError('give either a position or a board, not both');
  if (typeof spec.position === 'string') {
    if (variant.family !== 'short') throw new InputError('a gnubg Position ID describes the short family only; use a board');
    const r = parsePositionId(spec.position, variant.checkers);
    if (!r.ok) throw new InputError(r.error.message);
    return r.value;
  }
  if (spec.position !== undefined) throw new InputError('position must be a gnubg Position ID string');
  if (spec.board === undefined) return startBoard(variant);
  let value = spec.board;
  if (typeof value === 'string') {
    try { value = JSON.parse(value); } catch { throw new InputError(`board is not JSON: ${value}`); }
  }
  const r = parseBoardJson(value, variant);
  if (!r.ok) throw new InputError(r.error.message);
  return r.value;
}

export function diceOf(value: unknown): [number, number] {
  if (Array.isArray(value) && value.length === 2 && value.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)) {
    return [value[0] as number, value[1] as number];
  }
  if (typeof value === 'string') {
    const r = parseDice(value);
    if (r.ok) return r.value;
  }
  throw new InputError(`dice must be two numbers 1..6 like [3,1] or "3-1", got ${JSON.stringify(value)}`);
}
