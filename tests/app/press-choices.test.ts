/**
 * Issue #50: a press is read from one row per choice (`src/app/intents/press-choices.ts`). What the
 * four sets of the handler before it said must still hold, choice by choice: which choices only
 * redraw, which only show a keyboard, which claim their update alone, which stand for a command.
 */
import { describe, expect, it } from 'vitest';
import { changesSomething, claimsAlone, natureOf } from '../../src/app/intents/press-choices.ts';
import type { Choice, Token } from '../../src/app/tokens.ts';

const EVERY: readonly Choice[] = [
  { k: 'accept' }, { k: 'decline' }, { k: 'cancel' }, { k: 'roll' }, { k: 'double' }, { k: 'detonate' }, { k: 'take' }, { k: 'beaver' },
  { k: 'askPass' }, { k: 'pass' }, { k: 'askResign' }, { k: 'resign' }, { k: 'acceptResign' }, { k: 'declineResign' },
  { k: 'back' }, { k: 'undo' }, { k: 'confirm' }, { k: 'settings' }, { k: 'variants' }, { k: 'bringDown' }, { k: 'rematch' },
  { k: 'history' }, { k: 'hint' }, { k: 'review' }, { k: 'dice' }, { k: 'verify' }, { k: 'luck', n: 1 },
  { k: 'set', key: 'm', value: '3' }, { k: 'play', i: 0 }, { k: 'pick', from: 13 }, { k: 'step', from: 13, to: 8, die: 5 },
];

const token = (choice: Choice): Token => ({ surface: 'board', gameId: 'g1', version: 1, choice });
const kinds = (has: (c: Choice) => boolean) => EVERY.filter(has).map((c) => c.k).sort();

describe('issue #50: the press table, one row per choice', () => {
  it('views redraw only (pick, ask to pass or resign, back) and, with the settings and variants keyboards, are not worth delivering again', () => {
    expect(kinds((c) => natureOf(c).view !== undefined)).toEqual(['askPass', 'askResign', 'back', 'pick']);
    expect(kinds((c) => !changesSomething(token(c)))).toEqual(['askPass', 'askResign', 'back', 'pick', 'settings', 'variants']);
    expect(changesSomething(undefined)).toBe(false);
  });

  it('a rematch alone claims its update before it is handled', () => {
    expect(kinds((c) => claimsAlone(token(c)))).toEqual(['rematch']);
    expect(claimsAlone(undefined)).toBe(false);
  });

  it('a challenge\'s settings keyboard: settings, variants, back and set', () => {
    expect(kinds((c) => natureOf(c).setting !== undefined)).toEqual(['back', 'set', 'settings', 'variants']);
  });

  it('looks aside from the match are answered whatever the version; the hint only on the current board', () => {
    expect(kinds((c) => natureOf(c).aside !== undefined)).toEqual(['bringDown', 'dice', 'history', 'luck', 'rematch', 'review', 'verify']);
    expect(kinds((c) => natureOf(c).current !== undefined)).toEqual(['hint']);
  });

  it('every other choice is the match command of its name, given by the presser', () => {
    const by = { id: 'telegram:1', name: 'Ann' };
    const state = { game: null } as never;
    for (const choice of EVERY.filter((c) => natureOf(c).command !== undefined && !['accept', 'step', 'play'].includes(c.k))) {
      expect(natureOf(choice).command!(choice, by, state, false)).toEqual({ type: choice.k, by: by.id });
    }
    expect(natureOf({ k: 'accept' }).command!({ k: 'accept' }, by, state, false)).toEqual({ type: 'accept', by: { id: by.id, name: 'Ann' } });
    const step: Choice = { k: 'step', from: 13, to: 8, die: 5 };
    expect(natureOf(step).command!(step, by, state, true)).toEqual({ type: 'step', by: by.id, from: 13, to: 8, die: 5, rest: 'fill' });
    expect(natureOf({ k: 'play', i: 0 }).command!({ k: 'play', i: 0 }, by, state, false)).toEqual({ type: 'play', by: by.id, move: '?' });
  });
});
