/**
 * The docs/rules/variants.md §6 variants in the match layer: what each changes beyond the move generator —
 * tavla's settings and opening, sudden death's first hit, nuclear's bomb (a piece of match state
 * like the cube, with its own command and event) — and that the stored form replays them.
 */
import { describe, expect, it } from 'vitest';
import { legalPlays } from '../../src/engine/index.ts';
import { decodeMatch, defaultSettings, encodeMatch, positionOf, validateSettings, type MatchState } from '../../src/game/index.ts';
import { ANN, BOB, act, board, challenge, eventsOf, gameOf, reject, started, step, withGame } from './fixture.ts';

/** The match after a stored round trip: what the store would load. */
function reloaded(state: MatchState): MatchState {
  const r = decodeMatch(JSON.parse(JSON.stringify(encodeMatch(state))));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('docs/rules/variants.md §6 tavla in the match layer', () => {
  it('a challenge defaults to a match to 3 without the cube; the cube cannot be switched on', () => {
    expect(defaultSettings('tavla')).toMatchObject({ matchLength: 3, doubling: false, crawford: false });
    expect(validateSettings({ variant: 'tavla' })).toMatchObject({ ok: true, value: { matchLength: 3, doubling: false } });
    expect(validateSettings({ variant: 'tavla', doubling: true })).toMatchObject({ ok: false, error: { kind: 'invalid-settings' } });
    expect(validateSettings({ variant: 'tavla', matchLength: 5 })).toMatchObject({ ok: true, value: { matchLength: 5 } });
  });

  it('the opening throw\'s winner rolls both dice again, by itself since there is no cube', () => {
    const r = act(challenge({ variant: 'tavla' }), { type: 'accept', by: BOB }, [5, 2, 3, 3]);
    expect(r.events.map((e) => e.type)).toEqual(['accepted', 'gameStarted', 'openingThrow', 'rolled']);
    expect(eventsOf(r.events, 'rolled')[0]).toMatchObject({ seat: 0, dice: [3, 3] });
    expect(gameOf(r.state).turn).toMatchObject({ seat: 0, stage: 'moving', dice: [3, 3] });
  });
});

describe('docs/rules/variants.md §6 sudden death: the first hit wins, single', () => {
  // Ann (White, seat 0) to play 6-1 with a Black blot on her 5 point (Black's 20).
  const position = (cube: number): MatchState => withGame(started({ variant: 'suddenDeath', doubling: cube > 1 }, [6, 1]), {
    board: board([[24, 2], [13, 5], [8, 3], [6, 5]], [[24, 1], [20, 1], [13, 5], [8, 3], [6, 5]]),
    cube: { value: cube, owner: cube > 1 ? 1 : null },
  });

  it('the play that hits ends the game at once: Ann wins one point', () => {
    const r = act(position(1), { type: 'play', by: ANN.id, move: '13/7 6/5*' });
    expect(eventsOf(r.events, 'gameEnded')).toEqual([{ type: 'gameEnded', at: expect.any(Number), winner: 0, kind: 'oin', points: 1, reason: 'hit' }]);
    expect(r.state.phase).toBe('finished');
  });

  it('the cube still multiplies: a hit with the cube on 2 wins two points', () => {
    const r = act(position(2), { type: 'play', by: ANN.id, move: '13/7 6/5*' });
    expect(eventsOf(r.events, 'gameEnded')[0]).toMatchObject({ winner: 0, kind: 'oin', points: 2, reason: 'hit' });
  });

  it('a play without a hit goes on as backgammon', () => {
    const r = act(position(1), { type: 'play', by: ANN.id, move: '13/7 8/7' }, [4, 2]);
    expect(eventsOf(r.events, 'gameEnded')).toEqual([]);
    expect(gameOf(r.state).turn.seat).toBe(1);
  });
});

describe('docs/rules/variants.md §6 nuclear: the bomb', () => {
  /** Ann opens 5-2 with 13/8 13/11, leaving a blot on her 11; Bob is to act. */
  function afterOpening(): MatchState {
    return step(started({ variant: 'nuclear', doubling: false }, [5, 2]), { type: 'play', by: ANN.id, move: '13/8 13/11' });
  }

  it('starts centred; with a blot on the board the player to move chooses: roll or detonate', () => {
    const s = afterOpening();
    expect(gameOf(s).bomb).toBe('centre');
    expect(gameOf(s).turn).toMatchObject({ seat: 1, stage: 'decide', dice: null });
  });

  it('detonating sends every blot of both colours to the bar and hands the bomb to the opponent; then the dice roll', () => {
    const r = act(afterOpening(), { type: 'detonate', by: BOB.id }, [6, 4]);
    expect(r.events.map((e) => e.type)).toEqual(['detonated', 'rolled']);
    const game = gameOf(r.state);
    expect(game.bomb).toBe(0);
    expect(game.board[0]).toEqual(board([[24, 2], [13, 3], [8, 4], [6, 5], [25, 1]], [])[0]);
    expect(game.board[1]).toEqual(board([[24, 2], [13, 5], [8, 3], [6, 5]], [])[0]);
    // Ann's checker on the bar must enter first when her turn comes (docs/rules/short.md §3 bar).
    expect(reloaded(r.state)).toEqual(r.state);
  });

  it('the holder may detonate at the start of a later turn; the other side may not', () => {
    let s = step(afterOpening(), { type: 'detonate', by: BOB.id }, [6, 4]);
    expect(reject(s, { type: 'detonate', by: BOB.id }).kind).toBe('wrong-phase');
    const bobPlay = legalPlays(positionOf(s.settings, gameOf(s)), [6, 4]).find((p) => p.move === '24/18 13/9')!;
    s = step(s, { type: 'play', by: BOB.id, move: bobPlay.move });
    expect(gameOf(s).turn).toMatchObject({ seat: 0, stage: 'decide' });
    const r = act(s, { type: 'detonate', by: ANN.id }, [3, 1]);
    expect(gameOf(r.state).bomb).toBe(1);
    expect(gameOf(r.state).board[1][25]).toBe(3); // Bob's blots on 24, 18 and 9
    expect(reloaded(r.state)).toEqual(r.state);
  });

  it('with no blot anywhere the bomb is not offered and the dice roll by themselves', () => {
    const s = started({ variant: 'nuclear', doubling: false }, [3, 1]);
    const r = act(s, { type: 'play', by: ANN.id, move: '8/5 6/5' }, [6, 6]);
    expect(eventsOf(r.events, 'rolled')).toEqual([expect.objectContaining({ seat: 1, dice: [6, 6] })]);
    expect(reject(withGame(r.state, { turn: { seat: 1, stage: 'decide', dice: null, steps: [] } }), { type: 'detonate', by: BOB.id }).kind).toBe('wrong-phase');
  });

  it('other variants have no bomb', () => {
    const s = step(started({ variant: 'short', doubling: false }, [5, 2]), { type: 'play', by: ANN.id, move: '13/8 13/11' }, [6, 4]);
    expect(gameOf(s).bomb).toBeNull();
    expect(reject(withGame(s, { turn: { seat: 1, stage: 'decide', dice: null, steps: [] } }), { type: 'detonate', by: BOB.id })).toMatchObject({ kind: 'wrong-phase', message: 'this game has no bomb' });
  });
});
