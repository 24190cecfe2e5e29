import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { INDEX, MAX_APPLIED, chatKey, gameKey, isUpdate, playerKey, wasApplied, type GameRecord } from '../../src/store/index.ts';
import { freshTable, game } from './fixture.ts';
import type { TestTable } from './fixture.ts';

let t: TestTable;
beforeAll(async () => {
  t = await freshTable();
});

async function rawItem(id: string): Promise<Record<string, unknown> | undefined> {
  const out = await t.documents.send(new GetCommand({ TableName: t.tableName, Key: { pk: `GAME#${id}`, sk: 'STATE' } }));
  return out.Item;
}

describe('issue #3 storage: create, load, save', () => {
  it('loads back exactly the record that was created and then saved', async () => {
    const record = game({
      chat: { platform: 'telegram', chatId: '-100123' },
      dueAt: 1_700_000_600_000,
      summary: { variant: 'long', names: ['Ann', 'Bob'], turn: 'Ann' },
    });
    expect(await t.store.create(record)).toEqual({ ok: true, value: record });
    expect(await t.store.load(record.id)).toEqual({ ok: true, value: record });

    const next: GameRecord = { ...record, state: { schema: 1, turn: 1 }, updatedAt: record.updatedAt + 5 };
    const saved = await t.store.save(next, 1);
    expect(saved).toEqual({ ok: true, value: { ...next, version: 2 } });
    expect(await t.store.load(record.id)).toEqual({ ok: true, value: { ...next, version: 2 } });
  });

  it('says not-found for a game that was never created', async () => {
    expect(await t.store.load('no-such-game')).toEqual({ ok: false, error: { kind: 'not-found', id: 'no-such-game' } });
    expect(await t.store.save(game({ id: 'no-such-game' }), 1)).toEqual({
      ok: false,
      error: { kind: 'not-found', id: 'no-such-game' },
    });
  });

  it('refuses to create a game id twice and keeps the first', async () => {
    const first = game({ summary: 'first' });
    await t.store.create(first);
    const again = await t.store.create({ ...first, summary: 'second' });
    expect(again).toEqual({ ok: false, error: { kind: 'already-exists', id: first.id } });
    expect(await t.store.load(first.id)).toEqual({ ok: true, value: first });
  });

  it('answers stale-version to a save on an old version, with the stored game, and leaves the item unchanged', async () => {
    const record = game();
    await t.store.create(record);
    const winner = await t.store.save({ ...record, state: 'winner' }, 1);
    expect(winner.ok).toBe(true);
    const before = await rawItem(record.id);

    const late = await t.store.save({ ...record, state: 'late' }, 1);
    expect(late).toEqual({ ok: false, error: { kind: 'stale-version', id: record.id, expected: 1, actual: 2, current: { ...record, state: 'winner', version: 2 } } });
    expect(await rawItem(record.id)).toEqual(before);
  });

  it('applies exactly one of 50 concurrent saves on the same version; the other 49 are stale', async () => {
    const record = game();
    await t.store.create(record);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.store.save({ ...record, state: { move: i } }, 1)),
    );
    const applied = results.filter((r) => r.ok);
    const stale = results.filter((r) => !r.ok && r.error.kind === 'stale-version');
    expect(applied).toHaveLength(1);
    expect(stale).toHaveLength(49);
    const loaded = await t.store.load(record.id);
    expect(loaded.ok && loaded.value.version).toBe(2);
    expect(applied[0].ok && loaded.ok && loaded.value.state).toEqual(applied[0].ok && applied[0].value.state);
  });

  it('removes the index attributes of what a save leaves out (due, chat, second player, summary)', async () => {
    const record = game({ dueAt: 5, chat: { platform: 'discord', chatId: '42' }, summary: { s: 1 } });
    await t.store.create(record);
    const { dueAt, chat, summary, ...rest } = record;
    await t.store.save({ ...rest, players: ['telegram:1'] }, 1);
    const item = await rawItem(record.id);
    for (const name of ['dueAt', 'duePk', 'chatKey', 'chatId', 'chatPlatform', 'p1', 'p2', 'summary']) {
      expect(item, name).not.toHaveProperty(name);
    }
    // The game's filing (issue #46) follows it: its one player, no chat.
    const filing = (await t.documents.send(new GetCommand({ TableName: t.tableName, Key: { pk: `GAME#${record.id}`, sk: 'FILED' } }))).Item;
    expect(filing).toHaveProperty('p1', 'PLAYER#telegram:1');
    expect(filing).not.toHaveProperty('p2');
    expect(filing).not.toHaveProperty('chatKey');
  });
});

describe('issue #3 storage: a replayed platform update is applied once', () => {
  const now = 1_700_000_000_000;

  it('claims an update id the first time and refuses its replays', async () => {
    expect(await t.store.claimUpdate('telegram:bot1:1001', now, 172_800)).toBe(true);
    expect(await t.store.claimUpdate('telegram:bot1:1001', now + 1_000, 172_800)).toBe(false);
    expect(await t.store.claimUpdate('telegram:bot1:1002', now, 172_800)).toBe(true);
  });

  it('gives exactly one of 20 concurrent claims of one id', async () => {
    const claims = await Promise.all(Array.from({ length: 20 }, () => t.store.claimUpdate('discord:int:77', now, 60)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('treats an expired claim as unseen (dynalite, like late AWS TTL, never deletes it)', async () => {
    expect(await t.store.claimUpdate('telegram:bot1:2000', now, 60)).toBe(true);
    expect(await t.store.claimUpdate('telegram:bot1:2000', now + 59_000, 60)).toBe(false);
    expect(await t.store.claimUpdate('telegram:bot1:2000', now + 60_000, 60)).toBe(true);
    expect(await t.store.claimUpdate('telegram:bot1:2000', now + 61_000, 60)).toBe(false);
  });
});

describe('issue #15: the update ids applied to a game live in its item', () => {
  it('stores them with the match in one conditional write and reads them back', async () => {
    const record = game();
    await t.store.create(record);
    const saved = await t.store.save({ ...record, applied: ['telegram:1:5'] }, 1);
    expect(saved.ok && saved.value.applied).toEqual(['telegram:1:5']);
    // Kept as a 10-letter mark (issue #46: the game item under one write unit), known by `wasApplied`.
    const [mark] = (await rawItem(record.id))!.applied as string[];
    expect(mark).toMatch(/^[A-Za-z0-9_-]{10}$/);
    const loaded = await t.store.load(record.id);
    expect(loaded.ok && loaded.value.applied).toEqual([mark]);
    expect(loaded.ok && wasApplied(loaded.value.applied, 'telegram:1:5')).toBe(true);
    expect(loaded.ok && wasApplied(loaded.value.applied, 'telegram:1:6')).toBe(false);
  });

  it('still knows the update ids of an item written before the marks', async () => {
    const record = game();
    await t.store.create(record);
    await t.documents.send(new UpdateCommand({ TableName: t.tableName, Key: { pk: gameKey(record.id), sk: 'STATE' }, UpdateExpression: 'SET applied = :a', ExpressionAttributeValues: { ':a': ['telegram:1:5'] } }));
    const loaded = await t.store.load(record.id);
    expect(loaded.ok && wasApplied(loaded.value.applied, 'telegram:1:5')).toBe(true);
    expect(loaded.ok && isUpdate(loaded.value.applied?.at(-1), 'telegram:1:5')).toBe(true);
  });

  it('refuses more than MAX_APPLIED ids, and reports a malformed list as a corrupt item', async () => {
    const record = game();
    await t.store.create(record);
    const many = Array.from({ length: MAX_APPLIED + 1 }, (_, i) => `k${i}`);
    await expect(t.store.save({ ...record, applied: many }, 1)).rejects.toThrow(/applied/);
    await t.documents.send(new UpdateCommand({ TableName: t.tableName, Key: { pk: gameKey(record.id), sk: 'STATE' }, UpdateExpression: 'SET applied = :a', ExpressionAttributeValues: { ':a': [1, 2] } }));
    const loaded = await t.store.load(record.id);
    expect(loaded.ok ? 'decoded' : loaded.error.kind).toBe('corrupt-item');
  });
});

describe('issue #3 storage: my games, a chat\'s games, due deadlines', () => {
  const ids = (records: GameRecord[]): string[] => records.map((r) => r.id);

  it('lists a player\'s games from both slots, newest first, filtered by status and limited', async () => {
    const me = 'discord:me';
    const a = game({ players: [me, 'discord:x'], updatedAt: 100, status: 'active' });
    const b = game({ players: ['discord:y', me], updatedAt: 300, status: 'active' });
    const c = game({ players: [me], updatedAt: 200, status: 'challenge' });
    const d = game({ players: ['discord:z', me], updatedAt: 400, status: 'finished' });
    const other = game({ players: ['discord:x', 'discord:y'], updatedAt: 500 });
    for (const r of [a, b, c, d, other]) await t.store.create(r);

    expect(ids((await t.store.listByPlayer(me)).records)).toEqual([d.id, b.id, c.id, a.id]);
    expect(ids((await t.store.listByPlayer(me, { status: 'active' })).records)).toEqual([b.id, a.id]);
    expect(ids((await t.store.listByPlayer(me, { limit: 2 })).records)).toEqual([d.id, b.id]);
    expect((await t.store.listByPlayer('discord:nobody')).records).toEqual([]);
  });

  it('pages past a long run of other statuses to find the games of the one asked for', async () => {
    const me = 'telegram:veteran';
    const oldest = game({ players: [me], status: 'active', updatedAt: 1 });
    await t.store.create(oldest);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => t.store.create(game({ players: [me], status: 'finished', updatedAt: 10 + i }))),
    );
    expect(ids((await t.store.listByPlayer(me, { status: 'active', limit: 1 })).records)).toEqual([oldest.id]);
    expect((await t.store.listByPlayer(me, { limit: 100 })).records).toHaveLength(61);
  });

  it('lists a game played against oneself once', async () => {
    const self = game({ players: ['telegram:solo', 'telegram:solo'] });
    await t.store.create(self);
    expect(ids((await t.store.listByPlayer('telegram:solo')).records)).toEqual([self.id]);
  });

  it('finds a player\'s new game after a save moved it up', async () => {
    const me = 'telegram:mover';
    const old = game({ players: [me], updatedAt: 10 });
    const recent = game({ players: [me], updatedAt: 20 });
    await t.store.create(old);
    await t.store.create(recent);
    await t.store.save({ ...old, updatedAt: 30 }, 1);
    expect(ids((await t.store.listByPlayer(me)).records)).toEqual([old.id, recent.id]);
  });

  it('lists a chat\'s games, newest first, and only that chat\'s', async () => {
    const chat = { platform: 'telegram' as const, chatId: '-1009' };
    const a = game({ chat, updatedAt: 1 });
    const b = game({ chat, updatedAt: 2, status: 'challenge' });
    const elsewhere = game({ chat: { platform: 'discord', chatId: '-1009' }, updatedAt: 3 });
    for (const r of [a, b, elsewhere]) await t.store.create(r);
    expect(ids((await t.store.listByChat('telegram', '-1009')).records)).toEqual([b.id, a.id]);
    expect(ids((await t.store.listByChat('telegram', '-1009', { status: 'active' })).records)).toEqual([a.id]);
  });

  it('lists only games whose deadline has come, most overdue first, and drops one whose deadline is cleared', async () => {
    const own = await freshTable(); // other tests here leave due games behind
    const base = 2_000_000_000_000;
    const late = game({ dueAt: base - 50 });
    const later = game({ dueAt: base - 10 });
    const exact = game({ dueAt: base });
    const future = game({ dueAt: base + 1 });
    for (const r of [exact, future, later, game(), late]) await own.store.create(r);

    expect(ids((await own.store.listDue(base, 10)).records)).toEqual([late.id, later.id, exact.id]);
    expect(ids((await own.store.listDue(base, 2)).records)).toEqual([late.id, later.id]);
    const { dueAt, ...cleared } = later;
    await own.store.save(cleared, 1);
    expect(ids((await own.store.listDue(base, 10)).records)).toEqual([late.id, exact.id]);
  });
});

describe('issue #7: the scheduler alarm', () => {
  it('setAlarm is a compare-and-set on the version and the alarm that leaves the version alone', async () => {
    const record = await t.store.create(game({ dueAt: 1_700_000_000_000 }));
    if (!record.ok) throw new Error(record.error.kind);
    const id = record.value.id;
    const claimed = { for: 1_700_000_900_000, step: 1, sendingUntil: 1_700_000_120_000 };
    expect(await t.store.setAlarm(id, 1, undefined, claimed, 1_700_000_120_000)).toBe(true);
    // A second sweep expecting the old alarm loses.
    expect(await t.store.setAlarm(id, 1, undefined, claimed, 1_700_000_120_000)).toBe(false);
    expect(await t.store.load(id)).toEqual({ ok: true, value: { ...record.value, alarm: claimed, dueAt: 1_700_000_120_000 } });
    expect(await t.store.setAlarm(id, 1, claimed, { for: claimed.for, step: 2 }, undefined)).toBe(true);
    const after = await t.store.load(id);
    expect(after.ok && [after.value.version, after.value.alarm, after.value.dueAt]).toEqual([1, { for: claimed.for, step: 2 }, undefined]);
    expect((await rawItem(id))?.duePk).toBeUndefined();
    // A move (a save) came first: the alarm of the old version is refused.
    expect((await t.store.save({ ...record.value, alarm: { for: claimed.for, step: 2 } }, 1)).ok).toBe(true);
    expect(await t.store.setAlarm(id, 1, { for: claimed.for, step: 2 }, undefined, undefined)).toBe(false);
    expect(await t.store.setAlarm('no-such-game', 1, undefined, undefined, undefined)).toBe(false);
  });
});

describe('issue #20: open games are read without the games over', () => {
  const player = 'telegram:2020';
  const chat = { platform: 'telegram', chatId: '-2020' };

  /** How many items a raw query of one index partition reads (what DynamoDB bills). */
  async function scanned(index: string, name: string, key: string): Promise<number> {
    const out = await t.documents.send(new QueryCommand({ TableName: t.tableName, IndexName: index, KeyConditionExpression: '#k = :k', ExpressionAttributeNames: { '#k': name }, ExpressionAttributeValues: { ':k': key } }));
    return out.ScannedCount ?? 0;
  }

  it('a player’s and a chat’s open partitions hold only the open games; finishing a game moves it out', async () => {
    const open = game({ players: [player, 'telegram:2'], chat, updatedAt: 10 });
    await t.store.create(open);
    for (let i = 0; i < 30; i++) {
      const over = game({ players: ['telegram:2', player], chat, updatedAt: 20 + i });
      await t.store.create(over);
      await t.store.save({ ...over, status: i % 2 === 0 ? 'finished' : 'closed' }, 1);
    }
    expect(await scanned(INDEX.player1, 'p1', playerKey(player)) + await scanned(INDEX.player2, 'p2', playerKey(player))).toBe(1);
    expect(await scanned(INDEX.chat, 'chatKey', chatKey(chat.platform, chat.chatId))).toBe(1);
    expect((await t.store.listByPlayer(player, { status: 'active' })).records.map((r) => r.id)).toEqual([open.id]);
    expect((await t.store.listByPlayer(player, { status: 'open' })).records.map((r) => r.id)).toEqual([open.id]);
    expect((await t.store.listByChat(chat.platform, chat.chatId, { status: 'finished', limit: 100 })).records).toHaveLength(15);
    expect((await t.store.listByPlayer(player, { limit: 100 })).records).toHaveLength(31);
    await t.store.save({ ...open, status: 'finished' }, 1);
    expect(await scanned(INDEX.player1, 'p1', playerKey(player))).toBe(0);
  });

  it('a game over written before the split (under the open key) still decodes and lists as over, never as open', async () => {
    const legacy = game({ players: ['telegram:2021'], status: 'finished' });
    await t.store.create({ ...legacy, status: 'active' });
    await t.documents.send(new UpdateCommand({ TableName: t.tableName, Key: { pk: gameKey(legacy.id), sk: 'STATE' }, UpdateExpression: 'SET #s = :s', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': 'finished' } }));
    expect(await t.store.load(legacy.id)).toEqual({ ok: true, value: legacy });
    expect((await t.store.listByPlayer('telegram:2021', { status: 'active' })).records).toEqual([]);
    expect((await t.store.listByPlayer('telegram:2021', { status: 'finished' })).records.map((r) => r.id)).toEqual([legacy.id]);
  });
});
