/**
 * Player-facing sentences for the expected failures of every layer (STYLE.md §6 habit 10):
 * GameError, AppError, StoreError, EngineError and RenderError are all unions keyed by `kind`,
 * and each kind has a text `error.<kind>` in every catalog. Internals (ids, versions, stack
 * traces, the `message` written for developers) never reach the player.
 */
import type { Lang } from './lang.ts';
import { isMessageKey, t } from './messages.ts';

/** How many candidate plays an ambiguous-play answer lists at most. */
const MAX_CANDIDATES = 6;

/** An error of any layer: only `kind` is read, plus the candidate plays of `ambiguous-play`. */
export interface ErrorLike {
  readonly kind: string;
  readonly candidates?: readonly unknown[];
}

/**
 * Returns one polite sentence in `lang` explaining `error` to a player; an unknown kind gets a
 * general apology. An ambiguous play lists its candidate plays (notation only).
 * Not a rule: error wording.
 * @example errorText('en', { kind: 'not-your-turn' }) // 'It is not your turn.'
 */
export function errorText(lang: Lang, error: ErrorLike): string {
  const kind = typeof error?.kind === 'string' ? error.kind : '';
  const key = `error.${kind}`;
  if (!/^[a-z]+(-[a-z]+)*$/.test(kind) || !isMessageKey(key)) return t(lang, 'error.generic');
  if (kind === 'ambiguous-play') {
    const plays = candidatePlays(error.candidates);
    if (plays.length > 0) return t(lang, 'error.ambiguousWith', { candidates: plays.join('; ') });
  }
  return t(lang, key);
}

/** The candidate plays worth showing: short notation strings only, at most a few. */
function candidatePlays(candidates: readonly unknown[] | undefined): string[] {
  if (!Array.isArray(candidates)) return [];
  return candidates
    .filter((c): c is string => typeof c === 'string' && c.length > 0 && c.length <= 40 && /^[0-9a-z/*()\s:-]+$/i.test(c))
    .slice(0, MAX_CANDIDATES);
}
