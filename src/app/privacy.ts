/**
 * What a game keeps of the people in it, and how it lets go (docs/privacy.md): `/forget` takes one
 * player out of their games, and the sweep fades a finished game's personal fields once it has
 * been over for `FADE_AFTER_MS` (`reminders.ts`). What results and history need stays: the moves, the score, the
 * players' platform ids (a player's `/games` and, once there are ratings, their rating are found
 * by them). Names become "Player 1" / "Player 2" in the board's language; the notes that point into
 * private chats or name someone (how to reach each player, their own boards, the invitee's handle,
 * whom a challenge names) are removed.
 */
import { COMPUTER_ID, encodeMatch, renamePlayer, type MatchState } from '../game/index.ts';
import { pickLang, t } from '../i18n/index.ts';
import type { GameRecord, GameStore } from '../store/index.ts';
import { boardLanguage, matchOf, recordOf } from './matches.ts';
import { ADDRESSEE, boardOf, INVITEE, noteOf, reachOf } from './remembered.ts';

/** The neutral name of a seat, in the language of the game's board. */
export function neutralName(record: GameRecord, seat: number): string {
  return t(pickLang(boardLanguage(record)), 'privacy.player', { n: seat + 1 });
}

/** The match with the human players `ids` (all of them when absent) under their seat's neutral name. */
function renamed(record: GameRecord, state: MatchState, ids?: readonly string[]): MatchState {
  return state.players.reduce((s, p, seat) => (p === null || p.id === COMPUTER_ID || (ids !== undefined && !ids.includes(p.id)) ? s : renamePlayer(s, p.id, neutralName(record, seat))), state);
}

/**
 * The record with its match replaced and nothing else changed: not its time (the lists' order and
 * the abandonment clock go by it), not its alarm or wake-up (an announcement may still be pending).
 */
function withMatch(record: GameRecord, state: MatchState): GameRecord {
  const fresh = recordOf(state, record.version + 1, record.updatedAt, record.chat, boardLanguage(record));
  const { notes: _read, ...rest } = record;
  return { ...rest, version: record.version + 1, state: encodeMatch(state), summary: fresh.summary };
}

/** Whether a challenge still waiting for its answer is addressed to the player, by id or by their `handle`. */
function addressedTo(record: GameRecord, state: MatchState, player: string, handle: string | undefined): boolean {
  return state.phase === 'challenge' && (state.invitee === player || (handle !== undefined && noteOf(record, INVITEE) === handle.toLowerCase()));
}

/**
 * The notes of a game to change for one player: those about them removed (undefined), and those
 * that name someone removed once it is no challenge. A challenge still waiting for them keeps
 * saying whom it is for (its message is redrawn with it), in neutral words; its handle note stays
 * until it is answered or expires, since it says who may accept.
 */
function notesAbout(record: GameRecord, state: MatchState, player: string, handle?: string): Record<string, unknown> {
  const names = [reachOf(player).name, boardOf(player).name, ...(state.phase === 'challenge' ? [] : [INVITEE.name, ADDRESSEE.name])];
  const changes: Record<string, unknown> = Object.fromEntries(names.filter((n) => record.notes !== undefined && Object.hasOwn(record.notes, n)).map((n) => [n, undefined]));
  const neutral = neutralName(record, 1);
  if (addressedTo(record, state, player, handle) && noteOf(record, ADDRESSEE) !== undefined && noteOf(record, ADDRESSEE) !== neutral) changes[ADDRESSEE.name] = neutral;
  return changes;
}

/**
 * Takes a player out of one of their games (or a challenge addressed to them, by id or `handle`):
 * their name becomes the seat's neutral one and the notes about them go. One conditional write; a game changed meanwhile is read again and tried
 * once more. Returns false when it could not be written (the game gone, or changing too fast).
 */
export async function forgetPlayerIn(store: GameStore, record: GameRecord, state: MatchState, player: string, handle?: string): Promise<boolean> {
  let current = { record, state };
  const seat = state.players.findIndex((p) => p?.id === player);
  if ((seat < 0 || state.players[seat]!.name === neutralName(record, seat)) && Object.keys(notesAbout(record, state, player, handle)).length === 0) return true;
  // Only named in its notes (a challenge to them): the match is unchanged, so its buttons stay good.
  if (seat < 0) return store.setNotes(record.id, notesAbout(record, state, player, handle));
  for (let attempt = 0; attempt < 3; attempt++) {
    const saved = await store.save(withMatch(current.record, renamed(current.record, current.state, [player])), current.record.version, notesAbout(current.record, current.state, player, handle));
    if (saved.ok) return true;
    if (saved.error.kind !== 'stale-version' || saved.error.current === undefined) return false;
    const reread = matchOf({ ok: true, value: saved.error.current });
    if (!reread.ok) return false;
    current = reread.value;
  }
  return false;
}

/**
 * Fades a game that has been over for `FADE_AFTER_MS` (the sweep calls it when `fadeAt` comes): both names neutral, every note removed,
 * and out of the due index for good. Returns false when a write came first (the next sweep sees it).
 */
export async function fade(store: GameStore, record: GameRecord, state: MatchState): Promise<boolean> {
  const notes = Object.fromEntries(Object.keys(record.notes ?? {}).map((n) => [n, undefined]));
  const { alarm: _done, dueAt: _due, ...faded } = withMatch(record, renamed(record, state));
  return (await store.save(faded, record.version, notes)).ok;
}
