/**
 * The texts' one door (STYLE.md §1): languages, the message catalogs, error sentences and the
 * rules text. Every word a player reads comes from here, in Russian, English or Georgian.
 */

// Languages.
export { LANGS, LANG_NAMES, isLang, pickLang } from './lang.ts';
export type { Lang } from './lang.ts';

// Messages.
export { CATALOGS, isMessageKey, placeholders, t, variantName } from './messages.ts';
export type { MessageKey, MessageParams } from './messages.ts';

// Errors and rules.
export { errorText } from './errors.ts';
export type { ErrorLike } from './errors.ts';
export { RULES_TEXT_LIMIT, rulesText } from './rules.ts';
export type { RulesClock, RulesSettings } from './rules.ts';
