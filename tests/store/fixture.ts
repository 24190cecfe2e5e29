/**
 * A fresh games table on the run's dynalite (tests/setup/dynalite.ts) for one test file, wired the
 * way the process wires it: environment → `readConfig` → `connectDynamoDb` → `createTable`.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { readConfig } from '../../src/config.ts';
import { DynamoGameStore, connectDynamoDb, createTable } from '../../src/store/index.ts';
import type { DynamoDbClients, GameRecord } from '../../src/store/index.ts';

export type TestTable = DynamoDbClients & { store: DynamoGameStore; tableName: string };

export async function freshTable(): Promise<TestTable> {
  const config = readConfig({
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    TABLE_NAME: `nardy-test-${randomUUID().slice(0, 8)}`,
  });
  const clients = connectDynamoDb(config.dynamodb);
  await createTable(clients.client, config.tableName, { pollMs: 20 });
  return { ...clients, store: new DynamoGameStore(clients.documents, config.tableName), tableName: config.tableName };
}

/** A game record with sensible defaults; `overrides` replace fields. */
export function game(overrides: Partial<GameRecord> = {}): GameRecord {
  return {
    id: `g-${randomUUID().slice(0, 8)}`,
    version: 1,
    state: { schema: 1, variant: 'long', board: [0, 15, 0], turn: 0 },
    status: 'active',
    players: ['telegram:1', 'telegram:2'],
    updatedAt: 1_700_000_000_000,
    ...overrides,
  };
}
