/**
 * A removed player's pending matches (#48). The removal counted each one as a forfeit already
 * (`model.remove`) and listed its game in `closing`; this takes each game out of play:
 * - a challenge nobody accepted is withdrawn in the removed player's name (declined if it was
 *   addressed to them, cancelled if they made it), its message saying who was removed and who wins;
 * - a match under way is closed for good, as an abandoned game is (status `closed`, its note
 *   `closedFor` naming the removed seat): no move is taken any more, it is never rated (only a
 *   finished match is), and its board and a line in the chat (and each player privately) say why.
 * Each game is changed by one conditional write, so of the organiser's press and the scheduler's
 * heal (which finishes what a crash left) only one tells; then the games are taken off `closing`.
 */
import type { MatchState } from '../../game/index.ts';
import { t } from '../../i18n/index.ts';
import type { GameRecord } from '../../store/index.ts';
import { loadMatch, runCommand } from '../matches.ts';
import { playerName } from '../player-name.ts';
import { tellEnding } from '../publish.ts';
import { fadeAt } from '../reminders.ts';
import { CHALLENGE_MESSAGE, CLOSED_FOR, noted, noteOf } from '../remembered.ts';
import { gameLabel } from '../texts.ts';
import { closed, entrant, type Tournament } from './model.ts';
import type { Teller } from './publisher.ts';
import { changeTournament } from './stored.ts';

/** Conditional writes tried per game: only a move made at the same instant needs a second. */
const ATTEMPTS = 4;

/** Takes the games `tm.closing` lists out of play and off the list; returns how many it changed. */
export async function closeRemovedMatches(p: Teller, tm: Tournament): Promise<number> {
  const done: string[] = [];
  let changed = 0;
  for (const c of tm.closing ?? []) {
    const outcome = await closeOne(p, tm, c.match, c.removed);
    if (outcome !== 'retry') done.push(c.match);
    if (outcome === 'changed') changed++;
  }
  if (done.length > 0) await changeTournament(p.deps.store, tm.id, p.deps.now(), (current) => closed(current, done));
  return changed;
}

/** One game: withdrawn, closed, or found out of play already (`done`); `retry` when it kept changing under the writes. */
async function closeOne(p: Teller, tm: Tournament, match: string, removed: string): Promise<'changed' | 'done' | 'retry'> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const loaded = await loadMatch(p.deps.store, match);
    // Never opened (a pairing forfeited before its challenge was made): nothing to take out of play.
    if (!loaded.ok) return loaded.error.kind === 'not-found' ? 'done' : 'retry';
    const { record, state } = loaded.value;
    const winner = entrant(tm, state.players[0]?.id === removed ? state.invitee ?? state.players[1]?.id ?? '' : state.players[0]?.id ?? '').name;
    if (state.phase === 'challenge') {
      const command = state.players[0]?.id === removed ? { type: 'cancel' as const, by: removed } : { type: 'decline' as const, by: removed };
      const done = await runCommand(p.deps, match, command, { loaded: loaded.value });
      if (!done.ok) continue;
      const message = noteOf(record, CHALLENGE_MESSAGE);
      if (message) await p.emit({ kind: 'editText', message, text: t(tm.lang, 'tournament.matchWithdrawn', { name: entrant(tm, removed).name, winner }) });
      return 'changed';
    }
    if (state.phase !== 'playing' || record.status === 'closed') return 'done';
    const seat = state.players[0]?.id === removed ? 0 : 1;
    const now = p.deps.now();
    // As an abandoned game is closed (`sweep.ts`), told here at once: nothing is left for the scheduler but the fading.
    const saved = await p.deps.store.save({ ...record, status: 'closed', updatedAt: now, alarm: undefined, dueAt: fadeAt(now) }, record.version, noted(CLOSED_FOR, { removed: seat }), { ends: true });
    if (!saved.ok) continue;
    await tellClosed(p, saved.value, state, tm, seat);
    return 'changed';
  }
  return 'retry';
}

/** The closed match's board redrawn (no moves, why in its caption), and the line in the chat and to each player. */
async function tellClosed(p: Teller, record: GameRecord, state: MatchState, tm: Tournament, seat: 0 | 1): Promise<void> {
  const words = (lang: typeof tm.lang) => t(lang, 'tournament.matchClosed', {
    game: gameLabel(state, lang), name: playerName(state, seat, lang), winner: playerName(state, 1 - seat, lang),
  });
  await tellEnding(p, record, state, tm.lang, { words });
}
