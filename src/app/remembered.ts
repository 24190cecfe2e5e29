/**
 * Everything the app keeps outside a match, in one place: each value with its key and its decoder
 * (a stored value is whatever was written, so it is checked before use). The table, and where each
 * value lives in DynamoDB, is in `store/layout.ts`.
 *
 * Two kinds:
 * - A player's, user's or chat's values (`Remembered`), one small item each (`MEMO#<key>`): their
 *   language, private chat, reminder settings, quiet hours, series, token buckets, a chat's open
 *   tournaments. Read in one batch with the game a press is about (`GameStore.loadWith`). No key of
 *   a remembered value is written anywhere else.
 * - A game's notes (`Note`), attributes of the game item itself: its board message (in its chat,
 *   or each player's in a private chat), its challenge message, the last turn notice, the handle a
 *   challenge is addressed to. They come with every read of the game and are written with the
 *   match's conditional save where they are known before it, else by `setNotes` (one write that
 *   leaves the match alone).
 */
import { isLang, pickLang, type Lang } from '../i18n/index.ts';
import type { GameRecord, GameStore } from '../store/index.ts';
import type { ChatRef, ChatUser, MessageRef } from './ports.ts';
import { prefsOf, REMIND_MODES, type QuietHours, type ReminderPrefs, type RemindMode } from './reminders.ts';

/** A value remembered for an owner (a player, or a user and variant): its key and how to read it back. */
export interface Remembered<T> {
  readonly key: (owner: string) => string;
  readonly decode: (stored: unknown) => T | undefined;
}

/** A note on a game: its name on the game item and how to read it back. */
export interface Note<T> {
  readonly name: string;
  readonly decode: (stored: unknown) => T | undefined;
}

function chatRef(v: unknown): ChatRef | undefined {
  const c = v as ChatRef | null;
  return typeof c === 'object' && c !== null && typeof c.chatId === 'string' && typeof c.platform === 'string' ? { platform: c.platform, chatId: c.chatId } : undefined;
}

function messageRef(v: unknown): MessageRef | undefined {
  const m = v as MessageRef | null;
  const chat = typeof m === 'object' && m !== null ? chatRef(m.chat) : undefined;
  return chat && typeof m!.messageId === 'string' ? { chat, messageId: m!.messageId } : undefined;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The language a player chose with `/lang`. */
export const LANGUAGE: Remembered<Lang> = { key: (player) => `lang#${player}`, decode: (v) => (isLang(v) ? v : undefined) };
/**
 * A group's or channel's one game language (`/lang` there, by a chat admin or the challenger of a
 * game there; owner `<platform>:<chat id>`): its boards, turn notices and results speak it.
 */
export const CHAT_LANGUAGE: Remembered<Lang> = { key: (chat) => `chatlang#${chat}`, decode: (v) => (isLang(v) ? v : undefined) };
/** The owner of a chat's remembered values. */
export const chatOwner = (chat: ChatRef): string => `${chat.platform}:${chat.chatId}`;
/** The player's private chat with the bot (they opened it): turn notices and reminders go there. */
export const PRIVATE_CHAT: Remembered<ChatRef> = { key: (player) => `dm#${player}`, decode: chatRef };
/** How often the player is reminded to move (`/remind`). */
export const REMIND: Remembered<RemindMode> = { key: (player) => `remind#${player}`, decode: (v) => REMIND_MODES.find((m) => m === v) };
/** The player's hours without reminders (`/quiet`); null: switched off. */
export const QUIET: Remembered<QuietHours | null> = {
  key: (player) => `quiet#${player}`,
  decode: (v) => (v === null ? null : prefsOf(undefined, v).quiet),
};
/**
 * Whether the player ends each turn with a Confirm press (`/confirm on`). Off by default: the
 * step that completes a turn ends it, as lifting the dice does at a real board.
 */
export const CONFIRM: Remembered<boolean> = { key: (player) => `confirm#${player}`, decode: (v) => (typeof v === 'boolean' ? v : undefined) };

/**
 * The player's own dice seed (`/seed <text>`), mixed into every roll of a match they join from
 * then on (src/dice/fair.ts): taken when a challenge is accepted. Absent: the public default seed.
 */
export const SEED: Remembered<string> = { key: (player) => `seed#${player}`, decode: (v) => (typeof v === 'string' ? v : undefined) };

/** A player's dice over their games with checkable dice (`lifetime-dice.ts`), and the games already counted. */
export interface LifetimeDice {
  readonly games: number;
  readonly rolls: number;
  /** How often each face came, 1 to 6 (two dice a roll). */
  readonly faces: readonly number[];
  /** How often each double came, 1-1 to 6-6. */
  readonly doubles: readonly number[];
  /** The games counted (`<match id>#<game number>`), the newest last: none counts twice. */
  readonly counted: readonly string[];
}

const counts = (v: unknown): v is number[] => Array.isArray(v) && v.length === 6 && v.every((n) => Number.isSafeInteger(n) && n >= 0);

/** The player's lifetime dice (`/dice`). */
export const LIFETIME_DICE: Remembered<LifetimeDice> = {
  key: (player) => `dice#${player}`,
  decode: (v) => {
    const d = v as Partial<LifetimeDice> | null;
    if (typeof d !== 'object' || d === null || !Number.isSafeInteger(d.games) || !Number.isSafeInteger(d.rolls) || !counts(d.faces) || !counts(d.doubles)) return undefined;
    if (!Array.isArray(d.counted) || !d.counted.every((k) => typeof k === 'string')) return undefined;
    return { games: d.games!, rolls: d.rolls!, faces: d.faces, doubles: d.doubles, counted: d.counted };
  },
};

/** Matches won by each of two players against each other in one chat, and the last match counted (so none counts twice). */
export interface Series {
  readonly wins: Readonly<Record<string, number>>;
  readonly last: string;
}

function series(v: unknown): Series | undefined {
  const s = v as Series | null;
  if (typeof s !== 'object' || s === null || typeof s.last !== 'string' || typeof s.wins !== 'object' || s.wins === null) return undefined;
  const wins = Object.entries(s.wins);
  return wins.length <= 2 && wins.every(([, n]) => Number.isSafeInteger(n) && n >= 0) ? { wins: Object.fromEntries(wins), last: s.last } : undefined;
}

/** The series between two players in a chat (owner `<platform>:<chat>#<player>#<player>`, the players sorted): `series.ts`. */
export const SERIES: Remembered<Series> = { key: (owner) => `series#${owner}`, decode: series };

/** The tournaments and the challenges that name a person outside their own games (`named.ts`), for `/forget`. */
export interface NamedIn {
  readonly tournaments: readonly string[];
  readonly challenges: readonly string[];
}

const ids = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined);

/** Where a person is named (owner: a player id, or `<platform>:@<handle>`): `named.ts`. */
export const NAMED_IN: Remembered<NamedIn> = {
  key: (owner) => `named#${owner}`,
  decode: (v) => {
    const n = v as Partial<NamedIn> | null;
    const tournaments = typeof n === 'object' && n !== null ? ids(n.tournaments) : undefined;
    const challenges = typeof n === 'object' && n !== null ? ids(n.challenges) : undefined;
    return tournaments && challenges ? { tournaments, challenges } : undefined;
  },
};

/**
 * A token bucket of a user (`<platform>:<id>`), a chat (`chatOwner`) or a user's refusals
 * (`refusalsKey`), kept by the store as a GCRA bucket (`GameStore.spendRate`, `limits.ts`): the
 * moment it is full again, charged by atomic adds.
 */
export const BUCKET: Remembered<{ readonly tat: number }> = {
  key: (owner) => `rate#${owner}`,
  decode: (v) => {
    const b = v as { tat?: unknown } | null;
    return typeof b === 'object' && b !== null && typeof b.tat === 'number' && Number.isFinite(b.tat) ? { tat: b.tat } : undefined;
  },
};

/** The bucket of refusals answered to a user (`REFUSALS` in `limits.ts`), read with the update's other values. */
export const refusalsKey = (user: string): string => BUCKET.key(`refusals#${user}`);

/** A chat's open tournaments (owner `chatOwner`), changed by compare-and-set (`tournament/open-list.ts`). */
export const OPEN_TOURNAMENTS: Remembered<string[]> = {
  key: (chat) => `tournaments#${chat}`,
  decode: (v) => (Array.isArray(v) ? v.filter((id): id is string => typeof id === 'string') : undefined),
};

/** A user's open inline challenge of a variant, as versions before issue #47 remembered it; kept only to be forgotten (`/forget`). */
export const legacyInlineKey = (player: string, variant: string): string => `inline#${player}#${variant}`;

/** The game's board message in its chat (where `/games` links and "bring down" finds it). */
export const BOARD: Note<MessageRef> = { name: 'board', decode: messageRef };
/** A player's own board of a game without a chat (inline mode), in their private chat. */
export const boardOf = (player: string): Note<MessageRef> => ({ name: `board@${player}`, decode: messageRef });
/** The challenge message (marked expired by the scheduler if nobody accepts). */
export const CHALLENGE_MESSAGE: Note<MessageRef> = { name: 'challenge', decode: messageRef };
/** The last "your move" notice in the game's chat, deleted when the next one is posted. */
export const NOTICE: Note<MessageRef> = { name: 'notice', decode: messageRef };
/** The handle (lower case, no `@`) a challenge is addressed to, when the platform gave no id: only they may accept. */
export const INVITEE: Note<string> = { name: 'invitee', decode: text };
/** The tournament a match is played for (its id): the match's end is counted there (`tournament/match-end.ts`). */
export const TOURNAMENT: Note<string> = { name: 'tournament', decode: text };
/** Whom a challenge is addressed to, as its message names them (a name, or `@handle`): the message is redrawn with it. */
export const ADDRESSEE: Note<string> = { name: 'addressee', decode: text };
/**
 * Why a match under way was closed, when not for want of moves (abandoned): the seat of the player
 * removed from its tournament (#48). A seat, not a name: the name fades with the match's.
 */
export const CLOSED_FOR: Note<{ readonly removed: 0 | 1 }> = {
  name: 'closedFor',
  decode: (v) => {
    const seat = (v as { removed?: unknown } | null)?.removed;
    return seat === 0 || seat === 1 ? { removed: seat } : undefined;
  },
};

/**
 * How the game reaches a player outside its chat: their private chat with the bot (when they
 * opened it) and their language. Copied from their remembered values onto the game whenever they
 * act in it (free: it rides on that action's write), so a move pings the opponent without reading
 * the opponent's values. It may lag by one action: a player who opens the bot or changes `/lang`
 * in the middle of a game is reached the new way after their next action in it.
 */
export interface Reach {
  readonly lang: Lang;
  readonly chat?: ChatRef;
}

/** The note of how a game reaches one of its players (`Reach`). */
export const reachOf = (player: string): Note<Reach> => ({
  name: `reach@${player}`,
  decode: (v) => {
    const r = v as { lang?: unknown; chat?: unknown } | null;
    if (typeof r !== 'object' || r === null || !isLang(r.lang)) return undefined;
    const chat = r.chat === undefined ? undefined : chatRef(r.chat);
    return chat === undefined ? { lang: r.lang } : { lang: r.lang, chat };
  },
});

/** The reach note to write with a player's action when the game's copy differs from what they are now (else none). */
export function reachNote(record: GameRecord | undefined, player: string, me: PlayerMemory): Record<string, unknown> {
  const now = reachFrom(me);
  const known = record === undefined ? undefined : noteOf(record, reachOf(player));
  const same = known !== undefined && known.lang === now.lang && known.chat?.chatId === now.chat?.chatId && known.chat?.platform === now.chat?.platform;
  return same ? {} : noted(reachOf(player), now);
}

/**
 * How to reach some players of a game: from the game's notes, and for anyone not noted yet (a
 * game stored before the notes existed) their remembered values, read in one batch.
 */
export async function reachPlayers(store: GameStore, record: GameRecord, players: readonly (Pick<ChatUser, 'id'> & { language?: string })[]): Promise<Reach[]> {
  const noted = players.map((p) => noteOf(record, reachOf(p.id)));
  const missing = players.filter((_, i) => noted[i] === undefined);
  const recalled = missing.length === 0 ? [] : await recallPlayers(store, missing);
  return players.map((_, i) => noted[i] ?? reachFrom(recalled[missing.indexOf(players[i]!)]!));
}

function reachFrom(memory: PlayerMemory): Reach {
  return memory.privateChat === undefined ? { lang: memory.lang } : { lang: memory.lang, chat: memory.privateChat };
}

/** Reads a note of a game as it was read with the game. */
export function noteOf<T>(record: GameRecord, note: Note<T>): T | undefined {
  const notes = record.notes;
  return notes === undefined || !Object.hasOwn(notes, note.name) ? undefined : note.decode(notes[note.name]);
}

/** Writes notes of a game (undefined removes one), leaving the match and its other notes alone. */
export async function setNotes(store: GameStore, gameId: string, ...notes: [Note<unknown>, unknown][]): Promise<void> {
  await store.setNotes(gameId, Object.fromEntries(notes.map(([note, value]) => [note.name, value])));
}

/** A note and its value, for a save that writes them with the match. */
export function noted<T>(note: Note<T>, value: T | undefined): Record<string, unknown> {
  return { [note.name]: value };
}

/** Reads one remembered value. */
export async function recall<T>(store: GameStore, value: Remembered<T>, owner: string): Promise<T | undefined> {
  return value.decode(await store.recall(value.key(owner)));
}

/** Keeps one remembered value. */
export async function remember<T>(store: GameStore, value: Remembered<T>, owner: string, v: T, now: number): Promise<void> {
  await store.remember(value.key(owner), v, now);
}

/** What the app knows of a player: their language (chosen, else the platform's) and their private chat. */
export interface PlayerMemory {
  readonly lang: Lang;
  readonly privateChat?: ChatRef;
  readonly prefs: ReminderPrefs;
  /** Each turn waits for Confirm (`/confirm on`). */
  readonly confirm: boolean;
}

/** The keys `playerFrom` reads, for a batch read. */
export function playerKeys(playerId: string): string[] {
  return [LANGUAGE, PRIVATE_CHAT, REMIND, QUIET, CONFIRM].map((v) => v.key(playerId));
}

/** A player's memory out of a batch read (`playerKeys`); `fallback` is the platform's language code. */
export function playerFrom(values: ReadonlyMap<string, unknown>, playerId: string, fallback?: string): PlayerMemory {
  const chat = PRIVATE_CHAT.decode(values.get(PRIVATE_CHAT.key(playerId)));
  return {
    lang: LANGUAGE.decode(values.get(LANGUAGE.key(playerId))) ?? pickLang(fallback),
    ...(chat === undefined ? {} : { privateChat: chat }),
    prefs: prefsOf(values.get(REMIND.key(playerId)), values.get(QUIET.key(playerId))),
    confirm: CONFIRM.decode(values.get(CONFIRM.key(playerId))) ?? false,
  };
}

/** Reads what the app knows of some players, in one batch. */
export async function recallPlayers(store: GameStore, players: readonly (Pick<ChatUser, 'id'> & { language?: string })[]): Promise<PlayerMemory[]> {
  const values = await store.recallMany(players.flatMap((p) => playerKeys(p.id)));
  return players.map((p) => playerFrom(values, p.id, p.language));
}
