/**
 * What follows a stored change of a tournament, for a press, a match's end and the scheduler
 * alike: its message edited in place, the challenges of a round it opened posted, the winner
 * announced. Only the writer whose conditional write stored the change does this, so each
 * round is posted and each winner announced once.
 */
import { t } from '../../i18n/index.ts';
import type { Teller } from './publisher.ts';
import { entrant, count, type MatchOutcome, type Tournament } from './model.ts';
import { postNewRounds } from './pairings.ts';
import { changeTournament } from './stored.ts';
import { tournamentMessage } from './views.ts';

/** Redraws the tournament's message (the sign-up, then the standings) where it is. */
export async function showTournament(p: Teller, tm: Tournament): Promise<void> {
  if (tm.message === undefined) return;
  const { text, buttons } = tournamentMessage(tm, tm.lang);
  await p.emit({ kind: 'editText', message: tm.message, text, buttons });
}

/** Everything a stored change shows: the message, a new round's challenges, the winner. */
export async function publishChange(p: Teller, before: Tournament, after: Tournament): Promise<void> {
  await showTournament(p, after);
  if (after.phase === 'playing' || before.phase === 'playing') await postNewRounds(p, before.phase === 'signup' ? undefined : before, after);
  if (after.phase === 'finished' && before.phase !== 'finished') {
    const text = after.winner === undefined ? t(after.lang, 'tournament.noWinner') : t(after.lang, 'tournament.winner', { name: p.messenger.mention(entrant(after, after.winner)) });
    await p.emit({ kind: 'text', chat: after.chat, text });
  }
}

/**
 * Counts a finished match of the tournament exactly once: an idempotent conditional write keyed by
 * the match id (the pairing keeps its result; a second count finds it and writes nothing).
 * Returns whether this call counted it.
 */
export async function countTournamentMatch(p: Teller, tournamentId: string, match: string, outcome: MatchOutcome): Promise<boolean> {
  const changed = await changeTournament(p.deps.store, tournamentId, p.deps.now(), (tm) => (tm.phase === 'playing' ? count(tm, match, outcome) : { ok: true, value: 'already' }));
  if (!changed.ok || changed.value === 'already') return false;
  await publishChange(p, changed.value.before, changed.value.after);
  return true;
}
