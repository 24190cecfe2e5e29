/**
 * Texts by language and key, with `{name}` parameters.
 */
import { en, type MessageKey } from './en.ts';
export type { MessageKey };
import { ka } from './ka.ts';
import type { Lang } from './lang.ts';
import { ru } from './ru.ts';

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
  const text = (CATALOGS[lang] ?? en)[key] ?? en[key] ?? key;
  return text.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole);
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

/** The parameter names a text uses, sorted and without repeats (`{n}` twice counts once). */
export function placeholders(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g)) names.add(m[1]);
  return [...names].sort();
}
