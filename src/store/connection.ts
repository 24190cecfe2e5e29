/**
 * The store's DynamoDB client, built from settings (`src/config.ts` supplies them). Build once per
 * process, at module scope in `functions/`, and reuse across warm invocations.
 *
 * It speaks DynamoDB's JSON protocol through `src/aws/json-service.ts` and converts items as the
 * AWS SDK's document client did (`attribute-values.ts`), for the nine operations the store makes.
 * The SDK did the same through a middleware stack that was a third of the deployed bundle and,
 * on a cold start, about 100 ms of CPU before the first read reached DynamoDB (docs/deploy.md, "AWS credentials and the cold start").
 */
import { JsonService, type AttemptReport, type ServiceCaller } from '../aws/json-service.ts';
import { fromAttributes, toAttributes, type AttributeMap } from './attribute-values.ts';

/** Where DynamoDB is: an explicit endpoint (dynalite, DynamoDB Local) or AWS's own for `region`. */
export type DynamoDbSettings = {
  region: string;
  endpoint?: string;
  /** Set only for a local endpoint without real credentials; otherwise the environment's (src/aws/credentials.ts). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** How long one attempt of a call may take (ms; default `REQUEST_TIMEOUT_MS`, with an endpoint `LOCAL_REQUEST_TIMEOUT_MS`). */
  requestTimeoutMs?: number;
};

/**
 * One attempt's time limit. A call that hangs (a lost connection) would otherwise hold a press
 * until the function's own timeout and answer nothing; with it, the call is tried again (3
 * attempts in all, with backoff, also on throttling and 5xx) and then throws, and the webhook
 * answers 5xx so the messenger redelivers. A write whose answer was lost may have been stored: the
 * game's write carries its update id, so its retry finds out (`runCommand`).
 */
export const REQUEST_TIMEOUT_MS = 3000;

/**
 * The limit for an explicit endpoint (dynalite, DynamoDB Local): an embedded dynalite shares the
 * process's CPU, so under a burst its answers queue up behind each other; timing them out would
 * only add retries to that queue.
 */
export const LOCAL_REQUEST_TIMEOUT_MS = 30_000;

/** An item as the store writes and reads it: attribute name → JavaScript value (numbers read back as `NumberValue`). */
export type Item = Record<string, unknown>;

type Expressions = {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
};

export type GetInput = { TableName: string; Key: Item; ConsistentRead?: boolean };
export type PutInput = { TableName: string; Item: Item } & Expressions;
export type UpdateInput = { TableName: string; Key: Item; UpdateExpression: string; ReturnValues?: 'UPDATED_OLD' | 'ALL_OLD' } & Expressions;
export type QueryInput = {
  TableName: string;
  IndexName?: string;
  KeyConditionExpression: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
  ScanIndexForward?: boolean;
  Limit?: number;
  Select?: 'COUNT';
  ExclusiveStartKey?: Item;
  ConsistentRead?: boolean;
};
export type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

/** DynamoDB's operations as the store uses them, items in JavaScript values. */
export class DynamoDb {
  constructor(readonly service: ServiceCaller) {}

  async get(input: GetInput): Promise<{ Item?: Item }> {
    const out = await this.service.call('GetItem', { ...input, Key: toAttributes(input.Key) });
    return out.Item === undefined ? {} : { Item: fromAttributes(out.Item as AttributeMap) };
  }

  async put(input: PutInput): Promise<void> {
    await this.service.call('PutItem', withValues({ ...input, Item: toAttributes(input.Item) }));
  }

  /** Updates an item; with `ReturnValues`, answers the attributes as they were (only those the update touched, for `UPDATED_OLD`). */
  async update(input: UpdateInput): Promise<{ Attributes?: Item }> {
    const out = await this.service.call('UpdateItem', withValues({ ...input, Key: toAttributes(input.Key) }));
    return out.Attributes === undefined ? {} : { Attributes: fromAttributes(out.Attributes as AttributeMap) };
  }

  async query(input: QueryInput): Promise<{ Items: Item[]; Count: number; LastEvaluatedKey?: Item }> {
    const out = await this.service.call('Query', withValues({ ...input, ...(input.ExclusiveStartKey === undefined ? {} : { ExclusiveStartKey: toAttributes(input.ExclusiveStartKey) }) }));
    return {
      Items: ((out.Items ?? []) as AttributeMap[]).map(fromAttributes),
      Count: Number(out.Count ?? 0),
      ...(out.LastEvaluatedKey === undefined ? {} : { LastEvaluatedKey: fromAttributes(out.LastEvaluatedKey as AttributeMap) }),
    };
  }

  /** One page of a table scan (`Limit`: items looked at), from `ExclusiveStartKey`. */
  async scan(input: { TableName: string; FilterExpression?: string; ExpressionAttributeValues?: Item; Limit?: number; ExclusiveStartKey?: Item }): Promise<{ Items: Item[]; LastEvaluatedKey?: Item }> {
    const out = await this.service.call('Scan', withValues({ ...input, ...(input.ExclusiveStartKey === undefined ? {} : { ExclusiveStartKey: toAttributes(input.ExclusiveStartKey) }) }));
    return {
      Items: ((out.Items ?? []) as AttributeMap[]).map(fromAttributes),
      ...(out.LastEvaluatedKey === undefined ? {} : { LastEvaluatedKey: fromAttributes(out.LastEvaluatedKey as AttributeMap) }),
    };
  }

  /**
   * A strongly consistent read of one table's `keys` (at most 100), in batches, retrying with
   * backoff what DynamoDB leaves unprocessed (it does when a partition is busy).
   */
  async batchGet(tableName: string, keys: readonly Item[]): Promise<Item[]> {
    const items: Item[] = [];
    await untilProcessed('BatchGetItem', keys, async (pending) => {
      const out = await this.service.call('BatchGetItem', { RequestItems: { [tableName]: { Keys: pending.map(toAttributes), ConsistentRead: true } } });
      items.push(...(((out.Responses ?? {}) as Record<string, AttributeMap[]>)[tableName] ?? []).map(fromAttributes));
      return (((out.UnprocessedKeys ?? {}) as Record<string, { Keys?: AttributeMap[] }>)[tableName]?.Keys ?? []).map(fromAttributes);
    });
    return items;
  }

  /** Writes to one table in batches of 25, retrying with backoff what DynamoDB leaves unprocessed. */
  async batchWrite(tableName: string, requests: readonly WriteRequest[]): Promise<void> {
    for (let i = 0; i < requests.length; i += 25) {
      await untilProcessed('BatchWriteItem', requests.slice(i, i + 25), async (pending) => {
        const out = await this.service.call('BatchWriteItem', { RequestItems: { [tableName]: pending.map(wireRequest) } });
        return (((out.UnprocessedItems ?? {}) as Record<string, WireRequest[]>)[tableName] ?? []).map(appRequest);
      });
    }
  }

  /** A table-level call (CreateTable, DescribeTable), in DynamoDB's own shapes. */
  table(operation: 'CreateTable' | 'DescribeTable', input: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.service.call(operation, input);
  }

  /** Closes the kept-alive connections. */
  destroy(): void {
    this.service.destroy();
  }
}

type WireRequest = { PutRequest: { Item: AttributeMap } } | { DeleteRequest: { Key: AttributeMap } };

function wireRequest(r: WriteRequest): WireRequest {
  return 'PutRequest' in r ? { PutRequest: { Item: toAttributes(r.PutRequest.Item) } } : { DeleteRequest: { Key: toAttributes(r.DeleteRequest.Key) } };
}

function appRequest(r: WireRequest): WriteRequest {
  return 'PutRequest' in r ? { PutRequest: { Item: fromAttributes(r.PutRequest.Item) } } : { DeleteRequest: { Key: fromAttributes(r.DeleteRequest.Key) } };
}

/** Runs `batch` on what is still pending until nothing is, at most 9 times, waiting 50 ms, 100 ms, … (at most 1 s) in between. */
async function untilProcessed<T>(operation: string, all: readonly T[], batch: (pending: readonly T[]) => Promise<readonly T[]>): Promise<void> {
  let pending = all;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 8) throw new Error(`${operation} left ${pending.length} unprocessed after ${attempt} attempts`);
    if (attempt > 0) await new Promise((done) => setTimeout(done, Math.min(1000, 25 * 2 ** attempt)));
    pending = await batch(pending);
  }
}

function withValues<T extends Expressions>(input: T): Omit<T, 'ExpressionAttributeValues'> & { ExpressionAttributeValues?: AttributeMap } {
  const { ExpressionAttributeValues: values, ...rest } = input;
  return values === undefined ? rest : { ...rest, ExpressionAttributeValues: toAttributes(values) };
}

export type { AttemptReport } from '../aws/json-service.ts';

/**
 * Connects to DynamoDB (nothing is sent until the first call). `onAttempt` is told of every
 * attempt of every call, retries included: the process counts calls, their time and the
 * throttled ones per update there (src/platforms/shared/observe.ts, docs/operate.md).
 */
export function connectDynamoDb(settings: DynamoDbSettings, onAttempt?: (attempt: AttemptReport) => void): DynamoDb {
  return new DynamoDb(new JsonService({
    service: 'dynamodb',
    targetPrefix: 'DynamoDB_20120810',
    contentType: 'application/x-amz-json-1.0',
    region: settings.region,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    ...(settings.credentials === undefined ? {} : { credentials: settings.credentials }),
    requestTimeoutMs: settings.requestTimeoutMs ?? (settings.endpoint === undefined ? REQUEST_TIMEOUT_MS : LOCAL_REQUEST_TIMEOUT_MS),
    connectionTimeoutMs: 1000,
    ...(onAttempt === undefined ? {} : { onAttempt }),
  }));
}
