/**
 * Replaying a match: folding its history from the challenge on.
 */
import type { Board, Position, TurnContext } from '../engine/index.ts';
import { evolve } from './evolve.ts';
import { positionOf, turnContextOf } from './match.ts';
import type { MatchEvent, MatchState, Seat } from './types.ts';

/**
 * Returns the match its history describes, folding every event from the challenge on. The turn in
 * progress (checker steps not yet confirmed) is not history and starts empty. Not a rule: a fold.
 */
export function replayHistory(history: readonly MatchEvent[]): MatchState {
  let state = undefined as unknown as MatchState;
  for (const e of history) state = evolve(state, e);
  return state;
}

/**
 * Calls `visit` with every event of a history and the match just before it, folding as it goes
 * (one pass, not a replay per event). Not a rule: a fold.
 */
export function walkHistory(history: readonly MatchEvent[], visit: (before: MatchState | undefined, e: MatchEvent) => void): MatchState {
  let state = undefined as unknown as MatchState;
  for (const e of history) {
    visit(e.type === 'challenged' ? undefined : state, e);
    state = evolve(state, e);
  }
  return state;
}

/** A play of the history with the position it was made from (the mover's view) and what the rules knew of the turn. */
export interface PlayedAt {
  readonly index: number;
  readonly game: number;
  readonly seat: Seat;
  readonly dice: readonly [number, number];
  readonly move: string;
  readonly forced: boolean;
  readonly position: Position;
  readonly context: TurnContext;
  /** The board by seat before the play (for a picture). */
  readonly board: Board;
}

/** Returns every play of a match's history with the position it was made from, oldest first. Not a rule: a fold. */
export function playsOf(state: MatchState): PlayedAt[] {
  const out: PlayedAt[] = [];
  let match = undefined as unknown as MatchState;
  state.history.forEach((e, index) => {
    if (e.type === 'played' && match.game) {
      const game = match.game;
      out.push({ index, game: game.number, seat: e.seat, dice: e.dice, move: e.move, forced: e.forced, position: positionOf(match.settings, game), context: turnContextOf(game), board: game.board });
    }
    match = evolve(match, e);
  });
  return out;
}
