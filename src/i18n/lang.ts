/**
 * The languages the product speaks and how a platform's language code maps onto them.
 */

/** A language of the product: Russian, English or Georgian. */
export type Lang = 'ru' | 'en' | 'ka';

/** Every language, in the order a language chooser shows them. */
export const LANGS: readonly Lang[] = ['ru', 'en', 'ka'];

/** Each language's name in itself, for `/lang` buttons and `lang.changed`. */
export const LANG_NAMES: Readonly<Record<Lang, string>> = { ru: 'Русский', en: 'English', ka: 'ქართული' };

/**
 * Language codes whose speakers are far more likely to read Russian than English: the languages
 * of the former USSR and of Russia's republics (Telegram sends the app's language, e.g. `uk`).
 */
const RUSSIAN_READERS: ReadonlySet<string> = new Set([
  'ru', 'uk', 'be', 'kk', 'ky', 'uz', 'tg', 'tk', 'hy', 'az',
  'tt', 'ba', 'cv', 'ce', 'os', 'sah', 'av',
]);

/** Georgian and the other languages of Georgia (Mingrelian, Svan). */
const GEORGIAN_READERS: ReadonlySet<string> = new Set(['ka', 'xmf', 'sva']);

/**
 * Returns the product language for a platform language code (`ru`, `en-US`, `pt-br`, `KA`):
 * Georgian for Georgian, Russian for the languages whose speakers read Russian, English otherwise
 * and when the platform does not say. Case and a region suffix do not matter.
 * Not a rule: a language choice.
 * @example pickLang('uk') // 'ru'
 */
export function pickLang(code?: string): Lang {
  if (!code) return 'en';
  const base = code.trim().toLowerCase().split(/[-_]/)[0];
  if (GEORGIAN_READERS.has(base)) return 'ka';
  if (RUSSIAN_READERS.has(base)) return 'ru';
  return 'en';
}

/** Whether a string names a product language exactly (`/lang ka`). Not a rule: a type guard. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}
