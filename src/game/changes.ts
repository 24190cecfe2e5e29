/**
 * Changes that leave the board alone — going on vacation or coming back, the challenge's settings —
 * are kept in the history like moves, so a player could grow a shared match without bound by
 * repeating them (issue #20: some 19,000 toggles fill a game item and freeze the opponent's game).
 * A change that changes nothing is refused, and each kind may be made only so often in a day.
 * `apply` checks these on new commands only; a stored history replays without them.
 * Not a rule of the game: a bound on what one player may write into a shared match.
 */
import { fail, ok, type Result } from '../lib/index.ts';
import type { GameError, MatchEvent, MatchSettings, MatchState, Seat } from './types.ts';

/** How often a player may go away or come back in one match, in any 24 hours. */
export const VACATION_CHANGES_PER_DAY = 4;
/** How often the challenger may change a challenge's settings in 24 hours (a keyboard press each). */
export const SETTINGS_CHANGES_PER_DAY = 40;

const DAY_MS = 24 * 3600_000;

function recent(state: MatchState, at: number, counts: (e: MatchEvent) => boolean): number {
  let n = 0;
  for (let i = state.history.length - 1; i >= 0; i--) {
    const e = state.history[i]!;
    if (e.at <= at - DAY_MS) break;
    if (counts(e)) n++;
  }
  return n;
}

/**
 * Returns whether `seat` may go away (`away`) or come back now: refused when it changes nothing or
 * comes too often. Not a rule: a bound on what a player may write into a shared match.
 */
export function mayChangeVacation(state: MatchState, seat: Seat, away: boolean, at: number): Result<true, GameError> {
  const isAway = state.clock?.awaySince[seat] != null;
  if (isAway === away) return fail({ kind: 'nothing-changes', message: away ? 'you are away already' : 'you are not away' });
  if (recent(state, at, (e) => e.type === 'vacation' && e.seat === seat) >= VACATION_CHANGES_PER_DAY) {
    return fail({ kind: 'too-many-changes', message: `at most ${VACATION_CHANGES_PER_DAY} vacation changes a day in one match` });
  }
  return ok(true);
}

/**
 * Returns whether the challenge's settings may become `settings` now: refused when they are the
 * same or change too often. Not a rule: a bound on what a player may write into a shared match.
 */
export function mayChangeSettings(state: MatchState, settings: MatchSettings, at: number): Result<true, GameError> {
  if (canonical(settings) === canonical(state.settings)) return fail({ kind: 'nothing-changes', message: 'these are the settings already' });
  if (recent(state, at, (e) => e.type === 'configured') >= SETTINGS_CHANGES_PER_DAY) {
    return fail({ kind: 'too-many-changes', message: `at most ${SETTINGS_CHANGES_PER_DAY} settings changes a day` });
  }
  return ok(true);
}

/**
 * Returns whether the events a command was decided into may be written: each vacation and settings
 * change among them must pass its bound. Not a rule: a bound on what a player may write into a shared match.
 */
export function mayChange(state: MatchState, events: readonly MatchEvent[], at: number): Result<true, GameError> {
  for (const e of events) {
    const allowed = e.type === 'vacation' ? mayChangeVacation(state, e.seat, e.away, at) : e.type === 'configured' ? mayChangeSettings(state, e.settings, at) : ok(true as const);
    if (!allowed.ok) return allowed;
  }
  return ok(true);
}

/** JSON with sorted keys, so that two equal settings compare equal whatever order they were built in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v);
}
