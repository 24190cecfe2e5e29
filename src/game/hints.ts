/**
 * Hints: the computer's advice on the decision in hand (the app's 💡 button). Not a rule of the
 * game: a club's fairness convention, so it lives beside the match and changes nothing on the board.
 */
import type { MatchSettings, MatchState, Seat } from './types.ts';

/**
 * Returns true when the players of this match may ask for hints: always against the computer;
 * Not a rule: a club's fairness convention, not RULES.md's.
 * between people only when the settings say the match is unrated. Rated play is the default for
 * people (the club's `rated` setting), so until that setting exists a game between people allows
 * no hints. When `rated` lands in MatchSettings, the one line to change is `explicitlyUnrated`:
 * `settings.rated === false`. Tournament games are rated, so they never allow hints.
 */
export function hintsAllowed(state: Pick<MatchState, 'settings'>): boolean {
  return state.settings.computer !== undefined || explicitlyUnrated(state.settings);
}

function explicitlyUnrated(settings: MatchSettings): boolean {
  return (settings as MatchSettings & { readonly rated?: boolean }).rated === false;
}

/** Returns how many hints each seat has asked for in the whole match (its history's `hinted` events). Not a rule: a count. */
export function hintsUsed(state: Pick<MatchState, 'history'>): readonly [number, number] {
  const used: [number, number] = [0, 0];
  for (const e of state.history) if (e.type === 'hinted') used[e.seat as Seat]++;
  return used;
}
