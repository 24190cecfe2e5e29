/**
 * Creates the games table and its indexes (layout in `layout.ts`), for the local process, tests
 * and first-time setup. Deployment declares the same table in `serverless.yml`, with TTL on
 * `expiresAt` (dynalite has no TTL, so it is not set here).
 */
import type { DynamoDb } from './connection.ts';
import { INDEX, MEMO_SORT_KEY, PARTITION_KEY, SETTINGS_MOVED, SORT_KEY } from './layout.ts';

const ATTRIBUTES: Record<string, 'S' | 'N'> = {
  [PARTITION_KEY]: 'S',
  [SORT_KEY]: 'S',
  p1: 'S',
  p2: 'S',
  chatKey: 'S',
  updatedAt: 'N',
  duePk: 'S',
  dueAt: 'N',
};

function index(name: string, hash: string, range: string) {
  return {
    IndexName: name,
    KeySchema: [
      { AttributeName: hash, KeyType: 'HASH' },
      { AttributeName: range, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: 'ALL' },
  };
}

/** How long to wait for the table and its indexes to become ACTIVE, and how often to look. */
export type CreateTableOptions = { timeoutMs?: number; pollMs?: number };

/**
 * Creates `tableName` (on-demand billing) with the indexes `byPlayer1`, `byPlayer2`, `byChat` and
 * `byDue`, and resolves once the table and every index are ACTIVE. An existing table is accepted
 * as it is (idempotent: ResourceInUse is not an error).
 */
export async function createTable(
  db: DynamoDb,
  tableName: string,
  options: CreateTableOptions = {},
): Promise<void> {
  try {
    await db.table('CreateTable', {
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: Object.entries(ATTRIBUTES).map(([AttributeName, AttributeType]) => ({
        AttributeName,
        AttributeType,
      })),
      KeySchema: [
        { AttributeName: PARTITION_KEY, KeyType: 'HASH' },
        { AttributeName: SORT_KEY, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        index(INDEX.player1, 'p1', 'updatedAt'),
        index(INDEX.player2, 'p2', 'updatedAt'),
        index(INDEX.chat, 'chatKey', 'updatedAt'),
        index(INDEX.due, 'duePk', 'dueAt'),
      ],
    });
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ResourceInUseException')) throw error;
    await waitUntilActive(db, tableName, options);
    return;
  }
  await waitUntilActive(db, tableName, options);
  // A new table keeps every player's settings in one item from the start: nothing to move (`moveOldSettings`).
  await db.put({ TableName: tableName, Item: { [PARTITION_KEY]: SETTINGS_MOVED, [SORT_KEY]: MEMO_SORT_KEY, moved: true } });
}

async function waitUntilActive(db: DynamoDb, tableName: string, options: CreateTableOptions): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 300_000);
  for (;;) {
    const { Table } = (await db.table('DescribeTable', { TableName: tableName })) as { Table?: { TableStatus?: string; GlobalSecondaryIndexes?: { IndexStatus?: string }[] } };
    const indexes = Table?.GlobalSecondaryIndexes ?? [];
    if (Table?.TableStatus === 'ACTIVE' && indexes.every((i) => i.IndexStatus === 'ACTIVE')) return;
    if (Date.now() > deadline) {
      throw new Error(`table ${tableName} is still ${Table?.TableStatus ?? 'unknown'} after waiting; is DynamoDB reachable?`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 500));
  }
}
