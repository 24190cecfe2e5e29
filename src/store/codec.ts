/**
 * The game item codec, version 1 (`itemSchema: 1`). Encoding checks the record against the
 * store's contract and throws `InvariantError` for a caller's bug (the types already promise it);
 * decoding checks every attribute of an item read back from DynamoDB and reports a malformed one
 * as a `corrupt-item` value, never as a crash. No item is ever cast to a record.
 *
 * Size: DynamoDB refuses items over 400 KB; the store refuses anything over `MAX_ITEM_BYTES`
 * (350 KB) first, with a typed error. The target is far lower: a game item stays under 1 KB, one
 * write unit a step (issue #46), with the end of the history (`pages.ts`) and short forms of its
 * update ids and notes (`compact.ts`).
 */
import { InvariantError, fail, ok, type Result } from '../lib/index.ts';
import { NumberValue } from './attribute-values.ts';
import { noteText, noteValue, updateMark } from './compact.ts';
import { DUE_PARTITION, GAME_SORT_KEY, chatKey, gameKey, overKey, playerKey } from './layout.ts';
import { GAME_STATUSES, MAX_APPLIED } from './types.ts';
import type { Alarm, CorruptItem, GameNotes, GameRecord, GameStatus, StoredChat } from './types.ts';

/** The item format this codec writes and reads. */
export const ITEM_SCHEMA = 1;

/** The largest item the store writes, in bytes (DynamoDB's own limit is 400 KB). */
export const MAX_ITEM_BYTES = 350 * 1024;

/**
 * The bytes below `MAX_ITEM_BYTES` that only a save ending a game may fill: a match grown to the
 * limit must still take a resignation or a time-out, or the opponent could never win it (issue #20).
 */
export const ENDING_RESERVE_BYTES = 32 * 1024;

export type { Item } from './connection.ts';
import type { Item } from './connection.ts';

/** A platform's name: the app's registry key (lower-case letters, digits, dashes). */
const PLATFORM_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** Notes are stored one attribute each, `note:<name>`, so that one can change without the others. */
const NOTE_PREFIX = 'note:';

/** The attribute of a game note. */
export function noteAttribute(name: string): string {
  return NOTE_PREFIX + name;
}

/** The stored form of a note's value (a short form or a JSON text, `compact.ts`), or undefined for "remove it". */
export function encodeNote(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = noteText(value);
  if (name === '' || text === undefined || text.length > 1024) throw new InvariantError(`note ${JSON.stringify(name)}: bad name or value`);
  return text;
}

/** The notes of a game item; a note that does not decode is left out (it is a hint, never the match). */
function readNotes(item: Item): GameNotes | undefined {
  const notes: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(item)) {
    if (!name.startsWith(NOTE_PREFIX) || typeof text !== 'string') continue;
    try {
      notes[name.slice(NOTE_PREFIX.length)] = noteValue(text);
    } catch {
      // left out
    }
  }
  return Object.keys(notes).length === 0 ? undefined : notes;
}

/** The attributes `encodeGame` may write beside the keys: a save sets those present and removes the others. */
export const GAME_ATTRIBUTES = ['itemSchema', 'id', 'version', 'state', 'status', 'players', 'updatedAt', 'chatPlatform', 'chatId', 'dueAt', 'summary', 'alarm', 'applied', 'expiresAt'] as const;

/**
 * The index attributes a game item carried before its filing moved to an item of its own
 * (`filing.ts`): an item that still has one is in the indexes itself, and is moved out by its next save.
 */
export const LEGACY_INDEX_ATTRIBUTES = ['p1', 'p2', 'chatKey', 'duePk'] as const;

/** Whether a game item is still filed in the indexes itself (written before `filing.ts`). */
export function isLegacyItem(item: Item): boolean {
  return LEGACY_INDEX_ATTRIBUTES.some((name) => item[name] !== undefined);
}

/** The deadline the game's filing carries (`filing.ts`), as the game item knows it: at or before the game's own. */
export function filedDue(item: Item): number | undefined {
  const value = item.filed instanceof NumberValue ? Number(item.filed.value) : item.filed;
  return typeof value === 'number' ? value : undefined;
}

/** The item that stores `record` at `version`. Throws `InvariantError` if the record breaks the contract. */
export function encodeGame(record: GameRecord, version: number): Item {
  checkRecord(record, version);
  return {
    pk: gameKey(record.id),
    sk: GAME_SORT_KEY,
    itemSchema: ITEM_SCHEMA,
    id: record.id,
    version,
    state: toJson(record.state, 'state'),
    status: record.status,
    players: [...record.players],
    updatedAt: record.updatedAt,
    ...(record.chat === undefined ? {} : { chatPlatform: record.chat.platform, chatId: record.chat.chatId }),
    ...(record.dueAt === undefined ? {} : { dueAt: record.dueAt }),
    ...(record.summary === undefined ? {} : { summary: toJson(record.summary, 'summary') }),
    ...(record.alarm === undefined ? {} : { alarm: encodeAlarm(record.alarm) }),
    ...(record.applied === undefined || record.applied.length === 0 ? {} : { applied: record.applied.map(updateMark) }),
    ...(record.expiresAt === undefined ? {} : { expiresAt: record.expiresAt }),
    ...notesOf(record.notes),
  };
}

/** Whether a game of this status is open: its index keys are the open partition's (`layout.ts`). */
export function isOpen(status: GameStatus): boolean {
  return status === 'challenge' || status === 'active';
}

/** The index key a game of this status is filed under, from its open key. */
export function fileUnder(status: GameStatus): (key: string) => string {
  return isOpen(status) ? (key) => key : overKey;
}

function notesOf(notes: GameNotes | undefined): Item {
  const item: Item = {};
  for (const [name, value] of Object.entries(notes ?? {})) {
    const json = encodeNote(name, value);
    if (json !== undefined) item[noteAttribute(name)] = json;
  }
  return item;
}

/** The stored form of an alarm: a JSON text, compared whole by `setAlarm`'s condition. */
export function encodeAlarm(alarm: Alarm): string {
  const { for: at, step, sendingUntil } = alarm;
  if (!isCount(at) || !isCount(step) || (sendingUntil !== undefined && !isCount(sendingUntil))) {
    throw new InvariantError(`alarm ${JSON.stringify(alarm)} is not made of epoch ms and a step count`);
  }
  return JSON.stringify(sendingUntil === undefined ? { for: at, step } : { for: at, step, sendingUntil });
}

function readAlarm(item: Item): Alarm | undefined {
  if (item.alarm === undefined) return undefined;
  const value = readJson(item, 'alarm') as Partial<Alarm> | null;
  const counts = (...xs: unknown[]) => xs.every((x) => typeof x === 'number' && isCount(x));
  if (typeof value !== 'object' || value === null || !counts(value.for, value.step) || (value.sendingUntil !== undefined && !counts(value.sendingUntil))) {
    throw new Malformed('alarm is not an alarm');
  }
  return value as Alarm;
}

function checkRecord(record: GameRecord, version: number): void {
  const problems = [
    record.id === '' && 'id is empty',
    !isCount(version) && `version ${version} is not a non-negative safe integer`,
    !GAME_STATUSES.includes(record.status) && `status ${String(record.status)} is unknown`,
    record.players.length > 2 && `${record.players.length} players (at most 2)`,
    record.players.some((p) => typeof p !== 'string' || p === '') && 'a player identity is empty',
    !isCount(record.updatedAt) && `updatedAt ${record.updatedAt} is not an epoch in ms`,
    record.dueAt !== undefined && !isCount(record.dueAt) && `dueAt ${record.dueAt} is not an epoch in ms`,
    record.chat !== undefined && !PLATFORM_NAME.test(record.chat.platform) && 'chat platform is not a platform name',
    record.chat !== undefined && record.chat.chatId === '' && 'chat id is empty',
    record.expiresAt !== undefined && !isCount(record.expiresAt) && `expiresAt ${record.expiresAt} is not an epoch in seconds`,
    record.applied !== undefined && (record.applied.length > MAX_APPLIED || record.applied.some((k) => typeof k !== 'string' || k === '')) && `applied is not at most ${MAX_APPLIED} update ids`,
  ].filter((p): p is string => typeof p === 'string');
  if (problems.length > 0) {
    throw new InvariantError(`game ${JSON.stringify(record.id)} cannot be stored: ${problems.join('; ')}`);
  }
}

function toJson(value: unknown, what: string): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new InvariantError(`${what} is not a JSON value`);
  return text;
}

function isCount(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}

/** The record stored in `item`, or `corrupt-item` saying what is wrong with it. */
export function decodeGame(item: Item): Result<GameRecord, CorruptItem> {
  const key = typeof item.pk === 'string' ? item.pk : '(no pk)';
  try {
    return ok(readGame(item));
  } catch (error) {
    // Malformed is local to this module: readers throw it, this boundary turns it into a value.
    if (error instanceof Malformed) return fail({ kind: 'corrupt-item', key, reason: error.message });
    throw error;
  }
}

class Malformed extends Error {}

function readGame(item: Item): GameRecord {
  if (item.sk !== GAME_SORT_KEY) throw new Malformed(`sk is ${describe(item.sk)}, not ${GAME_SORT_KEY}`);
  if (readCount(item, 'itemSchema') !== ITEM_SCHEMA) throw new Malformed(`itemSchema is ${describe(item.itemSchema)}`);
  const id = readText(item, 'id');
  if (item.pk !== gameKey(id)) throw new Malformed(`pk ${describe(item.pk)} does not match id ${id}`);
  // The store reads a game's pages before decoding it (`pages.ts`): one it could not find is named here.
  if (item.pagesLost !== undefined || item.pages !== undefined) throw new Malformed(`the page ${describe(item.pagesLost ?? item.pages)} of its stored match is missing`);
  const status = readStatus(item);
  const players = readPlayers(item, status);
  const chat = readChat(item, status);
  const expiresAt = item.expiresAt === undefined ? undefined : readCount(item, 'expiresAt');
  const dueAt = readDue(item);
  const summary = item.summary === undefined ? undefined : readJson(item, 'summary');
  const alarm = readAlarm(item);
  const notes = readNotes(item);
  const applied = readApplied(item);
  return {
    id,
    version: readCount(item, 'version'),
    state: readJson(item, 'state'),
    status,
    players,
    ...(chat === undefined ? {} : { chat }),
    updatedAt: readCount(item, 'updatedAt'),
    ...(dueAt === undefined ? {} : { dueAt }),
    ...(summary === undefined ? {} : { summary }),
    ...(alarm === undefined ? {} : { alarm }),
    ...(notes === undefined ? {} : { notes }),
    ...(applied === undefined ? {} : { applied }),
    ...(expiresAt === undefined ? {} : { expiresAt }),
  };
}

function readApplied(item: Item): string[] | undefined {
  const list = item.applied;
  if (list === undefined) return undefined;
  if (!Array.isArray(list) || list.length > MAX_APPLIED || list.some((k: unknown) => typeof k !== 'string' || k === '')) throw new Malformed(`applied is ${describe(list)}`);
  return list as string[];
}

function readText(item: Item, name: string): string {
  const value = item[name];
  if (typeof value !== 'string' || value === '') throw new Malformed(`${name} is ${describe(value)}, not a text`);
  return value;
}

function readCount(item: Item, name: string): number {
  const value = item[name];
  const n = value instanceof NumberValue ? Number(value.value) : value;
  if (typeof n !== 'number' || !isCount(n)) {
    throw new Malformed(`${name} is ${describe(value)}, not a non-negative safe integer`);
  }
  return n;
}

function readJson(item: Item, name: string): unknown {
  const text = item[name];
  if (typeof text !== 'string') throw new Malformed(`${name} is ${describe(text)}, not a JSON text`);
  try {
    return JSON.parse(text);
  } catch {
    throw new Malformed(`${name} is not valid JSON`);
  }
}

function readStatus(item: Item): GameStatus {
  const found = GAME_STATUSES.find((s) => s === item.status);
  if (found === undefined) throw new Malformed(`status is ${describe(item.status)}`);
  return found;
}

function readPlayers(item: Item, status: GameStatus): string[] {
  const list = item.players;
  if (!Array.isArray(list) || list.length > 2) throw new Malformed(`players is ${describe(list)}`);
  const players = list.map((p: unknown) => {
    if (typeof p !== 'string' || p === '') throw new Malformed(`a player is ${describe(p)}`);
    return p;
  });
  if (isLegacyItem(item)) {
    checkFiledKey(item, 'p1', players[0] === undefined ? undefined : playerKey(players[0]), status);
    checkFiledKey(item, 'p2', players[1] === undefined ? undefined : playerKey(players[1]), status);
  }
  return players;
}

function readChat(item: Item, status: GameStatus): StoredChat | undefined {
  if (item.chatPlatform === undefined && item.chatId === undefined) {
    checkIndexKey(item, 'chatKey', undefined);
    return undefined;
  }
  const platform = item.chatPlatform;
  if (typeof platform !== 'string' || !PLATFORM_NAME.test(platform)) throw new Malformed(`chatPlatform is ${describe(item.chatPlatform)}`);
  const chatId = readText(item, 'chatId');
  if (isLegacyItem(item)) checkFiledKey(item, 'chatKey', chatKey(platform, chatId), status);
  return { platform, chatId };
}

function readDue(item: Item): number | undefined {
  const dueAt = item.dueAt === undefined ? undefined : readCount(item, 'dueAt');
  if (isLegacyItem(item)) checkIndexKey(item, 'duePk', dueAt === undefined ? undefined : DUE_PARTITION);
  return dueAt;
}

/**
 * A player's or chat's index key: the open key while the game is open; once it is over, the over
 * key, or the open key an item written before the split still has (the lists filter those out).
 */
function checkFiledKey(item: Item, name: string, open: string | undefined, status: GameStatus): void {
  if (open !== undefined && !isOpen(status) && item[name] === open) return;
  checkIndexKey(item, name, open === undefined ? undefined : fileUnder(status)(open));
}

/** An index attribute must be exactly what the record implies, or the index would lie. */
function checkIndexKey(item: Item, name: string, expected: string | undefined): void {
  if (item[name] !== expected) {
    throw new Malformed(`${name} is ${describe(item[name])}, expected ${describe(expected)}`);
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value instanceof NumberValue) return `the number ${value.value}`;
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (value instanceof Set) return 'a set';
  if (value instanceof Uint8Array) return 'binary';
  return typeof value === 'object' && value !== null ? 'a map' : String(value);
}

/**
 * An upper estimate of the item's DynamoDB size in bytes: attribute names and strings in UTF-8,
 * numbers at their 21-byte maximum, lists and maps with their 3-byte overhead and 1 byte per element.
 */
export function itemBytes(item: Item): number {
  let total = 0;
  for (const [name, value] of Object.entries(item)) total += Buffer.byteLength(name, 'utf8') + valueBytes(value);
  return total;
}

function valueBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number' || value instanceof NumberValue) return 21;
  if (Array.isArray(value)) return value.reduce((n: number, v: unknown) => n + 1 + valueBytes(v), 3);
  if (typeof value === 'object' && value !== null) return 3 + itemBytes({ ...value }) + Object.keys(value).length;
  return 1;
}
