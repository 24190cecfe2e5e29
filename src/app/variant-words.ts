/**
 * The words a player may name a variant with in a command (`/nardy tavla`, `/rules короткие`):
 * the registry's ids and aliases, each variant's one-word name in every language, and the Russian
 * and Georgian words for the nardy games — so a variant added to the registry is understood
 * with no change here. Not a rule: reading words.
 */
import { VARIANTS, findVariant, type VariantId } from '../engine/index.ts';
import { LANGS, variantName } from '../i18n/index.ts';

const WORDS: ReadonlyMap<string, VariantId> = new Map<string, VariantId>([
  ['длинные', 'long'], ['длинная', 'long'], ['длинный', 'long'], ['გრძელი', 'long'],
  ['короткие', 'short'], ['короткая', 'short'], ['короткий', 'short'], ['მოკლე', 'short'],
  ['gul', 'gulbara'], ['გულბარა', 'gulbara'], ['გიჟური', 'gulbara'], ['პლაკოტო', 'plakoto'],
  ['ядерный', 'nuclear'], ['ядерные', 'nuclear'], ['ბირთვული', 'nuclear'],
  ['внезапная', 'suddenDeath'], ['внезапный', 'suddenDeath'], ['უეცარი', 'suddenDeath'],
  ['наповал', 'suddenDeath'], ['накгаммон', 'nackgammon'], ['თავლა', 'tavla'],
  ...LANGS.flatMap((lang) => (Object.keys(VARIANTS) as VariantId[]).map((id) => [variantName(lang, id).toLowerCase(), id] as const)),
]);

/** Every variant of the engine's registry, for a messenger that offers them as a command's choices. Not a rule: a list of names. */
export const VARIANT_IDS: readonly VariantId[] = Object.keys(VARIANTS) as VariantId[];

/** Whether a value is a variant's id exactly (a command's choice coming back). Not a rule: reading ids. */
export function isVariantId(value: unknown): value is VariantId {
  return typeof value === 'string' && Object.hasOwn(VARIANTS, value);
}

/**
 * Returns the variant a word names, or undefined. Not a rule: reading words.
 * @example variantOfWord('Tavla') // 'tavla'
 */
export function variantOfWord(word: string): VariantId | undefined {
  const w = word.trim().toLowerCase();
  if (w === '') return undefined;
  const found = findVariant(w);
  return found.ok ? found.value.id : WORDS.get(w);
}
