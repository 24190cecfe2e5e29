/**
 * Issue #20: vacation and settings changes are kept in the history like moves, so repeating them
 * must not grow a shared match without bound — a change that changes nothing is refused, and each
 * kind is bounded per day.
 */
import { describe, expect, it } from 'vitest';
import { SETTINGS_CHANGES_PER_DAY, VACATION_CHANGES_PER_DAY, apply, decodeMatch, encodeMatch, type MatchState } from '../../src/game/index.ts';
import { ANN, BOB, DAY, HOUR, T0, challenge, reject, scripted, started, step } from './fixture.ts';

const CORR = { variant: 'short', clock: { kind: 'correspondence', daysPerMove: 2, poolDays: 3, vacationDays: 5 } } as const;

describe('issue #20: a vacation change must change something', () => {
  it('going away while away, or coming back while not away, is refused and leaves the history as it is', () => {
    let s = started(CORR, [3, 1]);
    expect(reject(s, { type: 'vacation', by: BOB.id, away: false }, T0 + HOUR).kind).toBe('nothing-changes');
    s = step(s, { type: 'vacation', by: BOB.id, away: true }, [], T0 + HOUR);
    const history = s.history.length;
    expect(reject(s, { type: 'vacation', by: BOB.id, away: true }, T0 + 2 * HOUR).kind).toBe('nothing-changes');
    expect(s.history).toHaveLength(history);
  });

  it(`a player may switch vacation at most ${VACATION_CHANGES_PER_DAY} times in 24 hours in one match, then again the next day`, () => {
    let s = started(CORR, [3, 1]);
    for (let i = 0; i < VACATION_CHANGES_PER_DAY; i++) s = step(s, { type: 'vacation', by: BOB.id, away: i % 2 === 0 }, [], T0 + i * HOUR);
    const away = VACATION_CHANGES_PER_DAY % 2 === 0;
    expect(reject(s, { type: 'vacation', by: BOB.id, away }, T0 + 5 * HOUR).kind).toBe('too-many-changes');
    // The opponent's own changes are counted apart.
    s = step(s, { type: 'vacation', by: ANN.id, away: true }, [], T0 + 5 * HOUR);
    s = step(s, { type: 'vacation', by: BOB.id, away }, [], T0 + DAY + HOUR);
    expect(s.clock!.awaySince[1] !== null).toBe(away);
  });

  it('a thousand /vacation toggles in a day grow the stored match by at most the daily bound', () => {
    let s: MatchState = started(CORR, [3, 1]);
    const before = JSON.stringify(encodeMatch(s)).length;
    for (let i = 0; i < 1000; i++) {
      const r = apply(s, { type: 'vacation', by: BOB.id, away: s.clock!.awaySince[1] === null }, T0 + i * 60_000, scripted([]));
      if (r.ok) s = r.value.state;
    }
    const grown = s.history.filter((e) => e.type === 'vacation').length;
    expect(grown).toBe(VACATION_CHANGES_PER_DAY);
    expect(JSON.stringify(encodeMatch(s)).length - before).toBeLessThan(VACATION_CHANGES_PER_DAY * 40);
  });
});

describe('issue #20: a settings change must change something', () => {
  it('configuring the settings the challenge has already is refused', () => {
    const s = challenge({ variant: 'short', matchLength: 3 });
    expect(reject(s, { type: 'configure', by: ANN.id, settings: { ...s.settings } }).kind).toBe('nothing-changes');
  });

  it(`the challenger may change the settings at most ${SETTINGS_CHANGES_PER_DAY} times in 24 hours`, () => {
    let s = challenge({ variant: 'short' });
    for (let i = 0; i < SETTINGS_CHANGES_PER_DAY; i++) s = step(s, { type: 'configure', by: ANN.id, settings: { variant: 'short', matchLength: i % 2 === 0 ? 3 : 5 } }, [], T0 + i * 1000);
    expect(reject(s, { type: 'configure', by: ANN.id, settings: { variant: 'short', matchLength: 7 } }, T0 + HOUR).kind).toBe('too-many-changes');
  });
});

describe('issue #20: matches stored before the bounds still replay', () => {
  it('a stored history holding a vacation change that changed nothing, and more than a day’s worth of them, decodes', () => {
    const s = started(CORR, [3, 1]);
    const stored = encodeMatch(s);
    // Written by the code before the bounds: Bob went away six times in a row, a minute apart.
    const rows = Array.from({ length: 6 }, () => ['V', 60_000, 1, true]);
    const decoded = decodeMatch({ ...stored, h: [...stored.h, ...rows] });
    expect(decoded.ok && decoded.value.history.filter((e) => e.type === 'vacation')).toHaveLength(6);
  });
});
