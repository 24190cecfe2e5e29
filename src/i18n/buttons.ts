/**
 * How long a button label may be, so that a phone never cuts it, and the labels of the variant
 * buttons. Telegram lays an inline keyboard's row out in equal widths and cuts a label that does
 * not fit with "…". On a 360-dp Android phone (Telegram draws labels in Roboto Medium, 15 dp) a
 * button's label has, in a group (beside the sender's avatar), 281 dp alone on its row, 133 dp on a
 * row of two, 83 of three, 59 of four (333, 159, 101, 72 in a private chat); a Latin or Cyrillic
 * letter is about 8 dp, a Georgian one 9–10, an emoji 18, the "✓ " of a current choice 16. The measure is keyboard-width.system.test.ts (`npm run test:system`, with Debian's
 * fonts), over every keyboard the bot sends in every language; docs/testing.md says the rule.
 * BUTTON_LIMITS is its proxy in letters for `npm test` (tests/i18n/buttons.test.ts): letters as
 * `[...label].length` counts them (an emoji with its variation selector counts two), the "✓ " with
 * them, for the catalog text with its parameters filled in.
 */
import { isMessageKey, t, variantName } from './messages.ts';
import type { Lang } from './lang.ts';

/** Letters a label may have on a row of 1–5 buttons (rows of four and more hold only notation: steps, checkers). */
export const BUTTON_LIMITS: Readonly<Record<1 | 2 | 3 | 4 | 5, number>> = { 1: 26, 2: 16, 3: 10, 4: 7, 5: 5 };

/**
 * Returns a variant's name for a button: `button.variant.<id>` where the full name is too long
 * for a row of two (`nuclear`, `gul bara`), else the variant's name. Not a rule: translation.
 * @example variantButton('en', 'nuclear') // 'nuclear'
 */
export function variantButton(lang: Lang, variant: string): string {
  const key = `button.variant.${variant}`;
  return isMessageKey(key) ? t(lang, key) : variantName(lang, variant);
}
