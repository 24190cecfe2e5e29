/**
 * The one reducer (STYLE.md §11): `apply(state, command, now, dice)` → the new match and the
 * events that happened, or a typed error. Pure apart from the injected clock value and dice.
 * After a command, what needs no decision happens by itself: opening throws, rolling when neither
 * the cube nor the bomb can be used, forced plays (one legal play or none), the steps a turn begins
 * with when each is the only legal one, the next game of a match.
 */
import { fail, ok, type Result } from '../lib/index.ts';
import { countLegalPlays, legalPlays, nextGameStarter as starterRule, resolveOptions, turnProgress, VARIANTS, type Step } from '../engine/index.ts';
import type { DiceSource } from '../dice/index.ts';
import { commitmentOf } from '../dice/fair.ts';
import { mayChange } from './changes.ts';
import { deadlineOf, seatToAct } from './clock.ts';
import { decide, endGame, playEvents } from './decide.ts';
import { evolve } from './evolve.ts';
import { forcedSteps, mayDetonate, mayDouble, other, positionOf, turnContextOf } from './match.ts';
import { validateSettings } from './settings.ts';
import type { Command, GameError, GameState, MatchEvent, MatchSettings, MatchState, Player, PlayerId } from './types.ts';

/** How long an unanswered challenge stays open by default: 24 hours. */
export const CHALLENGE_TTL_MS = 24 * 3600_000;
/** A safety bound on automatic turns in a row (forced plays); real games stop far earlier. */
const MAX_AUTOMATIC = 500;

export interface Applied {
  readonly state: MatchState;
  readonly events: readonly MatchEvent[];
}

function fold(state: MatchState, events: readonly MatchEvent[]): MatchState {
  return events.reduce(evolve, state);
}

/** Events that happen without anyone deciding (see the file comment), one batch at a time. */
function automaticEvents(state: MatchState, now: number, dice: DiceSource): MatchEvent[] {
  if (state.phase !== 'playing') return [];
  const game = state.game;
  if (!game || game.ended) {
    const rule = resolveOptions(VARIANTS[state.settings.variant], state.settings.options);
    const starter = game && rule.ok ? starterRule(rule.value.nextGameStarter, { lastWinner: game.ended?.winner ?? null, lastStarter: game.starter }) : null;
    return [{ type: 'gameStarted', at: now, number: (game?.number ?? 0) + 1, starter }];
  }
  const t = game.turn;
  if (t.stage === 'opening') {
    const throwDice: [number, number] = [dice.die(), dice.die()];
    const events: MatchEvent[] = [{ type: 'openingThrow', at: now, dice: throwDice }];
    const limit = state.settings.autoDoubleLimit;
    if (throwDice[0] === throwDice[1] && limit > 0 && game.cube.value * 2 <= limit) {
      events.push({ type: 'autoDoubled', at: now, value: game.cube.value * 2 });
    }
    return events;
  }
  if (t.stage === 'decide' && !mayDouble(state) && !mayDetonate(state)) {
    return [{ type: 'rolled', at: now, seat: t.seat, dice: [dice.die(), dice.die()] }];
  }
  if (t.stage === 'moving' && t.dice) {
    const move = forcedMove(state.settings, game);
    if (move?.play !== undefined) {
      const events = playEvents(state, now, move.play, true);
      return events.ok ? events.value : [];
    }
    if (move?.step) return [{ type: 'stepped', at: now, seat: t.seat, step: move.step }];
  }
  return [];
}

/** What the rules chose in a turn in progress: its whole play, or its next step; null when the player chooses. */
type ForcedMove = { readonly play: string; readonly step?: undefined } | { readonly play?: undefined; readonly step: Step } | null;

/**
 * The forced moves of turns in progress, worked out once per game value: a game value is never
 * changed in place, and commands that leave the game as it was (a vacation, a hint) are many in a
 * long correspondence match, each replayed when it is read.
 */
const forcedMoves = new WeakMap<GameState, ForcedMove>();

/**
 * Returns what the rules leave no choice about in the turn in progress: its one legal play (or
 * none, 'Ø'), or, while every step so far was the only legal one, its next step when that too is
 * the only one — the one checker that can enter from the bar — made by itself as a whole forced turn
 * is played, the player choosing from where it leaves off (#47 B10). A later forced step follows a
 * choice, and comes with the step that made it (`decide`), so that Undo takes that step back.
 */
function forcedMove(settings: MatchSettings, game: GameState): ForcedMove {
  const known = forcedMoves.get(game);
  if (known !== undefined) return known;
  const t = game.turn;
  const position = positionOf(settings, game);
  const context = turnContextOf(game);
  let found: ForcedMove = null;
  if (t.steps.length === 0 && countLegalPlays(position, t.dice!, context) <= 1) {
    found = { play: legalPlays(position, t.dice!, context)[0]?.move ?? 'Ø' };
  } else {
    const progress = turnProgress(position, t.dice!, t.steps, context);
    if (progress.ok && !progress.value.complete && progress.value.next.length === 1 && forcedSteps(settings, game) === t.steps.length) found = { step: progress.value.next[0] };
  }
  forcedMoves.set(game, found);
  return found;
}

function continueAutomatically(state: MatchState, now: number, dice: DiceSource, events: MatchEvent[]): MatchState {
  for (let i = 0; i < MAX_AUTOMATIC; i++) {
    const more = automaticEvents(state, now, dice);
    if (more.length === 0) break;
    state = fold(state, more);
    events.push(...more);
  }
  return state;
}

/**
 * Events of running out of time: an unanswered challenge expires; the seat to act whose clock
 * has run out loses the match (a single game: the game, scored oin × cube). Implements docs/rules/match.md §5.
 */
function timeoutEvents(state: MatchState, now: number): MatchEvent[] {
  if (state.phase === 'challenge' && now >= state.challengeExpiresAt) return [{ type: 'expired', at: state.challengeExpiresAt }];
  const deadline = deadlineOf(state);
  const seat = seatToAct(state);
  if (deadline === undefined || seat === null || now < deadline) return [];
  const winner = other(seat);
  const events: MatchEvent[] = [{ type: 'timedOut', at: deadline, seat }, ...endGame(state, deadline, winner, 'oin', state.game!.cube.value, 'timeout')];
  if (!events.some((e) => e.type === 'matchEnded')) events.push({ type: 'matchEnded', at: deadline, winner, reason: 'timeout' });
  return events;
}

/**
 * Returns the match after a command at time `now`, with every event that happened, or a typed
 * error (the match unchanged). A command arriving after the actor's time ran out applies the
 * timeout instead. Implements docs/rules §1–§5 through `decide` and `evolve`.
 * @example apply(state, { type: 'roll', by: 'chat:1' }, Date.now(), cryptoDice())
 */
export function apply(state: MatchState, command: Command, now: number, dice: DiceSource): Result<Applied, GameError> {
  return applyCommand(state, command, now, dice, true);
}

/**
 * Returns what `apply` returns for a command rebuilt from a stored history: the bounds on changes
 * (`changes.ts`) are left out, so that a match stored before them (or with a change they would now
 * refuse) still replays. Not a rule: the codec's replay.
 */
export function replayCommand(state: MatchState, command: Command, now: number, dice: DiceSource): Result<Applied, GameError> {
  return applyCommand(state, command, now, dice, false);
}

function applyCommand(state: MatchState, command: Command, now: number, dice: DiceSource, bounded: boolean): Result<Applied, GameError> {
  const events: MatchEvent[] = timeoutEvents(state, now);
  if (events.length > 0) {
    const next = continueAutomatically(fold(state, events), now, dice, events);
    return ok({ state: next, events });
  }
  const decided = decide(state, command, now, dice);
  if (!decided.ok) return decided;
  if (bounded) {
    const allowed = mayChange(state, decided.value, now);
    if (!allowed.ok) return allowed;
  }
  events.push(...decided.value);
  const next = continueAutomatically(fold(state, decided.value), now, dice, events);
  return ok({ state: next, events });
}

export interface ChallengeInput {
  readonly id: string;
  readonly by: Player;
  /** Who may accept; null for anyone in the chat. */
  readonly invitee: PlayerId | null;
  readonly settings: Partial<Omit<MatchSettings, 'variant'>> & { variant?: string };
  readonly ttlMs?: number;
  /** The match's secret server seed (src/dice/fair.ts); without one it rolls with the dice it is given. */
  readonly serverSeed?: string;
}

/**
 * Returns a new match in its challenge phase, or an `invalid-settings` error.
 * Implements docs/rules/match.md §4–§5 (settings) through `validateSettings`.
 */
export function createChallenge(input: ChallengeInput, now: number): Result<Applied, GameError> {
  // A new challenge always says whether it is rated: by default between people, never against the computer.
  const settings = validateSettings({ ...input.settings, rated: input.settings.rated ?? input.settings.computer === undefined });
  if (!settings.ok) return settings;
  if (input.invitee === input.by.id) return fail({ kind: 'not-a-player', message: 'you cannot challenge yourself' });
  const event: MatchEvent = {
    type: 'challenged', at: now, by: input.by, invitee: input.invitee, seat: null, id: input.id,
    settings: settings.value, expiresAt: now + (input.ttlMs ?? CHALLENGE_TTL_MS),
  };
  const state = evolve(undefined as unknown as MatchState, event);
  const fair = input.serverSeed === undefined ? undefined : { serverSeed: input.serverSeed, commitment: commitmentOf(input.serverSeed), seeds: null, rolls: 0 };
  return ok({ state: fair ? { ...state, fair } : state, events: [event] });
}

/** Returns the next moment the scheduler must look at the match (expiry or time-out), if any. Implements docs/rules/match.md §5. */
export function nextDeadline(state: MatchState): number | undefined {
  if (state.phase === 'challenge') return state.challengeExpiresAt;
  return deadlineOf(state);
}
