/**
 * What `/top` and `/stats` read and say. A board's top 10 is one Query of its partition in rating
 * order; the caller's own line, when they are not in it, one batch read of their standings and one
 * COUNT Query of those above them. A player's stats are one Query of their own partition (every
 * board they are on) plus, in a chat, the series with the caller there (one read).
 */
import { t, variantName, type Lang } from '../../i18n/index.ts';
import type { GameStore, StoredChat } from '../../store/index.ts';
import { recallSeries, seriesText } from '../series.ts';
import { FAMILIES, type RatingFamily } from './families.ts';
import { boardOf, changeOver, GLOBAL, recordOfItem, type RatingRecord } from './standing.ts';
import { dayOf, familyName, signed } from './words.ts';

/** How many players a table shows. */
export const TOP = 10;

const whole = (n: number) => Math.round(n);

/** The table of one family on one board (a chat's, or everyone's without `chat`), with the caller's own line. */
async function familyTable(store: GameStore, lang: Lang, family: RatingFamily, chat: StoredChat | undefined, caller: string, mine: RatingRecord | undefined): Promise<string | undefined> {
  const board = boardOf(family, chat);
  const top = (await store.club.topRatings(board, TOP)).flatMap((item) => recordOfItem(item) ?? []);
  if (top.length === 0) return undefined;
  const title = t(lang, chat === undefined ? 'top.titleGlobal' : 'top.title', { family: familyName(lang, family) });
  const lines = top.map((r, i) => `${r.player === caller ? '▶ ' : ''}${t(lang, 'top.line', {
    rank: i + 1, name: r.standing.name, rating: whole(r.standing.rating), deviation: whole(r.standing.deviation), games: r.standing.games, date: dayOf(r.standing.lastPlayed),
  })}`);
  if (!top.some((r) => r.player === caller)) {
    if (mine === undefined) {
      lines.push(t(lang, 'top.youUnrated', { family: familyName(lang, family) }));
    } else {
      const rank = (await store.club.countAbove(board, mine.standing.rating)) + 1;
      lines.push(t(lang, 'top.you', { rank, name: mine.standing.name, rating: whole(mine.standing.rating), deviation: whole(mine.standing.deviation), games: mine.standing.games }));
    }
  }
  return [title, ...lines].join('\n');
}

/**
 * `/top`: the tables of one family, or of every family that has rated games on the board, each
 * with the caller's line; a friendly word when there are none.
 */
export async function topText(store: GameStore, lang: Lang, chat: StoredChat | undefined, caller: string, family?: RatingFamily): Promise<string> {
  const families = family === undefined ? FAMILIES : [family];
  const mine = new Map((await store.club.readRatings(families.map((f) => ({ player: caller, board: boardOf(f, chat) })))).flatMap((item) => {
    const r = recordOfItem(item);
    return r === undefined ? [] : [[r.board, r] as const];
  }));
  const tables = await Promise.all(families.map((f) => familyTable(store, lang, f, chat, caller, mine.get(boardOf(f, chat)))));
  const shown = tables.filter((x): x is string => x !== undefined);
  return shown.length > 0 ? shown.join('\n\n') : t(lang, 'top.empty', { family: familyName(lang, family ?? 'long') });
}

/** Whom `/stats` is about. */
export interface StatsSubject {
  readonly id: string;
  readonly name: string;
}

/**
 * `/stats`: per family (the global boards) the rating, its change over 30 days, games, wins and
 * the best winning streak in that family; the favourite variant (most rated matches) and, in a chat, the series
 * between the subject and the caller there.
 */
export async function statsText(store: GameStore, lang: Lang, chat: StoredChat | undefined, subject: StatsSubject, caller: StatsSubject, now: number): Promise<string> {
  const [items, series] = await Promise.all([
    store.club.ratingsOf(subject.id),
    chat !== undefined && caller.id !== subject.id ? recallSeries(store, chat, subject.id, caller.id) : Promise.resolve(undefined),
  ]);
  const global = items.flatMap((item) => recordOfItem(item) ?? []).filter((r) => r.board.endsWith(`#${GLOBAL}`));
  const byFamily = FAMILIES.flatMap((f) => global.filter((r) => r.board === boardOf(f)).map((r) => [f, r.standing] as const));
  const h2h = seriesText(lang, series, [subject, caller]);
  if (byFamily.length === 0) return [t(lang, 'stats.none', { name: subject.name }), ...(h2h ? [h2h] : [])].join('\n');
  const name = byFamily.map(([, s]) => s).sort((a, b) => b.lastPlayed - a.lastPlayed)[0]!.name || subject.name;
  const lines = [t(lang, 'stats.title', { name })];
  for (const [family, s] of byFamily) {
    lines.push(t(lang, 'stats.family', {
      family: familyName(lang, family), rating: whole(s.rating), deviation: whole(s.deviation), change: signed(changeOver(s, now, 30)), games: s.games, wins: s.wins,
      // A streak is its family's, as the rating is (#48): wins in a row in long nardy say nothing of a short-nardy loss between them.
      streak: s.bestStreak,
    }));
  }
  const played = new Map<string, number>();
  for (const [, s] of byFamily) for (const [variant, n] of Object.entries(s.variants)) played.set(variant, (played.get(variant) ?? 0) + n);
  const favourite = [...played.entries()].sort((a, b) => b[1] - a[1])[0];
  if (favourite) lines.push(t(lang, 'stats.favourite', { variant: variantName(lang, favourite[0]) }));
  if (h2h) lines.push(h2h);
  return lines.join('\n');
}
