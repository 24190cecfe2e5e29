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
import { ADDRESSEE, boardOf, INVITEE, reachOf } from './remembered.ts';

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

/** The notes of a game that are about one player (undefined removes them), or that name someone while it is no challenge. */
function notesAbout(record: GameRecord, state: MatchState, player: string): Record<string, undefined> {
  const names = [reachOf(player).name, boardOf(player).name, ...(state.phase === 'challenge' ? [] : [INVITEE.name, ADDRESSEE.name])];
  return Object.fromEntries(names.filter((n) => record.notes !== undefined && Object.hasOwn(record.notes, n)).map((n) => [n, undefined]));
}

/**
 * Takes a player out of one of their games: their name becomes the seat's neutral one and the
 * notes about them go. One conditional write; a game changed meanwhile is read again and tried
 * once more. Returns false when it could not be written (the game gone, or changing too fast).
 */
export async function forgetPlayerIn(store: GameStore, record: GameRecord, state: MatchState, player: string): Promise<boolean> {
  let current = { record, state };
  const seat = state.players.findIndex((p) => p?.id === player);
  if ((seat < 0 || state.players[seat]!.name === neutralName(record, seat)) && Object.keys(notesAbout(record, state, player)).length === 0) return true;
  for (let attempt = 0; attempt < 3; attempt++) {
    const saved = await store.save(withMatch(current.record, renamed(current.record, current.state, [player])), current.record.version, notesAbout(current.record, current.state, player));
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
