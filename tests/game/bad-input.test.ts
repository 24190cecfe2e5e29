/**
 * Issue #3 "Bad input": whatever a platform or a stored item hands the match layer, the answer is
 * a typed error and the match is left exactly as it was — never a throw, never a corrupted match.
 * `reject` (fixture.ts) deep-freezes the state before the call and deep-compares it after.
 */
import { describe, expect, it } from 'vitest';
import { apply, decodeMatch, encodeMatch, replayHistory } from '../../src/game/index.ts';
import type { Command, GameError, MatchState } from '../../src/game/index.ts';
import {
  ANN, BOB, CAROL, T0, challenge, deepFreeze, gameOf, reject, scripted, started, step,
} from './fixture.ts';

const SHORT = { variant: 'short' } as const;
const GAME_ERROR_KINDS: readonly GameError['kind'][] = [
  'unknown-command', 'not-a-player', 'not-your-turn', 'wrong-phase', 'illegal-play', 'invalid-notation',
  'ambiguous-play', 'cube-not-available', 'turn-incomplete', 'invalid-settings', 'invalid-state',
];

/** Ann has opened with 3-1 (a move in progress; her turn). */
const annToMove = (): MatchState => started(SHORT, [3, 1]);
/** Ann played 8/5 6/5; Bob is at his cube decision. */
const bobToDecide = (): MatchState => step(annToMove(), { type: 'play', by: ANN.id, move: '8/5 6/5' });
/** Bob doubled; Ann must answer. */
const annDoubled = (): MatchState => step(bobToDecide(), { type: 'double', by: BOB.id });
/** Ann resigned; the single game and the match are over. */
const finished = (): MatchState => step(annToMove(), { type: 'resign', by: ANN.id });

/** Applies anything at all; a throw becomes a test failure that names the command. */
function applyAnything(state: MatchState, command: unknown, faces: readonly number[] = []) {
  const before = structuredClone(state);
  let r: ReturnType<typeof apply>;
  try {
    r = apply(deepFreeze(state), command as Command, T0, scripted(faces));
  } catch (err) {
    throw new Error(`apply threw on ${JSON.stringify(command)}: ${String(err)}`);
  }
  expect(state).toEqual(before);
  return r;
}

describe('issue #3 bad input: unknown and malformed commands are typed errors, never a throw', () => {
  const states: [string, () => MatchState][] = [
    ['an open challenge', () => challenge(SHORT)],
    ['a turn, from the player on turn', annToMove],
    ['a cube decision', bobToDecide],
    ['a finished match', finished],
  ];

  it.each(states)('an unknown command type in %s is unknown-command', (_, make) => {
    const s = make();
    for (const by of [ANN.id, BOB.id]) {
      const r = applyAnything(s, { type: 'teleport', by });
      expect(r.ok ? 'accepted' : r.error.kind).toBe('unknown-command');
    }
  });

  const malformed: [string, unknown][] = [
    ['null', null],
    ['undefined', undefined],
    ['a string', 'roll'],
    ['an array', ['roll', ANN.id]],
    ['an object without a type', { by: ANN.id }],
    ['a numeric type', { type: 7, by: ANN.id }],
    ['an accept without a player', { type: 'accept' }],
    ['an accept whose player is a string', { type: 'accept', by: BOB.id }],
    ['a roll without a player', { type: 'roll' }],
    ['a play whose move is not a string', { type: 'play', by: ANN.id, move: 42 }],
    ['a play without a move', { type: 'play', by: ANN.id }],
    ['a step with points that are not numbers', { type: 'step', by: ANN.id, from: '8', to: null }],
    ['a resignation of an unknown kind', { type: 'resign', by: ANN.id, kind: 'everything' }],
    ['a vacation that is not a boolean', { type: 'vacation', by: ANN.id, away: 'yes' }],
  ];

  it.each(malformed)('%s, given to an open challenge, is a typed error', (_, command) => {
    const r = applyAnything(challenge(SHORT), command);
    expect(r.ok ? 'accepted' : GAME_ERROR_KINDS.includes(r.error.kind)).toBe(true);
  });

  it.each(malformed)('%s, given during a turn, is a typed error', (_, command) => {
    const r = applyAnything(annToMove(), command);
    expect(r.ok ? 'accepted' : GAME_ERROR_KINDS.includes(r.error.kind)).toBe(true);
  });
});

describe('issue #3 bad input: commands from someone not in the match are not-a-player', () => {
  const carolCommands: Command[] = [
    { type: 'roll', by: CAROL.id },
    { type: 'play', by: CAROL.id, move: '8/5 6/5' },
    { type: 'step', by: CAROL.id, from: 8, to: 5 },
    { type: 'confirm', by: CAROL.id },
    { type: 'undo', by: CAROL.id },
    { type: 'resign', by: CAROL.id },
    { type: 'double', by: CAROL.id },
    { type: 'take', by: CAROL.id },
    { type: 'pass', by: CAROL.id },
    { type: 'acceptResign', by: CAROL.id },
  ];

  it.each(carolCommands.map((c) => [c.type, c] as const))('a %s from a spectator is refused', (_, command) => {
    expect(reject(annToMove(), command).kind).toBe('not-a-player');
    expect(reject(annDoubled(), command).kind).toBe('not-a-player');
  });

  it('a spectator cannot take vacation in a correspondence match', () => {
    const s = started({ variant: 'short', clock: { kind: 'correspondence', daysPerMove: 1, poolDays: 1, vacationDays: 5 } }, [3, 1]);
    expect(reject(s, { type: 'vacation', by: CAROL.id, away: true }).kind).toBe('not-a-player');
  });

  it('a challenge addressed to Bob cannot be accepted or declined by Carol', () => {
    const s = challenge(SHORT);
    expect(reject(s, { type: 'accept', by: CAROL }).kind).toBe('not-a-player');
    expect(reject(s, { type: 'decline', by: CAROL.id }).kind).toBe('not-a-player');
  });

  it('only the challenger can cancel a challenge', () => {
    expect(reject(challenge(SHORT), { type: 'cancel', by: BOB.id }).kind).toBe('not-a-player');
    expect(step(challenge(SHORT), { type: 'cancel', by: ANN.id }).phase).toBe('cancelled');
  });

  it('an open challenge (to anyone in the chat) may be accepted by anyone but the challenger', () => {
    const s = step(challenge(SHORT, T0, null), { type: 'accept', by: CAROL }, [3, 1]);
    expect(s.players).toEqual([ANN, CAROL]);
  });
});

describe('issue #3 bad input: commands out of turn are not-your-turn', () => {
  it('the side not on turn cannot roll, step, play, confirm, undo, double or resign', () => {
    const s = annToMove();
    for (const command of [
      { type: 'roll', by: BOB.id },
      { type: 'step', by: BOB.id, from: 24, to: 21 },
      { type: 'play', by: BOB.id, move: '24/21 24/23' },
      { type: 'confirm', by: BOB.id },
      { type: 'undo', by: BOB.id },
      { type: 'double', by: BOB.id },
      { type: 'resign', by: BOB.id },
    ] as Command[]) {
      expect(reject(s, command).kind, command.type).toBe('not-your-turn');
    }
  });

  it('Bob cannot roll while Ann is at her cube decision, nor answer his own double', () => {
    const s = step(step(bobToDecide(), { type: 'roll', by: BOB.id }, [6, 5]), { type: 'play', by: BOB.id, move: '24/13' });
    expect(reject(s, { type: 'roll', by: BOB.id }).kind).toBe('not-your-turn');
    const doubled = annDoubled();
    expect(reject(doubled, { type: 'take', by: BOB.id }).kind).toBe('not-your-turn');
    expect(reject(doubled, { type: 'pass', by: BOB.id }).kind).toBe('not-your-turn');
  });
});

describe('issue #3 bad input: commands in the wrong phase are wrong-phase', () => {
  it('nobody can roll or play before the challenge is accepted', () => {
    const s = challenge(SHORT);
    expect(reject(s, { type: 'roll', by: ANN.id }).kind).toBe('wrong-phase');
    expect(reject(s, { type: 'play', by: BOB.id, move: '8/5 6/5' }).kind).toBe('wrong-phase');
    expect(reject(s, { type: 'resign', by: ANN.id }).kind).toBe('wrong-phase');
  });

  it('a challenge cannot be accepted twice, nor after it was declined, cancelled or expired', () => {
    expect(reject(annToMove(), { type: 'accept', by: BOB }).kind).toBe('wrong-phase');
    expect(reject(annToMove(), { type: 'accept', by: CAROL }).kind).toBe('wrong-phase');
    const declined = step(challenge(SHORT), { type: 'decline', by: BOB.id });
    expect(reject(declined, { type: 'accept', by: BOB }).kind).toBe('wrong-phase');
    const cancelled = step(challenge(SHORT), { type: 'cancel', by: ANN.id });
    expect(reject(cancelled, { type: 'accept', by: BOB }).kind).toBe('wrong-phase');
    const expired = step(challenge(SHORT), { type: 'tick' }, [], T0 + 24 * 3600_000);
    expect(reject(expired, { type: 'accept', by: BOB }, T0 + 24 * 3600_000).kind).toBe('wrong-phase');
  });

  it('the challenger cannot accept its own challenge', () => {
    expect(reject(challenge(SHORT), { type: 'accept', by: ANN }).kind).toBe('not-a-player');
    expect(reject(challenge(SHORT, T0, null), { type: 'accept', by: ANN }).kind).toBe('not-a-player');
  });

  it('an open challenge (no invitee) cannot be declined; its challenger cancels it instead', () => {
    expect(reject(challenge(SHORT, T0, null), { type: 'decline', by: BOB.id }).kind).toBe('not-a-player');
    expect(reject(challenge(SHORT, T0, null), { type: 'decline', by: ANN.id }).kind).toBe('not-a-player');
  });

  it('#48: a challenge to a handle alone (no invitee id) is declined only as `named` (the app matched the handle), never by its challenger; the declined match decodes', () => {
    const open = challenge(SHORT, T0, null);
    expect(reject(open, { type: 'decline', by: ANN.id, named: true }).kind).toBe('not-a-player');
    expect(reject(challenge(SHORT), { type: 'decline', by: CAROL.id, named: true }).kind).toBe('not-a-player');
    expect(reject(open, { type: 'decline', by: BOB.id, named: 'yes' } as unknown as Command).kind).toBe('unknown-command');
    const declined = step(open, { type: 'decline', by: BOB.id, named: true });
    expect(declined.phase).toBe('declined');
    const decoded = decodeMatch(encodeMatch(declined));
    expect(decoded.ok && decoded.value.phase).toBe('declined');
  });

  it('a match in play cannot be declined or cancelled', () => {
    expect(reject(annToMove(), { type: 'decline', by: ANN.id }).kind).toBe('wrong-phase');
    expect(reject(annToMove(), { type: 'cancel', by: ANN.id }).kind).toBe('wrong-phase');
  });

  it('dice once rolled cannot be rolled again, and a double comes before the roll', () => {
    expect(reject(annToMove(), { type: 'roll', by: ANN.id }).kind).toBe('wrong-phase');
    const rolled = step(bobToDecide(), { type: 'roll', by: BOB.id }, [6, 5]);
    expect(reject(rolled, { type: 'roll', by: BOB.id }).kind).toBe('wrong-phase');
    expect(reject(rolled, { type: 'double', by: BOB.id }).kind).toBe('wrong-phase');
  });

  it('checkers cannot move before the roll', () => {
    const s = bobToDecide();
    expect(reject(s, { type: 'play', by: BOB.id, move: '24/13' }).kind).toBe('wrong-phase');
    expect(reject(s, { type: 'step', by: BOB.id, from: 24, to: 18 }).kind).toBe('wrong-phase');
    expect(reject(s, { type: 'confirm', by: BOB.id }).kind).toBe('wrong-phase');
  });

  it('take, pass and beaver need a double; answers to a resignation need an offer', () => {
    const s = annToMove();
    expect(reject(s, { type: 'take', by: ANN.id }).kind).toBe('wrong-phase');
    expect(reject(s, { type: 'pass', by: ANN.id }).kind).toBe('wrong-phase');
    expect(reject(s, { type: 'beaver', by: ANN.id }).kind).toBe('wrong-phase');
    expect(reject(s, { type: 'acceptResign', by: ANN.id }).kind).toBe('wrong-phase');
    expect(reject(s, { type: 'declineResign', by: ANN.id }).kind).toBe('wrong-phase');
  });

  it('the side answering a double cannot roll or resign instead', () => {
    const s = annDoubled();
    expect(reject(s, { type: 'roll', by: ANN.id }).kind).toBe('wrong-phase');
    expect(reject(s, { type: 'resign', by: ANN.id }).kind).toBe('wrong-phase');
  });

  it('nothing more can be done in a finished match', () => {
    const s = finished();
    for (const command of [
      { type: 'roll', by: BOB.id },
      { type: 'roll', by: ANN.id },
      { type: 'resign', by: BOB.id },
      { type: 'accept', by: CAROL },
      { type: 'double', by: BOB.id },
    ] as Command[]) {
      expect(reject(s, command).kind, command.type).toBe('wrong-phase');
    }
    const r = applyAnything(s, { type: 'tick' });
    expect(r.ok && r.value.events).toEqual([]);
  });
});

describe('issue #3 bad input: notation in play', () => {
  it('a play that is not notation is invalid-notation', () => {
    for (const move of ['zz', '8/5 6/', '99/5', 'off/5', '8/5 6/5 extra']) {
      expect(reject(annToMove(), { type: 'play', by: ANN.id, move }).kind, move).toBe('invalid-notation');
    }
  });

  it('a well-written play the rules forbid is illegal-play', () => {
    for (const move of ['24/20 13/12', '8/5', '6/3 6/5 8/7', 'Ø', '24/21*', 'bar/22']) {
      expect(reject(annToMove(), { type: 'play', by: ANN.id, move }).kind, move).toBe('illegal-play');
    }
  });

  it('an empty play while a play exists is refused', () => {
    const kind = reject(annToMove(), { type: 'play', by: ANN.id, move: '' }).kind;
    expect(['invalid-notation', 'illegal-play']).toContain(kind);
  });
});

describe('issue #3 bad input: malformed stored items decode to invalid-state, never a throw', () => {
  /** Ann opened, Bob rolled 6-5 and stepped 24/18: a stored match mid-turn. */
  function midTurn(): MatchState {
    const s = step(bobToDecide(), { type: 'roll', by: BOB.id }, [6, 5]);
    return step(s, { type: 'step', by: BOB.id, from: 24, to: 18 });
  }
  const stored = () => JSON.parse(JSON.stringify(encodeMatch(midTurn()))) as { v: number; h: unknown[][]; s: unknown[] };

  function decodeAnything(value: unknown) {
    try {
      return decodeMatch(value);
    } catch (err) {
      throw new Error(`decodeMatch threw on ${JSON.stringify(value)?.slice(0, 200)}: ${String(err)}`);
    }
  }

  it('the untouched stored item decodes to the same match (the baseline the broken ones differ from)', () => {
    const r = decodeAnything(stored());
    expect(r.ok && r.value).toEqual(midTurn());
  });

  const broken: [string, (item: ReturnType<typeof stored>) => unknown][] = [
    ['null', () => null],
    ['a number', () => 42],
    ['a string', () => JSON.stringify(encodeMatch(midTurn()))],
    ['an array', (i) => [i.v, i.h, i.s]],
    ['a schema version from the future', (i) => ({ ...i, v: 2 })],
    ['a schema version as a string', (i) => ({ ...i, v: '1' })],
    ['no schema version', (i) => ({ h: i.h, s: i.s })],
    ['an empty history', (i) => ({ ...i, h: [] })],
    ['a history that is not an array', (i) => ({ ...i, h: { 0: i.h[0] } })],
    ['steps that are not an array', (i) => ({ ...i, s: 'none' })],
    ['a history not starting with the challenge', (i) => ({ ...i, h: i.h.slice(1) })],
    ['a second challenge in the history', (i) => ({ ...i, h: [i.h[0], ...i.h] })],
    ['a history row that is not an array', (i) => ({ ...i, h: [i.h[0], 'A'] })],
    ['an unknown event code', (i) => ({ ...i, h: [...i.h, ['Z', 0]] })],
    ['a row of the wrong length', (i) => ({ ...i, h: [...i.h.slice(0, -1), [...i.h.at(-1)!, 'extra']] })],
    ['a time that is not a number', (i) => ({ ...i, h: [i.h[0], ['A', 'later', ...i.h[1]!.slice(2)], ...i.h.slice(2)] })],
    ['a played move that was tampered with', (i) => ({ ...i, h: i.h.map((row) => (row[0] === 'p' ? [...row.slice(0, 4), '24/20 13/12', row[5]] : row)) })],
    ['a played move with tampered dice', (i) => ({ ...i, h: i.h.map((row) => (row[0] === 'p' ? [row[0], row[1], row[2], [6, 6], ...row.slice(4)] : row)) })],
    ['a step that is not legal', (i) => ({ ...i, s: [{ from: 99, to: 1, die: 3, hit: false }] })],
    ['a step that is null', (i) => ({ ...i, s: [null] })],
    ['a step that is a string', (i) => ({ ...i, s: ['24/18'] })],
    ['a second step that is not legal after the first', (i) => ({ ...i, s: [...i.s, { from: 24, to: 18, die: 6, hit: false }] })],
    ['steps while nobody has rolled', (i) => ({ ...i, h: i.h.slice(0, -1), s: i.s })],
    ['steps in an open challenge', (i) => ({ ...i, h: i.h.slice(0, 1) })],
  ];

  it.each(broken)('%s is invalid-state', (_, breakIt) => {
    const r = decodeAnything(breakIt(stored()));
    expect(r.ok ? 'decoded' : r.error.kind).toBe('invalid-state');
  });

  // Items whose rows are well-shaped but describe what cannot happen: decoding them must not
  // produce a match the reducer later chokes on or that contradicts the rules.
  const impossible: [string, (item: ReturnType<typeof stored>) => unknown][] = [
    ['a roll with dice that are not die faces', (i) => ({ ...i, h: i.h.map((row) => (row[0] === 'r' ? [row[0], row[1], row[2], [9, 0]] : row)), s: [] })],
    ['challenge settings that do not validate', (i) => ({ ...i, h: [[...i.h[0]!.slice(0, 6), null, i.h[0]![7]]], s: [] })],
    ['challenge settings with a match to 99', (i) => ({ ...i, h: [[...i.h[0]!.slice(0, 6), { ...(i.h[0]![6] as object), matchLength: 99 }, i.h[0]![7]], ...i.h.slice(1)] })],
    ['a play by the wrong seat', (i) => ({ ...i, s: [], h: i.h.map((row) => (row[0] === 'p' ? [row[0], row[1], 1, ...row.slice(3)] : row)) })],
    ['a take with no double before it', (i) => ({ ...i, h: [...i.h, ['t', 0, 0, 2]], s: [] })],
    ['a game result in the middle of a game', (i) => ({ ...i, h: [...i.h, ['g', 0, 0, 'oin', 7, 'passed']], s: [] })],
  ];

  it.each(impossible)('%s is invalid-state', (_, breakIt) => {
    const r = decodeAnything(breakIt(stored()));
    expect(r.ok ? 'decoded' : r.error.kind).toBe('invalid-state');
  });

  it('a stored step whose hit flag lies is refused or corrected, never kept', () => {
    const item = stored();
    const r = decodeAnything({ ...item, s: [{ from: 24, to: 18, die: 6, hit: true }] });
    if (r.ok) expect(gameOf(r.value).turn.steps).toEqual([{ from: 24, to: 18, die: 6, hit: false }]);
    else expect(r.error.kind).toBe('invalid-state');
  });

  it('a decoded item is a match the reducer can keep playing', () => {
    const r = decodeAnything(stored());
    if (!r.ok) throw new Error(r.error.message);
    const s = step(r.value, { type: 'step', by: BOB.id, from: 18, to: 13 });
    expect(step(s, { type: 'confirm', by: BOB.id }).history.at(-1)).toMatchObject({ type: 'played', seat: 1, move: '24/13' });
  });
});

describe('issue #3 bad input: finished matches stay storable', () => {
  it('a game resigned with steps in progress is stored and replayed as it ended', () => {
    let s = step(annToMove(), { type: 'step', by: ANN.id, from: 8, to: 5 });
    s = step(s, { type: 'resign', by: ANN.id });
    expect(s.phase).toBe('finished');
    const r = decodeMatch(JSON.parse(JSON.stringify(encodeMatch(s))));
    expect(r.ok ? r.value : r.error).toEqual(s);
    expect(replayHistory(s.history)).toEqual(s);
  });

  it('a game lost on time with steps in progress is stored and replayed as it ended', () => {
    const clock = { kind: 'fischer', bankMinutes: 1, incrementSeconds: 0 } as const;
    let s = step(started({ variant: 'short', clock }, [3, 1]), { type: 'step', by: ANN.id, from: 8, to: 5 });
    s = step(s, { type: 'tick' }, [], T0 + 3600_000);
    expect(s.result).toEqual({ winner: 1, reason: 'timeout' });
    const r = decodeMatch(JSON.parse(JSON.stringify(encodeMatch(s))));
    expect(r.ok ? r.value : r.error).toEqual(s);
    expect(replayHistory(s.history)).toEqual(s);
  });
});
