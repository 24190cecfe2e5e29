/**
 * Helpers for the match-layer tests: two players, a fixed start time, scripted dice that must be
 * used up exactly, and `act`/`reject` wrappers that fail the test with the reducer's own message.
 */
import { expect } from 'vitest';
import { fixedDice, type DiceSource } from '../../src/dice/index.ts';
import type { Board } from '../../src/engine/index.ts';
import { apply, createChallenge } from '../../src/game/index.ts';
import type { Applied, ChallengeInput, Command, GameError, GameState, MatchEvent, MatchState } from '../../src/game/index.ts';

export const ANN = { id: 'telegram:1', name: 'Ann' } as const;
export const BOB = { id: 'telegram:2', name: 'Bob' } as const;
export const CAROL = { id: 'telegram:3', name: 'Carol' } as const;

/** 2024-01-01T00:00:00Z. */
export const T0 = Date.UTC(2024, 0, 1);
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Scripted dice that also report how many faces are left. */
export function scripted(faces: readonly number[]): DiceSource & { left(): number } {
  const inner = fixedDice(faces);
  let used = 0;
  return {
    die() {
      used++;
      return inner.die();
    },
    left: () => faces.length - used,
  };
}

/** Recursively freezes a value, so any mutation by the reducer throws (ESM is strict mode). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

/** Ann challenges Bob (Ann plays White unless the settings say otherwise). */
export function challenge(settings: ChallengeInput['settings'], now = T0, invitee: string | null = BOB.id): MatchState {
  const created = createChallenge({ id: 'match-1', by: ANN, invitee, settings: { colour: 'white', ...settings } }, now);
  if (!created.ok) throw new Error(`createChallenge failed: ${created.error.kind}: ${created.error.message}`);
  return created.value.state;
}

/** Applies a command that must succeed and must use exactly the scripted faces. */
export function act(state: MatchState, command: Command, faces: readonly number[] = [], now = T0): Applied {
  const dice = scripted(faces);
  const r = apply(deepFreeze(state), command, now, dice);
  if (!r.ok) throw new Error(`${command.type} was rejected: ${r.error.kind}: ${r.error.message}`);
  expect(dice.left(), `unused scripted dice after ${command.type}`).toBe(0);
  return r.value;
}

/** Applies a command and returns only the new state. */
export function step(state: MatchState, command: Command, faces: readonly number[] = [], now = T0): MatchState {
  return act(state, command, faces, now).state;
}

/** Applies a command that must be rejected; checks the state did not change and returns the error. */
export function reject(state: MatchState, command: Command, now = T0, faces: readonly number[] = []): GameError {
  const before = structuredClone(state);
  const r = apply(deepFreeze(state), command, now, scripted(faces));
  if (r.ok) throw new Error(`${command.type} was accepted: ${r.value.events.map((e) => e.type).join(', ')}`);
  expect(state).toEqual(before);
  return r.error;
}

/** Ann's challenge accepted by Bob with colour white (Ann = seat 0), then the opening throw `[annDie, bobDie]` (and any further faces). */
export function started(settings: ChallengeInput['settings'], faces: readonly number[], now = T0): MatchState {
  return step(challenge(settings, now), { type: 'accept', by: BOB }, faces, now);
}

/** The game in progress (fails when there is none). */
export function gameOf(state: MatchState): GameState {
  if (!state.game) throw new Error('no game');
  return state.game;
}

/** A copy of the match with the current game changed (for constructed positions). */
export function withGame(state: MatchState, change: Partial<GameState>): MatchState {
  return { ...state, game: { ...gameOf(state), ...change } };
}

/** A side of 26 slots (0 = off, 1..24 points, 25 = bar) from `[point, checkers]` pairs. */
export function side(pairs: readonly (readonly [number, number])[]): number[] {
  const s = new Array<number>(26).fill(0);
  for (const [p, n] of pairs) s[p] += n;
  return s;
}

/** A board by seats: `[seat 0's side, seat 1's side]`. */
export function board(seat0: readonly (readonly [number, number])[], seat1: readonly (readonly [number, number])[]): Board {
  return [side(seat0), side(seat1)];
}

/** The events of one type, narrowed. */
export function eventsOf<T extends MatchEvent['type']>(events: readonly MatchEvent[], type: T): Extract<MatchEvent, { type: T }>[] {
  return events.filter((e): e is Extract<MatchEvent, { type: T }> => e.type === type);
}

/** The history of the game in progress: the events since the last `gameStarted`. */
export function thisGame(history: readonly MatchEvent[]): MatchEvent[] {
  const start = history.map((e) => e.type).lastIndexOf('gameStarted');
  return history.slice(start);
}
