
/**
 * Issue #46: a game's filing (`src/store/filing.ts`) stands for it in the indexes, so a move
 * writes the game item alone; deadlines are filed lazily, never after the game's own; and a table
 * written before the filing (games in the indexes themselves) keeps serving its games.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DynamoGameStore, INDEX, type DynamoDb, type GameRecord } from '../../src/store/index.ts';
import { freshTable, game } from './fixture.ts';
import type { TestTable } from './fixture.ts';

let t: TestTable;
beforeAll(async () => {
  t = await freshTable();
});

async function raw(id: string, sk: 'STATE' | 'FILED'): Promise<Record<string, unknown> | undefined> {
  return (await t.documents.send(new GetCommand({ TableName: t.tableName, Key: { pk: `GAME#${id}`, sk } }))).Item;
}

const ids = (records: GameRecord[]) => records.map((r) => r.id);
/** A number as the SDK reads it back (`wrapNumbers`). */
const num = (value: unknown) => Number((value as { value?: string } | undefined)?.value ?? value);

describe('issue #46: a move writes the game item and no index', () => {
  it('keeps the filing as it was through moves; the game item carries no index key', async () => {
    const chat = { platform: 'telegram', chatId: '-4601' };
    let record = game({ players: ['telegram:a', 'telegram:b'], chat, dueAt: 10_000 });
    await t.store.create(record);
    const filed = await raw(record.id, 'FILED');
    for (let move = 1; move <= 5; move++) {
      const saved = await t.store.save({ ...record, state: { move }, updatedAt: record.updatedAt + move, dueAt: 10_000 + move }, record.version);
      if (!saved.ok) throw new Error(saved.error.kind);
      record = saved.value;
    }
    expect(await raw(record.id, 'FILED')).toEqual(filed);
    const item = await raw(record.id, 'STATE');
    for (const name of ['p1', 'p2', 'chatKey', 'duePk']) expect(item, name).not.toHaveProperty(name);
    expect(ids((await t.store.listByChat('telegram', '-4601')).records)).toEqual([record.id]);
    expect((await t.store.listByPlayer('telegram:b')).records[0]).toEqual(record);
  });

  it('moves the filing when the game changes partition, and lists by the game\'s own last change', async () => {
    const me = 'telegram:mover46';
    const older = game({ players: [me], updatedAt: 10, status: 'challenge' });
    const newer = game({ players: [me], updatedAt: 20, status: 'challenge' });
    await t.store.create(older);
    await t.store.create(newer);
    await t.store.save({ ...older, status: 'active', updatedAt: 30 }, 1);
    expect(ids((await t.store.listByPlayer(me, { status: 'open' })).records)).toEqual([older.id, newer.id]);
    await t.store.save({ ...older, status: 'finished', updatedAt: 40 }, 2);
    expect(ids((await t.store.listByPlayer(me, { status: 'open' })).records)).toEqual([newer.id]);
    expect(ids((await t.store.listByPlayer(me, { status: 'finished' })).records)).toEqual([older.id]);
    expect(await raw(older.id, 'FILED')).toMatchObject({ p1: `OVER#PLAYER#${me}`, status: 'finished' });
    expect(num((await raw(older.id, 'FILED'))?.v)).toBe(3);
  });
});

describe('issue #46: deadlines filed lazily, never after the game\'s', () => {
  it('leaves a later deadline to the sweep, which files it there and lists the game once it is due', async () => {
    const own = await freshTable();
    const record = game({ dueAt: 1_000 });
    await own.store.create(record);
    await own.store.save({ ...record, dueAt: 5_000 }, 1);
    expect((await own.store.listDue(2_000, 10)).records).toEqual([]);
    const filing = (await own.documents.send(new GetCommand({ TableName: own.tableName, Key: { pk: `GAME#${record.id}`, sk: 'FILED' } }))).Item;
    expect(num(filing?.dueAt)).toBe(5_000);
    expect(ids((await own.store.listDue(5_000, 10)).records)).toEqual([record.id]);
  });

  it('brings the filing forward before a save with an earlier deadline, and off the due index once there is none', async () => {
    const own = await freshTable();
    const record = game({ dueAt: 9_000 });
    await own.store.create(record);
    await own.store.save({ ...record, dueAt: 3_000 }, 1);
    expect(ids((await own.store.listDue(3_000, 10)).records)).toEqual([record.id]);
    const { dueAt: _none, ...cleared } = record;
    await own.store.save(cleared, 2);
    expect((await own.store.listDue(99_000, 10)).records).toEqual([]);
    const due = await own.documents.send(new QueryCommand({ TableName: own.tableName, IndexName: INDEX.due, KeyConditionExpression: 'duePk = :d', ExpressionAttributeValues: { ':d': 'DUE' } }));
    expect(due.Count).toBe(0);
  });

  it('never leaves a filing after its game\'s deadline, whatever saves and sweeps interleave', async () => {
    const own = await freshTable();
    const record = game({ dueAt: 1_000 });
    await own.store.create(record);
    let version = 1;
    let seed = 46;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 40; round++) {
      const due = 1_000 + Math.floor(random() * 4_000);
      const now = 1_000 + Math.floor(random() * 4_000);
      const [saved] = await Promise.all([
        own.store.save({ ...record, state: { round }, dueAt: due }, version),
        own.store.listDue(now, 5),
        own.store.listDue(now + 7, 5),
      ]);
      if (!saved.ok) throw new Error(saved.error.kind);
      version = saved.value.version;
      const filing = (await own.documents.send(new GetCommand({ TableName: own.tableName, Key: { pk: `GAME#${record.id}`, sk: 'FILED' } }))).Item;
      expect(num(filing?.dueAt), `round ${round}`).toBeLessThanOrEqual(due);
    }
  });
  it('files a game at once again when a save with an earlier deadline lands between the sweep\'s two writes', async () => {
    const own = await freshTable();
    const record = game({ dueAt: 1_000 });
    await own.store.create(record);
    await own.store.save({ ...record, dueAt: 8_000 }, 1);
    // The sweep's store, whose client lets a player's save in right after the filing moved to 8,000.
    let saved: Promise<unknown> | undefined;
    const db = Object.create(own.db) as DynamoDb;
    db.update = async (input) => {
      const out = await own.db.update(input);
      if (saved === undefined && input.Key.sk === 'FILED' && input.UpdateExpression === 'SET dueAt = :to') {
        saved = own.store.save({ ...record, state: 'moved', dueAt: 4_000 }, 2);
        await saved;
      }
      return out;
    };
    const sweep = new DynamoGameStore(db, own.tableName);
    expect((await sweep.listDue(2_000, 10)).records).toEqual([]);
    expect(saved).toBeDefined();
    expect(ids((await own.store.listDue(4_000, 10)).records)).toEqual([record.id]);
  });
});

describe('issue #46: a table written before the filing keeps serving its games', () => {
  /** A game item as the code before issue #46 wrote it: in the indexes itself (its keys, `Projection: ALL`). */
  async function legacy(record: GameRecord): Promise<void> {
    const open = record.status === 'challenge' || record.status === 'active';
    const filed = (key: string) => (open ? key : `OVER#${key}`);
    await t.documents.send(new PutCommand({
      TableName: t.tableName,
      Item: {
        pk: `GAME#${record.id}`, sk: 'STATE', itemSchema: 1, id: record.id, version: record.version, state: JSON.stringify(record.state),
        status: record.status, players: record.players, updatedAt: record.updatedAt,
        p1: filed(`PLAYER#${record.players[0]}`), ...(record.players[1] ? { p2: filed(`PLAYER#${record.players[1]}`) } : {}),
        ...(record.chat ? { chatPlatform: record.chat.platform, chatId: record.chat.chatId, chatKey: filed(`CHAT#${record.chat.platform}#${record.chat.chatId}`) } : {}),
        ...(record.dueAt === undefined ? {} : { duePk: 'DUE', dueAt: record.dueAt }),
      },
    }));
  }

  it('loads, lists and sweeps a game written the old way, and its next save files it', async () => {
    const chat = { platform: 'discord', chatId: '4646' };
    const old = game({ players: ['discord:old1', 'discord:old2'], chat, dueAt: 50 });
    await legacy(old);
    expect(await t.store.load(old.id)).toEqual({ ok: true, value: old });
    expect(ids((await t.store.listByPlayer('discord:old2')).records)).toEqual([old.id]);
    expect(ids((await t.store.listDue(50, 100)).records)).toContain(old.id);

    const saved = await t.store.save({ ...old, state: { moved: true }, updatedAt: old.updatedAt + 1, dueAt: 900 }, 1);
    expect(saved.ok && saved.value.version).toBe(2);
    const item = await raw(old.id, 'STATE');
    for (const name of ['p1', 'p2', 'chatKey', 'duePk']) expect(item, name).not.toHaveProperty(name);
    expect(await raw(old.id, 'FILED')).toMatchObject({ p1: 'PLAYER#discord:old1', p2: 'PLAYER#discord:old2', chatKey: 'CHAT#discord#4646' });
    expect(ids((await t.store.listByChat('discord', '4646')).records)).toEqual([old.id]);
    expect(ids((await t.store.listByPlayer('discord:old1', { status: 'open' })).records)).toEqual([old.id]);
    // Filed due at once on its move out of the indexes: the sweep files its deadline, then finds it at it.
    expect(ids((await t.store.listDue(800, 100)).records)).not.toContain(old.id);
    expect(ids((await t.store.listDue(900, 100)).records)).toContain(old.id);
  });

  it('lets the scheduler\'s alarm file an old game too', async () => {
    const old = game({ players: ['telegram:old3'], dueAt: 70 });
    await legacy(old);
    expect(await t.store.setAlarm(old.id, 1, undefined, { for: 70, step: 1 }, 600)).toBe(true);
    expect(await raw(old.id, 'STATE')).not.toHaveProperty('duePk');
    expect(ids((await t.store.listDue(600, 100)).records)).toContain(old.id);
    expect(ids((await t.store.listByPlayer('telegram:old3')).records)).toEqual([old.id]);
  });
});
