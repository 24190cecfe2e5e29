/**
 * The club conventions of docs/rules §2–§5 played through the match reducer with scripted dice.
 * Dice order: `accept` with colour 'random' draws one die (≤ 3 → the challenger sits at seat 0);
 * each opening throw draws seat 0's die then seat 1's; every roll draws two dice. Ann challenges
 * Bob and plays White (seat 0) unless a test says otherwise.
 */
import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_TTL_MS, apply, createChallenge, nextDeadline, seatToAct, validateSettings,
  type ChallengeInput, type Cube, type MatchState,
} from '../../src/game/index.ts';
import {
  ANN, BOB, DAY, HOUR, SECOND, T0, act, scripted, board, challenge, eventsOf, gameOf, reject, started, step, thisGame, withGame,
} from './fixture.ts';

const SHORT = { variant: 'short' } as const;

/** Short nardy: Ann opens with 3-1 (she throws 3, Bob 1) and plays 8/5 6/5; Bob is at his cube decision. */
function annOpened(settings: ChallengeInput['settings'] = SHORT, now = T0): MatchState {
  const s = started({ variant: 'short', ...settings }, [3, 1], now);
  return step(s, { type: 'play', by: ANN.id, move: '8/5 6/5' }, [], now);
}

/** Bob doubles, Ann takes; Bob's turn then rolls `bobRoll` at once (he no longer owns the cube). */
function bobDoubledAnnTook(settings: ChallengeInput['settings'] = SHORT, bobRoll: [number, number] = [6, 5]): MatchState {
  const s = step(annOpened(settings), { type: 'double', by: BOB.id });
  return step(s, { type: 'take', by: ANN.id }, bobRoll);
}

/**
 * A constructed end of a short game: Ann (seat 0) to roll with checkers on her points 2 and 1 (13
 * off); Bob's 15 checkers stand where `bob` says. Rolling 2-1 and playing 2/off 1/off wins.
 */
function annAboutToWin(settings: ChallengeInput['settings'], bob: [number, number][], cube: Cube): MatchState {
  const s = started({ variant: 'short', ...settings }, [3, 1]);
  return withGame(s, {
    board: board([[0, 13], [2, 1], [1, 1]], bob),
    turn: { seat: 0, stage: 'decide', dice: null, steps: [] },
    cube,
  });
}

function annBearsOff(s: MatchState): MatchState {
  s = step(s, { type: 'roll', by: ANN.id }, [2, 1]);
  return step(s, { type: 'play', by: ANN.id, move: '2/off 1/off' });
}

describe('docs/rules §2–§3 opening, §4 colour: from the challenge to the first turns', () => {
  it('short nardy: after the accept, the higher opening die starts and plays both opening dice', () => {
    const { state, events } = act(challenge(SHORT), { type: 'accept', by: BOB }, [2, 5]);
    expect(events.map((e) => e.type)).toEqual(['accepted', 'gameStarted', 'openingThrow']);
    expect(state.phase).toBe('playing');
    expect(state.players).toEqual([ANN, BOB]);
    expect(gameOf(state).starter).toBe(1);
    expect(gameOf(state).turn).toEqual({ seat: 1, stage: 'moving', dice: [5, 2], steps: [] });
  });

  it('short nardy: tied opening dice are thrown again', () => {
    const { state, events } = act(challenge(SHORT), { type: 'accept', by: BOB }, [4, 4, 6, 6, 6, 1]);
    expect(eventsOf(events, 'openingThrow').map((e) => e.dice)).toEqual([[4, 4], [6, 6], [6, 1]]);
    expect(eventsOf(events, 'autoDoubled')).toEqual([]);
    expect(gameOf(state).cube).toEqual({ value: 1, owner: null });
    expect(gameOf(state).turn).toEqual({ seat: 0, stage: 'moving', dice: [6, 1], steps: [] });
  });

  it('short nardy: after the opening play the other side decides on the cube, then rolls and plays', () => {
    let s = annOpened();
    expect(gameOf(s).turn).toEqual({ seat: 1, stage: 'decide', dice: null, steps: [] });
    s = step(s, { type: 'roll', by: BOB.id }, [6, 5]);
    expect(gameOf(s).turn).toEqual({ seat: 1, stage: 'moving', dice: [6, 5], steps: [] });
    s = step(s, { type: 'play', by: BOB.id, move: '24/13' });
    expect(gameOf(s).turn).toEqual({ seat: 0, stage: 'decide', dice: null, steps: [] });
    expect(gameOf(s).turnsPlayed).toEqual([1, 1]);
    expect(s.history.map((e) => e.type)).toEqual(['challenged', 'accepted', 'gameStarted', 'openingThrow', 'played', 'rolled', 'played']);
  });

  it('long nardy: the opening winner takes the first move and rolls both dice again', () => {
    let s = started({ variant: 'long', doubling: true }, [2, 5]);
    expect(gameOf(s).starter).toBe(1);
    expect(gameOf(s).turn).toEqual({ seat: 1, stage: 'decide', dice: null, steps: [] });
    s = step(s, { type: 'roll', by: BOB.id }, [6, 3]);
    // The first turn of long nardy with a non-double has one play; it plays itself.
    expect(eventsOf(s.history, 'played')).toEqual([{ type: 'played', at: T0, seat: 1, dice: [6, 3], move: '24/15', forced: true }]);
    expect(gameOf(s).turn).toEqual({ seat: 0, stage: 'decide', dice: null, steps: [] });
  });

  it("colour 'black' seats the challenger at seat 1 (Black)", () => {
    const s = started({ variant: 'short', colour: 'black' }, [3, 1]);
    expect(s.players).toEqual([BOB, ANN]);
  });

  it("colour 'random' draws one die: 1–3 seats the challenger at White, 4–6 at Black", () => {
    const low = step(challenge({ variant: 'short', colour: 'random' }), { type: 'accept', by: BOB }, [3, 3, 1]);
    expect(low.players).toEqual([ANN, BOB]);
    const high = step(challenge({ variant: 'short', colour: 'random' }), { type: 'accept', by: BOB }, [4, 3, 1]);
    expect(high.players).toEqual([BOB, ANN]);
    expect(eventsOf(high.history, 'accepted')[0]!.challengerSeat).toBe(1);
  });
});

describe('docs/rules/match.md §4 doubling: double, take, pass', () => {
  it('a pass of the first double loses one point, the stake before the double, and ends a single game', () => {
    let s = step(annOpened(), { type: 'double', by: BOB.id });
    expect(gameOf(s).turn.stage).toBe('doubled');
    expect(gameOf(s).cube).toEqual({ value: 1, owner: null });
    expect(seatToAct(s)).toBe(0);
    const { state, events } = act(s, { type: 'pass', by: ANN.id });
    expect(events).toEqual([
      { type: 'passed', at: T0, seat: 0 },
      { type: 'gameEnded', at: T0, winner: 1, kind: 'oin', points: 1, reason: 'passed' },
      { type: 'matchEnded', at: T0, winner: 1, reason: 'passed' },
    ]);
    expect(state.score).toEqual([0, 1]);
    expect(state.phase).toBe('finished');
    expect(state.result).toEqual({ winner: 1, reason: 'passed' });
  });

  it('a take doubles the stake and gives the taker the cube; the doubler plays on', () => {
    const s = bobDoubledAnnTook();
    expect(gameOf(s).cube).toEqual({ value: 2, owner: 0 });
    expect(eventsOf(s.history, 'doubled')).toEqual([{ type: 'doubled', at: T0, seat: 1, value: 2 }]);
    expect(eventsOf(s.history, 'taken')).toEqual([{ type: 'taken', at: T0, seat: 0, value: 2 }]);
  });

  it('after a take the doubler no longer owns the cube, so its turn rolls at once', () => {
    const s = bobDoubledAnnTook(SHORT, [6, 5]);
    expect(gameOf(s).turn).toEqual({ seat: 1, stage: 'moving', dice: [6, 5], steps: [] });
    expect(s.history.at(-1)).toEqual({ type: 'rolled', at: T0, seat: 1, dice: [6, 5] });
  });

  it('a double asked for by the side that does not own the cube is refused as cube-not-available', () => {
    const s = bobDoubledAnnTook();
    expect(reject(s, { type: 'double', by: BOB.id }).kind).toBe('cube-not-available');
  });

  it('the owner may redouble at the start of its turn; a pass of the redouble loses the pre-double stake of 2', () => {
    let s = bobDoubledAnnTook({ variant: 'short', matchLength: 7 }, [6, 5]);
    s = step(s, { type: 'play', by: BOB.id, move: '24/13' });
    expect(gameOf(s).turn).toEqual({ seat: 0, stage: 'decide', dice: null, steps: [] });
    s = step(s, { type: 'double', by: ANN.id });
    expect(eventsOf(s.history, 'doubled').at(-1)).toEqual({ type: 'doubled', at: T0, seat: 0, value: 4 });
    // Bob passes; Ann scores 2 (not 4) and game 2 begins with its opening throw.
    s = step(s, { type: 'pass', by: BOB.id }, [3, 1]);
    expect(eventsOf(s.history, 'gameEnded')).toEqual([{ type: 'gameEnded', at: T0, winner: 0, kind: 'oin', points: 2, reason: 'passed' }]);
    expect(s.score).toEqual([2, 0]);
    expect(s.phase).toBe('playing');
    expect(gameOf(s).number).toBe(2);
    expect(gameOf(s).cube).toEqual({ value: 1, owner: null });
  });

  it('without "with doubling" a turn never stops for the cube and a double is refused', () => {
    let s = started({ variant: 'short', doubling: false }, [3, 1]);
    s = step(s, { type: 'play', by: ANN.id, move: '8/5 6/5' }, [6, 5]);
    expect(gameOf(s).turn).toEqual({ seat: 1, stage: 'moving', dice: [6, 5], steps: [] });
    reject(s, { type: 'double', by: BOB.id });
  });
});

describe('docs/rules/match.md §4 beaver (money play only)', () => {
  const BEAVER = { variant: 'short', beaver: true } as const;

  it('a beaver redoubles at once and keeps the cube; the original doubler answers', () => {
    let s = step(annOpened(BEAVER), { type: 'double', by: BOB.id });
    s = step(s, { type: 'beaver', by: ANN.id });
    expect(gameOf(s).turn.stage).toBe('beavered');
    expect(seatToAct(s)).toBe(1);
    expect(eventsOf(s.history, 'beavered')).toEqual([{ type: 'beavered', at: T0, seat: 0, value: 4 }]);
  });

  it('the original doubler takes the beaver: play on at four times, the beaverer owns the cube', () => {
    let s = step(annOpened(BEAVER), { type: 'double', by: BOB.id });
    s = step(s, { type: 'beaver', by: ANN.id });
    s = step(s, { type: 'take', by: BOB.id }, [6, 5]);
    expect(gameOf(s).cube).toEqual({ value: 4, owner: 0 });
    expect(gameOf(s).turn).toEqual({ seat: 1, stage: 'moving', dice: [6, 5], steps: [] });
  });

  it('the original doubler passes the beaver: it loses twice the stake', () => {
    let s = step(annOpened(BEAVER), { type: 'double', by: BOB.id });
    s = step(s, { type: 'beaver', by: ANN.id });
    const { state, events } = act(s, { type: 'pass', by: BOB.id });
    expect(eventsOf(events, 'gameEnded')).toEqual([{ type: 'gameEnded', at: T0, winner: 0, kind: 'oin', points: 2, reason: 'passed' }]);
    expect(state.score).toEqual([2, 0]);
    expect(state.result).toEqual({ winner: 0, reason: 'passed' });
  });

  it('without the beaver option a beaver is refused', () => {
    const s = step(annOpened(SHORT), { type: 'double', by: BOB.id });
    expect(reject(s, { type: 'beaver', by: ANN.id }).kind).toBe('wrong-phase');
  });
});

describe('docs/rules/match.md §4 Jacoby (money play only)', () => {
  const JACOBY = { variant: 'short', jacoby: true } as const;
  /** Bob's 15 checkers on his 6 point: he has borne off nothing — a mars. */
  const MARS: [number, number][] = [[6, 15]];
  /** One of Bob's checkers still in Ann's home (his point 20 = her point 5): a koks. */
  const KOKS: [number, number][] = [[6, 14], [20, 1]];

  it('a mars with a centred cube scores only 1', () => {
    const s = annBearsOff(annAboutToWin(JACOBY, MARS, { value: 1, owner: null }));
    expect(eventsOf(s.history, 'gameEnded')).toEqual([{ type: 'gameEnded', at: T0, winner: 0, kind: 'mars', points: 1, reason: 'borne-off' }]);
    expect(s.score).toEqual([1, 0]);
  });

  it('a koks with a centred cube scores only 1', () => {
    const s = annBearsOff(annAboutToWin(JACOBY, KOKS, { value: 1, owner: null }));
    expect(eventsOf(s.history, 'gameEnded')[0]).toMatchObject({ kind: 'koks', points: 1 });
  });

  it('a mars after the cube was turned and taken scores 2 × 2', () => {
    const s = annBearsOff(annAboutToWin(JACOBY, MARS, { value: 2, owner: 0 }));
    expect(eventsOf(s.history, 'gameEnded')).toEqual([{ type: 'gameEnded', at: T0, winner: 0, kind: 'mars', points: 4, reason: 'borne-off' }]);
  });

  it('without Jacoby a mars with a centred cube scores 2 and a koks 3', () => {
    expect(annBearsOff(annAboutToWin(SHORT, MARS, { value: 1, owner: null })).score).toEqual([2, 0]);
    expect(annBearsOff(annAboutToWin(SHORT, KOKS, { value: 1, owner: null })).score).toEqual([3, 0]);
  });

  it('an accepted offer to lose a mars counts as a single game while the cube is centred', () => {
    let s = started(JACOBY, [3, 1]);
    s = step(s, { type: 'resign', by: ANN.id, kind: 'mars' });
    s = step(s, { type: 'acceptResign', by: BOB.id });
    expect(eventsOf(s.history, 'gameEnded')).toEqual([{ type: 'gameEnded', at: T0, winner: 1, kind: 'mars', points: 1, reason: 'resigned' }]);
  });

  it('with "with mars" off every win scores the cube value', () => {
    const s = annBearsOff(annAboutToWin({ variant: 'short', options: { withMars: false } }, MARS, { value: 2, owner: 0 }));
    expect(eventsOf(s.history, 'gameEnded')[0]).toMatchObject({ kind: 'oin', points: 2 });
  });
});

describe('docs/rules/match.md §4 auto-double (money play only, with a limit)', () => {
  it('tied opening throws double the centred cube up to the limit and no further', () => {
    const { state, events } = act(challenge({ variant: 'short', autoDoubleLimit: 4 }), { type: 'accept', by: BOB }, [3, 3, 5, 5, 2, 2, 6, 1]);
    expect(eventsOf(events, 'openingThrow')).toHaveLength(4);
    expect(eventsOf(events, 'autoDoubled').map((e) => e.value)).toEqual([2, 4]);
    expect(gameOf(state).cube).toEqual({ value: 4, owner: null });
    expect(gameOf(state).turn).toEqual({ seat: 0, stage: 'moving', dice: [6, 1], steps: [] });
  });

  it('a limit of 2 allows one automatic double', () => {
    const s = started({ variant: 'short', autoDoubleLimit: 2 }, [1, 1, 4, 4, 1, 2]);
    expect(gameOf(s).cube).toEqual({ value: 2, owner: null });
    expect(eventsOf(s.history, 'autoDoubled').map((e) => e.value)).toEqual([2]);
  });

  it('the cube stays centred after automatic doubles, so either side may still double', () => {
    let s = started({ variant: 'short', autoDoubleLimit: 2 }, [5, 5, 3, 1]);
    s = step(s, { type: 'play', by: ANN.id, move: '8/5 6/5' });
    s = step(s, { type: 'double', by: BOB.id });
    expect(eventsOf(s.history, 'doubled')).toEqual([{ type: 'doubled', at: T0, seat: 1, value: 4 }]);
    s = step(s, { type: 'pass', by: ANN.id });
    expect(s.score).toEqual([0, 2]);
  });
});

describe('docs/rules/match.md §4 Crawford and match to N', () => {
  const MATCH3 = { variant: 'short', matchLength: 3 } as const;

  /** Game 1 of a match to 3: Bob doubles, Ann takes, Bob resigns at 2; game 2 opens with Bob's 3-1. */
  function annReachesTwo(): MatchState {
    let s = bobDoubledAnnTook(MATCH3, [6, 5]);
    s = step(s, { type: 'resign', by: BOB.id }, [1, 3]);
    return s;
  }

  it('a match with the cube has the Crawford rule by default', () => {
    expect(challenge(MATCH3).settings.crawford).toBe(true);
  });

  it('points of a game are added and the next game starts when nobody has reached N', () => {
    const s = annReachesTwo();
    expect(s.score).toEqual([2, 0]);
    expect(s.phase).toBe('playing');
    expect(s.result).toBeNull();
    expect(gameOf(s).number).toBe(2);
    expect(gameOf(s).turn).toEqual({ seat: 1, stage: 'moving', dice: [3, 1], steps: [] });
  });

  it('the game after a side reaches N − 1 is the Crawford game', () => {
    const s = annReachesTwo();
    expect(gameOf(s).crawford).toBe(true);
    expect(s.crawfordPlayed).toBe(true);
  });

  it('in the Crawford game every turn rolls at once: nobody stops at a cube decision', () => {
    let s = annReachesTwo();
    s = step(s, { type: 'play', by: BOB.id, move: '8/5 6/5' }, [6, 5]);
    expect(gameOf(s).turn).toEqual({ seat: 0, stage: 'moving', dice: [6, 5], steps: [] });
    s = step(s, { type: 'play', by: ANN.id, move: '24/13' }, [2, 1]);
    expect(gameOf(s).turn).toEqual({ seat: 1, stage: 'moving', dice: [2, 1], steps: [] });
    expect(eventsOf(thisGame(s.history), 'doubled')).toEqual([]);
    expect(eventsOf(thisGame(s.history), 'rolled').map((e) => e.seat)).toEqual([0, 1]);
  });

  it('in the Crawford game a double is refused as cube-not-available', () => {
    const s = annReachesTwo();
    expect(reject(s, { type: 'double', by: BOB.id }).kind).toBe('cube-not-available');
    const later = step(s, { type: 'play', by: BOB.id, move: '8/5 6/5' }, [6, 5]);
    expect(reject(later, { type: 'double', by: ANN.id }).kind).toBe('cube-not-available');
  });

  it('the side at N − 1 that wins the Crawford game wins the match', () => {
    const { state, events } = act(annReachesTwo(), { type: 'resign', by: BOB.id });
    expect(events.map((e) => e.type)).toEqual(['resigned', 'gameEnded', 'matchEnded']);
    expect(state.score).toEqual([3, 0]);
    expect(state.phase).toBe('finished');
    expect(state.result).toEqual({ winner: 0, reason: 'resigned' });
  });

  it('post-Crawford games allow doubling; a side at N − 1 ends the match with its next point', () => {
    // Crawford game: Ann resigns, 2–1.
    let s = step(annReachesTwo(), { type: 'play', by: BOB.id, move: '8/5 6/5' }, [6, 5]);
    s = step(s, { type: 'resign', by: ANN.id }, [3, 1]);
    expect(s.score).toEqual([2, 1]);
    expect(gameOf(s).number).toBe(3);
    expect(gameOf(s).crawford).toBe(false);
    // Game 3 (post-Crawford): Ann opens; Bob stops at his cube decision and doubles; Ann passes, 2–2.
    s = step(s, { type: 'play', by: ANN.id, move: '8/5 6/5' });
    expect(gameOf(s).turn).toEqual({ seat: 1, stage: 'decide', dice: null, steps: [] });
    s = step(s, { type: 'double', by: BOB.id });
    s = step(s, { type: 'pass', by: ANN.id }, [1, 3]);
    expect(s.score).toEqual([2, 2]);
    expect(s.phase).toBe('playing');
    expect(gameOf(s).number).toBe(4);
    expect(gameOf(s).crawford).toBe(false);
    // Game 4: Bob opens; Ann doubles, Bob passes: Ann reaches 3 and the match ends there.
    s = step(s, { type: 'play', by: BOB.id, move: '8/5 6/5' });
    s = step(s, { type: 'double', by: ANN.id });
    const { state, events } = act(s, { type: 'pass', by: BOB.id });
    expect(events.map((e) => e.type)).toEqual(['passed', 'gameEnded', 'matchEnded']);
    expect(state.score).toEqual([3, 2]);
    expect(state.phase).toBe('finished');
    expect(state.result).toEqual({ winner: 0, reason: 'passed' });
    expect(gameOf(state).number).toBe(4);
    expect(nextDeadline(state)).toBeUndefined();
  });

  it('points beyond N still count: a gammon at cube 2 in a match to 3 ends it at 4', () => {
    let s = bobDoubledAnnTook(MATCH3, [6, 5]);
    s = step(s, { type: 'resign', by: BOB.id, kind: 'mars' });
    s = step(s, { type: 'acceptResign', by: ANN.id });
    expect(s.score).toEqual([4, 0]);
    expect(s.phase).toBe('finished');
    expect(s.result).toEqual({ winner: 0, reason: 'resigned' });
  });

  it('without the Crawford rule the game after N − 1 allows doubling', () => {
    let s = bobDoubledAnnTook({ ...MATCH3, crawford: false }, [6, 5]);
    s = step(s, { type: 'resign', by: BOB.id }, [3, 1]);
    expect(gameOf(s).crawford).toBe(false);
    s = step(s, { type: 'play', by: ANN.id, move: '8/5 6/5' });
    s = step(s, { type: 'double', by: BOB.id });
    expect(gameOf(s).turn.stage).toBe('doubled');
  });

  it('a single game (match length 0) ends the match with its game', () => {
    const s = step(started(SHORT, [3, 1]), { type: 'resign', by: ANN.id });
    expect(s.phase).toBe('finished');
    expect(s.score).toEqual([0, 1]);
    expect(s.result).toEqual({ winner: 1, reason: 'resigned' });
  });
});

describe('docs/rules/match.md §4 resign', () => {
  it('a resignation scores oin × cube for the opponent', () => {
    const s = step(bobDoubledAnnTook(), { type: 'resign', by: BOB.id });
    expect(eventsOf(s.history, 'resigned')).toEqual([{ type: 'resigned', at: T0, seat: 1, kind: 'oin' }]);
    expect(eventsOf(s.history, 'gameEnded')).toEqual([{ type: 'gameEnded', at: T0, winner: 0, kind: 'oin', points: 2, reason: 'resigned' }]);
    expect(s.score).toEqual([2, 0]);
  });

  it('an offer to lose a mars waits for the opponent; accepted, it scores mars × cube', () => {
    let s = step(bobDoubledAnnTook(), { type: 'resign', by: BOB.id, kind: 'mars' });
    expect(gameOf(s).turn.stage).toBe('resignOffered');
    expect(gameOf(s).turn.offer).toBe('mars');
    expect(seatToAct(s)).toBe(0);
    s = step(s, { type: 'acceptResign', by: ANN.id });
    expect(eventsOf(s.history, 'gameEnded')).toEqual([{ type: 'gameEnded', at: T0, winner: 0, kind: 'mars', points: 4, reason: 'resigned' }]);
  });

  it('an offer to lose a koks, accepted, scores 3 × cube', () => {
    let s = step(started(SHORT, [3, 1]), { type: 'resign', by: ANN.id, kind: 'koks' });
    s = step(s, { type: 'acceptResign', by: BOB.id });
    expect(s.score).toEqual([0, 3]);
  });

  it('a declined offer gives the turn back to the resigner with its dice and steps', () => {
    let s = started(SHORT, [3, 1]);
    s = step(s, { type: 'step', by: ANN.id, from: 8, to: 5 });
    s = step(s, { type: 'resign', by: ANN.id, kind: 'mars' });
    expect(reject(s, { type: 'step', by: ANN.id, from: 6, to: 5 }).kind).toBe('not-your-turn');
    s = step(s, { type: 'declineResign', by: BOB.id });
    expect(gameOf(s).turn).toEqual({ seat: 0, stage: 'moving', dice: [3, 1], steps: [{ from: 8, to: 5, die: 3, hit: false }] });
    expect(s.phase).toBe('playing');
    s = step(s, { type: 'step', by: ANN.id, from: 6, to: 5 });
    s = step(s, { type: 'confirm', by: ANN.id });
    expect(eventsOf(s.history, 'played').at(-1)).toMatchObject({ seat: 0, move: '8/5 6/5' });
  });

  it('with "with mars" off an offer to lose a mars scores only the cube (or is refused)', () => {
    const NO_MARS = { variant: 'short', options: { withMars: false } } as const;
    const s = bobDoubledAnnTook(NO_MARS, [6, 5]);
    const offered = apply(s, { type: 'resign', by: BOB.id, kind: 'mars' }, T0, scripted([]));
    if (!offered.ok) return;
    const done = step(offered.value.state, { type: 'acceptResign', by: ANN.id });
    expect(eventsOf(done.history, 'gameEnded')[0]).toMatchObject({ winner: 0, points: 2 });
  });

  it('only the side on turn may resign, and only the opponent may answer an offer', () => {
    const s = started(SHORT, [3, 1]);
    expect(reject(s, { type: 'resign', by: BOB.id }).kind).toBe('not-your-turn');
    const offered = step(s, { type: 'resign', by: ANN.id, kind: 'mars' });
    expect(reject(offered, { type: 'acceptResign', by: ANN.id }).kind).toBe('not-your-turn');
  });
});

describe('docs/rules/README.md §1 via the turn API: step mode, undo, confirm', () => {
  it('steps build the turn one checker at a time; confirm plays it', () => {
    let s = started(SHORT, [3, 1]);
    s = step(s, { type: 'step', by: ANN.id, from: 8, to: 5 });
    expect(gameOf(s).turn.steps).toEqual([{ from: 8, to: 5, die: 3, hit: false }]);
    s = step(s, { type: 'step', by: ANN.id, from: 6, to: 5 });
    const { state, events } = act(s, { type: 'confirm', by: ANN.id });
    expect(events).toEqual([{ type: 'played', at: T0, seat: 0, dice: [3, 1], move: '8/5 6/5', forced: false }]);
    expect(gameOf(state).turn).toEqual({ seat: 1, stage: 'decide', dice: null, steps: [] });
  });

  it('confirm before the turn is complete is turn-incomplete', () => {
    let s = started(SHORT, [3, 1]);
    expect(reject(s, { type: 'confirm', by: ANN.id }).kind).toBe('turn-incomplete');
    s = step(s, { type: 'step', by: ANN.id, from: 8, to: 5 });
    expect(reject(s, { type: 'confirm', by: ANN.id }).kind).toBe('turn-incomplete');
  });

  it('undo takes back the last step, back to the start of the turn, and no further', () => {
    let s = started(SHORT, [3, 1]);
    expect(reject(s, { type: 'undo', by: ANN.id }).kind).toBe('wrong-phase');
    s = step(s, { type: 'step', by: ANN.id, from: 8, to: 5 });
    s = step(s, { type: 'step', by: ANN.id, from: 6, to: 5 });
    s = step(s, { type: 'undo', by: ANN.id });
    expect(gameOf(s).turn.steps).toEqual([{ from: 8, to: 5, die: 3, hit: false }]);
    s = step(s, { type: 'undo', by: ANN.id });
    expect(gameOf(s).turn.steps).toEqual([]);
    s = step(s, { type: 'step', by: ANN.id, from: 24, to: 21 });
    s = step(s, { type: 'step', by: ANN.id, from: 21, to: 20 });
    s = step(s, { type: 'confirm', by: ANN.id });
    expect(eventsOf(s.history, 'played')[0]!.move).toBe('24/20');
  });

  it('steps and undos stay out of the history: only the confirmed play is kept', () => {
    let s = started(SHORT, [3, 1]);
    s = step(s, { type: 'step', by: ANN.id, from: 8, to: 5 });
    s = step(s, { type: 'undo', by: ANN.id });
    s = step(s, { type: 'step', by: ANN.id, from: 13, to: 10 });
    expect(s.history.map((e) => e.type)).toEqual(['challenged', 'accepted', 'gameStarted', 'openingThrow']);
  });

  it('an illegal step is refused (illegal-play), also one that leads to no legal play', () => {
    const s = started(SHORT, [3, 1]);
    expect(reject(s, { type: 'step', by: ANN.id, from: 24, to: 20 }).kind).toBe('illegal-play');
    expect(reject(s, { type: 'step', by: ANN.id, from: 6, to: 3, die: 1 }).kind).toBe('illegal-play');
    expect(reject(s, { type: 'step', by: ANN.id, from: 7, to: 4 }).kind).toBe('illegal-play');
    const mid = step(s, { type: 'step', by: ANN.id, from: 8, to: 5 });
    expect(reject(mid, { type: 'step', by: ANN.id, from: 8, to: 5 }).kind).toBe('illegal-play');
  });

  it('a step may name the die when two dice lead to different steps', () => {
    let s = started(SHORT, [3, 1]);
    s = step(s, { type: 'step', by: ANN.id, from: 24, to: 23, die: 1 });
    expect(gameOf(s).turn.steps).toEqual([{ from: 24, to: 23, die: 1, hit: false }]);
  });

  it('a whole play may be given in notation instead of steps', () => {
    const s = step(started(SHORT, [3, 1]), { type: 'play', by: ANN.id, move: '13/10 24/23' });
    expect(eventsOf(s.history, 'played')[0]).toMatchObject({ seat: 0, move: '24/23 13/10', forced: false });
  });
});

describe('docs/rules/README.md §1.3 forced plays complete by themselves', () => {
  it('long nardy: both first turns with a non-double have one play each and play themselves', () => {
    const { state, events } = act(challenge({ variant: 'long' }), { type: 'accept', by: BOB }, [5, 2, 6, 3, 4, 1, 2, 1]);
    expect(eventsOf(events, 'played')).toEqual([
      { type: 'played', at: T0, seat: 0, dice: [6, 3], move: '24/15', forced: true },
      { type: 'played', at: T0, seat: 1, dice: [4, 1], move: '24/19', forced: true },
    ]);
    // Ann's second turn (2-1) has a choice: the reducer stops there.
    expect(gameOf(state).turn).toEqual({ seat: 0, stage: 'moving', dice: [2, 1], steps: [] });
    expect(gameOf(state).turnsPlayed).toEqual([1, 1]);
  });

  it('short nardy: after a hit against a closed board, the roll with no play passes by itself', () => {
    // Ann's home is closed; she hits Bob's blot on her 8 point (his 17); Bob cannot enter.
    const s0 = withGame(started(SHORT, [3, 1]), {
      board: board([[1, 2], [2, 2], [3, 2], [4, 2], [5, 2], [6, 2], [13, 3]], [[17, 1], [6, 14]]),
      turn: { seat: 0, stage: 'decide', dice: null, steps: [] },
    });
    let s = step(s0, { type: 'roll', by: ANN.id }, [5, 1]);
    s = step(s, { type: 'play', by: ANN.id, move: '13/8* 13/12' });
    expect(gameOf(s).board[1][25]).toBe(1);
    const { state, events } = act(s, { type: 'roll', by: BOB.id }, [4, 2]);
    expect(events).toEqual([
      { type: 'rolled', at: T0, seat: 1, dice: [4, 2] },
      { type: 'played', at: T0, seat: 1, dice: [4, 2], move: 'Ø', forced: true },
    ]);
    expect(gameOf(state).turn).toEqual({ seat: 0, stage: 'decide', dice: null, steps: [] });
    expect(gameOf(state).board[1][25]).toBe(1);
  });
});

describe('docs/rules/long.md §2 long nardy lastRoll', () => {
  const LAST = { variant: 'long', options: { lastRoll: true } } as const;

  /** Both sides down to one checker on their 1 point; Ann (who started) to move with 2-1. */
  function raceEnd(bob: [number, number][]): MatchState {
    return withGame(started(LAST, [5, 2, 6, 3, 4, 1, 2, 1]), {
      board: board([[0, 14], [1, 1]], bob),
      turn: { seat: 0, stage: 'moving', dice: [2, 1], steps: [] },
    });
  }

  it('when the first mover finishes, the other side gets one more roll; finishing too is a draw', () => {
    let s = step(raceEnd([[0, 14], [1, 1]]), { type: 'play', by: ANN.id, move: '1/off' }, [3, 2]);
    expect(eventsOf(s.history, 'played').at(-1)).toMatchObject({ seat: 1, move: '1/off', forced: true });
    expect(eventsOf(s.history, 'gameEnded')).toEqual([{ type: 'gameEnded', at: T0, winner: null, kind: 'draw', points: 0, reason: 'draw' }]);
    expect(s.phase).toBe('finished');
    expect(s.result).toEqual({ winner: null, reason: 'draw' });
    expect(s.score).toEqual([0, 0]);
  });

  it('when the other side does not finish with its last roll, the first mover wins', () => {
    const s = step(raceEnd([[0, 14], [6, 1]]), { type: 'play', by: ANN.id, move: '1/off' }, [2, 1]);
    expect(eventsOf(s.history, 'gameEnded')).toEqual([{ type: 'gameEnded', at: T0, winner: 0, kind: 'oin', points: 1, reason: 'borne-off' }]);
    expect(s.result).toEqual({ winner: 0, reason: 'borne-off' });
  });

  it('without lastRoll the first side to finish wins at once', () => {
    const s0 = withGame(started({ variant: 'long' }, [5, 2, 6, 3, 4, 1, 2, 1]), {
      board: board([[0, 14], [1, 1]], [[0, 14], [1, 1]]),
      turn: { seat: 0, stage: 'moving', dice: [2, 1], steps: [] },
    });
    const s = step(s0, { type: 'play', by: ANN.id, move: '1/off' });
    expect(eventsOf(s.history, 'gameEnded')).toEqual([{ type: 'gameEnded', at: T0, winner: 0, kind: 'oin', points: 1, reason: 'borne-off' }]);
  });
});

describe('docs/rules/match.md §5 clocks: Fischer and compensation arithmetic', () => {
  const FISCHER = { variant: 'short', clock: { kind: 'fischer', bankMinutes: 1, incrementSeconds: 30 } } as const;
  const COMPENSATION = { variant: 'short', clock: { kind: 'compensation', bankMinutes: 1, delaySeconds: 5 } } as const;

  it('Fischer: after a move the bank loses the time used and gains the increment, so it can grow', () => {
    let s = started(FISCHER, [3, 1]);
    expect(s.clock).toEqual({ since: T0, bank: [60_000, 60_000], vacationLeft: [0, 0], awaySince: [null, null] });
    expect(nextDeadline(s)).toBe(T0 + 60_000);
    s = step(s, { type: 'play', by: ANN.id, move: '8/5 6/5' }, [], T0 + 10 * SECOND);
    expect(s.clock!.bank).toEqual([80_000, 60_000]);
    expect(s.clock!.since).toBe(T0 + 10 * SECOND);
    expect(nextDeadline(s)).toBe(T0 + 70 * SECOND);
    // Bob's roll does not stop his clock; his play does: 60 − 10 + 30.
    s = step(s, { type: 'roll', by: BOB.id }, [6, 5], T0 + 12 * SECOND);
    expect(s.clock!.bank).toEqual([80_000, 60_000]);
    s = step(s, { type: 'play', by: BOB.id, move: '24/13' }, [], T0 + 20 * SECOND);
    expect(s.clock!.bank).toEqual([80_000, 80_000]);
  });

  it('Fischer: a cube decision uses time but earns no increment', () => {
    let s = step(started(FISCHER, [3, 1]), { type: 'play', by: ANN.id, move: '8/5 6/5' }, [], T0 + 10 * SECOND);
    s = step(s, { type: 'double', by: BOB.id }, [], T0 + 15 * SECOND);
    expect(s.clock!.bank).toEqual([80_000, 55_000]);
    s = step(s, { type: 'take', by: ANN.id }, [6, 5], T0 + 17 * SECOND);
    expect(s.clock!.bank).toEqual([78_000, 55_000]);
    expect(nextDeadline(s)).toBe(T0 + 17 * SECOND + 55_000);
  });

  it('compensation (Bronstein): the move gets back the time it used, at most the delay; the bank never grows', () => {
    let s = started(COMPENSATION, [3, 1]);
    s = step(s, { type: 'play', by: ANN.id, move: '8/5 6/5' }, [], T0 + 10 * SECOND);
    expect(s.clock!.bank).toEqual([55_000, 60_000]);
    s = step(s, { type: 'roll', by: BOB.id }, [6, 5], T0 + 11 * SECOND);
    s = step(s, { type: 'play', by: BOB.id, move: '24/13' }, [], T0 + 13 * SECOND);
    expect(s.clock!.bank).toEqual([55_000, 60_000]);
  });
});

describe('docs/rules/match.md §5 clocks: running out of time', () => {
  const FISCHER = { variant: 'short', clock: { kind: 'fischer', bankMinutes: 1, incrementSeconds: 0 } } as const;

  it('a tick before the deadline changes nothing', () => {
    const s = started(FISCHER, [3, 1]);
    const { state, events } = act(s, { type: 'tick' }, [], T0 + 60_000 - 1);
    expect(events).toEqual([]);
    expect(state).toEqual(s);
  });

  it('single game: a tick at the deadline times the actor out; the game is lost at oin × cube and the match ends', () => {
    const s = started(FISCHER, [3, 1]);
    const { state, events } = act(s, { type: 'tick' }, [], T0 + 60_000);
    expect(events).toEqual([
      { type: 'timedOut', at: T0 + 60_000, seat: 0 },
      { type: 'gameEnded', at: T0 + 60_000, winner: 1, kind: 'oin', points: 1, reason: 'timeout' },
      { type: 'matchEnded', at: T0 + 60_000, winner: 1, reason: 'timeout' },
    ]);
    expect(state.phase).toBe('finished');
    expect(state.score).toEqual([0, 1]);
    expect(nextDeadline(state)).toBeUndefined();
  });

  it('single game: a timeout after a take scores the cube value', () => {
    let s = step(started(FISCHER, [3, 1]), { type: 'play', by: ANN.id, move: '8/5 6/5' }, [], T0 + SECOND);
    s = step(s, { type: 'double', by: BOB.id }, [], T0 + 2 * SECOND);
    s = step(s, { type: 'take', by: ANN.id }, [6, 5], T0 + 3 * SECOND);
    const deadline = nextDeadline(s)!;
    expect(deadline).toBe(T0 + 3 * SECOND + 59 * SECOND);
    const { state } = act(s, { type: 'tick' }, [], deadline + HOUR);
    expect(eventsOf(state.history, 'gameEnded')).toEqual([{ type: 'gameEnded', at: deadline, winner: 0, kind: 'oin', points: 2, reason: 'timeout' }]);
    expect(state.result).toEqual({ winner: 0, reason: 'timeout' });
  });

  it('a match: running out of time loses the whole match, whatever the score', () => {
    const s = started({ ...FISCHER, matchLength: 5 }, [3, 1]);
    const { state, events } = act(s, { type: 'tick' }, [], T0 + 61 * SECOND);
    expect(events.map((e) => e.type)).toEqual(['timedOut', 'gameEnded', 'matchEnded']);
    expect(state.phase).toBe('finished');
    expect(state.result).toEqual({ winner: 1, reason: 'timeout' });
    expect(state.score[1]).toBeLessThan(5);
  });

  it('the side answering a double is the one whose clock runs out', () => {
    let s = step(started(FISCHER, [3, 1]), { type: 'play', by: ANN.id, move: '8/5 6/5' }, [], T0 + SECOND);
    s = step(s, { type: 'double', by: BOB.id }, [], T0 + 2 * SECOND);
    expect(seatToAct(s)).toBe(0);
    const { events } = act(s, { type: 'tick' }, [], nextDeadline(s)!);
    expect(events[0]).toEqual({ type: 'timedOut', at: nextDeadline(s), seat: 0 });
  });

  it('a command arriving after the deadline applies the timeout instead', () => {
    const s = started(FISCHER, [3, 1]);
    const { state, events } = act(s, { type: 'play', by: ANN.id, move: '8/5 6/5' }, [], T0 + 90 * SECOND);
    expect(events.map((e) => e.type)).toEqual(['timedOut', 'gameEnded', 'matchEnded']);
    expect(eventsOf(state.history, 'played')).toEqual([]);
    expect(state.result).toEqual({ winner: 1, reason: 'timeout' });
  });
});

describe('docs/rules/match.md §5 clocks: correspondence, pool and vacation', () => {
  const CORR = { variant: 'short', clock: { kind: 'correspondence', daysPerMove: 2, poolDays: 3, vacationDays: 5 } } as const;

  it('the deadline is the start of the move plus the days per move plus the pool left', () => {
    let s = started(CORR, [3, 1]);
    expect(nextDeadline(s)).toBe(T0 + 5 * DAY);
    // Ann takes 3 days: one day comes out of her pool.
    s = step(s, { type: 'play', by: ANN.id, move: '8/5 6/5' }, [], T0 + 3 * DAY);
    expect(s.clock!.bank).toEqual([2 * DAY, 3 * DAY]);
    expect(nextDeadline(s)).toBe(T0 + 3 * DAY + 5 * DAY);
    // Bob takes a day and an hour: within his days per move, the pool stays.
    s = step(s, { type: 'roll', by: BOB.id }, [6, 5], T0 + 4 * DAY);
    s = step(s, { type: 'play', by: BOB.id, move: '24/13' }, [], T0 + 4 * DAY + HOUR);
    expect(s.clock!.bank).toEqual([2 * DAY, 3 * DAY]);
    expect(nextDeadline(s)).toBe(T0 + 4 * DAY + HOUR + 4 * DAY);
  });

  it('a tick after the deadline times the mover out (single game: the game, at oin × cube)', () => {
    let s = step(started(CORR, [3, 1]), { type: 'play', by: ANN.id, move: '8/5 6/5' }, [], T0 + 3 * DAY);
    const deadline = nextDeadline(s)!;
    expect(act(s, { type: 'tick' }, [], deadline - 1).events).toEqual([]);
    s = step(s, { type: 'tick' }, [], deadline + DAY);
    expect(eventsOf(s.history, 'timedOut')).toEqual([{ type: 'timedOut', at: deadline, seat: 1 }]);
    expect(s.result).toEqual({ winner: 0, reason: 'timeout' });
    expect(s.score).toEqual([1, 0]);
  });

  it('vacation extends the deadline and is not consumed while it is the opponent’s move', () => {
    let s = started(CORR, [3, 1]);
    s = step(s, { type: 'vacation', by: BOB.id, away: true }, [], T0 + DAY);
    expect(s.clock!.awaySince).toEqual([null, T0 + DAY]);
    expect(nextDeadline(s)).toBe(T0 + 5 * DAY);
    s = step(s, { type: 'play', by: ANN.id, move: '8/5 6/5' }, [], T0 + 1.5 * DAY);
    expect(s.clock!.vacationLeft).toEqual([5 * DAY, 5 * DAY]);
    expect(nextDeadline(s)).toBe(T0 + 1.5 * DAY + 2 * DAY + 3 * DAY + 5 * DAY);
    // Bob comes back after three days away on his move: three vacation days are used, not his pool.
    s = step(s, { type: 'vacation', by: BOB.id, away: false }, [], T0 + 4.5 * DAY);
    expect(s.clock!.vacationLeft).toEqual([5 * DAY, 2 * DAY]);
    expect(s.clock!.bank).toEqual([3 * DAY, 3 * DAY]);
    expect(nextDeadline(s)).toBe(T0 + 4.5 * DAY + 5 * DAY);
    s = step(s, { type: 'roll', by: BOB.id }, [6, 5], T0 + 6 * DAY);
    s = step(s, { type: 'play', by: BOB.id, move: '24/13' }, [], T0 + 6 * DAY);
    expect(s.clock!.bank).toEqual([3 * DAY, 3 * DAY]);
  });

  it('time away on one’s own move comes out of vacation first', () => {
    let s = started(CORR, [3, 1]);
    s = step(s, { type: 'vacation', by: ANN.id, away: true }, [], T0);
    expect(nextDeadline(s)).toBe(T0 + 10 * DAY);
    s = step(s, { type: 'play', by: ANN.id, move: '8/5 6/5' }, [], T0 + 4 * DAY);
    expect(s.clock!.vacationLeft).toEqual([DAY, 5 * DAY]);
    expect(s.clock!.bank).toEqual([3 * DAY, 3 * DAY]);
  });

  it('a vacation that runs out still ends in a timeout', () => {
    let s = started(CORR, [3, 1]);
    s = step(s, { type: 'vacation', by: ANN.id, away: true }, [], T0);
    const { state } = act(s, { type: 'tick' }, [], T0 + 10 * DAY);
    expect(state.result).toEqual({ winner: 1, reason: 'timeout' });
  });

  it('vacation is refused without a correspondence clock with vacation days', () => {
    expect(reject(started(SHORT, [3, 1]), { type: 'vacation', by: ANN.id, away: true }).kind).toBe('wrong-phase');
    const noDays = { variant: 'short', clock: { kind: 'correspondence', daysPerMove: 1, poolDays: 0, vacationDays: 0 } } as const;
    expect(reject(started(noDays, [3, 1]), { type: 'vacation', by: ANN.id, away: true }).kind).toBe('wrong-phase');
  });
});

describe('docs/rules/match.md §5 challenge expiry', () => {
  it('an open challenge has a deadline 24 hours after it was made', () => {
    expect(CHALLENGE_TTL_MS).toBe(24 * HOUR);
    expect(nextDeadline(challenge(SHORT))).toBe(T0 + 24 * HOUR);
  });

  it('a tick before the expiry changes nothing; at the expiry the challenge expires', () => {
    const s = challenge(SHORT);
    expect(act(s, { type: 'tick' }, [], T0 + 24 * HOUR - 1).events).toEqual([]);
    const { state, events } = act(s, { type: 'tick' }, [], T0 + 24 * HOUR);
    expect(events).toEqual([{ type: 'expired', at: T0 + 24 * HOUR }]);
    expect(state.phase).toBe('expired');
    expect(nextDeadline(state)).toBeUndefined();
  });

  it('an accept arriving after the expiry finds the challenge expired', () => {
    const { state, events } = act(challenge(SHORT), { type: 'accept', by: BOB }, [], T0 + 25 * HOUR);
    expect(events).toEqual([{ type: 'expired', at: T0 + 24 * HOUR }]);
    expect(state.phase).toBe('expired');
    expect(state.players[1]).toBeNull();
  });

  it('a challenge may carry its own time to live', () => {
    const r = createChallenge({ id: 'm', by: ANN, invitee: null, settings: SHORT, ttlMs: HOUR }, T0);
    expect(r.ok && nextDeadline(r.value.state)).toBe(T0 + HOUR);
  });

  it('an accepted match without a clock has no deadline', () => {
    expect(nextDeadline(started(SHORT, [3, 1]))).toBeUndefined();
  });
});

describe('docs/rules/match.md §4–§5 settings: impossible combinations are invalid-settings', () => {
  const bad: [string, ChallengeInput['settings']][] = [
    ['Jacoby in a match', { variant: 'short', matchLength: 5, jacoby: true }],
    ['beaver in a match', { variant: 'short', matchLength: 5, beaver: true }],
    ['auto-double in a match', { variant: 'short', matchLength: 5, autoDoubleLimit: 4 }],
    ['Jacoby without the cube', { variant: 'short', doubling: false, jacoby: true }],
    ['beaver without the cube', { variant: 'short', doubling: false, beaver: true }],
    ['auto-double without the cube', { variant: 'short', doubling: false, autoDoubleLimit: 2 }],
    ['an auto-double limit that is not a cube value', { variant: 'short', autoDoubleLimit: 3 }],
    ['Crawford in a single game', { variant: 'short', matchLength: 0, crawford: true }],
    ['Crawford without the cube', { variant: 'short', matchLength: 5, doubling: false, crawford: true }],
    ['a match to 26', { variant: 'short', matchLength: 26 }],
    ['a negative match length', { variant: 'short', matchLength: -1 }],
    ['a fractional match length', { variant: 'short', matchLength: 2.5 }],
    ['a Fischer bank of 0 minutes', { variant: 'short', clock: { kind: 'fischer', bankMinutes: 0, incrementSeconds: 10 } }],
    ['a negative Fischer increment', { variant: 'short', clock: { kind: 'fischer', bankMinutes: 5, incrementSeconds: -1 } }],
    ['a compensation delay of 0', { variant: 'short', clock: { kind: 'compensation', bankMinutes: 5, delaySeconds: 0 } }],
    ['4 days per move', { variant: 'short', clock: { kind: 'correspondence', daysPerMove: 4, poolDays: 0, vacationDays: 0 } }],
    ['a pool of 31 days', { variant: 'short', clock: { kind: 'correspondence', daysPerMove: 1, poolDays: 31, vacationDays: 0 } }],
    ['negative vacation days', { variant: 'short', clock: { kind: 'correspondence', daysPerMove: 1, poolDays: 0, vacationDays: -1 } }],
    ['an unknown clock', { variant: 'short', clock: { kind: 'hourglass' } as never }],
    ['sixBlock for short nardy', { variant: 'short', options: { sixBlock: 'never' } }],
    ['gameType for long nardy', { variant: 'long', options: { gameType: 'caucasian' } }],
    ['an unknown option value', { variant: 'long', options: { headException: 'sometimes' as never } }],
    ['an unknown variant', { variant: 'chess' }],
    ['an unknown colour', { variant: 'short', colour: 'green' as never }],
  ];

  it.each(bad)('refuses %s', (_, settings) => {
    const v = validateSettings(settings);
    expect(v.ok ? 'accepted' : v.error.kind).toBe('invalid-settings');
    const c = createChallenge({ id: 'm', by: ANN, invitee: BOB.id, settings }, T0);
    expect(c.ok ? 'accepted' : c.error.kind).toBe('invalid-settings');
  });

  it('fills the defaults: money play, cube on in short nardy and off in long nardy, Crawford on in matches with the cube', () => {
    const short = validateSettings({ variant: 'short' });
    expect(short.ok && short.value).toMatchObject({ matchLength: 0, doubling: true, crawford: false, colour: 'random', clock: { kind: 'none' } });
    const long = validateSettings({ variant: 'long' });
    expect(long.ok && long.value).toMatchObject({ doubling: false, crawford: false });
    const match = validateSettings({ variant: 'short', matchLength: 5 });
    expect(match.ok && match.value.crawford).toBe(true);
    const money = validateSettings({ variant: 'short', jacoby: true, beaver: true, autoDoubleLimit: 64 });
    expect(money.ok).toBe(true);
  });
});
