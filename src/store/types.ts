import type { ClubStore } from './club.ts';

/** Where a game lives in its life: an open challenge, being played, over, or closed for good. */
export type GameStatus = 'challenge' | 'active' | 'finished' | 'closed';

/** The statuses a stored game may have, for decoding and validation. */
export const GAME_STATUSES: readonly GameStatus[] = ['challenge', 'active', 'finished', 'closed'];

/**
 * The chat a game was started in, as the store keeps it: the platform is a plain name (the app's
 * messenger registry knows what it means), the chat id the platform's.
 */
export type StoredChat = { platform: string; chatId: string };

/**
 * What the app notes about a game outside the match itself (where its board and notices are),
 * keyed by name: small JSON values, read with the game item and written by `setNotes` (or with
 * `create` / `save`), never by a save that did not name them.
 */
export type GameNotes = Readonly<Record<string, unknown>>;

/**
 * One stored game. `state` is the game layer's opaque JSON value (the store keeps it as a JSON
 * string and hands it back parsed; the game layer validates it). `version` is the optimistic
 * concurrency counter: every successful `save` stores `expectedVersion + 1`.
 */
export type GameRecord = {
  id: string;
  version: number;
  state: unknown;
  status: GameStatus;
  /** Platform identities such as `chat:123`, at most two; slot order is kept. */
  players: string[];
  chat?: StoredChat;
  /** Milliseconds since the epoch of the last change; the lists sort on it, newest first. */
  updatedAt: number;
  /** Milliseconds since the epoch of the next deadline; present only while something is due. */
  dueAt?: number;
  /** A small JSON value the lists show (variant, names, whose turn, score). */
  summary?: unknown;
  /** What the scheduler has done about the current deadline; see `Alarm`. */
  alarm?: Alarm;
  /** The game's notes as read (see `GameNotes`); a save leaves the stored ones alone. */
  notes?: GameNotes;
  /**
   * The platform updates (update or interaction ids) whose commands made the last versions, newest
   * last, at most `MAX_APPLIED`: written by the same conditional write as the match, so a
   * redelivered update finds out for sure whether it was applied (see `runCommand`).
   */
  applied?: readonly string[];
  /**
   * When DynamoDB may delete the item (epoch seconds, the table's TTL attribute): set on challenges
   * and closed games, which nobody needs for long; never on games accepted (`recordOf` decides).
   */
  expiresAt?: number;
};

/** How many applied update ids a game item keeps: a redelivery comes soon, and an older press is refused by its version anyway. */
export const MAX_APPLIED = 8;

/**
 * The scheduler's progress on a game, kept on the game item so that it is changed only by
 * conditional writes (`setAlarm`), never remembered in a sweep's memory: which notices of the
 * deadline `for` went out, and whether a sweep is sending one right now.
 */
export type Alarm = {
  /** The deadline (or, once the game ended, the moment it ended) the notices are about. */
  readonly for: number;
  /** How many steps of that deadline's notice schedule are done (sent or skipped). */
  readonly step: number;
  /** A sweep is sending the notice of `step` until this moment (ms); others leave it alone until then. */
  readonly sendingUntil?: number;
};

/**
 * One stored tournament (`layout.ts`): `state` is the app's opaque JSON value, `version` the
 * optimistic concurrency counter (every successful save stores `expectedVersion + 1`), `dueAt`
 * when the scheduler should look at it next, if ever.
 */
export type TournamentRecord = {
  id: string;
  version: number;
  state: unknown;
  updatedAt: number;
  dueAt?: number;
};

/** A stored item that does not decode: reported, never thrown, never overwritten blindly. */
export type CorruptItem = { kind: 'corrupt-item'; key: string; reason: string };

/** The expected failures of the store, keyed by `kind`. Infrastructure failures are thrown. */
export type StoreError =
  | { kind: 'not-found'; id: string }
  | { kind: 'stale-version'; id: string; expected: number; actual: number; current?: GameRecord }
  | { kind: 'already-exists'; id: string }
  | CorruptItem
  | { kind: 'too-large'; id: string; bytes: number; limit: number };

/**
 * How a save may use the item's room: a save that keeps a game going is refused (`too-large`)
 * `ENDING_RESERVE_BYTES` before the limit; one that `ends` a game (a resignation, a pass, a
 * time-out, a closing) may fill the item to `MAX_ITEM_BYTES`.
 */
export type SaveOptions = { readonly ends?: boolean };

/** Options of the list queries. `limit` counts returned records (default 20, at most 100); `open`: challenges and games in play. */
export type ListOptions = { status?: GameStatus | 'open'; limit?: number };

/**
 * What a list query found. Items that fail to decode are reported in `corrupt` rather than failing
 * the whole list, so one bad item can neither hide a player's other games nor block the scheduler
 * at the head of the due index.
 */
export type Listing = { records: GameRecord[]; corrupt: CorruptItem[] };

/** The games repository (STYLE.md §15). One read and one conditional write per state change. */
/** A rate budget: `capacity` at once, then one each `refillMs`. */
export interface RateSpec {
  readonly capacity: number;
  readonly refillMs: number;
}

export interface GameStore {
  /** Ratings and the weekly posts (`club.ts`), on the same table. */
  readonly club: ClubStore;
  /** Stores a new game; `already-exists` if the id is taken. */
  create(record: GameRecord): Promise<Result<GameRecord, StoreError>>;
  /** The game with this id (strongly consistent read). */
  load(id: string): Promise<Result<GameRecord, StoreError>>;
  /**
   * Replaces the game if its stored version is still `expectedVersion`, storing
   * `expectedVersion + 1`; `stale-version` if someone else saved first (with the game as it is
   * stored now, when it decodes). `notes` are written in the same conditional write; the stored
   * notes it does not name stay as they are.
   */
  save(record: GameRecord, expectedVersion: number, notes?: GameNotes, options?: SaveOptions): Promise<Result<GameRecord, StoreError>>;
  /**
   * Sets (or, for an undefined value, removes) some of a game's notes, whatever its version: one
   * write, other notes and the match untouched. Returns false when the game does not exist.
   */
  setNotes(id: string, notes: Readonly<Record<string, unknown | undefined>>): Promise<boolean>;
  /**
   * The game with this id and the remembered values under `keys`, in one round trip (one batch
   * read); a key without a value is absent from the map.
   */
  loadWith(id: string, keys: readonly string[]): Promise<{ game: Result<GameRecord, StoreError>; values: Map<string, unknown> }>;
  /** The games a player is in (either slot), newest first. */
  listByPlayer(player: string, options?: ListOptions): Promise<Listing>;
  /** The games started in a chat, newest first. */
  listByChat(platform: string, chatId: string, options?: ListOptions): Promise<Listing>;
  /** Games whose deadline is at or before `now` (ms), most overdue first. */
  listDue(now: number, limit: number): Promise<Listing>;
  /**
   * Sets the scheduler's `alarm` and `dueAt` of a game if it is still at `version` and its alarm is
   * still `expected` (compare-and-set; undefined: none). The version is not bumped, so boards and
   * their buttons stay current; a move saved meanwhile makes this return false. Returns whether it
   * was written.
   */
  setAlarm(id: string, version: number, expected: Alarm | undefined, alarm: Alarm | undefined, dueAt: number | undefined): Promise<boolean>;
  /**
   * Records that a platform update (an update or interaction id) is being handled:
   * `true` the first time `key` is seen within `ttlSeconds`, `false` on a replay.
   */
  claimUpdate(key: string, now: number, ttlSeconds: number): Promise<boolean>;
  /** Gives a claim back before its time (a lock held only while work is done): the key is unseen again. */
  releaseClaim(key: string): Promise<void>;
  /**
   * Keeps a small JSON value under a key, last write wins: what the app remembers outside the
   * match (a user's language, the last turn notice of a game). Never on the move's conditional write.
   */
  remember(key: string, value: unknown, now: number): Promise<void>;
  /** The value kept under `key`, or undefined when there is none (or it does not decode). */
  recall(key: string): Promise<unknown>;
  /** Deletes the values kept under `keys` (a key without one is fine): what `/forget` asks for. */
  forget(keys: readonly string[]): Promise<void>;
  /**
   * Keeps `value` under `key` if the value kept there is still `expected` (undefined: none is),
   * compare-and-set, with `expiresAt` (epoch seconds) for DynamoDB's TTL. Returns whether it was written.
   */
  rememberIf(key: string, value: unknown, expected: unknown, now: number, expiresAt: number): Promise<boolean>;
  /**
   * Spends one from the rate budget kept under `key` (a GCRA bucket: `spec.capacity` at once, then
   * one each `spec.refillMs`), with atomic conditional updates: commands that arrive together never
   * undo each other, so only a budget really spent refuses. `first-refusal` is the first refusal
   * since the budget was last full (the user may be told once), `refused` any later one.
   * `known`: the bucket as read in the update's batch (`recallMany`), to try the likely update first.
   */
  spendRate(key: string, spec: RateSpec, now: number, known?: unknown): Promise<'spent' | 'first-refusal' | 'refused'>;
  /** Stores a new tournament; `already-exists` if the id is taken. */
  createTournament(record: TournamentRecord): Promise<Result<TournamentRecord, StoreError>>;
  /** The tournament with this id (strongly consistent read). */
  loadTournament(id: string): Promise<Result<TournamentRecord, StoreError>>;
  /** Replaces the tournament if its stored version is still `expectedVersion`; `stale-version` otherwise. */
  saveTournament(record: TournamentRecord, expectedVersion: number): Promise<Result<TournamentRecord, StoreError>>;
  /** Tournaments due at or before `now` (ms), most overdue first. */
  listDueTournaments(now: number, limit: number): Promise<{ records: TournamentRecord[]; corrupt: CorruptItem[] }>;
  /** The values kept under `keys`, in one round trip; a key without a value is absent. */
  recallMany(keys: readonly string[]): Promise<Map<string, unknown>>;
  /**
   * Moves some players' settings kept the old way, one item a value (a table from before issue
   * #46), into their settings item: one scan page of `limit` items a call, from where the last
   * left off; `done` once none is left (and from then on at no cost).
   */
  moveOldSettings(limit: number): Promise<'done' | number>;
}import { type Result } from '../lib/index.ts';

