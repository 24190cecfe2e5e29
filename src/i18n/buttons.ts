/**
 * How long a button label may be, so that a phone never cuts it, and the labels of the variant
 * buttons. Telegram lays an inline keyboard's row out in equal widths and cuts a label that does
 * not fit with "…"; a ~390-pixel-wide phone fits about 36 Latin or Cyrillic letters across the
 * keyboard (Georgian letters are a little wider), less the gaps and padding of each button. The
 * limits are letters as `[...label].length` counts them (an emoji with its variation selector
 * counts two), for the catalog text with its parameters filled in; the "✓ " that marks the current
 * choice on a settings button comes on top and is what the margin of each limit is for.
 * tests/i18n checks every label the keyboards show (src/app/texts.ts, src/app/views.ts) against
 * the limit for the longest row it appears on.
 */
import { isMessageKey, t, variantName } from './messages.ts';
import type { Lang } from './lang.ts';

/** Letters a label may have on a row of 1–5 buttons; a five-button row (the clocks) gets the least. */
export const BUTTON_LIMITS: Readonly<Record<1 | 2 | 3 | 4 | 5, number>> = { 1: 32, 2: 20, 3: 16, 4: 11, 5: 8 };

/**
 * Returns a variant's name for a button: `button.variant.<id>` where the full name is too long
 * for a row of three (`nuclear`, `gul bara`), else the variant's name. Not a rule: translation.
 * @example variantButton('en', 'nuclear') // 'nuclear'
 */
export function variantButton(lang: Lang, variant: string): string {
  const key = `button.variant.${variant}`;
  return isMessageKey(key) ? t(lang, key) : variantName(lang, variant);
}
