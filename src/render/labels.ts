/**
 * The few words the picture draws, in its languages. They live in the catalogs of src/i18n (one
 * language, one catalogue: `side.*`, `kind.*` and `picture.*`); this module only shapes them for
 * the drawing. Kind names follow the rule book: oin, mars, koks; the Georgian words are the ones
 * the Georgian seed pages use (ოინი, მარსი, კოქსი, პიპსი).
 */
import { t, type Lang } from '../i18n/index.ts';
import type { Colour, PictureLanguage, PictureResult } from './spec.ts';

interface Words {
  readonly colour: Record<Colour, string>;
  readonly pips: string;
  /** The match length as its caption and the value drawn large (the text's last word): `match to`, `5`. */
  readonly matchTo: (n: number) => readonly [string, string];
  readonly wins: string;
  readonly winsMatch: string;
  readonly draw: string;
  readonly kind: Record<Exclude<PictureResult['kind'], 'draw'>, string>;
  /** A clock of a day or more: `2d 5h`. */
  readonly days: (days: number, hours: number) => string;
  /** A clock of an hour or more, under a day: `23h 59m`. */
  readonly hours: (hours: number, minutes: number) => string;
}

/** A text split before its last word: `match to 5` → [`match to`, `5`]; `მატჩი 5-მდე` → [`მატჩი`, `5-მდე`]. */
function lastWordApart(text: string): readonly [string, string] {
  const cut = text.lastIndexOf(' ');
  return cut < 0 ? ['', text] : [text.slice(0, cut), text.slice(cut + 1)];
}

function words(lang: Lang): Words {
  return {
    colour: { white: t(lang, 'side.white'), black: t(lang, 'side.black') },
    pips: t(lang, 'picture.pips'),
    matchTo: (n) => lastWordApart(t(lang, 'picture.matchTo', { n })),
    wins: t(lang, 'picture.wins'),
    winsMatch: t(lang, 'picture.winsMatch'),
    draw: t(lang, 'picture.draw'),
    kind: { oin: t(lang, 'kind.oin'), mars: t(lang, 'kind.mars'), koks: t(lang, 'kind.koks') },
    days: (days, hours) => t(lang, 'picture.clockDays', { days, hours }),
    hours: (hours, minutes) => t(lang, 'picture.clockHours', { hours, minutes }),
  };
}

export const WORDS: Record<PictureLanguage, Words> = { en: words('en'), ru: words('ru'), ka: words('ka') };

/**
 * Returns a clock reading: `m:ss` under an hour, `23h 59m` under a day, `2d 5h` beyond (days per
 * move) — from an hour up the same units, so a day's clock does not flip between `1d 0h` and
 * `23:59:52` as seconds pass. Seconds round up, so the clock reads 0:00 only when the time is really out.
 * @example formatClock(65_000, 'en') // '1:05'
 */
export function formatClock(ms: number, language: PictureLanguage): string {
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (v: number): string => String(v).padStart(2, '0');
  if (days > 0) return WORDS[language].days(days, hours);
  if (hours > 0) return WORDS[language].hours(hours, minutes);
  return `${minutes}:${two(seconds)}`;
}
