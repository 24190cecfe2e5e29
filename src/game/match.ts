/**
 * Small questions about a match that the reducer and the views both ask.
 */
import { BAR, scoredKind, turnProgress, type Board, type Position, type TurnContext, type WinKind } from '../engine/index.ts';
import type { GameState, MatchSettings, MatchState, Seat } from './types.ts';

/** Returns the other seat. Not a rule: seat arithmetic. */
export function other(seat: Seat): Seat {
  return seat === 0 ? 1 : 0;
}

/** Returns the board with `seat`'s side first, as the engine reads it. Not a rule: a change of view. */
export function boardFor(game: GameState, seat: Seat): Board {
  return [game.board[seat].slice(), game.board[other(seat)].slice()];
}

/** Returns the engine position of the seat to move. Not a rule: a change of view. */
export function positionOf(settings: MatchSettings, game: GameState): Position {
  return { variant: settings.variant, board: boardFor(game, game.turn.seat), options: settings.options };
}

/**
 * Returns what the rules need to know about the turn in progress beyond the board: whether it is
 * the mover's first turn (long nardy's head exception) and, on a gul bara ladder rung passed on,
 * how many moves its double gives. Implements docs/rules §2 (head exception) and §6 (gul bara).
 */
export function turnContextOf(game: GameState): TurnContext {
  const t = game.turn;
  return { firstTurn: game.turnsPlayed[t.seat] === 0, moves: t.ladder?.moves };
}

/**
 * Returns how many of the turn's steps so far, from its first, were each the only legal step where
 * they stand: the steps the rules chose, which the reducer makes by itself (`apply.ts`), such as
 * the one checker that can enter from the bar. 0 when the turn has no dice or no steps.
 * Not a rule: which steps were anyone's decision (docs/playing.md).
 */
export function forcedSteps(settings: MatchSettings, game: GameState): number {
  const t = game.turn;
  if (!t.dice) return 0;
  const position = positionOf(settings, game);
  const context = turnContextOf(game);
  for (let i = 0; i < t.steps.length; i++) {
    const progress = turnProgress(position, t.dice, t.steps.slice(0, i), context);
    if (!progress.ok || progress.value.next.length !== 1) return i;
  }
  return t.steps.length;
}

/**
 * Returns true when the seat on turn may double now: the cube is in play, this is not the
 * Crawford game, and the cube is centred or the seat owns it. Implements docs/rules/match.md §4 (doubling, Crawford).
 */
export function mayDouble(state: MatchState): boolean {
  const game = state.game;
  if (!game || game.ended || !state.settings.doubling || game.crawford) return false;
  if (game.turn.stage !== 'decide') return false;
  return game.cube.owner === null || game.cube.owner === game.turn.seat;
}

/**
 * Returns true when the seat on turn may detonate the bomb now: before rolling, holding the bomb
 * or while it is centred, and with at least one blot on the board — a bomb that would send
 * nothing to the bar only hands the bomb over, so it is not offered.
 * Implements docs/rules/variants.md §6 (nuclear).
 */
export function mayDetonate(state: MatchState): boolean {
  const game = state.game;
  if (!game || game.ended || game.bomb === null || game.turn.stage !== 'decide') return false;
  if (game.bomb !== 'centre' && game.bomb !== game.turn.seat) return false;
  return game.board.some((side) => side.some((n, p) => p >= 1 && p <= 24 && n === 1));
}

/** Returns the board after a detonation: every blot of both sides on its bar. Implements docs/rules/variants.md §6 (nuclear). */
export function detonate(board: Board): Board {
  const blotsToBar = (side: readonly number[]) => {
    const out = side.slice();
    for (let p = 1; p <= 24; p++) if (out[p] === 1) { out[p] = 0; out[BAR]++; }
    return out;
  };
  return [blotsToBar(board[0]), blotsToBar(board[1])];
}

/**
 * Returns what a pass concedes while a double is offered: the winner (the side that offered the
 * cube it is passed, after a beaver the beaverer) and the points, the cube before this double,
 * twice that after a beaver; undefined when no double is offered. Implements docs/rules/match.md §4 (pass, beaver).
 */
export function passStake(game: GameState): { readonly winner: Seat; readonly points: number } | undefined {
  const t = game.turn;
  if (game.ended) return undefined;
  if (t.stage === 'doubled') return { winner: t.seat, points: game.cube.value };
  if (t.stage === 'beavered') return { winner: other(t.seat), points: game.cube.value * 2 };
  return undefined;
}

/**
 * Returns the seat of the player who made the challenge (the colour setting, or the dice when it is
 * random, put them there on acceptance), or null before anyone accepted. Not a rule: who sits where.
 */
export function challengerSeat(state: MatchState): Seat | null {
  const accepted = state.history.find((e) => e.type === 'accepted');
  return accepted?.type === 'accepted' ? accepted.challengerSeat : null;
}

const KIND_POINTS: Record<WinKind, number> = { oin: 1, mars: 2, koks: 3 };

/**
 * Returns the points a game is worth: the kind's points times the cube. With "with mars" off every
 * win counts as oin; Jacoby (money play): mars and koks count as oin while the cube is not turned.
 * Implements docs/rules §4 (cube, Jacoby) with §2/§3/§6 (kinds).
 */
export function gamePoints(settings: MatchSettings, cubeValue: number, kind: WinKind): number {
  const jacobyApplies = settings.jacoby && settings.matchLength === 0 && cubeValue === 1;
  const withMars = settings.options.withMars ?? true;
  const base = jacobyApplies || !withMars ? 1 : KIND_POINTS[scoredKind(settings.variant, kind)];
  return base * cubeValue;
}

/**
 * Returns true when the game about to start is the Crawford game: the first game after either
 * side reaches N − 1 points. Implements docs/rules/match.md §4 (Crawford).
 */
export function isCrawfordGame(state: MatchState): boolean {
  const { matchLength, crawford } = state.settings;
  if (!crawford || matchLength < 2 || state.crawfordPlayed) return false;
  return state.score[0] === matchLength - 1 || state.score[1] === matchLength - 1;
}
