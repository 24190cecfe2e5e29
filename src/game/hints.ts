/**
 * Hints: the computer's advice on the decision in hand (the app's 💡 button). Not a rule of the
 * game: a club's fairness convention, so it lives beside the match and changes nothing on the board.
 */
import type { MatchState, Seat } from './types.ts';

/**
 * Returns true when the players of this match may ask for hints: always against the computer;
 * between people only when the match is unrated (its challenge said so: rated is the default
 * between people, and a tournament's matches are rated). Not a rule: a club's fairness convention.
 */
export function hintsAllowed(state: Pick<MatchState, 'settings'>): boolean {
  return state.settings.computer !== undefined || state.settings.rated === false;
}

/** Returns how many hints each seat has asked for in the whole match (its history's `hinted` events). Not a rule: a count. */
export function hintsUsed(state: Pick<MatchState, 'history'>): readonly [number, number] {
  const used: [number, number] = [0, 0];
  for (const e of state.history) if (e.type === 'hinted') used[e.seat as Seat]++;
  return used;
}

/**
 * Whether `seat` has asked for a hint on the decision in hand already: no permanent event but a
 * hint of its own (or a vacation) since — the same roll, the same cube or take decision; steps
 * made meanwhile are not kept and change no roll. A hint asked again is not counted again (#47 B2).
 * Not a rule: a count.
 */
export function hintedAlready(state: Pick<MatchState, 'history'>, seat: Seat): boolean {
  for (let i = state.history.length - 1; i >= 0; i--) {
    const e = state.history[i];
    if (e.type === 'vacation') continue;
    return e.type === 'hinted' && e.seat === seat;
  }
  return false;
}
