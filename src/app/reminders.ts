/**
 * When the scheduler looks at a game, and when a player is reminded to move (docs/rules/match.md §5: at about
 * half and at about nine tenths of the time left). Pure: every function takes the time it needs.
 *
 * A turn's notice schedule is a fixed list of steps, fractions of the time the player had when
 * the turn began. Each player's reminder setting picks the steps that are sent to them; the others
 * are skipped. The game item keeps how many steps of its current deadline are done (`Alarm`), so a
 * new deadline (a move, a vacation switched on) starts the schedule afresh.
 */
import { nextDeadline, type MatchState } from '../game/index.ts';
import type { Alarm } from '../store/index.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A game without a clock that nobody has moved in for this long is closed as abandoned. */
export const ABANDONED_AFTER_MS = 30 * DAY;

/**
 * How long a finished (or closed) game keeps its players' names and the notes about them: long
 * enough for a rematch, `/history` and a look back in `/games` while the match is fresh; then the
 * sweep fades them (`privacy.ts`, docs/privacy.md).
 */
export const FADE_AFTER_MS = 30 * DAY;

/** When a game that ended (or was closed) at `endedAt` fades. */
export function fadeAt(endedAt: number): number {
  return endedAt + FADE_AFTER_MS;
}

/** The steps of a turn's notice schedule, as fractions of the turn's time. */
const STEPS = [0.25, 0.5, 0.75, 0.9] as const;

/** How often a player wants to be reminded. */
export type RemindMode = 'off' | 'default' | 'frequent';
export const REMIND_MODES: readonly RemindMode[] = ['off', 'default', 'frequent'];

/** The steps each setting sends: by default at half and near the end (docs/rules/match.md §5). */
const SENT_STEPS: Record<RemindMode, readonly number[]> = { off: [], default: [1, 3], frequent: [0, 1, 2, 3] };

/** Hours of the player's day (local, `offsetMinutes` east of UTC) when no reminder should wake them; `from` > `to` spans midnight. */
export interface QuietHours {
  readonly from: number;
  readonly to: number;
  readonly offsetMinutes: number;
}

/** A player's reminder settings (`/remind`, `/quiet`). */
export interface ReminderPrefs {
  readonly mode: RemindMode;
  readonly quiet?: QuietHours;
}

export const DEFAULT_PREFS: ReminderPrefs = { mode: 'default' };

/** The turn's start and deadline while a correspondence clock runs, else undefined (real-time clocks are not reminded). */
function turnSpan(state: MatchState): { start: number; deadline: number } | undefined {
  const deadline = nextDeadline(state);
  if (state.phase !== 'playing' || state.settings.clock.kind !== 'correspondence' || !state.clock || deadline === undefined) return undefined;
  return { start: state.clock.since, deadline };
}

/** When step `step` of the turn is nominally due. */
function stepTime(span: { start: number; deadline: number }, step: number): number {
  return span.start + Math.round(STEPS[step] * (span.deadline - span.start));
}

/** The alarm a game carries after a change: kept while its deadline is the same, else none. */
export function carriedAlarm(state: MatchState, previous: Alarm | undefined): Alarm | undefined {
  return previous !== undefined && previous.for === nextDeadline(state) ? previous : undefined;
}

/**
 * Returns when the scheduler must next look at a match: its next reminder step, its deadline
 * (a challenge's expiry, a clock's time-out), or — without a clock — the day it counts as
 * abandoned; once over, the day its personal fields fade (`fadeAt`).
 */
export function wakeAt(state: MatchState, alarm: Alarm | undefined, updatedAt: number): number | undefined {
  const deadline = nextDeadline(state);
  if (deadline === undefined) return state.phase === 'playing' ? updatedAt + ABANDONED_AFTER_MS : fadeAt(updatedAt);
  const span = turnSpan(state);
  const own = alarm?.for === deadline ? alarm : undefined;
  // A notice being sent: look again when its claim runs out (the sweep that holds it marks it first).
  if (own?.sendingUntil !== undefined) return Math.min(deadline, own.sendingUntil);
  const step = own?.step ?? 0;
  if (!span || step >= STEPS.length) return deadline;
  return Math.min(deadline, stepTime(span, step));
}

/** What the sweep should do about a reminder now. */
export type ReminderPlan =
  /** Send the reminder of `step` now; then look again at `next`. */
  | { readonly kind: 'send'; readonly step: number; readonly next: number }
  /** Nothing to send now (skipped steps, or quiet hours): mark `step` done and look again at `next`. */
  | { readonly kind: 'wait'; readonly step: number; readonly next: number };

/**
 * Returns the reminder plan of a match whose wake-up time has come, for the player to move with
 * `prefs`. Steps the player's setting skips are passed over; a reminder that would fall in their
 * quiet hours waits until the quiet hours end, or — when they end after the deadline — goes out
 * before they begin (a late reminder must not become a silent time-out). Undefined when the match
 * has no reminders (no correspondence clock).
 */
export function planReminder(state: MatchState, alarm: Alarm | undefined, prefs: ReminderPrefs, now: number): ReminderPlan | undefined {
  const span = turnSpan(state);
  if (!span) return undefined;
  const sent = SENT_STEPS[prefs.mode];
  let step = alarm?.for === span.deadline ? alarm.step : 0;
  // Steps already past that the player does not get: done.
  while (step < STEPS.length && stepTime(span, step) <= now && !sent.includes(step)) step++;
  const dueNow = step < STEPS.length && stepTime(span, step) <= now;
  if (dueNow) {
    const quietEnd = prefs.quiet ? quietUntil(prefs.quiet, now) : undefined;
    if (quietEnd === undefined || quietEnd >= span.deadline) return { kind: 'send', step, next: nextTime(span, step + 1, sent, prefs.quiet, now) };
    return { kind: 'wait', step, next: quietEnd };
  }
  return { kind: 'wait', step, next: nextTime(span, step, sent, prefs.quiet, now) };
}

/** When the next step from `from` that the player gets is due, moved out of quiet hours; the deadline when none is left. */
function nextTime(span: { start: number; deadline: number }, from: number, sent: readonly number[], quiet: QuietHours | undefined, now: number): number {
  const step = sent.find((s) => s >= from);
  if (step === undefined) return span.deadline;
  const at = Math.max(now + 1, stepTime(span, step));
  const quietEnd = quiet ? quietUntil(quiet, at) : undefined;
  if (quietEnd === undefined) return Math.min(at, span.deadline);
  if (quietEnd < span.deadline) return quietEnd;
  // The quiet hours run past the deadline: remind just before they begin, if that is still ahead.
  const before = quietStart(quiet!, at) - MINUTE;
  return before > now ? before : Math.min(at, span.deadline);
}

/** Minutes since the player's local midnight at `at`. */
function localMinutes(quiet: QuietHours, at: number): number {
  return ((Math.floor((at + quiet.offsetMinutes * MINUTE) / MINUTE) % 1440) + 1440) % 1440;
}

function isQuiet(quiet: QuietHours, minutes: number): boolean {
  const from = quiet.from * 60;
  const to = quiet.to * 60;
  return from <= to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}

/** When the quiet hours around `at` end, or undefined when `at` is not in them. */
export function quietUntil(quiet: QuietHours, at: number): number | undefined {
  if (quiet.from === quiet.to) return undefined;
  const minutes = localMinutes(quiet, at);
  if (!isQuiet(quiet, minutes)) return undefined;
  const left = (quiet.to * 60 - minutes + 1440) % 1440;
  return Math.floor(at / MINUTE) * MINUTE + left * MINUTE;
}

/** When the quiet hours around `at` began (`at` must be in them). */
function quietStart(quiet: QuietHours, at: number): number {
  const minutes = localMinutes(quiet, at);
  const since = (minutes - quiet.from * 60 + 1440) % 1440;
  return Math.floor(at / MINUTE) * MINUTE - since * MINUTE;
}

/**
 * Reads `/quiet` arguments: `23-7 +3` (from 23:00 to 07:00 at UTC+3; the offset may be `+5:30`,
 * `-4` or left out for UTC), or `off`. Returns null for off, undefined for anything unreadable.
 */
export function parseQuiet(text: string): QuietHours | null | undefined {
  const words = text.trim().toLowerCase();
  if (words === 'off') return null;
  const m = /^(\d{1,2})\s*-\s*(\d{1,2})(?:\s+(?:utc)?([+-])(\d{1,2})(?::(\d{2}))?)?$/.exec(words);
  if (!m) return undefined;
  const from = Number(m[1]);
  const to = Number(m[2]);
  const offsetMinutes = m[3] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * (Number(m[4]) * 60 + Number(m[5] ?? 0));
  if (from > 23 || to > 23 || from === to || Math.abs(offsetMinutes) > 14 * 60) return undefined;
  return { from, to, offsetMinutes };
}

/** Reads a stored reminder setting, falling back to the default for anything unexpected. */
export function prefsOf(mode: unknown, quiet: unknown): ReminderPrefs {
  const q = quiet as QuietHours | null | undefined;
  const validQuiet = typeof q === 'object' && q !== null && [q.from, q.to, q.offsetMinutes].every(Number.isInteger) ? q : undefined;
  const m = REMIND_MODES.find((x) => x === mode) ?? 'default';
  return validQuiet ? { mode: m, quiet: validQuiet } : { mode: m };
}

/** A stretch of time in whole days, hours and minutes (rounded down), for the texts to word. */
export function timeLeft(ms: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(ms / MINUTE));
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}
