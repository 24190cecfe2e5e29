/**
 * Issue #46: the game item stays small however long the game (`src/store/pages.ts`): the
 * beginning of a long stored match lives in pages written once, read back whole by any process.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DynamoGameStore, itemBytes, type GameRecord } from '../../src/store/index.ts';
import { freshTable, game } from './fixture.ts';
import type { TestTable } from './fixture.ts';

let t: TestTable;
beforeAll(async () => {
  t = await freshTable();
});

/** A stored match the way the game layer grows one: rows appended to a history, a small part after it that changes at every save. */
function match(rows: number, name = 'Ანა 🎲', steps = 0): { v: number; h: unknown[][]; s: unknown[]; f: { k: string; n: number } } {
  return { v: 1, h: [['C', 0, { id: 'telegram:1', name }], ...Array.from({ length: rows }, (_, i) => ['p', 1000 + i, i % 2, [6, 5], `24/18 13/${i % 12}`])], s: Array.from({ length: steps }, (_, i) => ({ from: 24 - i, to: 18 - i })), f: { k: 'a'.repeat(64), n: rows } };
}

async function gameItem(id: string): Promise<Record<string, unknown>> {
  const out = await t.documents.send(new GetCommand({ TableName: t.tableName, Key: { pk: `GAME#${id}`, sk: 'STATE' } }));
  return out.Item!;
}

/** The same table through a store of its own: a process that has read nothing yet. */
const coldStore = () => new DynamoGameStore(t.db, t.tableName);

async function play(record: GameRecord, rows: number): Promise<GameRecord> {
  let current = record;
  for (let n = 1; n <= rows; n++) {
    const saved = await t.store.save({ ...current, state: match(n), updatedAt: current.updatedAt + 1 }, current.version);
    if (!saved.ok) throw new Error(saved.error.kind);
    current = saved.value;
  }
  return current;
}

describe('issue #46: a long match keeps a small game item', () => {
  it('keeps the game item under 2 KB through 120 moves of two steps and a play each, and any process reads the whole match back', async () => {
    const created = await t.store.create(game({ state: match(0), players: ['telegram:1', 'telegram:2'] }));
    if (!created.ok) throw new Error(created.error.kind);
    let current = created.value;
    let largest = 0;
    for (let n = 1; n <= 120; n++) {
      // Steps in progress (only the end of the state changes, and grows), then the move that completes the turn.
      for (let steps = 1; steps <= 2; steps++) {
        const stepped = await t.store.save({ ...current, state: match(n - 1, undefined, steps), updatedAt: current.updatedAt + 1 }, current.version);
        if (!stepped.ok) throw new Error(stepped.error.kind);
        current = stepped.value;
      }
      const saved = await t.store.save({ ...current, state: match(n), updatedAt: current.updatedAt + 1 }, current.version);
      if (!saved.ok) throw new Error(saved.error.kind);
      current = saved.value;
      largest = Math.max(largest, itemBytes(await gameItem(current.id)));
    }
    expect(JSON.stringify(match(120)).length).toBeGreaterThan(3_500);
    expect(largest).toBeLessThan(2048);
    expect((await gameItem(current.id)).pages).toBeDefined();
    expect(await t.store.load(current.id)).toEqual({ ok: true, value: current });
    expect(await coldStore().load(current.id)).toEqual({ ok: true, value: current });
    expect((await coldStore().listByPlayer('telegram:2')).records).toContainEqual(current);
    expect((await coldStore().loadWith(current.id, [])).game).toEqual({ ok: true, value: current });
    // A process that never read the game saves its next move on top of the pages.
    const cold = coldStore();
    const next = await cold.save({ ...current, state: match(121) }, current.version);
    expect(next.ok).toBe(true);
    expect((await coldStore().load(current.id)).ok && ((await coldStore().load(current.id)) as { value: GameRecord }).value.state).toEqual(match(121));
  });

  it('lists at most six pages, and stays under one write unit, at any point of a match of 600 moves', async () => {
    const created = await t.store.create(game({ state: match(0), players: ['telegram:1', 'telegram:2'], chat: { platform: 'telegram', chatId: '-1001234567890' } }));
    if (!created.ok) throw new Error(created.error.kind);
    let current = created.value;
    let largest = 0;
    let mostPages = 0;
    for (let n = 1; n <= 600; n++) {
      const saved = await t.store.save({ ...current, state: match(n), updatedAt: current.updatedAt + 1, applied: [...(current.applied ?? []), `telegram:7046:${1_796_544_119_000 + n}`].slice(-8) }, current.version);
      if (!saved.ok) throw new Error(saved.error.kind);
      current = saved.value;
      const item = await gameItem(current.id);
      largest = Math.max(largest, itemBytes(item));
      mostPages = Math.max(mostPages, item.pages === undefined ? 0 : String(item.pages).split(' ').length);
    }
    expect(JSON.stringify(match(600)).length).toBeGreaterThan(18_000);
    expect(mostPages).toBe(6);
    // `itemBytes` counts every number at its largest (21 bytes): the billed size is below it.
    expect(largest).toBeLessThan(1024);
    const read = await coldStore().load(current.id);
    expect(read.ok && read.value.state).toEqual(match(600));
  });

  it('reads a game item of the first paging, which listed its page keys whole, and saves on top of it', async () => {
    const created = await t.store.create(game({ state: match(0) }));
    if (!created.ok) throw new Error(created.error.kind);
    const long = await play(created.value, 60);
    const listed = String((await gameItem(long.id)).pages).split(' ');
    let from = '0';
    const keys = listed.map((page) => { const sk = `PAGE#${from}#${page}`; from = page.split('#')[0]!; return sk; });
    await t.documents.send(new UpdateCommand({ TableName: t.tableName, Key: { pk: `GAME#${long.id}`, sk: 'STATE' }, UpdateExpression: 'SET pages = :p', ExpressionAttributeValues: { ':p': keys } }));
    expect(await coldStore().load(long.id)).toEqual({ ok: true, value: long });
    const next = await coldStore().save({ ...long, state: match(61) }, long.version);
    expect(next.ok).toBe(true);
    const read = await coldStore().load(long.id);
    expect(read.ok && read.value.state).toEqual(match(61));
  });

  it('writes the whole match into the game item again when its beginning changed (a name forgotten)', async () => {
    const created = await t.store.create(game({ state: match(0) }));
    if (!created.ok) throw new Error(created.error.kind);
    const long = await play(created.value, 120);
    expect((await gameItem(long.id)).pages).toBeDefined();
    const renamed = await t.store.save({ ...long, state: match(120, 'Player 1') }, long.version);
    expect(renamed.ok).toBe(true);
    expect((await gameItem(long.id)).pages).toBeUndefined();
    // The pages held the old name: they are deleted with the rewrite.
    const left = await t.documents.send(new QueryCommand({ TableName: t.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :page)', ExpressionAttributeValues: { ':pk': `GAME#${long.id}`, ':page': 'PAGE#' } }));
    expect(left.Items).toEqual([]);
    expect(await coldStore().load(long.id)).toEqual({ ok: true, value: { ...long, state: match(120, 'Player 1'), version: long.version + 1 } });
  });

  it('deletes a page a lost race left beside a game that lists none, when a name in its history is forgotten', async () => {
    const created = await t.store.create(game({ state: match(0) }));
    if (!created.ok) throw new Error(created.error.kind);
    const short = await play(created.value, 3);
    expect((await gameItem(short.id)).pages).toBeUndefined();
    // What a save that lost its condition leaves: a page of rows that were never listed.
    await t.documents.send(new PutCommand({ TableName: t.tableName, Item: { pk: `GAME#${short.id}`, sk: `PAGE#0#4#${short.version}`, text: JSON.stringify(match(4).h.slice(0, 4)) } }));
    const renamed = await t.store.save({ ...short, state: match(3, 'Player 1') }, short.version);
    expect(renamed.ok).toBe(true);
    const left = await t.documents.send(new QueryCommand({ TableName: t.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :page)', ExpressionAttributeValues: { ':pk': `GAME#${short.id}`, ':page': 'PAGE#' } }));
    expect(left.Items).toEqual([]);
  });

  it('stores exactly one of 20 racing moves, pages and all', async () => {
    const created = await t.store.create(game({ state: match(0) }));
    if (!created.ok) throw new Error(created.error.kind);
    const long = await play(created.value, 150);
    const racing = await Promise.all(Array.from({ length: 20 }, (_, i) => coldStore().save({ ...long, state: { ...match(151), s: [i] } }, long.version)));
    const won = racing.filter((r) => r.ok);
    expect(won).toHaveLength(1);
    expect(await coldStore().load(long.id)).toEqual(won[0]);
  });

  it('reports a game whose page is lost as a corrupt item, never a crash', async () => {
    const created = await t.store.create(game({ state: match(0) }));
    if (!created.ok) throw new Error(created.error.kind);
    const long = await play(created.value, 80);
    // The first page the game item lists (`<to>#<version>`, from row 0); pages no longer listed may lie beside it.
    const first = String((await gameItem(long.id)).pages).split(' ')[0];
    await t.documents.send(new DeleteCommand({ TableName: t.tableName, Key: { pk: `GAME#${long.id}`, sk: `PAGE#0#${first}` } }));
    const loaded = await coldStore().load(long.id);
    expect(loaded.ok ? 'decoded' : loaded.error).toMatchObject({ kind: 'corrupt-item', reason: expect.stringMatching(/page .* missing/) });
  });
});
