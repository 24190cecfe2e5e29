/**
 * Numbers as each language writes them: a decimal point in English ("0.045"), a decimal comma in
 * Russian and Georgian ("0,045"), a true minus sign (−) and no thousands separator (ratings read
 * "1512" in every language). Every figure with a fraction that reaches a text goes through here,
 * so the catalogs can write "0,08" beside a figure that reads the same way.
 */
import type { Lang } from './lang.ts';

/** The decimal separator of each language. */
const DECIMAL: Readonly<Record<Lang, string>> = { en: '.', ru: ',', ka: ',' };

/**
 * Returns `x` with exactly `digits` decimals in `lang`; `signed` puts "+" before a positive
 * number (and before zero). A negative number takes a true minus. Not a rule: typography.
 * @example formatNumber('ru', -0.8104, 3) // '−0,810'
 * @example formatNumber('en', 0.4123, 3, true) // '+0.412'
 */
export function formatNumber(lang: Lang, x: number, digits: number, signed = false): string {
  const fixed = Math.abs(x).toFixed(digits);
  const negative = x < 0 && Number(fixed) !== 0;
  const sign = negative ? '−' : signed ? '+' : '';
  return sign + fixed.replace('.', DECIMAL[lang]);
}
