/**
 * The few words the picture draws, in its languages (the rest of the product's texts live with the
 * app; these stay here because they are part of the image). Kind names follow the rule book:
 * oin, mars, koks; the Georgian words are the ones the Georgian seed pages use (ოინი, მარსი,
 * კოქსი, პიპსი).
 */
import type { Colour, PictureLanguage, PictureResult } from './spec.ts';

interface Words {
  readonly colour: Record<Colour, string>;
  readonly pips: string;
  readonly matchTo: (n: number) => readonly [string, string];
  readonly wins: string;
  readonly winsMatch: string;
  readonly draw: string;
  readonly kind: Record<Exclude<PictureResult['kind'], 'draw'>, string>;
  readonly days: string;
  readonly hours: string;
}

export const WORDS: Record<PictureLanguage, Words> = {
  en: {
    colour: { white: 'White', black: 'Black' },
    pips: 'pips',
    matchTo: (n) => ['match to', String(n)],
    wins: 'wins',
    winsMatch: 'wins the match',
    draw: 'Draw',
    kind: { oin: 'oin', mars: 'mars', koks: 'koks' },
    days: 'd',
    hours: 'h',
  },
  ru: {
    colour: { white: 'Белые', black: 'Чёрные' },
    pips: 'пипсы',
    matchTo: (n) => ['матч до', String(n)],
    wins: 'побеждает',
    winsMatch: 'выигрывает матч',
    draw: 'Ничья',
    kind: { oin: 'оин', mars: 'марс', koks: 'кокс' },
    days: 'д',
    hours: 'ч',
  },
  ka: {
    colour: { white: 'თეთრი', black: 'შავი' },
    pips: 'პიპსი',
    matchTo: (n) => ['მატჩი', `${n}-მდე`],
    wins: 'იგებს',
    winsMatch: 'იგებს მატჩს',
    draw: 'ფრე',
    kind: { oin: 'ოინი', mars: 'მარსი', koks: 'კოქსი' },
    days: 'დ',
    hours: 'სთ',
  },
};

/**
 * Returns a clock reading: `m:ss` under an hour, `h:mm:ss` under a day, `2d 5h` beyond (days per
 * move). Seconds round up, so the clock reads 0:00 only when the time is really out.
 * @example formatClock(65_000, 'en') // '1:05'
 */
export function formatClock(ms: number, language: PictureLanguage): string {
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (v: number): string => String(v).padStart(2, '0');
  if (days > 0) return `${days}${WORDS[language].days} ${hours}${WORDS[language].hours}`;
  if (hours > 0) return `${hours}:${two(minutes)}:${two(seconds)}`;
  return `${minutes}:${two(seconds)}`;
}
