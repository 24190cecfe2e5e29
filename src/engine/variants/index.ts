import { emptySide, type Board } from '../board.ts';
import { fail, ok, type Result } from '../result.ts';
import { gulbara } from './gulbara.ts';
import { hypergammon } from './hypergammon.ts';
import { long } from './long.ts';
import { longgammon } from './longgammon.ts';
import { nackgammon } from './nackgammon.ts';
import { nuclear } from './nuclear.ts';
import { plakoto } from './plakoto.ts';
import { short } from './short.ts';
import { suddenDeath } from './sudden-death.ts';
import { tavla } from './tavla.ts';
import type { Variant, VariantId, VariantOptions } from './types.ts';

/**
 * Every variant, by id, in the order players are offered them (the two nardy games first).
 * Not a rule: the registry (STYLE.md §6).
 */
export const VARIANTS: Readonly<Record<VariantId, Variant>> = {
  long, short, nackgammon, hypergammon, longgammon, suddenDeath, nuclear, tavla, plakoto, gulbara,
};

/**
 * Returns the variant named by an id or alias (case-insensitive).
 * Not a rule: a lookup.
 * @example findVariant('backgammon') // ok(short)
 */
export function findVariant(name: string): Result<Variant> {
  const key = name.trim().toLowerCase();
  for (const v of Object.values(VARIANTS)) {
    if (v.id.toLowerCase() === key || v.aliases.includes(key)) return ok(v);
  }
  return fail({ kind: 'unknown-variant', input: name, message: `unknown variant "${name}"; known: ${Object.keys(VARIANTS).join(', ')}` });
}

/** Placeholder values for options a variant does not use; never read by that variant's rules. */
const INERT: VariantOptions = {
  headException: 'listed',
  sixBlock: 'ahead',
  longScoring: 'oinMars',
  lastRoll: false,
  nextGameStarter: 'toss',
  gameType: 'international',
  withMars: true,
};

/**
 * Returns the variant's full options: its defaults, overridden by `given`. An option the variant
 * does not have, or a value outside its domain, is an `invalid-option` error, never ignored.
 * Implements docs/rules §2–§3 (options and defaults).
 * @example resolveOptions(VARIANTS.long, { sixBlock: 'never' })
 */
export function resolveOptions(variant: Variant, given: Partial<Record<string, unknown>> = {}): Result<VariantOptions> {
  const out: Record<string, unknown> = { ...INERT };
  const domain = variant.options as Record<string, readonly unknown[]>;
  for (const [key, values] of Object.entries(domain)) out[key] = values[0];
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined) continue;
    const values = domain[key];
    if (!values) {
      return fail({ kind: 'invalid-option', input: key, message: `${variant.id} has no option "${key}"; it has ${Object.keys(domain).join(', ')}` });
    }
    if (!values.includes(value)) {
      return fail({ kind: 'invalid-option', input: `${key}=${String(value)}`, message: `option ${key} must be one of ${values.map(String).join(', ')}` });
    }
    out[key] = value;
  }
  return ok(out as unknown as VariantOptions);
}

/**
 * Returns the variant's starting board (docs/rules §2, §3: start positions).
 * @example startBoard(VARIANTS.long)[0][24] // 15
 */
export function startBoard(variant: Variant): Board {
  const side = emptySide();
  for (const [point, n] of variant.start) side[point] = n;
  return [side, side.slice()];
}

export type { DoublesLadder, EarlyEnd, Variant, VariantId, VariantOptions, OpeningRule, WinKind } from './types.ts';
