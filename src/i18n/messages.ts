/**
 * Texts by language and key, with parameters:
 * - `{name}` is replaced by `params.name` as given;
 * - `{name|form|form|…}` is the number `params.name` followed by the word's plural form for it
 *   (plural.ts: English one|other, Russian one|few|many, Georgian one form) — "{points|очко|очка|очков}"
 *   reads "2 очка", "5 очков", "21 очко". A value that is not a number takes the last form.
 * A catalog uses the same parameter names as English in every text (tests/i18n checks it); whether
 * a parameter carries plural forms is each language's own business.
 */
import { en, type MessageKey } from './en.ts';
export type { MessageKey };
import { ka } from './ka.ts';
import type { Lang } from './lang.ts';
import { pluralForm } from './plural.ts';
import { ru } from './ru.ts';

/** A parameter in a text: `{name}`, or `{name|form|…}` with plural forms (group 2 without the first bar). */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)(?:\|([^{}]*))?\}/g;

/** Parameters of a text: `{name}` in the text is replaced by `params.name`. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Every catalog, by language; each has every key (the compiler checks it). */
export const CATALOGS: Readonly<Record<Lang, Readonly<Record<MessageKey, string>>>> = { ru, en, ka };

/** Whether a string is a key of the catalogs. Not a rule: a type guard. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/**
 * Returns the text `key` in `lang` with its `{name}` parameters filled in. A parameter that was
 * not given stays visible as `{name}`, so a forgotten argument shows in review instead of
 * throwing in a chat; a value is inserted as given, never read as a template itself.
 * Not a rule: translation.
 * @example t('en', 'caption.turn', { name: 'Nino' }) // 'Nino to move'
 */
export function t(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const language: Lang = Object.hasOwn(CATALOGS, lang) ? lang : 'en';
  const text = CATALOGS[language][key] ?? en[key] ?? key;
  return text.replace(PLACEHOLDER, (whole, name: string, forms: string | undefined) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    if (forms === undefined) return String(value);
    const count = typeof value === 'number' ? value : Number(value);
    const words = forms.split('|');
    return `${value} ${Number.isFinite(count) && String(value).trim() !== '' ? pluralForm(language, count, words) : words[words.length - 1]}`;
  });
}

/**
 * Returns a variant's name in `lang`: the catalog text `variant.<id>` (every variant in the
 * engine's registry has one; tests/i18n checks it), or the id itself for an unknown one.
 * Not a rule: translation.
 * @example variantName('en', 'tavla') // 'tavla'
 */
export function variantName(lang: Lang, variant: string): string {
  const key = `variant.${variant}`;
  return isMessageKey(key) ? t(lang, key) : variant;
}

/** The parameter names a text uses, sorted and without repeats (`{n}` and `{n|…}` count once). */
export function placeholders(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) names.add(m[1]);
  return [...names].sort();
}
