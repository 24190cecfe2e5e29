/**
 * Clock arithmetic (docs/rules/match.md §5). The clock runs for the seat that has to act; when that changes,
 * the time used is charged to the seat that acted. All times are absolute epoch milliseconds.
 */
import type { ClockSettings, ClockState, MatchState, Seat } from './types.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Returns a fresh clock for a match that starts at `at`, or null without a clock. Implements docs/rules/match.md §5. */
export function startClock(settings: ClockSettings, at: number): ClockState | null {
  switch (settings.kind) {
    case 'none':
      return null;
    case 'fischer':
    case 'compensation': {
      const bank = settings.bankMinutes * MINUTE;
      return { since: at, bank: [bank, bank], vacationLeft: [0, 0], awaySince: [null, null] };
    }
    case 'correspondence': {
      const pool = settings.poolDays * DAY;
      const vacation = settings.vacationDays * DAY;
      return { since: at, bank: [pool, pool], vacationLeft: [vacation, vacation], awaySince: [null, null] };
    }
  }
}

/**
 * Returns the seat that has to act now, or null when nobody does (challenge, opening throw,
 * finished). Not a rule: whose clock runs.
 */
export function seatToAct(state: MatchState): Seat | null {
  const game = state.game;
  if (state.phase !== 'playing' || !game || game.ended) return null;
  const t = game.turn;
  switch (t.stage) {
    case 'opening':
      return null;
    case 'decide':
    case 'moving':
    case 'beavered':
      return t.seat;
    case 'doubled':
    case 'resignOffered':
      return t.seat === 0 ? 1 : 0;
  }
}

function vacationUsed(clock: ClockState, seat: Seat, at: number): number {
  const away = clock.awaySince[seat];
  if (away === null) return 0;
  return Math.min(clock.vacationLeft[seat], Math.max(0, at - Math.max(away, clock.since)));
}

/**
 * Returns when the seat to act runs out of time, or undefined when no clock runs.
 * Real-time clocks: the bank. Correspondence: days per move, then the pool, plus vacation left
 * while the player is away. Implements docs/rules/match.md §5.
 */
export function deadlineOf(state: MatchState): number | undefined {
  const clock = state.clock;
  const seat = seatToAct(state);
  if (!clock || seat === null) return undefined;
  const s = state.settings.clock;
  if (s.kind === 'correspondence') {
    const away = clock.awaySince[seat] !== null ? clock.vacationLeft[seat] : 0;
    return clock.since + s.daysPerMove * DAY + clock.bank[seat] + away;
  }
  return clock.since + clock.bank[seat];
}

/**
 * Returns the clock after `seat` finished a decision at `at` (`moved`: it was a checker play).
 * Fischer: the bank loses the time used and gains the increment after a move. Compensation
 * (Bronstein): it gets back the time the move used, at most the delay, so it never grows.
 * Correspondence: time beyond the days per move comes out of the pool; time away on vacation
 * comes out of the vacation days instead. Implements docs/rules/match.md §5.
 */
export function chargeClock(clock: ClockState, settings: ClockSettings, seat: Seat, at: number, moved: boolean): ClockState {
  const away = vacationUsed(clock, seat, at);
  const used = Math.max(0, at - clock.since - away);
  const bank: [number, number] = [clock.bank[0], clock.bank[1]];
  const vacationLeft: [number, number] = [clock.vacationLeft[0], clock.vacationLeft[1]];
  vacationLeft[seat] -= away;
  switch (settings.kind) {
    case 'fischer':
      bank[seat] = Math.max(0, bank[seat] - used) + (moved ? settings.incrementSeconds * 1000 : 0);
      break;
    case 'compensation':
      bank[seat] = Math.max(0, bank[seat] - used) + (moved ? Math.min(used, settings.delaySeconds * 1000) : 0);
      break;
    case 'correspondence':
      bank[seat] = Math.max(0, bank[seat] - Math.max(0, used - settings.daysPerMove * DAY));
      break;
    case 'none':
      break;
  }
  const awaySince: [number | null, number | null] = [clock.awaySince[0], clock.awaySince[1]];
  if (awaySince[seat] !== null) awaySince[seat] = at; // still away: later vacation counts from now
  return { since: at, bank, vacationLeft, awaySince };
}

/**
 * Returns the clock after a seat goes away on vacation or comes back (correspondence only).
 * Coming back while it is the seat's move pauses its clock by the vacation used.
 */
export function setAway(clock: ClockState, seat: Seat, away: boolean, at: number, isActor: boolean): ClockState {
  const awaySince: [number | null, number | null] = [clock.awaySince[0], clock.awaySince[1]];
  const vacationLeft: [number, number] = [clock.vacationLeft[0], clock.vacationLeft[1]];
  let since = clock.since;
  if (away) {
    if (awaySince[seat] === null) awaySince[seat] = at;
  } else if (awaySince[seat] !== null) {
    const used = isActor ? vacationUsed(clock, seat, at) : 0;
    vacationLeft[seat] -= used;
    since += used;
    awaySince[seat] = null;
  }
  return { since, bank: clock.bank, vacationLeft, awaySince };
}
