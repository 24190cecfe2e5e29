/**
 * A chat's open tournaments (signing up or being played), for the cap per chat
 * (`OPEN_TOURNAMENTS_PER_CHAT`): a remembered list of ids, `MEMO#tournaments#<platform>:<chat>`,
 * changed by compare-and-set. Ids of tournaments over are dropped when the list is next read.
 */
import type { GameStore } from '../../store/index.ts';
import type { ChatRef } from '../ports.ts';
import { chatOwner } from '../remembered.ts';
import { loadTournament } from './stored.ts';

const key = (chat: ChatRef) => `tournaments#${chatOwner(chat)}`;
/** The list is kept a year after its last change (DynamoDB's TTL). */
const KEPT_SECONDS = 365 * 24 * 3600;

function idsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, 20) : [];
}

/** The chat's tournaments still open, and the list as stored (for the compare-and-set). */
export async function openTournaments(store: GameStore, chat: ChatRef): Promise<{ open: string[]; stored: unknown }> {
  const stored = await store.recall(key(chat));
  const loaded = await Promise.all(idsOf(stored).map((id) => loadTournament(store, id)));
  const open = loaded.filter((l) => l !== undefined && (l.tournament.phase === 'signup' || l.tournament.phase === 'playing')).map((l) => l!.tournament.id);
  return { open, stored };
}

/** Adds a tournament to the chat's list; false when another change came first (the cap is then checked again by the caller). */
export async function noteOpened(store: GameStore, chat: ChatRef, seen: { open: string[]; stored: unknown }, id: string, now: number): Promise<boolean> {
  return store.rememberIf(key(chat), [...seen.open, id], seen.stored, now, Math.floor(now / 1000) + KEPT_SECONDS);
}
