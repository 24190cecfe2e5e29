/**
 * Issue 7: when reminders are due (docs/rules/match.md §5: about half and nine tenths of the time), by the
 * player's setting and quiet hours; and how `/quiet` is read.
 */
import { describe, expect, it } from 'vitest';
import { parseQuiet, planReminder, quietUntil, wakeAt, type ReminderPrefs } from '../../src/app/reminders.ts';
import { apply, createChallenge, type MatchState } from '../../src/game/index.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 0, 5, 0); // midnight UTC

function accepted(daysPerMove: number, at = T0): MatchState {
  const challenge = createChallenge({ id: 'r1', by: { id: 'telegram:1', name: 'A' }, invitee: null, settings: { variant: 'long', clock: { kind: 'correspondence', daysPerMove, poolDays: 0, vacationDays: 0 } } }, at);
  if (!challenge.ok) throw new Error(challenge.error.message);
  const dice = [5, 2, 3, 4, 6, 1];
  const started = apply(challenge.value.state, { type: 'accept', by: { id: 'telegram:2', name: 'B' } }, at, { die: () => dice.shift() ?? 3 });
  if (!started.ok) throw new Error(started.error.message);
  return started.value.state;
}

const plain: ReminderPrefs = { mode: 'default' };

describe('the reminder schedule', () => {
  it('wakes the scheduler at a quarter of the turn, then, by default, reminds at half and at nine tenths', () => {
    const state = accepted(2);
    const deadline = T0 + 2 * DAY;
    expect(wakeAt(state, undefined, T0)).toBe(T0 + 12 * HOUR);
    // At a quarter the default setting has nothing to say: wait for half.
    expect(planReminder(state, undefined, plain, T0 + 12 * HOUR)).toEqual({ kind: 'wait', step: 1, next: T0 + DAY });
    expect(planReminder(state, { for: deadline, step: 1 }, plain, T0 + DAY)).toEqual({ kind: 'send', step: 1, next: T0 + 43.2 * HOUR });
    expect(planReminder(state, { for: deadline, step: 2 }, plain, T0 + 43.2 * HOUR)).toEqual({ kind: 'send', step: 3, next: deadline });
    // All done: the next wake-up is the deadline itself.
    expect(wakeAt(state, { for: deadline, step: 4 }, T0)).toBe(deadline);
  });

  it('"frequent" reminds at every quarter and near the end; "off" never', () => {
    const state = accepted(2);
    expect(planReminder(state, undefined, { mode: 'frequent' }, T0 + 12 * HOUR)).toMatchObject({ kind: 'send', step: 0, next: T0 + DAY });
    expect(planReminder(state, undefined, { mode: 'off' }, T0 + 12 * HOUR)).toMatchObject({ kind: 'wait', next: T0 + 2 * DAY });
  });

  it('an alarm of an older deadline does not count: a new turn starts the schedule afresh', () => {
    const state = accepted(2);
    expect(wakeAt(state, { for: T0 - 5, step: 4 }, T0)).toBe(T0 + 12 * HOUR);
  });

  it('a reminder in quiet hours waits for their end', () => {
    const state = accepted(1); // half at 12:00 UTC
    const quiet: ReminderPrefs = { mode: 'default', quiet: { from: 13, to: 17, offsetMinutes: 180 } }; // 10:00–14:00 UTC
    expect(planReminder(state, { for: T0 + DAY, step: 1 }, quiet, T0 + 12 * HOUR)).toEqual({ kind: 'wait', step: 1, next: T0 + 14 * HOUR });
    expect(planReminder(state, { for: T0 + DAY, step: 1 }, quiet, T0 + 14 * HOUR)).toMatchObject({ kind: 'send', step: 1 });
  });

  it('the last reminder, falling in quiet hours that last past the deadline, is moved before they begin', () => {
    const state = accepted(1); // nine tenths at 21:36 UTC, deadline at 24:00
    const quiet: ReminderPrefs = { mode: 'default', quiet: { from: 21, to: 7, offsetMinutes: 0 } };
    expect(planReminder(state, { for: T0 + DAY, step: 1 }, quiet, T0 + 12 * HOUR)).toEqual({ kind: 'send', step: 1, next: T0 + 21 * HOUR - 60_000 });
    // Woken inside them with the deadline before their end: it goes out anyway, better than a silent loss.
    expect(planReminder(state, { for: T0 + DAY, step: 2 }, quiet, T0 + 22 * HOUR)).toMatchObject({ kind: 'send', step: 3 });
  });

  it('knows when quiet hours end, across midnight and time zones', () => {
    const overnight = { from: 23, to: 7, offsetMinutes: 180 }; // 20:00–04:00 UTC
    expect(quietUntil(overnight, T0 + 21 * HOUR)).toBe(T0 + 28 * HOUR);
    expect(quietUntil(overnight, T0 + 2 * HOUR)).toBe(T0 + 4 * HOUR);
    expect(quietUntil(overnight, T0 + 5 * HOUR)).toBeUndefined();
    expect(quietUntil({ from: 1, to: 6, offsetMinutes: -330 }, T0 + 7 * HOUR)).toBe(T0 + 11.5 * HOUR);
  });

  it('reads /quiet: hours and an optional UTC offset, or off', () => {
    expect(parseQuiet('23-7 +3')).toEqual({ from: 23, to: 7, offsetMinutes: 180 });
    expect(parseQuiet('0-8 utc-4:30')).toEqual({ from: 0, to: 8, offsetMinutes: -270 });
    expect(parseQuiet('22 - 6')).toEqual({ from: 22, to: 6, offsetMinutes: 0 });
    expect(parseQuiet('off')).toBeNull();
    for (const bad of ['', '7-7', '25-3', '23-7 +15', 'night']) expect(parseQuiet(bad), bad).toBeUndefined();
  });
});
