import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ITEM_BYTES } from '../../src/store/index.ts';
import { freshTable, game } from './fixture.ts';
import type { TestTable } from './fixture.ts';

let t: TestTable;
beforeAll(async () => {
  t = await freshTable();
});

/** A well-formed game item in DynamoDB's wire format, written with the raw client. */
function wireItem(id: string): Record<string, AttributeValue> {
  return {
    pk: { S: `GAME#${id}` },
    sk: { S: 'STATE' },
    itemSchema: { N: '1' },
    id: { S: id },
    version: { N: '3' },
    state: { S: '{"turn":0}' },
    status: { S: 'active' },
    players: { L: [{ S: 'telegram:7' }] },
    p1: { S: 'PLAYER#telegram:7' },
    updatedAt: { N: '1000' },
    duePk: { S: 'DUE' },
    dueAt: { N: '10' },
  };
}

async function putRaw(item: Record<string, AttributeValue>): Promise<void> {
  await t.client.send(new PutItemCommand({ TableName: t.tableName, Item: item }));
}

describe('issue #3 storage: a malformed stored item is a typed error, never a crash', () => {
  it('reads the well-formed wire item (the baseline the broken ones differ from)', async () => {
    await putRaw(wireItem('wire-ok'));
    const loaded = await t.store.load('wire-ok');
    expect(loaded).toEqual({
      ok: true,
      value: { id: 'wire-ok', version: 3, state: { turn: 0 }, status: 'active', players: ['telegram:7'], updatedAt: 1000, dueAt: 10 },
    });
  });

  const broken: [string, (item: Record<string, AttributeValue>) => void, RegExp][] = [
    ['version is missing', (i) => delete i.version, /version is missing/],
    ['state is not JSON', (i) => (i.state = { S: '{"turn":' }), /state is not valid JSON/],
    ['state is a number', (i) => (i.state = { N: '5' }), /state is the number 5/],
    ['version is a string', (i) => (i.version = { S: '3' }), /version is "3"/],
    ['version is beyond safe integers', (i) => (i.version = { N: '123456789012345678901234567890' }), /version/],
    ['version is negative', (i) => (i.version = { N: '-1' }), /version/],
    ['players is a number', (i) => (i.players = { N: '2' }), /players/],
    ['a player is not a string', (i) => (i.players = { L: [{ N: '7' }] }), /a player/],
    ['three players', (i) => (i.players = { L: [{ S: 'a' }, { S: 'b' }, { S: 'c' }] }), /players/],
    ['status is unknown', (i) => (i.status = { S: 'paused' }), /status/],
    ['the slot index disagrees with players', (i) => (i.p1 = { S: 'PLAYER#telegram:8' }), /p1/],
    ['dueAt without its index partition', (i) => delete i.duePk, /duePk/],
    ['the item schema is from the future', (i) => (i.itemSchema = { N: '2' }), /itemSchema/],
    ['id disagrees with the key', (i) => (i.id = { S: 'someone-else' }), /pk/],
    ['a map where a string belongs', (i) => (i.id = { M: { a: { S: 'b' } } }), /id is a map/],
    ['a string set where a list belongs', (i) => (i.players = { SS: ['a', 'b'] }), /players is a set/],
    ['binary where the state belongs', (i) => (i.state = { B: new Uint8Array([1, 2]) }), /state is binary/],
  ];

  it.each(broken)('load: %s → corrupt-item', async (what, breakIt, reason) => {
    const id = `bad-${what.replaceAll(' ', '-')}`;
    const item = wireItem(id);
    breakIt(item);
    await putRaw(item);
    const loaded = await t.store.load(id);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.error).toMatchObject({ kind: 'corrupt-item', key: `GAME#${id}` });
    expect(loaded.error.kind === 'corrupt-item' && loaded.error.reason).toMatch(reason);
  });

  it('never overwrites a corrupt item on save, and says it is corrupt', async () => {
    const item = wireItem('bad-save');
    delete item.version;
    await putRaw(item);
    const saved = await t.store.save(game({ id: 'bad-save', players: ['telegram:7'] }), 3);
    expect(saved).toMatchObject({ ok: false, error: { kind: 'corrupt-item', key: 'GAME#bad-save' } });
    const after = await t.store.load('bad-save');
    expect(after).toMatchObject({ ok: false, error: { reason: 'version is missing, not a non-negative safe integer' } });
  });

  it('lists the good games and reports the corrupt ones, which cannot block the due index', async () => {
    const own = await freshTable();
    const corrupt = wireItem('due-corrupt');
    corrupt.state = { S: 'not json' };
    corrupt.dueAt = { N: '1' }; // the most overdue: first in the index
    await own.client.send(new PutItemCommand({ TableName: own.tableName, Item: corrupt }));
    const good = game({ players: ['telegram:7'], dueAt: 2 });
    await own.store.create(good);

    const due = await own.store.listDue(100, 1);
    expect(due.records.map((r) => r.id)).toEqual([good.id]);
    expect(due.corrupt).toMatchObject([{ kind: 'corrupt-item', key: 'GAME#due-corrupt' }]);
    const mine = await own.store.listByPlayer('telegram:7');
    expect(mine.records.map((r) => r.id)).toEqual([good.id]);
    expect(mine.corrupt).toHaveLength(1);
  });
});

describe('issue #3 storage: item size', () => {
  const big = (bytes: number): { blob: string } => ({ blob: 'x'.repeat(bytes) });

  it('refuses to create a game whose item would exceed 350 KB, and stores nothing', async () => {
    const record = game({ state: big(MAX_ITEM_BYTES) });
    const created = await t.store.create(record);
    expect(created).toMatchObject({ ok: false, error: { kind: 'too-large', id: record.id, limit: MAX_ITEM_BYTES } });
    expect(await t.store.load(record.id)).toMatchObject({ ok: false, error: { kind: 'not-found' } });
  });

  it('refuses a save that would exceed 350 KB and leaves the stored game as it was', async () => {
    const record = game();
    await t.store.create(record);
    const saved = await t.store.save({ ...record, summary: big(360 * 1024) }, 1);
    expect(saved).toMatchObject({ ok: false, error: { kind: 'too-large' } });
    expect(await t.store.load(record.id)).toEqual({ ok: true, value: record });
  });

  it('stores a game just under the limit (DynamoDB\'s own 400 KB limit is not reached first)', async () => {
    const record = game({ state: big(MAX_ITEM_BYTES - 1024) });
    expect((await t.store.create(record)).ok).toBe(true);
    expect(await t.store.load(record.id)).toEqual({ ok: true, value: record });
  });
});
