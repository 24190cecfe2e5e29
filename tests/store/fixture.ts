/**
 * A fresh games table on the run's dynalite (tests/setup/dynalite.ts) for one test file, wired the
 * way the process wires it: environment → `readConfig` → `connectDynamoDb` → `createTable`. Tests
 * that look at or tamper with raw items do it through the AWS SDK's clients (`client`,
 * `documents`): another implementation of the protocol than the store's own.
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { readConfig } from '../../src/config.ts';
import { DynamoGameStore, connectDynamoDb, createTable } from '../../src/store/index.ts';
import type { DynamoDb, GameRecord } from '../../src/store/index.ts';
import { sdkClients } from './sdk.ts';

export type TestTable = { db: DynamoDb; client: DynamoDBClient; documents: DynamoDBDocumentClient; store: DynamoGameStore; tableName: string };

export async function freshTable(): Promise<TestTable> {
  const config = readConfig({
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    TABLE_NAME: `nardy-test-${randomUUID().slice(0, 8)}`,
  });
  const db = connectDynamoDb(config.dynamodb);
  await createTable(db, config.tableName, { pollMs: 20 });
  return { db, ...sdkClients(config.dynamodb), store: new DynamoGameStore(db, config.tableName), tableName: config.tableName };
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
