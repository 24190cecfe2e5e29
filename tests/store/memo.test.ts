import { beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { freshTable, type TestTable } from './fixture.ts';

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
