/**
 * The buttons of a turn (board-buttons.ts), on built positions: a few whole plays at the start of a
 * turn; else a button per legal step; past 20 steps the checkers, where one with a single way to go
 * is its step; a step's die named when two dice make it; every button legal, and within the 25
 * buttons the smallest messenger keyboard holds.
 */
import { describe, expect, it } from 'vitest';
import { boardButtons, digitsWide, DIGITS_IN_ROW_OF_TWO } from '../../src/app/board-buttons.ts';
import { decodeToken, type Choice } from '../../src/app/tokens.ts';
import { legalPlays, turnProgress } from '../../src/engine/index.ts';
import { positionOf, turnContextOf, type MatchState } from '../../src/game/index.ts';
import { board, started, withGame } from '../game/fixture.ts';

function moving(state: MatchState, seat0: readonly (readonly [number, number])[], seat1: readonly (readonly [number, number])[], dice: [number, number]): MatchState {
  return { ...withGame(state, { board: board(seat0, seat1), turn: { seat: 0, stage: 'moving', dice, steps: [] } }), id: 'match1' }; // a token's game id has no dash
}

const choices = (rows: ReturnType<typeof boardButtons>): { label: string; choice: Choice }[] =>
  rows.flat().map((b) => ({ label: b.label, choice: decodeToken('token' in b ? b.token : '')!.choice }));

describe('the buttons of a turn', () => {
  const s = started({ variant: 'short' }, [6, 5]);

  it('at most 8 whole plays: one button each, two to a row, then Resign and History', () => {
    const state = moving(s, [[24, 1], [8, 1], [1, 13]], [[1, 15]], [6, 5]);
    const plays = legalPlays(positionOf(state.settings, state.game!), [6, 5], turnContextOf(state.game!));
    const rows = boardButtons(state, 3, 'en', {});
    expect(plays.length).toBeLessThanOrEqual(8);
    expect(choices(rows).filter((c) => c.choice.k === 'play').map((c) => c.label)).toEqual(plays.map((p) => p.move));
    expect(rows.slice(0, -1).every((row) => row.length <= 2)).toBe(true);
    expect(choices([rows.at(-1)!]).map((c) => c.choice.k)).toEqual(['askResign', 'history']);
  });

  it('plays go two a row, one a row when one of them is too long for half a phone\'s row in a group (tests/i18n/keyboard-width.system.test.ts measures it)', () => {
    expect(digitsWide('24/18 16/10(2)')).toBeLessThanOrEqual(DIGITS_IN_ROW_OF_TWO);
    expect(digitsWide('24/18 13/10 8/5')).toBeLessThanOrEqual(DIGITS_IN_ROW_OF_TWO);
    expect(digitsWide('24/18 16/10 14/8(2)')).toBeGreaterThan(DIGITS_IN_ROW_OF_TWO);
    expect(digitsWide('24/18 22/16 14/8 11/5')).toBeGreaterThan(DIGITS_IN_ROW_OF_TWO);
    expect(digitsWide('bar/21* bar/21 19/15 12/8*')).toBeGreaterThan(DIGITS_IN_ROW_OF_TWO);
    expect(digitsWide('bar/19* bar/19 20/14(2)')).toBeGreaterThan(DIGITS_IN_ROW_OF_TWO);
  });

  it('more than 8 plays and at most 20 steps: a button per legal step, "from/to", each one the engine offers', () => {
    const state = moving(s, [[24, 2], [13, 5], [8, 3], [6, 5]], [[1, 2], [12, 5], [17, 3], [19, 5]], [6, 3]);
    const game = state.game!;
    const progress = turnProgress(positionOf(state.settings, game), [6, 3], [], turnContextOf(game));
    if (!progress.ok) throw new Error(progress.error.message);
    expect(legalPlays(positionOf(state.settings, game), [6, 3], turnContextOf(game)).length).toBeGreaterThan(8);
    const steps = choices(boardButtons(state, 3, 'en', {})).filter((c) => c.choice.k === 'step');
    const key = (c: { from: number; to: number; die: number }) => `${c.from}/${c.to}/${c.die}`;
    expect(steps.map((c) => key(c.choice as Choice & { k: 'step' })).sort()).toEqual(progress.value.next.map(key).sort());
    for (const c of steps) if (c.choice.k === 'step') expect(c.label).toBe(`${c.choice.from}/${c.choice.to === 0 ? 'off' : c.choice.to}`);
  });

  it('past 20 steps the checkers are listed; one with a single way to go is its step; never more than 25 buttons', () => {
    // Fifteen checkers on 24..10, Bob holding her 4: 30 steps, but 10 may only play 10/5.
    const annas = Array.from({ length: 15 }, (_, i) => [24 - i, 1] as const);
    const state = moving(s, annas, [[21, 2], [24, 13]], [6, 5]);
    const rows = boardButtons(state, 3, 'en', {});
    const all = choices(rows);
    expect(all.length).toBeLessThanOrEqual(25);
    expect(all.filter((c) => c.choice.k === 'pick')).toHaveLength(14);
    expect(all.filter((c) => c.choice.k === 'step')).toEqual([{ label: '10/5', choice: { k: 'step', from: 10, to: 5, die: 5 } }]);
  });

  it('a checker picked shows its destinations, the die named where two dice bear it off', () => {
    const state = moving(s, [[2, 2], [0, 13]], [[24, 15]], [5, 3]);
    const labels = choices(boardButtons(state, 3, 'en', { pick: 2 })).map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['2/off (5)', '2/off (3)']));
  });
});
