/**
 * The one hook of a match's end into tournaments: `tournamentMatchOver(publisher, record, state)`,
 * called wherever a match is over — `tellEnding` (a finished match, a time-out, an abandonment, for
 * a press and the scheduler alike), a challenge declined or cancelled (`press.ts`) and one expired
 * (`sweep.ts`). It does nothing for a game that is not a tournament's or not over; otherwise it
 * counts the result, exactly once (`flow.ts`). Called again for the same match (a redelivery, the
 * heal) it writes nothing.
 */
import { seatToAct, type MatchState } from '../../game/index.ts';
import type { GameRecord } from '../../store/index.ts';
import type { Teller } from './publisher.ts';
import { noteOf, TOURNAMENT } from '../remembered.ts';
import { countTournamentMatch } from './flow.ts';
import { drawOf, type MatchOutcome } from './model.ts';

/** How a match over ended for its tournament, by player id; undefined while it is not over. */
export function outcomeOf(record: GameRecord, state: MatchState): MatchOutcome | undefined {
  const challenger = state.players[0]?.id;
  const forfeit = (winner: string | null | undefined): MatchOutcome | undefined => (winner ? { winner, points: {}, forfeit: true } : undefined);
  // Declined, or nobody accepted in time: the invited player gives it up; cancelled, the challenger.
  if (state.phase === 'declined' || state.phase === 'expired') return forfeit(challenger);
  if (state.phase === 'cancelled') return forfeit(state.invitee);
  const [white, black] = state.players;
  if (white === null || black === null) return undefined;
  if (state.phase === 'playing') {
    if (record.status !== 'closed') return undefined;
    // Abandoned unfinished: the player who was to move gives it up.
    const stalled = seatToAct(state);
    return forfeit(stalled === null ? white.id : state.players[1 - stalled]!.id);
  }
  if (state.phase !== 'finished') return undefined;
  const seat = state.result?.winner;
  // A drawn single game (none in a tournament's matches, which are to 1 point or more): the draw decides.
  const winner = seat === 0 || seat === 1 ? state.players[seat]!.id : [white.id, black.id].sort((x, y) => (drawOf({ id: state.id }, x) < drawOf({ id: state.id }, y) ? -1 : 1))[0]!;
  return { winner, points: { [white.id]: state.score[0], [black.id]: state.score[1] } };
}

/** Counts a tournament's match that is over; nothing for any other game. */
export async function tournamentMatchOver(p: Teller, record: GameRecord, state: MatchState): Promise<void> {
  const tournament = noteOf(record, TOURNAMENT);
  if (tournament === undefined) return;
  const outcome = outcomeOf(record, state);
  if (outcome !== undefined) await countTournamentMatch(p, tournament, record.id, outcome);
}
