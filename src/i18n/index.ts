/**
 * The texts' one door (STYLE.md §1): languages, the message catalogs, error sentences and the
 * rules text. Every word a player reads comes from here, in Russian, English or Georgian — the
 * words drawn on the board picture included (`picture.*`, read by src/render/labels.ts).
 *
 * Texts: `t(lang, key, params)` fills `{name}` with a parameter and `{name|form|…}` with a number
 * and its word's plural form (plural.ts, by `Intl.PluralRules`: English one|other, Russian
 * one|few|many, Georgian the singular). A figure with a fraction is written as the language
 * writes it, by `formatNumber` (numbers.ts): "0.045" in English, "0,045" in Russian and Georgian.
 * Button labels fit their button on a 360-dp phone (buttons.ts: measured by a system test,
 * `BUTTON_LIMITS` letters its proxy), so a phone never cuts one.
 */

// Languages.
export { LANGS, LANG_NAMES, isLang, pickLang } from './lang.ts';
export type { Lang } from './lang.ts';

// Messages.
export { CATALOGS, isMessageKey, placeholders, t, variantName } from './messages.ts';
export type { MessageKey, MessageParams } from './messages.ts';
export { plural, pluralForm } from './plural.ts';
export { formatNumber } from './numbers.ts';
export { BUTTON_LIMITS, variantButton } from './buttons.ts';

// Errors and rules.
export { errorText } from './errors.ts';
export type { ErrorLike } from './errors.ts';
export { RULES_TEXT_LIMIT, rulesText } from './rules.ts';
export type { RulesClock, RulesSettings } from './rules.ts';
