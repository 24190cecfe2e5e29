import { describe, expect, it } from 'vitest';
import { cryptoDice, fixedDice } from '../../src/dice/index.ts';
import { apply, createChallenge, decodeMatch, encodeMatch, type MatchState } from '../../src/game/index.ts';

const ann = { id: 'telegram:1', name: 'Ann' };
const bob = { id: 'telegram:2', name: 'Bob' };

function challenge(): MatchState {
  const r = createChallenge({ id: 'cfg1', by: ann, invitee: bob.id, settings: { variant: 'long' } }, 1000);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}

describe('docs/rules/match.md §4: the challenger sets the conventions before the challenge is accepted', () => {
  it('a configure command replaces the settings with their validated form, and the stored match replays it', () => {
    const r = apply(challenge(), { type: 'configure', by: ann.id, settings: { variant: 'short', matchLength: 3 } }, 2000, fixedDice([]));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.state.settings).toMatchObject({ variant: 'short', matchLength: 3, doubling: true, crawford: true });
    const decoded = decodeMatch(JSON.parse(JSON.stringify(encodeMatch(r.value.state))));
    expect(decoded.ok && decoded.value).toEqual(r.value.state);
  });

  it('only the challenger may change the settings', () => {
    const r = apply(challenge(), { type: 'configure', by: bob.id, settings: { variant: 'short' } }, 2000, fixedDice([]));
    expect(!r.ok && r.error.kind).toBe('not-a-player');
  });

  it('an impossible combination is refused and changes nothing', () => {
    const state = challenge();
    const r = apply(state, { type: 'configure', by: ann.id, settings: { variant: 'short', matchLength: 3, jacoby: true } }, 2000, fixedDice([]));
    expect(!r.ok && r.error.kind).toBe('invalid-settings');
  });

  it('settings cannot change once the challenge is accepted', () => {
    const accepted = apply(challenge(), { type: 'accept', by: bob }, 2000, cryptoDice());
    if (!accepted.ok) throw new Error(accepted.error.message);
    const r = apply(accepted.value.state, { type: 'configure', by: ann.id, settings: { variant: 'short' } }, 3000, fixedDice([]));
    expect(!r.ok && r.error.kind).toBe('wrong-phase');
  });
});
