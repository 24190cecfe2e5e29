/**
 * The match use cases every platform shares: open a challenge, and run a command against a stored
 * match — one read, the pure reducer, one conditional write. Platforms call these; they never
 * touch the state themselves (STYLE.md §11).
 */
import type { DiceSource } from '../dice/index.ts';
import { fail, ok, type Result } from '../lib/index.ts';
import {
  apply, createChallenge, decodeMatch, encodeMatch, nextDeadline, seatToAct,
  type ChallengeInput, type Command, type GameError, type MatchEvent, type MatchState,
} from '../game/index.ts';
import { MAX_APPLIED, isUpdate, wasApplied, type Alarm, type GameNotes, type GameRecord, type GameStatus, type GameStore, type StoreError, type StoredChat } from '../store/index.ts';
import { derivedDice, DEFAULT_SEED } from '../dice/fair.ts';
import { recallDecoded, rememberDecoded, sameStoredForm } from './decoded.ts';
import { CLOSED_FOR, noteOf, SEED } from './remembered.ts';
import type { Metrics } from './ports.ts';
import { carriedAlarm, wakeAt } from './reminders.ts';

/** What the use cases need from the outside world, injected so tests can use fixed dice and time. */
export interface MatchDeps {
  readonly store: GameStore;
  readonly now: () => number;
  /** The dice of matches without a server seed (stored before checkable dice, or tests' fixed dice). */
  readonly dice: DiceSource;
  /** New matches' secret server seeds (src/dice/fair.ts); absent, new matches roll with `dice`. */
  readonly serverSeed?: () => string;
  /** The operator's figures (moves, games started and finished: `countEvents`); none when absent. */
  readonly metrics?: Metrics;
}

/** Failures a platform answers politely: the game's own errors, storage outcomes, replays. */
export type AppError =
  | GameError
  | Exclude<StoreError, { kind: 'corrupt-item' }>
  | { readonly kind: 'corrupt-item'; readonly message: string }
  /** The update was applied already (a redelivery): `record` is the game as stored now. */
  | { readonly kind: 'duplicate-update'; readonly message: string; readonly record?: GameRecord }
  /** The game was closed for good (abandoned): it stays viewable but takes no more commands. */
  | { readonly kind: 'game-closed'; readonly id: string }
  /** The same, closed because a player was removed from its tournament (#48). */
  | { readonly kind: 'game-removed'; readonly id: string };

/** The outcome of a use case: the stored record, the match and what happened. */
export interface Outcome {
  readonly record: GameRecord;
  readonly state: MatchState;
  readonly events: readonly MatchEvent[];
}

/** How long a platform update id claimed on its own (`claimUpdate`, for updates that change no game) is remembered: the messengers redeliver within hours. */
export const UPDATE_TTL_SECONDS = 48 * 3600;

const STATUS: Record<MatchState['phase'], GameStatus> = {
  challenge: 'challenge',
  playing: 'active',
  finished: 'finished',
  declined: 'closed',
  cancelled: 'closed',
  expired: 'closed',
};

/**
 * How long a challenge nobody accepted, or one declined or cancelled, is kept once it is over:
 * the scheduler tells the chat it expired before that, and DynamoDB's TTL then deletes it (issue #20).
 */
export const CLOSED_CHALLENGE_KEPT_MS = 3 * 24 * 3600_000;

/** When DynamoDB may delete a game item (epoch seconds): never once a challenge was accepted. */
function expiryOf(state: MatchState, now: number): number | undefined {
  if (state.phase === 'challenge') return Math.ceil((Math.max(now, state.challengeExpiresAt) + CLOSED_CHALLENGE_KEPT_MS) / 1000);
  if (state.phase === 'declined' || state.phase === 'cancelled' || state.phase === 'expired') return Math.ceil((now + CLOSED_CHALLENGE_KEPT_MS) / 1000);
  return undefined;
}

/**
 * The record a match is stored as: the compact state plus what the indexes and lists need. The
 * scheduler's alarm of the previous record is kept while the deadline it is about stays the same.
 */
export function recordOf(state: MatchState, version: number, now: number, chat: StoredChat | undefined, lang?: string, previousAlarm?: Alarm): GameRecord {
  const seat = seatToAct(state);
  const players = state.players.filter((p) => p !== null).map((p) => p!.id);
  const alarm = carriedAlarm(state, previousAlarm);
  const expiresAt = expiryOf(state, now);
  const deadline = nextDeadline(state) ?? undefined;
  const away = state.players.filter((p, seat) => p !== null && state.clock?.awaySince[seat] != null).map((p) => p!.name);
  return {
    id: state.id,
    version,
    state: encodeMatch(state),
    status: STATUS[state.phase],
    players,
    chat,
    updatedAt: now,
    dueAt: wakeAt(state, alarm, now),
    ...(alarm === undefined ? {} : { alarm }),
    ...(expiresAt === undefined ? {} : { expiresAt }),
    summary: {
      variant: state.settings.variant,
      names: state.players.map((p) => p?.name ?? null),
      score: state.score,
      toAct: seat === null ? null : state.players[seat]?.id ?? null,
      // `/games` shows the time left and who is on vacation without decoding the match (each
      // left out when there is none: every byte of the game item is written at every step).
      ...(deadline === undefined ? {} : { deadline }),
      ...(away.length === 0 ? {} : { away }),
      // The language of the shared board: the chat's, taken from whoever opened the challenge.
      lang: lang ?? null,
    },
  };
}

/**
 * The record that follows `record` once its match is `state`: the next version, in the same chat
 * and language, with the game's notes as read (a save leaves the stored notes alone either way;
 * carried, they travel on with the saved record).
 */
export function nextRecord(record: GameRecord, state: MatchState, now: number, previousAlarm?: Alarm, updateKey?: string): GameRecord {
  const next = recordOf(state, record.version + 1, now, record.chat, boardLanguage(record), previousAlarm);
  const applied = updateKey === undefined ? record.applied : [...(record.applied ?? []), updateKey].slice(-MAX_APPLIED);
  return { ...next, ...(record.notes === undefined ? {} : { notes: record.notes }), ...(applied === undefined ? {} : { applied }) };
}

function storeError(e: StoreError): AppError {
  return e.kind === 'corrupt-item' ? { kind: 'corrupt-item', message: e.reason } : e;
}

/** Returns the language the shared board of a stored game is drawn in, if one was recorded. */
export function boardLanguage(record: GameRecord): string | undefined {
  const lang = (record.summary as { lang?: unknown } | undefined)?.lang;
  return typeof lang === 'string' ? lang : undefined;
}

/** Opens a challenge and stores it. A server seed in `input` (an inline offer's, committed to already) is kept. */
export async function openChallenge(deps: MatchDeps, input: ChallengeInput, chat?: StoredChat, lang?: string, notes?: GameNotes): Promise<Result<Outcome, AppError>> {
  const now = deps.now();
  const created = createChallenge(deps.serverSeed && input.serverSeed === undefined ? { ...input, serverSeed: deps.serverSeed() } : input, now);
  if (!created.ok) return created;
  const saved = await deps.store.create({ ...recordOf(created.value.state, 1, now, chat, lang), ...(notes === undefined ? {} : { notes }) });
  if (!saved.ok) return fail(storeError(saved.error));
  deps.metrics?.about?.(saved.value.id);
  countEvents(deps.metrics, created.value.events);
  rememberDecoded(saved.value.id, saved.value.version, saved.value.state, created.value.state);
  return ok({ record: saved.value, state: created.value.state, events: created.value.events });
}

/**
 * Runs one command on a stored match. `expectedVersion` (from a button) makes an old board's
 * button a `stale-version`; `beforeSave` runs once the command is known to be legal, before the
 * write, and may return notes to store with it. Two commands racing on one match: exactly one is
 * stored, the other gets `stale-version` (with the game as stored now).
 *
 * `updateKey` (a platform update id) makes the command exactly once: the id is stored in the
 * game item by the same conditional write as the match (`GameRecord.applied`), so there is no
 * moment where the update counts as handled but its move is not stored — a crash anywhere leaves
 * either both or neither, and the redelivery is applied, or answered `duplicate-update`. A write
 * that timed out and was retried by the client finds its own id stored: that is its success.
 */
export async function runCommand(
  deps: MatchDeps,
  gameId: string,
  command: Command,
  options: {
    expectedVersion?: number;
    updateKey?: string;
    beforeSave?: (state: MatchState) => Promise<GameNotes | void>;
    /** The match as the caller just loaded it (saves a second read; the conditional write still catches a newer version). */
    loaded?: { record: GameRecord; state: MatchState };
  } = {},
): Promise<Result<Outcome, AppError>> {
  const now = deps.now();
  deps.metrics?.about?.(gameId);
  let current = options.loaded;
  if (current === undefined) {
    const loaded = await loadMatch(deps.store, gameId);
    if (!loaded.ok) return loaded;
    current = loaded.value;
  }
  const { record, state } = current;
  const key = options.updateKey;
  if (key !== undefined && wasApplied(record.applied, key)) return fail(duplicate(key, record));
  if (record.status === 'closed' && state.phase === 'playing') return fail({ kind: noteOf(record, CLOSED_FOR) === undefined ? 'game-closed' : 'game-removed', id: gameId });
  if (options.expectedVersion !== undefined && options.expectedVersion !== record.version) {
    return fail({ kind: 'stale-version', id: gameId, expected: options.expectedVersion, actual: record.version, current: record });
  }
  const seeded = command.type === 'accept' ? await withSeeds(deps.store, state, command.by.id) : state;
  const applied = apply(seeded, command, now, diceOf(deps, seeded, command));
  if (!applied.ok) return applied;
  const notes = (await options.beforeSave?.(applied.value.state)) ?? undefined;
  const attempt = nextRecord(record, applied.value.state, now, record.alarm, key);
  const saved = await deps.store.save(attempt, record.version, notes, { ends: endsSomething(applied.value.events) });
  if (!saved.ok) {
    const stored = saved.error.kind === 'stale-version' ? saved.error.current : undefined;
    if (key === undefined || stored === undefined || !wasApplied(stored.applied, key)) return fail(storeError(saved.error));
    // Our own write, retried by the client after its answer was lost: stored, exactly as sent. The
    // same update delivered twice at once also finds its key stored, but by the other delivery,
    // whose dice and times may differ from this attempt's: that is a duplicate, and this attempt's
    // match must never be remembered as the stored one (bench/load.ts lost presses to exactly that).
    if (stored.version !== record.version + 1 || !isUpdate(stored.applied?.at(-1), key) || !sameStoredForm(stored.state, attempt.state)) return fail(duplicate(key, stored));
    rememberDecoded(gameId, stored.version, stored.state, applied.value.state);
    countEvents(deps.metrics, applied.value.events);
    return ok({ record: stored, state: applied.value.state, events: applied.value.events });
  }
  rememberDecoded(gameId, saved.value.version, saved.value.state, applied.value.state);
  countEvents(deps.metrics, applied.value.events);
  return ok({ record: saved.value, state: applied.value.state, events: applied.value.events });
}

/**
 * The match as the acceptance finds it: the players' seeds taken (each one's `/seed`, else the
 * default), the challenger's first. Taken here, at the last moment before the first roll, so a
 * seed set after seeing the commitment counts.
 */
async function withSeeds(store: GameStore, state: MatchState, acceptor: string): Promise<MatchState> {
  const fair = state.fair;
  const challenger = state.players[0]?.id;
  if (!fair || fair.seeds !== null || state.phase !== 'challenge' || challenger === undefined) return state;
  const values = await store.recallMany([SEED.key(challenger), SEED.key(acceptor)]);
  const seedOf = (player: string) => SEED.decode(values.get(SEED.key(player))) ?? DEFAULT_SEED;
  return { ...state, fair: { ...fair, seeds: [seedOf(challenger), seedOf(acceptor)] } };
}

/**
 * The dice a command rolls with: the match's own derived dice from its roll index on, or for a
 * match without a server seed the process's. Redelivered or racing commands derive the same rolls
 * (the index is the stored one), and only one of them is stored.
 */
export function diceOf(deps: Pick<MatchDeps, 'dice'>, state: MatchState, command: Command): DiceSource {
  const fair = state.fair;
  if (!fair?.seeds) return fair ? NO_ROLL_YET : deps.dice;
  const seatsByDice = command.type === 'accept' && state.settings.colour === 'random';
  return derivedDice({ serverSeed: fair.serverSeed, matchId: state.id, seeds: fair.seeds }, fair.rolls, seatsByDice);
}

/** A committed match rolls nothing before its seeds are fixed by the acceptance. */
const NO_ROLL_YET: DiceSource = {
  die() {
    throw new Error('a committed match rolls only once its seeds are fixed');
  },
};

const ENDING_EVENTS: ReadonlySet<MatchEvent['type']> = new Set(['gameEnded', 'matchEnded', 'expired', 'cancelled', 'declined']);

/** Whether these events end a game or a challenge: their save may use the room kept for it (`SaveOptions`). */
export function endsSomething(events: readonly MatchEvent[]): boolean {
  return events.some((e) => ENDING_EVENTS.has(e.type));
}

/** The stored events the operator counts (docs/operate.md): a move played, a game started, a game over (a match's last game included). */
const COUNTED: Readonly<Partial<Record<MatchEvent['type'], string>>> = { played: 'Moves', gameStarted: 'GamesStarted', gameEnded: 'GamesFinished' };

/** Counts the events of a command once it is stored (`Metrics`). */
export function countEvents(metrics: Metrics | undefined, events: readonly MatchEvent[]): void {
  if (metrics === undefined) return;
  for (const event of events) {
    const name = COUNTED[event.type];
    if (name !== undefined) metrics.count(name);
  }
}

function duplicate(key: string, record: GameRecord): AppError {
  return { kind: 'duplicate-update', message: `update ${key} was already applied`, record };
}

/** Loads and decodes a stored match (the decoding is skipped when this process wrote or read that very version). */
export async function loadMatch(store: GameStore, gameId: string): Promise<Result<{ record: GameRecord; state: MatchState }, AppError>> {
  return matchOf(await store.load(gameId));
}

/** Decodes the match of a game item read (alone, or in a batch with other values). */
export function matchOf(loaded: Result<GameRecord, StoreError>): Result<{ record: GameRecord; state: MatchState }, AppError> {
  if (!loaded.ok) return fail(storeError(loaded.error));
  const record = loaded.value;
  const known = recallDecoded(record.id, record.version, record.state);
  if (known !== undefined) return ok({ record, state: known });
  const state = decodeMatch(record.state);
  if (!state.ok) return state;
  rememberDecoded(record.id, record.version, record.state, state.value);
  return ok({ record, state: state.value });
}
