/**
 * The club's hook at the end of a match, the one call `tellEnding` (publish.ts) makes for it, and
 * the one a redelivered press or the sweep makes to heal a rating a crash left half written: the
 * match rated once (`rate.ts`), and the lines the result message adds (both players' changes).
 */
import type { MatchState } from '../../game/index.ts';
import type { Lang } from '../../i18n/index.ts';
import type { GameRecord, GameStore } from '../../store/index.ts';
import { rateMatch } from './rate.ts';
import { ratingLines } from './words.ts';

/** Rates a finished match (once, whoever calls) and returns the result message's rating lines in a language (none for a match not rated). */
export async function rateAtMatchEnd(store: GameStore, record: GameRecord, state: MatchState, now: number): Promise<(lang: Lang) => string | undefined> {
  const changes = state.phase === 'finished' ? await rateMatch(store, record, state, now) : undefined;
  return (lang) => ratingLines(lang, changes);
}
