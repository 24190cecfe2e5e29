/**
 * A tournament in the store: read, created, and changed by one conditional write on its version,
 * retried from a fresh read when another write came first (a press and a match's end at once).
 * The change is a pure function of the tournament as read (`model.ts`), so a retry decides again
 * on what is stored now: counting a match already counted is `already`, and nothing is written.
 */
import { fail, ok, type Result } from '../../lib/index.ts';
import { isLang } from '../../i18n/index.ts';
import type { GameStore, TournamentRecord } from '../../store/index.ts';
import { signupExpiresAt, type Tournament, type TournamentError } from './model.ts';

/** How often the scheduler looks at a tournament being played (`heal.ts`): a count a crash lost is made within this. */
export const HEAL_EVERY_MS = 15 * 60_000;

/** How many times a change is tried again after another write came first. */
const ATTEMPTS = 8;

/** A stored tournament state checked for the shape `model.ts` writes (a value from the store is whatever was written). */
export function tournamentOf(state: unknown): Tournament | undefined {
  const tm = state as Tournament | null;
  if (typeof tm !== 'object' || tm === null || typeof tm.id !== 'string' || !isLang(tm.lang) || typeof tm.chat?.chatId !== 'string') return undefined;
  if (!Array.isArray(tm.players) || !Array.isArray(tm.rounds) || !Array.isArray(tm.removed) || typeof tm.settings !== 'object') return undefined;
  return ['signup', 'playing', 'finished', 'cancelled'].includes(tm.phase) ? tm : undefined;
}

export type Loaded = { readonly record: TournamentRecord; readonly tournament: Tournament };

export async function loadTournament(store: GameStore, id: string): Promise<Loaded | undefined> {
  const read = await store.loadTournament(id);
  if (!read.ok) return undefined;
  const tournament = tournamentOf(read.value.state);
  return tournament === undefined ? undefined : { record: read.value, tournament };
}

/**
 * The record of a tournament: due for the scheduler while it is being played or a removed player's
 * game is still to be closed (a final decided by the removal), and when its sign-up expires (`heal.ts`).
 */
function recordOf(tournament: Tournament, version: number, now: number): TournamentRecord {
  const dueAt = tournament.phase === 'playing' || (tournament.closing?.length ?? 0) > 0 ? now + HEAL_EVERY_MS : tournament.phase === 'signup' ? signupExpiresAt(tournament) : undefined;
  return { id: tournament.id, version, state: tournament, updatedAt: now, ...(dueAt === undefined ? {} : { dueAt }) };
}

export async function createTournament(store: GameStore, tournament: Tournament, now: number): Promise<boolean> {
  return (await store.createTournament(recordOf(tournament, 1, now))).ok;
}

/** What a change did: the tournament before and after, or `already` (nothing to write). */
export type Changed = { readonly before: Tournament; readonly after: Tournament } | 'already';

/**
 * Applies `change` to the stored tournament with a conditional write, from a fresh read after
 * every conflict. `loaded`: the tournament as the caller read it, for the first attempt.
 */
export async function changeTournament(
  store: GameStore, id: string, now: number, change: (t: Tournament) => Result<Tournament | 'already', TournamentError>, loaded?: Loaded,
): Promise<Result<Changed, TournamentError | 'gone'>> {
  let current = loaded;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    current ??= await loadTournament(store, id);
    if (current === undefined) return fail('gone');
    const changed = change(current.tournament);
    if (!changed.ok) return changed;
    if (changed.value === 'already') return ok('already');
    const saved = await store.saveTournament(recordOf(changed.value, current.record.version + 1, now), current.record.version);
    if (saved.ok) return ok({ before: current.tournament, after: changed.value });
    if (saved.error.kind !== 'stale-version') return fail('gone');
    current = undefined;
  }
  throw new Error(`tournament ${id}: ${ATTEMPTS} writes in a row lost to others`);
}
