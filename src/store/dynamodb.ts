/**
 * `GameStore` on DynamoDB (AWS or dynalite) through the AWS SDK v3 document client, on the
 * single-table layout of `layout.ts`. Every state change is one conditional `PutItem` on the
 * version: no transactions (dynalite has none), no second item to keep in step.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient, QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { InvariantError, fail, ok } from '../engine/index.ts';
import type { Result } from '../engine/index.ts';
import { MAX_ITEM_BYTES, decodeGame, encodeAlarm, encodeGame, itemBytes } from './codec.ts';
import type { Item } from './codec.ts';
import { CLAIM_SORT_KEY, DUE_PARTITION, GAME_SORT_KEY, INDEX, MEMO_SORT_KEY, chatKey, claimKey, gameKey, memoKey, playerKey } from './layout.ts';
import type { Alarm, ChatPlatform, GameRecord, GameStore, ListOptions, Listing, StoreError } from './types.ts';

const DEFAULT_LIST_LIMIT = 20;

/** The games repository on one DynamoDB table created by `createTable`. */
export class DynamoGameStore implements GameStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(record: GameRecord): Promise<Result<GameRecord, StoreError>> {
    const item = encodeGame(record, record.version);
    const tooLarge = oversize(record.id, item);
    if (tooLarge !== undefined) return fail(tooLarge);
    try {
      await this.documents.send(
        new PutCommand({ TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
    } catch (error) {
      if (isConditionFailure(error)) return fail({ kind: 'already-exists', id: record.id });
      throw error;
    }
    return ok({ ...record });
  }

  async load(id: string): Promise<Result<GameRecord, StoreError>> {
    const item = await this.readGame(id);
    return item === undefined ? fail({ kind: 'not-found', id }) : decodeGame(item);
  }

  async save(record: GameRecord, expectedVersion: number): Promise<Result<GameRecord, StoreError>> {
    if (!Number.isSafeInteger(expectedVersion) || expectedVersion < 0) {
      throw new InvariantError(`expected version ${expectedVersion} is not a non-negative integer`);
    }
    const item = encodeGame(record, expectedVersion + 1);
    const tooLarge = oversize(record.id, item);
    if (tooLarge !== undefined) return fail(tooLarge);
    try {
      await this.documents.send(
        new PutCommand({
          TableName: this.tableName,
          Item: item,
          ConditionExpression: '#version = :expected',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':expected': expectedVersion },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) return fail(await this.explainConflict(record.id, expectedVersion));
      throw error;
    }
    return ok({ ...record, version: expectedVersion + 1 });
  }

  /**
   * Why a save's condition failed. One extra read, on the conflict path only: AWS could return the
   * old item with the failure (`ReturnValuesOnConditionCheckFailure`), but dynalite ignores that.
   * A corrupt stored item is reported as such and is never overwritten by a save.
   */
  private async explainConflict(id: string, expected: number): Promise<StoreError> {
    const current = await this.load(id);
    if (!current.ok) return current.error;
    return { kind: 'stale-version', id, expected, actual: current.value.version };
  }

  private async readGame(id: string): Promise<Item | undefined> {
    const out = await this.documents.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: gameKey(id), sk: GAME_SORT_KEY }, ConsistentRead: true }),
    );
    return out.Item;
  }

  async listByPlayer(player: string, options: ListOptions = {}): Promise<Listing> {
    const limit = checkLimit(options.limit ?? DEFAULT_LIST_LIMIT);
    const [first, second] = await Promise.all([
      this.collect(newestFirst(INDEX.player1, 'p1', playerKey(player), options), limit),
      this.collect(newestFirst(INDEX.player2, 'p2', playerKey(player), options), limit),
    ]);
    // A game with the same identity in both slots appears in both indexes: keep it once.
    const byId = new Map([...second.records, ...first.records].map((r) => [r.id, r]));
    const records = [...byId.values()].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, limit);
    return { records, corrupt: [...first.corrupt, ...second.corrupt] };
  }

  async listByChat(platform: ChatPlatform, chatId: string, options: ListOptions = {}): Promise<Listing> {
    const limit = checkLimit(options.limit ?? DEFAULT_LIST_LIMIT);
    return this.collect(newestFirst(INDEX.chat, 'chatKey', chatKey(platform, chatId), options), limit);
  }

  async listDue(now: number, limit: number): Promise<Listing> {
    const query: Omit<QueryCommandInput, 'TableName'> = {
      IndexName: INDEX.due,
      KeyConditionExpression: 'duePk = :due AND dueAt <= :now',
      ExpressionAttributeValues: { ':due': DUE_PARTITION, ':now': now },
      ScanIndexForward: true,
    };
    return this.collect(query, checkLimit(limit));
  }

  /**
   * Reads an index page by page until `wanted` records decoded or the index is exhausted. Corrupt
   * items are reported and do not count, so they cannot crowd the good records out of a page.
   */
  private async collect(query: Omit<QueryCommandInput, 'TableName'>, wanted: number): Promise<Listing> {
    const listing: Listing = { records: [], corrupt: [] };
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.documents.send(
        new QueryCommand({
          ...query,
          TableName: this.tableName,
          Limit: Math.max(wanted, 25),
          ...(start === undefined ? {} : { ExclusiveStartKey: start }),
        }),
      );
      for (const item of page.Items ?? []) {
        const decoded = decodeGame(item);
        if (decoded.ok) listing.records.push(decoded.value);
        else listing.corrupt.push(decoded.error);
        if (listing.records.length === wanted) return listing;
      }
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
    return listing;
  }

  async setAlarm(id: string, version: number, expected: Alarm | undefined, alarm: Alarm | undefined, dueAt: number | undefined): Promise<boolean> {
    if (dueAt !== undefined && (!Number.isSafeInteger(dueAt) || dueAt < 0)) throw new InvariantError(`dueAt ${dueAt} is not an epoch in ms`);
    const set: string[] = [];
    const remove: string[] = [];
    const values: Record<string, unknown> = { ':version': version };
    if (alarm === undefined) {
      remove.push('alarm');
    } else {
      set.push('alarm = :alarm');
      values[':alarm'] = encodeAlarm(alarm);
    }
    if (dueAt === undefined) {
      remove.push('duePk', 'dueAt');
    } else {
      set.push('duePk = :duePk', 'dueAt = :dueAt');
      values[':duePk'] = DUE_PARTITION;
      values[':dueAt'] = dueAt;
    }
    if (expected !== undefined) values[':expected'] = encodeAlarm(expected);
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: gameKey(id), sk: GAME_SORT_KEY },
          UpdateExpression: [set.length > 0 ? `SET ${set.join(', ')}` : '', remove.length > 0 ? `REMOVE ${remove.join(', ')}` : ''].join(' ').trim(),
          ConditionExpression: `#version = :version AND ${expected === undefined ? 'attribute_not_exists(alarm)' : 'alarm = :expected'}`,
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async claimUpdate(key: string, now: number, ttlSeconds: number): Promise<boolean> {
    if (key === '' || !Number.isSafeInteger(now) || !Number.isSafeInteger(ttlSeconds) || ttlSeconds <= 0) {
      throw new InvariantError(`claimUpdate(${JSON.stringify(key)}, ${now}, ${ttlSeconds}): bad arguments`);
    }
    const nowSeconds = Math.floor(now / 1000);
    try {
      await this.documents.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { pk: claimKey(key), sk: CLAIM_SORT_KEY, expiresAt: nowSeconds + ttlSeconds, claimedAt: now },
          // An expired claim counts as unseen: DynamoDB's TTL deletes late, dynalite never.
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async remember(key: string, value: unknown, now: number): Promise<void> {
    const json = JSON.stringify(value);
    if (key === '' || json === undefined || json.length > 4096) throw new InvariantError(`remember(${JSON.stringify(key)}): bad key or value`);
    await this.documents.send(new PutCommand({ TableName: this.tableName, Item: { pk: memoKey(key), sk: MEMO_SORT_KEY, value: json, updatedAt: now } }));
  }

  async recall(key: string): Promise<unknown> {
    const read = await this.documents.send(new GetCommand({ TableName: this.tableName, Key: { pk: memoKey(key), sk: MEMO_SORT_KEY }, ConsistentRead: true }));
    const json = read.Item?.value;
    if (typeof json !== 'string') return undefined;
    try {
      return JSON.parse(json) as unknown;
    } catch {
      return undefined;
    }
  }
}

/** A query of one index partition, newest `updatedAt` first, optionally of one status. */
function newestFirst(
  index: string,
  keyName: string,
  keyValue: string,
  options: ListOptions,
): Omit<QueryCommandInput, 'TableName'> {
  const byStatus = options.status !== undefined;
  return {
    IndexName: index,
    KeyConditionExpression: '#key = :key',
    ExpressionAttributeNames: { '#key': keyName, ...(byStatus ? { '#status': 'status' } : {}) },
    ExpressionAttributeValues: { ':key': keyValue, ...(byStatus ? { ':status': options.status } : {}) },
    // The status filter runs after the key condition; `collect` pages on until enough match.
    ...(byStatus ? { FilterExpression: '#status = :status' } : {}),
    ScanIndexForward: false,
  };
}

function oversize(id: string, item: Item): StoreError | undefined {
  const bytes = itemBytes(item);
  return bytes > MAX_ITEM_BYTES ? { kind: 'too-large', id, bytes, limit: MAX_ITEM_BYTES } : undefined;
}

function checkLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new InvariantError(`list limit ${limit} is not a positive integer`);
  return limit;
}

function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
