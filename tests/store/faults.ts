/**
 * DynamoDB failure injection around the real client: an HTTP proxy in front of the run's dynalite
 * that forwards every call unless told to fail the next calls of an operation — answered with the
 * error DynamoDB would send (throttling, a 500), never answered (a hang: the client's own timeout
 * ends it), or carried out and then cut off before its answer (the write is stored, the caller
 * cannot know). The store, its client and the client's retries are the real ones; only the wire misbehaves.
 */
import { randomUUID } from 'node:crypto';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { inject } from 'vitest';
import { readConfig } from '../../src/config.ts';
import { DynamoGameStore, connectDynamoDb, createTable } from '../../src/store/index.ts';
import type { TestTable } from './fixture.ts';
import { sdkClients } from './sdk.ts';

/** How a call fails: DynamoDB's own error answers, no answer at all, or the answer lost after the work was done. */
export type Fault = 'throughput' | 'throttling' | 'server-error' | 'hang' | 'answer-lost';

/** The error bodies DynamoDB sends (JSON 1.0 protocol), by fault. */
const ANSWERS: Partial<Record<Fault, { status: number; type: string }>> = {
  throughput: { status: 400, type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException' },
  throttling: { status: 400, type: 'com.amazon.coral.availability#ThrottlingException' },
  'server-error': { status: 500, type: 'com.amazonaws.dynamodb.v20120810#InternalServerError' },
};

export interface FaultyTable extends TestTable {
  /** Makes the next `times` calls of `operation` (`UpdateItem`, `BatchGetItem`, … or `*`) fail with `fault`. */
  fail(operation: string, fault: Fault, times: number): void;
  /** Calls seen by operation, faulty ones included. */
  readonly calls: Map<string, number>;
  close(): Promise<void>;
}

/** A fresh table on the run's dynalite, reached through a fault-injecting proxy (one attempt times out after `requestTimeoutMs`). */
export async function faultyTable(requestTimeoutMs = 400): Promise<FaultyTable> {
  const target = new URL(inject('dynamoEndpoint'));
  const plan: { operation: string; fault: Fault; left: number }[] = [];
  const calls = new Map<string, number>();
  const held = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const operation = String(req.headers['x-amz-target'] ?? '').split('.').at(-1) ?? '?';
    calls.set(operation, (calls.get(operation) ?? 0) + 1);
    const due = plan.find((p) => p.left > 0 && (p.operation === operation || p.operation === '*'));
    if (due) due.left--;
    const answer = due && ANSWERS[due.fault];
    if (answer) {
      req.resume();
      res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.0' });
      return void res.end(JSON.stringify({ __type: answer.type, message: `injected ${due!.fault}` }));
    }
    if (due?.fault === 'hang') {
      req.resume();
      held.add(res);
      return;
    }
    const upstream = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
      if (due?.fault === 'answer-lost') {
        up.resume();
        up.on('end', () => res.socket?.destroy());
        return;
      }
      res.writeHead(up.statusCode ?? 500, up.headers);
      up.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const config = readConfig({
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    TABLE_NAME: `nardy-faults-${randomUUID().slice(0, 8)}`,
  });
  const db = connectDynamoDb({ ...config.dynamodb, requestTimeoutMs });
  await createTable(db, config.tableName, { pollMs: 20 });
  return {
    db,
    ...sdkClients(config.dynamodb),
    store: new DynamoGameStore(db, config.tableName),
    tableName: config.tableName,
    calls,
    fail: (operation, fault, times) => void plan.push({ operation, fault, left: times }),
    close: async () => {
      for (const res of held) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
