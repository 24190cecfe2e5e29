/**
 * The series between two players in one chat: how many matches each has won against the other
 * there ("Series: Anna 3 – 2 Nodar"), shown on a challenge between them and on a match's result.
 * Counted once per finished match: the item names the last match it counted, so a redelivered
 * update or a retried announcement cannot count a match twice. Two matches of the same pair in one
 * chat ending in the same instant could lose one count (last write wins); that is the price of one
 * small item without a conditional write, and the series is a courtesy, not a rating.
 */
import type { MatchState } from '../game/index.ts';
import { t, type Lang } from '../i18n/index.ts';
import type { GameStore, StoredChat } from '../store/index.ts';
import { recall, remember, SERIES, type Series } from './remembered.ts';

/** The owner of the series item: the chat and the two players, sorted, so either order finds it. */
export function seriesOwner(chat: StoredChat, a: string, b: string): string {
  const [x, y] = [a, b].sort();
  return `${chat.platform}:${chat.chatId}#${x}#${y}`;
}

/** Reads the series of two players in a chat; none before their first finished match there. */
export async function recallSeries(store: GameStore, chat: StoredChat | undefined, a: string, b: string): Promise<Series | undefined> {
  return chat === undefined ? undefined : recall(store, SERIES, seriesOwner(chat, a, b));
}

/**
 * Counts a finished match in its players' series (a drawn game counts for nobody) and returns
 * the series after it; a match already counted is returned as it stands, counted once.
 */
export async function countMatch(store: GameStore, chat: StoredChat | undefined, state: MatchState, now: number): Promise<Series | undefined> {
  const [a, b] = state.players;
  if (!chat || !a || !b || state.phase !== 'finished') return undefined;
  const pair = seriesOwner(chat, a.id, b.id);
  const before = await recall(store, SERIES, pair);
  if (before?.last === state.id) return before;
  const winner = state.result?.winner == null ? undefined : state.players[state.result.winner]!.id;
  const wins = { [a.id]: before?.wins[a.id] ?? 0, [b.id]: before?.wins[b.id] ?? 0 };
  if (winner !== undefined) wins[winner]++;
  const after: Series = { wins, last: state.id };
  await remember(store, SERIES, pair, after, now);
  return after;
}

/** The series in words, the players in their seats' order: `Series: Anna 3 – 2 Nodar`. */
export function seriesText(lang: Lang, series: Series | undefined, players: MatchState['players']): string | undefined {
  const [a, b] = players;
  if (!series || !a || !b) return undefined;
  return t(lang, 'series.score', { a: a.name, sa: series.wins[a.id] ?? 0, sb: series.wins[b.id] ?? 0, b: b.name });
}
