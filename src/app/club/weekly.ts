/**
 * A chat's weekly post (`/weekly on|off`): once a week, in the chat's language, the week's rated
 * games there, each family's leader (a new one named as such) and the biggest win (the largest
 * rating gain of one match). Sent by the scheduler from the `byDue` index (partition `WEEKLY`,
 * `store/club.ts`), at most once a week per chat: the sweep moves the post's due time a week on by
 * a conditional write (on the due time it read) *before* it posts, so of two sweeps only one posts,
 * and a sweep that dies after the move skips that week rather than posting it twice.
 */
import { isLang, t, type Lang } from '../../i18n/index.ts';
import type { GameStore, StoredWeekly } from '../../store/index.ts';
import type { ChatRef, Messengers } from '../ports.ts';
import { CHAT_LANGUAGE, chatOwner, recall } from '../remembered.ts';
import { FAMILIES, type RatingFamily } from './families.ts';
import { boardOf, DAY_MS, recordOfItem, type RatingRecord } from './standing.ts';
import { familyName } from './words.ts';

export const WEEK_MS = 7 * DAY_MS;
/** How many players of a chat's table the post looks at (the week's games of the rest are not counted). */
const LOOKED_AT = 100;

/** A chat's weekly post as the app keeps it. */
export interface Weekly {
  readonly on: boolean;
  /** The chat (`<platform>:<id>`) and where to post. */
  readonly chat: ChatRef;
  /** Who switched it on first: they may change it, as may the chat's admins. */
  readonly owner: string;
  /** The language of whoever switched it on, when the chat has none of its own. */
  readonly lang: Lang;
  /** Each family's leader at the last post, to tell a new one. */
  readonly leaders: Readonly<Partial<Record<RatingFamily, string>>>;
}

export function decodeWeekly(stored: StoredWeekly | undefined): Weekly | undefined {
  const v = stored?.value as Partial<Weekly> | undefined;
  if (typeof v !== 'object' || v === null || typeof v.on !== 'boolean' || typeof v.owner !== 'string' || !isLang(v.lang)) return undefined;
  const chat = v.chat as ChatRef | undefined;
  if (typeof chat !== 'object' || chat === null || typeof chat.platform !== 'string' || typeof chat.chatId !== 'string') return undefined;
  const leaders = typeof v.leaders === 'object' && v.leaders !== null ? v.leaders : {};
  return { on: v.on, chat: { platform: chat.platform, chatId: chat.chatId }, owner: v.owner, lang: v.lang, leaders };
}

/** The week in words, and each family's leader now. */
export async function weekText(store: GameStore, chat: ChatRef, lang: Lang, known: Weekly['leaders'], now: number): Promise<{ text: string; leaders: Weekly['leaders'] }> {
  const since = now - WEEK_MS;
  const tables = await Promise.all(FAMILIES.map(async (family) => [family, (await store.club.topRatings(boardOf(family, chat), LOOKED_AT)).flatMap((i) => recordOfItem(i) ?? [])] as const));
  let entries = 0;
  let biggest: { name: string; delta: number; family: RatingFamily } | undefined;
  const leaders: Partial<Record<RatingFamily, string>> = {};
  const lines = [t(lang, 'weekly.title')];
  const leaderLines: string[] = [];
  for (const [family, table] of tables as readonly (readonly [RatingFamily, RatingRecord[]])[]) {
    const leader = table[0];
    if (leader === undefined) continue;
    leaders[family] = leader.player;
    const key = known[family] === leader.player ? 'weekly.leader' : 'weekly.newLeader';
    leaderLines.push(t(lang, key, { family: familyName(lang, family), name: leader.standing.name, rating: Math.round(leader.standing.rating) }));
    for (const r of table) {
      for (const h of r.standing.history) {
        if (h.at < since || h.at > now) continue;
        entries++;
        const delta = h.after - h.before;
        if (h.won && (biggest === undefined || delta > biggest.delta)) biggest = { name: r.standing.name, delta, family };
      }
    }
  }
  // Each match is in both players' histories.
  const games = Math.round(entries / 2);
  if (games === 0) return { text: [...lines, t(lang, 'weekly.quiet')].join('\n'), leaders };
  lines.push(t(lang, 'weekly.games', { n: games }), ...leaderLines);
  if (biggest) lines.push(t(lang, 'weekly.biggest', { name: biggest.name, delta: Math.round(biggest.delta), family: familyName(lang, biggest.family) }));
  return { text: lines.join('\n'), leaders };
}

/**
 * Posts the weekly posts that are due (the sweep calls it once per run); returns how many went
 * out. A chat whose messenger cannot write from here is left due for a process that can.
 */
export async function postWeeklies(store: GameStore, messengers: Messengers, now: number, limit = 50): Promise<number> {
  let posted = 0;
  for (const item of await store.club.dueWeekly(now, limit)) {
    const weekly = decodeWeekly(item);
    const emit = weekly === undefined ? undefined : messengers[weekly.chat.platform]?.unprompted;
    if (weekly === undefined || item.dueAt === undefined) {
      // Undecodable: taken out of the index, so it cannot come back every minute.
      await store.club.writeWeekly({ chat: item.chat, value: item.value }, item.dueAt);
      continue;
    }
    if (emit === undefined) continue;
    const lang = (await recall(store, CHAT_LANGUAGE, chatOwner(weekly.chat))) ?? weekly.lang;
    const week = await weekText(store, weekly.chat, lang, weekly.leaders, now);
    // Never more than a week late: a post overdue by weeks (the scheduler was down) resumes from now.
    const next = Math.max(item.dueAt + WEEK_MS, now + DAY_MS);
    const claimed = await store.club.writeWeekly({ chat: item.chat, dueAt: next, value: { ...weekly, leaders: week.leaders } }, item.dueAt);
    if (!claimed) continue;
    if (await emit({ kind: 'text', chat: weekly.chat, text: week.text })) posted++;
  }
  return posted;
}
