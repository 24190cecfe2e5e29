/**
 * A player's standing on one board (a rating family, in one chat or everywhere): the Glicko-2
 * rating and what the tables and `/stats` show with it. Kept as the JSON value of the player's
 * rating item (`store/club.ts`); decoded with care, since a stored value is whatever was written.
 */
import type { StoredChat, StoredRating } from '../../store/index.ts';
import type { RatingFamily } from './families.ts';
import { NEWCOMER, type Glicko } from './glicko2.ts';

/** A match applied to a standing: its id, the player's rating before it, and the rating after. */
export interface AppliedMatch {
  readonly match: string;
  readonly at: number;
  readonly before: Glicko;
  readonly after: number;
}

/** One rated match in the standing's recent history: when, the rating before and after, and whether it was won. */
export interface HistoryEntry {
  readonly at: number;
  readonly before: number;
  readonly after: number;
  readonly won: boolean;
}

export interface Standing extends Glicko {
  /** The player's name as of their last rated match (the tables show it). */
  readonly name: string;
  /** The experience count: rated matches played on this board. */
  readonly games: number;
  readonly wins: number;
  /** When they last played a rated match here (ms). */
  readonly lastPlayed: number;
  /** Matches won in a row now, and the longest such run. */
  readonly streak: number;
  readonly bestStreak: number;
  /** Rated matches by variant (the favourite variant is the most played). */
  readonly variants: Readonly<Record<string, number>>;
  /** The rated matches of the last `HISTORY_DAYS` days, oldest first (the change over 30 days, the weekly post). */
  readonly history: readonly HistoryEntry[];
  /** The last `APPLIED_KEPT` matches applied, oldest first: a match found here is never applied again. */
  readonly applied: readonly AppliedMatch[];
}

/** A standing as read: the player, the board, the stored version (0: none stored yet) and the standing. */
export interface RatingRecord {
  readonly player: string;
  readonly board: string;
  readonly version: number;
  readonly standing: Standing;
}

/**
 * How many applied matches a standing remembers. A redelivery (or a sweep's retry) comes within
 * hours, long before a player finishes 16 more rated matches on one board; the list is what keeps
 * the item small (each entry about 100 bytes, written twice: the item and its index copy).
 */
export const APPLIED_KEPT = 16;
/** How far back a standing keeps its history: the 30-day change and the weekly post need no more. */
export const HISTORY_DAYS = 31;
/** At most this many history entries (a very busy player's 30-day change then counts the last 30). */
export const HISTORY_KEPT = 30;
export const DAY_MS = 24 * 3600_000;

/** The scope of a board: a chat's own table, or everyone's. */
export const GLOBAL = 'GLOBAL';

/** The board of a family in a chat (`<family>#<platform>:<chat>`), or the global one (`<family>#GLOBAL`). */
export function boardOf(family: RatingFamily, chat?: StoredChat): string {
  return `${family}#${chat === undefined ? GLOBAL : `${chat.platform}:${chat.chatId}`}`;
}

/** The family a board belongs to. */
export function familyOfBoard(board: string): string {
  return board.split('#')[0] ?? '';
}

/** Where a newcomer starts on a board. */
export function newcomer(name: string): Standing {
  return { ...NEWCOMER, name, games: 0, wins: 0, lastPlayed: 0, streak: 0, bestStreak: 0, variants: {}, history: [], applied: [] };
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function glicko(v: unknown): Glicko | undefined {
  const g = v as Partial<Glicko> | null;
  return typeof g === 'object' && g !== null && num(g.rating) && num(g.deviation) && num(g.volatility) && g.deviation > 0 && g.volatility > 0
    ? { rating: g.rating, deviation: g.deviation, volatility: g.volatility }
    : undefined;
}

/**
 * A standing as it is stored: the history and the applied matches as short arrays, the history's
 * ratings to 1/100 of a point (what the item costs to write is its size, twice: item and index).
 * The applied matches' ratings before stay exact: a healed side is rated against them.
 */
export function encodeStanding(s: Standing): unknown {
  const hundredth = (n: number) => Math.round(n * 100) / 100;
  return {
    ...s,
    history: s.history.map((h) => [h.at, hundredth(h.before), hundredth(h.after), h.won ? 1 : 0]),
    applied: s.applied.map((a) => [a.match, a.at, a.before.rating, a.before.deviation, a.before.volatility, a.after]),
  };
}

/** A stored standing, checked; undefined when it does not decode (the item is then rewritten from a newcomer's). */
export function decodeStanding(stored: unknown): Standing | undefined {
  const s = stored as Partial<Record<keyof Standing, unknown>> | null;
  if (typeof s !== 'object' || s === null) return undefined;
  const g = glicko(s);
  if (!g || typeof s.name !== 'string' || !num(s.games) || !num(s.wins) || !num(s.lastPlayed) || !num(s.streak) || !num(s.bestStreak)) return undefined;
  if (typeof s.variants !== 'object' || s.variants === null || !Array.isArray(s.history) || !Array.isArray(s.applied)) return undefined;
  const variants = Object.fromEntries(Object.entries(s.variants as Record<string, unknown>).filter((e): e is [string, number] => num(e[1])));
  const history = (s.history as unknown[]).flatMap((h): HistoryEntry[] => {
    const [at, before, after, won] = Array.isArray(h) ? (h as unknown[]) : [];
    return num(at) && num(before) && num(after) && (won === 0 || won === 1) ? [{ at, before, after, won: won === 1 }] : [];
  });
  const applied = (s.applied as unknown[]).flatMap((a): AppliedMatch[] => {
    const [match, at, rating, deviation, volatility, after] = Array.isArray(a) ? (a as unknown[]) : [];
    const before = glicko({ rating, deviation, volatility });
    return before && typeof match === 'string' && num(at) && num(after) ? [{ match, at, before, after }] : [];
  });
  return { ...g, name: s.name, games: s.games, wins: s.wins, lastPlayed: s.lastPlayed, streak: s.streak, bestStreak: s.bestStreak, variants, history, applied };
}

/** A rating item read back as a record; undefined when its value does not decode. */
export function recordOfItem(item: StoredRating): RatingRecord | undefined {
  const standing = decodeStanding(item.value);
  return standing === undefined ? undefined : { player: item.player, board: item.board, version: item.version, standing };
}

/** How much a standing's rating changed over the last `days` days (0 without a match in them). */
export function changeOver(standing: Standing, now: number, days: number): number {
  const first = standing.history.find((h) => h.at >= now - days * DAY_MS);
  return first === undefined ? 0 : standing.rating - first.before;
}
