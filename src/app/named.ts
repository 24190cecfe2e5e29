/**
 * Where a person is named outside their own games (issue #45): the tournaments they opened or
 * joined, and the challenges addressed to them (a `/nardy` to them by id or by `@handle`, a
 * rematch, a tournament's pairing). None of these is in their player index (a tournament is one
 * item for everyone; a challenge lists only its challenger until it is accepted), so `/forget`
 * could not find them without a list of its own, nor `/games` the challenges waiting for their
 * answer (#48). One small remembered value per person (`NAMED_IN`), written when they are named,
 * read by `/forget` and `/games`.
 */
import type { MatchState } from '../game/index.ts';
import type { GameRecord, GameStore } from '../store/index.ts';
import type { ChatUser } from './ports.ts';
import { INVITEE, NAMED_IN, noteOf, type NamedIn } from './remembered.ts';

/** How many of each kind are kept, the newest last: a challenge expires within days, and nobody plays in fifty tournaments at once. */
const KEPT = 50;
/** Compare-and-set attempts: only the same person named twice at the same instant needs a second. */
const ATTEMPTS = 4;
/** A tournament may go on for weeks; after a year without anyone naming them, the list has nothing left to find. */
const KEPT_SECONDS = 365 * 24 * 3600;

const EMPTY: NamedIn = { tournaments: [], challenges: [] };

/** The owner of what names a handle alone (a challenge to `@handle` the platform gave no id for); never a player id, which has no `@`. */
export function handleOwner(platform: string, handle: string): string {
  return `${platform}:@${handle.toLowerCase()}`;
}

/** Notes that `owner` (a player id, or a `handleOwner`) is named in a tournament or a challenge. */
export async function noteNamed(store: GameStore, owner: string, kind: keyof NamedIn, id: string, now: number): Promise<void> {
  const key = NAMED_IN.key(owner);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stored = await store.recall(key);
    const before = NAMED_IN.decode(stored) ?? EMPTY;
    if (before[kind].includes(id)) return;
    const after = { ...before, [kind]: [...before[kind], id].slice(-KEPT) };
    if (await store.rememberIf(key, after, stored, now, Math.floor(now / 1000) + KEPT_SECONDS)) return;
  }
}

/** Everything the owners are named in, merged (a person's id and their handle). */
export async function namedIn(store: GameStore, owners: readonly string[]): Promise<NamedIn> {
  const values = await store.recallMany(owners.map((o) => NAMED_IN.key(o)));
  const all = owners.map((o) => NAMED_IN.decode(values.get(NAMED_IN.key(o))) ?? EMPTY);
  return { tournaments: [...new Set(all.flatMap((n) => n.tournaments))], challenges: [...new Set(all.flatMap((n) => n.challenges))] };
}

/**
 * Whether a challenge still waiting for its answer is addressed to this person: by their id, or
 * (a challenge to `@handle` the messenger gave no id for) by the handle they hold now (#48).
 */
export function addressedTo(record: GameRecord, state: MatchState, who: Pick<ChatUser, 'id' | 'username'>): boolean {
  if (state.phase !== 'challenge') return false;
  if (state.invitee !== null) return state.invitee === who.id;
  const handle = noteOf(record, INVITEE);
  return handle !== undefined && handle === who.username?.toLowerCase();
}
