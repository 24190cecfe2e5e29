import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoGameStore } from '../../src/store/index.ts';
import { freshTable, game, type TestTable } from './fixture.ts';

let table: TestTable;
beforeAll(async () => {
  table = await freshTable();
});

describe('remembered values: small app memories beside the games', () => {
  it('a value is recalled as it was remembered, and the last write wins', async () => {
    expect(await table.store.recall('lang#telegram:1')).toBeUndefined();
    await table.store.remember('lang#telegram:1', 'ru', 1);
    await table.store.remember('lang#telegram:1', 'ka', 2);
    expect(await table.store.recall('lang#telegram:1')).toBe('ka');
    await table.store.remember('notice#g1', { chat: { platform: 'telegram', chatId: '-1' }, messageId: '7' }, 3);
    expect(await table.store.recall('notice#g1')).toEqual({ chat: { platform: 'telegram', chatId: '-1' }, messageId: '7' });
  });

  it('a malformed stored value is recalled as nothing, never a throw', async () => {
    await table.documents.send(new PutCommand({ TableName: table.tableName, Item: { pk: 'MEMO#bad', sk: 'M', value: '{not json' } }));
    await table.documents.send(new PutCommand({ TableName: table.tableName, Item: { pk: 'MEMO#num', sk: 'M', value: 5 } }));
    expect(await table.store.recall('bad')).toBeUndefined();
    expect(await table.store.recall('num')).toBeUndefined();
  });

  it('an empty key or an oversized value is refused as a bug', async () => {
    await expect(table.store.remember('', 1, 1)).rejects.toThrow();
    await expect(table.store.remember('big', 'x'.repeat(5000), 1)).rejects.toThrow();
  });
});

describe('game notes and batch reads: what a press needs, in one round trip', () => {
  it('notes are written beside the match, survive its saves and travel with its reads', async () => {
    const created = await table.store.create(game({ id: 'n1', notes: { invitee: 'lou' } }));
    expect(created.ok).toBe(true);
    expect(await table.store.setNotes('n1', { board: { messageId: '5' } })).toBe(true);
    const loaded = await table.store.load('n1');
    if (!loaded.ok) throw new Error('not loaded');
    expect(loaded.value.notes).toEqual({ invitee: 'lou', board: { messageId: '5' } });
    // A save from a read that knew no notes keeps them; one that names a note writes it with the match.
    const saved = await table.store.save({ ...loaded.value, notes: undefined, updatedAt: 9 }, loaded.value.version, { notice: { messageId: '6' }, invitee: undefined });
    // The saved record carries the notes as read plus those written (here the read knew none).
    expect(saved.ok && saved.value.notes).toEqual({ notice: { messageId: '6' } });
    const again = await table.store.load('n1');
    expect(again.ok && again.value.notes).toEqual({ board: { messageId: '5' }, notice: { messageId: '6' } });
    expect(again.ok && again.value.version).toBe(loaded.value.version + 1);
    // A stale save writes neither the match nor its notes.
    const stale = await table.store.save(loaded.value, loaded.value.version, { board: undefined });
    expect(stale.ok).toBe(false);
    expect((await table.store.load('n1')).ok && (await table.store.load('n1') as { value: { notes: unknown } }).value.notes).toEqual({ board: { messageId: '5' }, notice: { messageId: '6' } });
  });

  it('keeps message places and reach notes in a short form (issue #46), and reads the JSON form written before', async () => {
    const board = { chat: { platform: 'telegram', chatId: '-1001234567890' }, messageId: '63' };
    const reach = { lang: 'ru', chat: { platform: 'telegram', chatId: '4601' } };
    const created = await table.store.create(game({ id: 'n-short', notes: { board, 'reach@telegram:4601': reach, 'reach@telegram:4602': { lang: 'ka' }, addressee: 'Nodar', odd: { chat: { platform: 'a b', chatId: '1' }, messageId: '2' } } }));
    expect(created.ok).toBe(true);
    const raw = (await table.documents.send(new GetCommand({ TableName: table.tableName, Key: { pk: 'GAME#n-short', sk: 'STATE' } }))).Item!;
    expect(raw['note:board']).toBe('@telegram -1001234567890 63');
    expect(raw['note:reach@telegram:4601']).toBe('~ru telegram 4601');
    expect(raw['note:reach@telegram:4602']).toBe('~ka');
    expect(raw['note:addressee']).toBe('"Nodar"');
    // A value with a space in a word keeps its JSON form.
    expect(raw['note:odd']).toBe('{"chat":{"platform":"a b","chatId":"1"},"messageId":"2"}');
    await table.documents.send(new UpdateCommand({ TableName: table.tableName, Key: { pk: 'GAME#n-short', sk: 'STATE' }, UpdateExpression: 'SET #n = :v', ExpressionAttributeNames: { '#n': 'note:notice' }, ExpressionAttributeValues: { ':v': JSON.stringify(board) } }));
    const loaded = await table.store.load('n-short');
    expect(loaded.ok && loaded.value.notes).toEqual({ board, notice: board, 'reach@telegram:4601': reach, 'reach@telegram:4602': { lang: 'ka' }, addressee: 'Nodar', odd: { chat: { platform: 'a b', chatId: '1' }, messageId: '2' } });
  });

  it('setNotes on a game that does not exist writes nothing', async () => {
    expect(await table.store.setNotes('no-such-game', { board: 1 })).toBe(false);
    expect((await table.store.load('no-such-game')).ok).toBe(false);
  });

  it('loadWith reads the game and remembered values at once; recallMany the values alone', async () => {
    await table.store.create(game({ id: 'n2' }));
    await table.store.remember('lang#p:1', 'ru', 1);
    await table.store.remember('dm#p:1', { platform: 'x', chatId: '1' }, 1);
    const both = await table.store.loadWith('n2', ['lang#p:1', 'lang#p:2', 'dm#p:1']);
    expect(both.game.ok && both.game.value.id).toBe('n2');
    expect([...both.values.entries()]).toEqual(expect.arrayContaining([['lang#p:1', 'ru'], ['dm#p:1', { platform: 'x', chatId: '1' }]]));
    expect(both.values.has('lang#p:2')).toBe(false);
    const missing = await table.store.loadWith('n-missing', ['lang#p:1']);
    expect(missing.game.ok).toBe(false);
    expect(missing.values.get('lang#p:1')).toBe('ru');
    expect(await table.store.recallMany([])).toEqual(new Map());
    expect((await table.store.recallMany(['lang#p:1', 'dm#p:9'])).get('lang#p:1')).toBe('ru');
  });
});

describe('issue #46: a player\'s settings in one item, read with the game in one batch', () => {
  const player = 'telegram:4660';
  const keys = ['lang', 'dm', 'remind', 'quiet', 'confirm'].map((name) => `${name}#${player}`);

  it('keeps the five settings in one item and reads them back with the game', async () => {
    await table.store.remember(keys[0]!, 'ka', 1);
    await table.store.remember(keys[1]!, { platform: 'telegram', chatId: '4660' }, 2);
    await table.store.remember(keys[4]!, true, 3);
    const items = await table.documents.send(new ScanCommand({ TableName: table.tableName, FilterExpression: 'contains(pk, :p)', ExpressionAttributeValues: { ':p': player } }));
    expect(items.Items?.map((i) => i.pk)).toEqual([`MEMO#settings#${player}`]);
    await table.store.create(game({ id: 'settings-game' }));
    const read = await table.store.loadWith('settings-game', keys);
    expect(read.game.ok).toBe(true);
    expect(Object.fromEntries(read.values)).toEqual({ [keys[0]!]: 'ka', [keys[1]!]: { platform: 'telegram', chatId: '4660' }, [keys[4]!]: true });
  });

  it('moves settings kept one item a value (before issue #46) into the one item, losing none when one changes', async () => {
    const old = 'telegram:4661';
    // A table from before: no mark that its settings were moved, read by a process that has seen none.
    const own = await freshTable();
    await own.documents.send(new DeleteCommand({ TableName: own.tableName, Key: { pk: 'MEMO#settings-moved', sk: 'M' } }));
    const store = new DynamoGameStore(own.db, own.tableName);
    for (const [name, value] of [['lang', 'ru'], ['remind', 'daily'], ['confirm', false]] as const) {
      await own.documents.send(new PutCommand({ TableName: own.tableName, Item: { pk: `MEMO#${name}#${old}`, sk: 'M', value: JSON.stringify(value), updatedAt: 1 } }));
    }
    // A setting changed before anything was read: the others are moved first, not lost.
    await store.remember(`quiet#${old}`, null, 5);
    const values = await store.recallMany(['lang', 'dm', 'remind', 'quiet', 'confirm'].map((name) => `${name}#${old}`));
    expect(Object.fromEntries(values)).toEqual({ [`lang#${old}`]: 'ru', [`remind#${old}`]: 'daily', [`quiet#${old}`]: null, [`confirm#${old}`]: false });
    const moved = await own.documents.send(new GetCommand({ TableName: own.tableName, Key: { pk: `MEMO#settings#${old}`, sk: 'M' } }));
    expect(moved.Item).toMatchObject({ moved: true, 'v:lang': '"ru"', 'v:quiet': 'null' });
  });

  it('reads settings kept the old way on a table from before, in the same batch, writing nothing; and forgets every one of them', async () => {
    const old = 'telegram:4662';
    await table.documents.send(new DeleteCommand({ TableName: table.tableName, Key: { pk: 'MEMO#settings-moved', sk: 'M' } }));
    await table.documents.send(new PutCommand({ TableName: table.tableName, Item: { pk: `MEMO#lang#${old}`, sk: 'M', value: '"en"', updatedAt: 1 } }));
    await table.store.create(game({ id: 'settings-old' }));
    const before = () => new DynamoGameStore(table.db, table.tableName);
    expect((await before().loadWith('settings-old', [`lang#${old}`])).values.get(`lang#${old}`)).toBe('en');
    const items = async () => (await table.documents.send(new ScanCommand({ TableName: table.tableName, FilterExpression: 'contains(pk, :p)', ExpressionAttributeValues: { ':p': old } }))).Items;
    expect((await items())?.map((i) => i.pk)).toEqual([`MEMO#lang#${old}`]);
    await before().forget(['lang', 'dm', 'remind', 'quiet', 'confirm'].map((name) => `${name}#${old}`));
    expect(await items()).toEqual([]);
    expect(await before().recall(`lang#${old}`)).toBeUndefined();
    await table.documents.send(new PutCommand({ TableName: table.tableName, Item: { pk: 'MEMO#settings-moved', sk: 'M', moved: true } }));
  });

  it('the sweep moves a table\'s old settings page by page, then marks the table, after which no old key is read', async () => {
    const own = await freshTable();
    await own.documents.send(new DeleteCommand({ TableName: own.tableName, Key: { pk: 'MEMO#settings-moved', sk: 'M' } }));
    const players = ['telegram:4671', 'telegram:4672', 'telegram:4673'];
    for (const [i, p] of players.entries()) {
      await own.documents.send(new PutCommand({ TableName: own.tableName, Item: { pk: `MEMO#lang#${p}`, sk: 'M', value: JSON.stringify(['ru', 'ka', 'en'][i]), updatedAt: 1 } }));
      await own.documents.send(new PutCommand({ TableName: own.tableName, Item: { pk: `MEMO#remind#${p}`, sk: 'M', value: '"off"', updatedAt: 1 } }));
    }
    const sweepStore = new DynamoGameStore(own.db, own.tableName);
    let rounds = 0;
    while ((await sweepStore.moveOldSettings(2)) !== 'done') if (++rounds > 20) throw new Error('never done');
    expect(rounds).toBeGreaterThan(1);
    for (const [i, p] of players.entries()) {
      const item = (await own.documents.send(new GetCommand({ TableName: own.tableName, Key: { pk: `MEMO#settings#${p}`, sk: 'M' } }))).Item;
      expect(item).toMatchObject({ moved: true, 'v:lang': JSON.stringify(['ru', 'ka', 'en'][i]), 'v:remind': '"off"' });
    }
    // Marked: a new process reads the settings item alone.
    const after = new DynamoGameStore(own.db, own.tableName);
    expect(await after.recall(`lang#${players[1]}`)).toBe('ka');
    await own.documents.send(new DeleteCommand({ TableName: own.tableName, Key: { pk: `MEMO#settings#${players[2]}`, sk: 'M' } }));
    expect(await after.recall(`lang#${players[2]}`)).toBeUndefined();
    expect(await after.moveOldSettings(2)).toBe('done');
  });
});
