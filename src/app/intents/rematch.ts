/**
 * Rematch, from a finished board: one of its two players opens a new challenge to the other, with
 * the same settings and the colours swapped (after a match, a new match). The other accepts it as
 * any challenge — so it can also be declined, cancelled or left to expire, with nothing new to
 * learn or to keep. The new game's id is derived from the finished one, so a second press (by
 * either player, or the same one twice) finds the offer already made instead of opening another.
 */
import { createHash } from 'node:crypto';
import { COMPUTER_ID, type MatchState } from '../../game/index.ts';
import { errorText, t } from '../../i18n/index.ts';
import type { GameRecord } from '../../store/index.ts';
import { openChallenge } from '../matches.ts';
import { boardLangOf } from '../board-language.ts';
import type { Intent } from '../ports.ts';
import { ADDRESSEE, CHALLENGE_MESSAGE, noted, reachNote, reachOf, setNotes } from '../remembered.ts';
import { noteNamed } from '../named.ts';
import { recallSeries, seriesText } from '../series.ts';
import { challengeMessage } from '../texts.ts';
import type { Update } from './update.ts';

/** The id of the rematch of a game: the same for every press, new for every game. */
export function rematchId(gameId: string): string {
  return createHash('sha256').update(`rematch:${gameId}`).digest('hex').slice(0, 12);
}

export async function rematch(u: Update<Intent & { kind: 'press' }>, record: GameRecord, state: MatchState): Promise<void> {
  const { deps, intent, emit } = u;
  const seat = state.players.findIndex((p) => p?.id === intent.from.id);
  if (seat < 0) return void (await emit({ kind: 'toast', text: t(u.lang, 'toast.notYourGame') }));
  const opponent = state.players[1 - seat];
  if (state.phase !== 'finished' || !opponent) return void (await emit({ kind: 'toast', text: t(u.lang, 'toast.stale') }));
  const lang = await boardLangOf(u.deps.store, record, { chat: intent.chat, chatLang: u.chatLang }, intent.from.language);
  const chat = record.chat ?? intent.chat;
  const computer = opponent.id === COMPUTER_ID;
  const me = { id: intent.from.id, name: intent.from.name };
  const opened = await openChallenge(deps, {
    id: rematchId(state.id),
    by: me,
    invitee: computer ? null : opponent.id,
    // The challenger's colour is the one they did not play (seat 0 plays White).
    settings: { ...state.settings, colour: seat === 0 ? 'black' : 'white' },
  }, chat, lang, { ...reachNote(undefined, me.id, u.me), ...(computer ? {} : { ...pick(record.notes, reachOf(opponent.id).name), ...noted(ADDRESSEE, opponent.name) }) });
  if (!opened.ok) {
    return void (await emit({ kind: 'toast', text: opened.error.kind === 'already-exists' ? t(u.lang, 'rematch.offered') : errorText(u.lang, opened.error) }));
  }
  await emit({ kind: 'toast', text: '' });
  const { state: challenge, record: created } = opened.value;
  // Not in the opponent's index until accepted: their `/games` (and `/forget`) find it through this (#48).
  if (!computer) await noteNamed(deps.store, opponent.id, 'challenges', challenge.id, deps.now());
  const series = computer ? undefined : seriesText(lang, await recallSeries(deps.store, record.chat, me.id, opponent.id), [me, opponent]);
  const message = challengeMessage(challenge, created.version, lang, undefined, computer ? undefined : opponent.name, series);
  const sent = await emit({ kind: 'text', chat, text: message.text, buttons: message.buttons });
  if (sent) await setNotes(deps.store, challenge.id, [CHALLENGE_MESSAGE, sent]);
}

/** The note of that name, carried over from the finished game (how it reached the opponent). */
function pick(notes: GameRecord['notes'], name: string): Record<string, unknown> {
  return notes !== undefined && Object.hasOwn(notes, name) ? { [name]: notes[name] } : {};
}
