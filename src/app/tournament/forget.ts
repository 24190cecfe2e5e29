/**
 * `/forget` in a tournament (issue #45): the player's name becomes a neutral "Player N" (N their
 * place in the list of players, in the tournament's language), as their name in their games does.
 * Their id stays: it is what the pairings, the results, the table and the matches still to open
 * go by, so the tournament goes on as before and only the name is gone. The message is redrawn at
 * once, so the chat's own copy loses the name too.
 */
import { t } from '../../i18n/index.ts';
import { ok, type Result } from '../../lib/index.ts';
import type { Teller } from './publisher.ts';
import { showTournament } from './flow.ts';
import { loadMatch } from '../matches.ts';
import { forgetPlayerIn } from '../privacy.ts';
import { CHALLENGE_MESSAGE, noteOf } from '../remembered.ts';
import { pairingOf, pendingPairings, type Tournament, type TournamentError } from './model.ts';
import { announcePairing } from './pairings.ts';
import { changeTournament, loadTournament } from './stored.ts';

/** The tournament with `player`'s name neutral wherever it is (a player, the organiser); `already` when it names them nowhere. */
export function withoutName(tm: Tournament, player: string): Result<Tournament | 'already', TournamentError> {
  const place = tm.players.findIndex((p) => p.id === player);
  // An organiser who left the sign-up has no place: the next one, so no player's neutral name is theirs.
  const name = t(tm.lang, 'privacy.player', { n: (place < 0 ? tm.players.length : place) + 1 });
  const named = (e: { id: string; name: string }) => e.id === player && e.name !== name;
  if (!tm.players.some(named) && !named(tm.organiser)) return ok('already');
  const neutral = <E extends { id: string; name: string }>(e: E): E => (e.id === player ? { ...e, name } : e);
  return ok({ ...tm, organiser: neutral(tm.organiser), players: tm.players.map(neutral) });
}

/**
 * Takes a player's name out of one tournament and redraws its message, then out of each of their
 * matches still waiting (`forgetPlayerIn`). A challenge still waiting for its Accept is redrawn in
 * place: renaming its challenger moved its version on, and its old buttons would be refused,
 * leaving the match to expire as a forfeit.
 */
export async function forgetInTournament(p: Teller, id: string, player: string): Promise<void> {
  const changed = await changeTournament(p.deps.store, id, p.deps.now(), (tm) => withoutName(tm, player));
  if (!changed.ok) return;
  // Named nowhere (forgotten before, or never in it): its pairings are looked at all the same, for a `/forget` cut short.
  const tm = changed.value === 'already' ? (await loadTournament(p.deps.store, id))?.tournament : changed.value.after;
  if (tm === undefined) return;
  // A message deleted by the chat, or a platform refusing the edit, leaves the stored name gone all the same.
  if (changed.value !== 'already') await showTournament(p, tm).catch(() => undefined);
  for (const pairing of pendingPairings(tm).filter((q) => q.a === player || q.b === player)) {
    const read = await loadMatch(p.deps.store, pairing.match);
    if (!read.ok || !(await forgetPlayerIn(p.deps.store, read.value.record, read.value.state, player))) continue;
    // Once, when the name left the tournament: a second `/forget` would only edit a message into itself.
    if (changed.value === 'already') continue;
    const after = await loadMatch(p.deps.store, pairing.match);
    const message = after.ok ? noteOf(after.value.record, CHALLENGE_MESSAGE) : undefined;
    if (after.ok && after.value.state.phase === 'challenge' && message !== undefined) {
      await announcePairing(p, tm, pairingOf(tm, pairing.match)!.round, pairing, after.value.record, after.value.state, message).catch(() => undefined);
    }
  }
}
