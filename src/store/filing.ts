/**
 * A game's filing: the small item (`GAME#<id>` / `FILED`) that stands for the game in the indexes,
 * so that the game item itself is in none of them and a move rewrites no index (issue #46).
 *
 * The indexes project whole items (`Projection: ALL`, `layout.ts`): a game item in them was
 * rewritten into every index it was in at each step (a changed `updatedAt` sort key is a delete
 * plus a put), so a late step of an open game cost about 90 write units instead of one. The filing
 * holds only what the lists key on, and changes only when the game changes partition or players
 * (a challenge accepted, a game over) — and, for the scheduler, its deadline, lazily:
 *
 * - The filing's `dueAt` is at or before the game's own deadline, never after: a save whose
 *   deadline comes earlier than the one filed lowers the filing first (`lowerDue`, a conditional
 *   "only earlier" write, harmless if the save then loses), then the game item's `filed`. The save
 *   checks `filed <= :due` in its own condition, so it never relies on a stale reading of it.
 * - A deadline that moves later (every move of a correspondence game) writes nothing: the sweep
 *   finds the game at the filed moment, sees its deadline is later, and files it there (`raiseDue`:
 *   the filing first, then the game's `filed` on its version; should that fail, the filing goes
 *   back to now, so the game is looked at again rather than missed).
 *
 * The lists read the filings and then the games they name in one batch (`dynamodb.ts`); the
 * game item is the truth, a filing only says where to look. A filing whose partition is stale (a
 * crash between a game's save and its filing's) is read where it is and shown by the game's own
 * status; the lists of games over read the open partitions too (`filedUnder`).
 */
import { NumberValue } from './attribute-values.ts';
import { conditionally } from './conditional.ts';
import type { DynamoDb, Item } from './connection.ts';
import { fileUnder } from './codec.ts';
import { DUE_PARTITION, chatKey, gameKey, playerKey } from './layout.ts';
import type { GameRecord } from './types.ts';

/** The sort key of a game's filing, beside its `STATE`. */
export const FILING_SORT_KEY = 'FILED';

/** Where a game is filed: its index keys, status and when it was filed there (the lists' sort key). */
export function filingOf(record: GameRecord, version: number): Item {
  const [first, second] = record.players;
  const filed = fileUnder(record.status);
  return {
    id: record.id,
    v: version,
    status: record.status,
    updatedAt: record.updatedAt,
    ...(first === undefined ? {} : { p1: filed(playerKey(first)) }),
    ...(second === undefined ? {} : { p2: filed(playerKey(second)) }),
    ...(record.chat === undefined ? {} : { chatKey: filed(chatKey(record.chat.platform, record.chat.chatId)) }),
    ...(record.expiresAt === undefined ? {} : { expiresAt: record.expiresAt }),
  };
}

/**
 * Whether a save from the game item `old` (its attributes before the write, `UPDATED_OLD`) to
 * `next` changes what the filing holds: status, players, chat or expiry. Moves never do.
 */
export function refiled(old: Item, next: GameRecord): boolean {
  const number = (v: unknown) => (v instanceof NumberValue ? Number(v.value) : v);
  const where = (status: unknown, players: unknown, platform: unknown, chatId: unknown, expiresAt: unknown) => JSON.stringify([status, players ?? [], platform ?? null, chatId ?? null, expiresAt ?? null]);
  return where(old.status, old.players, old.chatPlatform, old.chatId, number(old.expiresAt)) !== where(next.status, next.players, next.chat?.platform, next.chat?.chatId, next.expiresAt);
}

/** A game's filing on one table. */
export class Filings {
  constructor(
    private readonly db: DynamoDb,
    private readonly tableName: string,
  ) {}

  private key(id: string): Item {
    return { pk: gameKey(id), sk: FILING_SORT_KEY };
  }

  /**
   * Files a game before its item is written (a new game; or one whose item was in the indexes
   * itself, filed due at once so that the sweep files its deadline): false if it is filed already.
   */
  create(record: GameRecord, version: number, due: number | undefined): Promise<boolean> {
    return conditionally(this.db.put({
      TableName: this.tableName,
      Item: { ...this.key(record.id), ...filingOf(record, version), ...(due === undefined ? {} : { duePk: DUE_PARTITION, dueAt: due }) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
  }

  /** Moves the filing to where the game saved at `version` belongs (a newer filing is left alone); its deadline stays. */
  async follow(record: GameRecord, version: number): Promise<void> {
    const filing = filingOf(record, version);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets: string[] = [];
    const removes: string[] = [];
    for (const name of ['id', 'v', 'status', 'updatedAt', 'p1', 'p2', 'chatKey', 'expiresAt']) {
      names[`#${name}`] = name;
      if (filing[name] === undefined) removes.push(`#${name}`);
      else {
        values[`:${name}`] = filing[name];
        sets.push(`#${name} = :${name}`);
      }
    }
    await conditionally(this.db.update({
      TableName: this.tableName,
      Key: this.key(record.id),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: 'attribute_not_exists(#v) OR #v < :v',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }));
  }

  /** Makes the filing due at `due` or earlier (a filing due earlier already stays as it is). */
  async lowerDue(id: string, due: number): Promise<void> {
    await conditionally(this.db.update({
      TableName: this.tableName,
      Key: this.key(id),
      UpdateExpression: 'SET duePk = :due, dueAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(dueAt) OR dueAt > :at)',
      ExpressionAttributeValues: { ':due': DUE_PARTITION, ':at': due },
    }));
  }

  /** Moves the filing's deadline from `from` (as the sweep found it) to `to` (none: off the due index); false if it changed meanwhile. */
  raiseDue(id: string, from: number, to: number | undefined): Promise<boolean> {
    return conditionally(this.db.update({
      TableName: this.tableName,
      Key: this.key(id),
      UpdateExpression: to === undefined ? 'REMOVE duePk, dueAt' : 'SET dueAt = :to',
      ConditionExpression: 'dueAt = :from',
      ExpressionAttributeValues: { ':from': from, ...(to === undefined ? {} : { ':to': to }) },
    }));
  }
}
