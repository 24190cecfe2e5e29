/**
 * A player's name as the match keeps it: in their seat and in the history events that seated
 * them (so a replay seats the same name). `/forget` and the fading of finished matches replace it.
 */
import type { MatchEvent, MatchState, Player, PlayerId } from './types.ts';

/**
 * Returns the match with player `id` shown as `name` everywhere it keeps their name; the match is
 * otherwise unchanged, and unchanged altogether when they do not play in it. Not a rule: a name.
 */
export function renamePlayer(state: MatchState, id: PlayerId, name: string): MatchState {
  const rename = (p: Player | null): Player | null => (p !== null && p.id === id ? { id, name } : p);
  const history = state.history.map((e): MatchEvent => ((e.type === 'challenged' || e.type === 'accepted') && e.by.id === id ? { ...e, by: { id, name } } : e));
  return { ...state, players: [rename(state.players[0]), rename(state.players[1])], history };
}
