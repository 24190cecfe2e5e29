/**
 * A chat's open tournaments (signing up or being played), for the caps per chat and per organiser
 * (`OPEN_TOURNAMENTS_PER_CHAT`, `OPEN_TOURNAMENTS_PER_ORGANISER`): a remembered list of ids, `MEMO#tournaments#<platform>:<chat>`,
 * changed by compare-and-set. Ids of tournaments over are dropped when the list is next read.
 */
import type { GameStore } from '../../store/index.ts';
import type { ChatRef } from '../ports.ts';
import { chatOwner, OPEN_TOURNAMENTS } from '../remembered.ts';
import { signupExpiresAt, type Tournament } from './model.ts';
import { loadTournament } from './stored.ts';

const key = (chat: ChatRef) => OPEN_TOURNAMENTS.key(chatOwner(chat));
/** The list is kept a year after its last change (DynamoDB's TTL). */
const KEPT_SECONDS = 365 * 24 * 3600;

function idsOf(value: unknown): string[] {
  return (OPEN_TOURNAMENTS.decode(value) ?? []).slice(0, 20);
}

/**
 * The chat's tournaments still open (their ids, and who organised each), and the list as stored
 * (for the compare-and-set). A sign-up past its expiry counts as closed even before the scheduler
 * closes it: a sweep late, or a sign-up from before sign-ups expired, holds no room.
 */
export async function openTournaments(store: GameStore, chat: ChatRef, now: number): Promise<{ open: string[]; organisers: string[]; stored: unknown }> {
  const stored = await store.recall(key(chat));
  const loaded = await Promise.all(idsOf(stored).map((id) => loadTournament(store, id)));
  const open = loaded.flatMap((l) => (l !== undefined && isOpen(l.tournament, now) ? [l.tournament] : []));
  return { open: open.map((tm) => tm.id), organisers: open.map((tm) => tm.organiser.id), stored };
}

function isOpen(tm: Tournament, now: number): boolean {
  return tm.phase === 'playing' || (tm.phase === 'signup' && now < signupExpiresAt(tm));
}

/** Adds a tournament to the chat's list; false when another change came first (the cap is then checked again by the caller). */
export async function noteOpened(store: GameStore, chat: ChatRef, seen: { open: string[]; stored: unknown }, id: string, now: number): Promise<boolean> {
  return store.rememberIf(key(chat), [...seen.open, id], seen.stored, now, Math.floor(now / 1000) + KEPT_SECONDS);
}
