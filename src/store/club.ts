/**
 * The club's items on the games table (layout in `layout.ts`): a player's rating on a board (a
 * rating family in one chat, or everywhere) and a chat's weekly post. No new index: a rating item
 * is filed in the `byChat` index under its board (`RATING#<board>`), its `updatedAt` slot holding
 * the rating, so a board's top is one Query in rating order; a weekly item waits in the `byDue`
 * index under its own partition (`WEEKLY`), which the games' sweep never reads.
 */
import { InvariantError } from '../lib/index.ts';
import type { DynamoDb } from './connection.ts';
import { INDEX, WEEKLY_PARTITION, WEEKLY_SORT_KEY, boardKey, ratingKey, weeklyKey } from './layout.ts';
import { conditionally } from './conditional.ts';
import { numberOf, parsed } from './attribute-values.ts';

/**
 * One player's rating item on one board, as the store keeps it: `rating` orders the board's
 * table; `value` is the app's JSON (deviation, volatility, games, the matches applied); `version`
 * counts its writes (the conditional write's guard).
 */
export type StoredRating = { player: string; board: string; rating: number; version: number; value: unknown };

/** A chat's weekly post as the store keeps it: `dueAt` (ms) while it is on; `value` the app's JSON. */
export type StoredWeekly = { chat: string; dueAt?: number; value: unknown };

/** The club's reads and writes. */
export interface ClubStore {
  /** The rating items under these keys (missing ones absent), in one batch read. */
  readRatings(keys: readonly { player: string; board: string }[]): Promise<StoredRating[]>;
  /** Writes a rating item if its stored version is still `expectedVersion` (0: none stored yet); whether it was written. */
  writeRating(item: StoredRating, expectedVersion: number): Promise<boolean>;
  /** A board's best `limit` items, highest rating first: one Query. */
  topRatings(board: string, limit: number): Promise<StoredRating[]>;
  /** How many items of a board rate above `rating` (a player's rank is that plus one). */
  countAbove(board: string, rating: number): Promise<number>;
  /** Every rating item of a player, on every board: one Query of its partition. */
  ratingsOf(player: string): Promise<StoredRating[]>;
  /** Deletes every rating item of a player (`/forget`); returns how many there were. */
  forgetRatings(player: string): Promise<number>;
  /** A chat's weekly post item. */
  readWeekly(chat: string): Promise<StoredWeekly | undefined>;
  /** Writes a chat's weekly item if its stored `dueAt` is still `expectedDueAt` (null: no item yet; undefined: item without a due time). */
  writeWeekly(item: StoredWeekly, expectedDueAt: number | null | undefined): Promise<boolean>;
  /** Weekly posts due at or before `now`, most overdue first. */
  dueWeekly(now: number, limit: number): Promise<StoredWeekly[]>;
}

type Item = Record<string, unknown>;

/** `ClubStore` on the games table. */
export class DynamoClubStore implements ClubStore {
  constructor(
    private readonly db: DynamoDb,
    private readonly tableName: string,
  ) {}

  async readRatings(keys: readonly { player: string; board: string }[]): Promise<StoredRating[]> {
    if (keys.length > 100) throw new InvariantError(`batch read of ${keys.length} ratings (at most 100)`);
    const seen = new Set<string>();
    const pending: Item[] = keys.map((k) => ({ pk: ratingKey(k.player), sk: k.board })).filter((k) => !seen.has(`${k.pk}|${k.sk}`) && seen.add(`${k.pk}|${k.sk}`));
    const items = await this.db.batchGet(this.tableName, pending);
    return items.flatMap(decodeRating);
  }

  async writeRating(item: StoredRating, expectedVersion: number): Promise<boolean> {
    const json = JSON.stringify(item.value);
    if (!Number.isFinite(item.rating) || json === undefined || json.length > 16_000) throw new InvariantError(`rating of ${item.player} on ${item.board}: bad rating or value`);
    return conditionally(this.db.put({
      TableName: this.tableName,
      Item: encodeRating({ ...item, version: expectedVersion + 1 }),
      ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(pk)' : '#version = :expected',
      ...(expectedVersion === 0 ? {} : { ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':expected': expectedVersion } }),
    }));
  }

  async topRatings(board: string, limit: number): Promise<StoredRating[]> {
    const out = await this.db.query({
      TableName: this.tableName,
      IndexName: INDEX.chat,
      KeyConditionExpression: 'chatKey = :board',
      ExpressionAttributeValues: { ':board': boardKey(board) },
      ScanIndexForward: false,
      Limit: limit,
    });
    return out.Items.flatMap(decodeRating);
  }

  async countAbove(board: string, rating: number): Promise<number> {
    let count = 0;
    let start: Item | undefined;
    do {
      const out = await this.db.query({
        TableName: this.tableName,
        IndexName: INDEX.chat,
        KeyConditionExpression: 'chatKey = :board AND updatedAt > :rating',
        ExpressionAttributeValues: { ':board': boardKey(board), ':rating': round(rating) },
        Select: 'COUNT',
        ...(start === undefined ? {} : { ExclusiveStartKey: start }),
      });
      count += out.Count;
      start = out.LastEvaluatedKey;
    } while (start !== undefined);
    return count;
  }

  async ratingsOf(player: string): Promise<StoredRating[]> {
    const items: Item[] = [];
    let start: Item | undefined;
    do {
      const out = await this.db.query({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': ratingKey(player) },
        ConsistentRead: true,
        ...(start === undefined ? {} : { ExclusiveStartKey: start }),
      });
      items.push(...out.Items);
      start = out.LastEvaluatedKey;
    } while (start !== undefined);
    return items.flatMap(decodeRating);
  }

  async forgetRatings(player: string): Promise<number> {
    const boards = (await this.ratingsOf(player)).map((r) => r.board);
    await this.db.batchWrite(this.tableName, boards.map((sk) => ({ DeleteRequest: { Key: { pk: ratingKey(player), sk } } })));
    return boards.length;
  }

  async readWeekly(chat: string): Promise<StoredWeekly | undefined> {
    const out = await this.db.get({ TableName: this.tableName, Key: { pk: weeklyKey(chat), sk: WEEKLY_SORT_KEY }, ConsistentRead: true });
    return out.Item === undefined ? undefined : decodeWeekly(out.Item)[0];
  }

  async writeWeekly(item: StoredWeekly, expectedDueAt: number | null | undefined): Promise<boolean> {
    const condition = expectedDueAt === null ? 'attribute_not_exists(pk)' : expectedDueAt === undefined ? 'attribute_exists(pk) AND attribute_not_exists(dueAt)' : 'dueAt = :expected';
    return conditionally(this.db.put({
      TableName: this.tableName,
      Item: {
        pk: weeklyKey(item.chat), sk: WEEKLY_SORT_KEY, chat: item.chat, value: JSON.stringify(item.value),
        ...(item.dueAt === undefined ? {} : { duePk: WEEKLY_PARTITION, dueAt: item.dueAt }),
      },
      ConditionExpression: condition,
      ...(typeof expectedDueAt === 'number' ? { ExpressionAttributeValues: { ':expected': expectedDueAt } } : {}),
    }));
  }

  async dueWeekly(now: number, limit: number): Promise<StoredWeekly[]> {
    const out = await this.db.query({
      TableName: this.tableName,
      IndexName: INDEX.due,
      KeyConditionExpression: 'duePk = :weekly AND dueAt <= :now',
      ExpressionAttributeValues: { ':weekly': WEEKLY_PARTITION, ':now': now },
      ScanIndexForward: true,
      Limit: limit,
    });
    return out.Items.flatMap(decodeWeekly);
  }
}

/** A rating item as the table holds it (also what a bench or a migration writes in batches). */
export function encodeRating(item: StoredRating): Item {
  return { pk: ratingKey(item.player), sk: item.board, chatKey: boardKey(item.board), updatedAt: round(item.rating), version: item.version, value: JSON.stringify(item.value) };
}

/** Ratings are kept to 1/1000 of a point, a number DynamoDB stores exactly. */
function round(rating: number): number {
  return Math.round(rating * 1000) / 1000;
}



/** A rating item read back; an item that does not decode is left out (the app treats the player as unrated there). */
function decodeRating(item: Item): StoredRating[] {
  const pk = item.pk;
  const rating = numberOf(item.updatedAt);
  const version = numberOf(item.version);
  const value = parsed(item.value);
  if (typeof pk !== 'string' || !pk.startsWith(ratingKey('')) || typeof item.sk !== 'string' || rating === undefined || version === undefined || value === undefined) return [];
  return [{ player: pk.slice(ratingKey('').length), board: item.sk, rating, version, value }];
}

function decodeWeekly(item: Item): StoredWeekly[] {
  const value = parsed(item.value);
  const dueAt = numberOf(item.dueAt);
  if (typeof item.chat !== 'string' || value === undefined) return [];
  return [{ chat: item.chat, value, ...(dueAt === undefined ? {} : { dueAt }) }];
}

