/**
 * Plural forms of a word after a number, by `Intl.PluralRules`: "1 очко, 2 очка, 5 очков,
 * 21 очко"; "1 point, 2 points". Georgian keeps the singular after a numeral ("5 ქულა"), so its
 * texts write the word once and need no forms.
 *
 * In a catalog text, `{n|form|form|…}` is the number `n` followed by the form its value takes; the
 * forms come in this order:
 * - English: one | other — `{points|point|points}`
 * - Russian: one | few | many — `{points|очко|очка|очков}` (a fraction reads as few: "1,5 очка")
 * - Georgian: one form, the singular — `{days|დღე}` (or just `{days} დღე`)
 */
import type { Lang } from './lang.ts';

/** The plural categories whose forms a text lists, in the order it lists them. */
const ORDER: Readonly<Record<Lang, readonly Intl.LDMLPluralRule[]>> = {
  en: ['one', 'other'],
  ru: ['one', 'few', 'many'],
  ka: ['other'],
};

/** Categories a language's rules may answer that share another category's form. */
const SAME_FORM: Readonly<Record<Lang, Partial<Record<Intl.LDMLPluralRule, Intl.LDMLPluralRule>>>> = {
  en: {},
  ru: { other: 'few' },
  ka: { one: 'other' },
};

const RULES = new Map<Lang, Intl.PluralRules>();

function rules(lang: Lang): Intl.PluralRules {
  let r = RULES.get(lang);
  if (!r) RULES.set(lang, (r = new Intl.PluralRules(lang)));
  return r;
}

/**
 * Returns the form of a word that goes after `count` in `lang`, from the forms in the order
 * above; a form missing from the list reads as the last one given. Not a rule: grammar.
 * @example pluralForm('ru', 5, ['очко', 'очка', 'очков']) // 'очков'
 */
export function pluralForm(lang: Lang, count: number, forms: readonly string[]): string {
  const category = rules(lang).select(count);
  const shared = SAME_FORM[lang][category] ?? category;
  const index = ORDER[lang].indexOf(shared);
  return forms[index] ?? forms[forms.length - 1] ?? '';
}

/**
 * Returns `count` followed by its word in `lang`: "2 очка", "1 point", "3 დღე".
 * Not a rule: grammar.
 * @example plural('ru', 21, ['очко', 'очка', 'очков']) // '21 очко'
 */
export function plural(lang: Lang, count: number, forms: readonly string[]): string {
  return `${count} ${pluralForm(lang, count, forms)}`;
}
