/**
 * The club in words: rating changes under a result, the tables of `/top`, a player's `/stats`.
 * Ratings and deviations are shown rounded to whole points.
 */
import { t, type Lang } from '../../i18n/index.ts';
import type { RatingFamily } from './families.ts';
import type { RatingChange } from './rate.ts';

/** A family's name in words. */
export function familyName(lang: Lang, family: RatingFamily | string): string {
  return t(lang, family === 'long' ? 'family.long' : family === 'short' ? 'family.short' : 'family.variants');
}

/** A signed whole number: `+15`, `−3`, `±0`. */
export function signed(n: number): string {
  const r = Math.round(n);
  return r > 0 ? `+${r}` : r < 0 ? `−${-r}` : '±0';
}

/** The change of both players' ratings, one line each: `Anna 1512 → 1527 (+15)`. */
export function ratingLines(lang: Lang, changes: readonly RatingChange[] | undefined): string | undefined {
  if (changes === undefined || changes.length === 0) return undefined;
  return changes.map((c) => {
    const before = Math.round(c.before);
    const after = Math.round(c.after);
    return t(lang, 'rating.change', { name: c.name, before, after, delta: signed(after - before) });
  }).join('\n');
}

/** A day as `2026-12-01` (UTC): the same in every language. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
