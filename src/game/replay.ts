/**
 * Replaying a match: folding its history from the challenge on.
 */
import { evolve } from './evolve.ts';
import type { MatchEvent, MatchState } from './types.ts';

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
