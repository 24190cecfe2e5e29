/** The engine as the computer uses it: the public door plus one lookup. */
import { VARIANTS, resolveOptions, type Variant, type VariantId, type VariantOptions } from '../engine/index.ts';

export * from '../engine/index.ts';

/** Resolves a variant id and options; throws on invalid options (callers pass validated settings). */
export function positionRulesOf(id: VariantId, options?: Partial<VariantOptions>): { variant: Variant; options: VariantOptions } {
  const variant = VARIANTS[id];
  const resolved = resolveOptions(variant, options);
  if (!resolved.ok) throw new Error(resolved.error.message);
  return { variant, options: resolved.value };
}
