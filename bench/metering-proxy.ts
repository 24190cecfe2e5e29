/**
 * A proxy in front of dynalite that meters what DynamoDB would bill for each call: read request
 * units from the items each read returns, write request units from each written item's size before
 * and after, and the index writes each write causes, from the table's own index definitions
 * (dynalite reports none of the index side). Not a rule: bench infrastructure for bench/store-cost.ts.
 *
 * How DynamoDB bills (developer guide, "Read/write capacity mode" and "Global secondary indexes:
 * provisioned throughput considerations"): a write costs one unit per KB of the larger of the item
 * before and after, a failed condition too; a strongly consistent read one unit per 4 KB of each
 * item read (a Query: of all items read together); an index entry is the item's projected
 * attributes plus 100 bytes, and a write costs in each index it touches: a put when the item enters
 * it or a projected attribute changes, a delete when it leaves, both when its index key changes.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

type Wire = Record<string, Record<string, unknown>>;

/** What was metered since the last `take`. */
export interface Metered {
  calls: Map<string, number>;
  readUnits: number;
  tableWriteUnits: number;
  indexWriteUnits: number;
  /** Bytes of the items written (the larger of before and after, as billed), indexes apart. */
  bytesWritten: number;
  /** The largest game item written (sk STATE), in bytes. */
  largestGameItem: number;
}

function empty(): Metered {
  return { calls: new Map(), readUnits: 0, tableWriteUnits: 0, indexWriteUnits: 0, bytesWritten: 0, largestGameItem: 0 };
}

/** DynamoDB's item size: attribute names and values, numbers by their digits, lists and maps with their overhead. */
export function itemSize(item: Wire | undefined): number {
  if (item === undefined) return 0;
  let size = 0;
  for (const [name, value] of Object.entries(item)) size += Buffer.byteLength(name) + valueSize(value);
  return size;
}

function valueSize(value: Record<string, unknown>): number {
  const [type, v] = Object.entries(value)[0] as [string, unknown];
  switch (type) {
    case 'S': return Buffer.byteLength(v as string);
    case 'N': return 1 + Math.ceil(String(v).replace(/^-|\.|e.*$/gi, '').replace(/^0+/, '').length / 2);
    case 'B': return Buffer.from(v as string, 'base64').length;
    case 'BOOL': case 'NULL': return 1;
    case 'L': return 3 + (v as Record<string, unknown>[]).reduce((n, x) => n + 1 + valueSize(x), 0);
    case 'M': return 3 + Object.entries(v as Wire).reduce((n, [k, x]) => n + Buffer.byteLength(k) + 1 + valueSize(x), 0);
    case 'SS': case 'NS': return (v as string[]).reduce((n, x) => n + Buffer.byteLength(x), 0);
    default: return 0;
  }
}

let largestEver = 0;

const units = (bytes: number, per: number) => Math.max(1, Math.ceil(bytes / per));

interface Index { readonly hash: string; readonly range: string }

/** Starts the proxy in front of `endpoint` for `tableName`'s indexes (read once, on the first write). */
export async function meteringProxy(endpoint: string): Promise<{ url: string; take: () => Metered; close: () => Promise<void> }> {
  const target = new URL(endpoint);
  let metered = empty();
  const indexes = new Map<string, Index[]>();

  const call = (operation: string, body: unknown, headers: Record<string, string | string[] | undefined>) => new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, failed) => {
    const payload = Buffer.from(JSON.stringify(body));
    const req = httpRequest({ host: target.hostname, port: target.port, path: '/', method: 'POST', headers: { ...headers, 'x-amz-target': `DynamoDB_20120810.${operation}`, 'content-length': payload.length } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 500, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', failed);
    req.end(payload);
  });
  const direct = async (operation: string, body: unknown, headers: Record<string, string | string[] | undefined>) => JSON.parse((await call(operation, body, headers)).body.toString('utf8')) as Record<string, unknown>;
  const read = async (table: string, key: Wire, headers: Record<string, string | string[] | undefined>) => (await direct('GetItem', { TableName: table, Key: key, ConsistentRead: true }, headers)).Item as Wire | undefined;
  const indexesOf = async (table: string, headers: Record<string, string | string[] | undefined>) => {
    if (!indexes.has(table)) {
      const described = (await direct('DescribeTable', { TableName: table }, headers)) as { Table?: { GlobalSecondaryIndexes?: { KeySchema: { AttributeName: string; KeyType: string }[] }[] } };
      indexes.set(table, (described.Table?.GlobalSecondaryIndexes ?? []).map((i) => ({ hash: i.KeySchema.find((k) => k.KeyType === 'HASH')!.AttributeName, range: i.KeySchema.find((k) => k.KeyType === 'RANGE')!.AttributeName })));
    }
    return indexes.get(table)!;
  };

  /** Meters one item's write: the table's units, and each index's (projection ALL: the whole item plus 100 bytes). */
  const meterWrite = (before: Wire | undefined, after: Wire | undefined, list: readonly Index[]) => {
    const larger = Math.max(itemSize(before), itemSize(after));
    metered.tableWriteUnits += units(larger, 1024);
    metered.bytesWritten += larger;
    if (after?.sk?.S === 'STATE') {
      const size = itemSize(after);
      // BENCH_COST_ITEMS=1: what each attribute of a game item weighs, each time one grows past the largest so far.
      if (process.env.BENCH_COST_ITEMS && size > largestEver) console.error(`game item ${size} B: ${Object.entries(after).map(([k, v]) => `${k} ${Buffer.byteLength(k) + valueSize(v)}`).join(', ')}`);
      largestEver = Math.max(largestEver, size);
      metered.largestGameItem = Math.max(metered.largestGameItem, size);
    }
    const same = (a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined) => JSON.stringify(a) === JSON.stringify(b);
    for (const index of list) {
      const was = before?.[index.hash] !== undefined && before?.[index.range] !== undefined;
      const is = after?.[index.hash] !== undefined && after?.[index.range] !== undefined;
      const entry = (item: Wire | undefined) => units(itemSize(item) + 100, 1024);
      const moved = was && is && (!same(before![index.hash], after![index.hash]) || !same(before![index.range], after![index.range]));
      if (was && (!is || moved)) metered.indexWriteUnits += entry(before);
      if (is && (!was || moved || JSON.stringify(before) !== JSON.stringify(after))) metered.indexWriteUnits += entry(after);
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void (async () => {
      const operation = String(req.headers['x-amz-target'] ?? '').split('.').at(-1) ?? '?';
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      const headers = { ...req.headers };
      delete headers['content-length'];
      metered.calls.set(operation, (metered.calls.get(operation) ?? 0) + 1);
      const table = input.TableName as string | undefined;
      // Each written item's key, read before and after the call (unmetered, straight to dynalite).
      let writes: { table: string; key: Wire }[] = [];
      if ((operation === 'PutItem' || operation === 'UpdateItem' || operation === 'DeleteItem') && table) {
        const item = (input.Item ?? input.Key) as Wire;
        writes = [{ table, key: { pk: item.pk!, sk: item.sk! } }];
      } else if (operation === 'BatchWriteItem') {
        writes = Object.entries(input.RequestItems as Record<string, { PutRequest?: { Item: Wire }; DeleteRequest?: { Key: Wire } }[]>).flatMap(([t, list]) => list.map((r) => {
          const item = r.PutRequest?.Item ?? r.DeleteRequest!.Key;
          return { table: t, key: { pk: item.pk!, sk: item.sk! } };
        }));
      }
      const before = await Promise.all(writes.map((w) => read(w.table, w.key, headers)));
      const out = await call(operation, input, headers);
      const answer = JSON.parse(out.body.toString('utf8') || '{}') as Record<string, unknown>;
      if (writes.length > 0) {
        const after = await Promise.all(writes.map((w) => read(w.table, w.key, headers)));
        for (const [i, w] of writes.entries()) meterWrite(before[i], out.status === 200 ? after[i] : before[i], out.status === 200 ? await indexesOf(w.table, headers) : []);
      }
      if (out.status === 200) {
        if (operation === 'GetItem') metered.readUnits += units(itemSize(answer.Item as Wire | undefined), 4096);
        if (operation === 'BatchGetItem') {
          const asked = Object.values(input.RequestItems as Record<string, { Keys: unknown[] }>).reduce((n, r) => n + r.Keys.length, 0);
          const found = Object.values((answer.Responses ?? {}) as Record<string, Wire[]>).flat();
          // An item asked for and not found still costs a unit.
          metered.readUnits += found.reduce((n, item) => n + units(itemSize(item), 4096), 0) + Math.max(0, asked - found.length);
        }
        if (operation === 'Query') metered.readUnits += units(((answer.Items ?? []) as Wire[]).reduce((n, item) => n + itemSize(item), 0), 4096);
      }
      res.writeHead(out.status, out.headers);
      res.end(out.body);
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    take: () => {
      const taken = metered;
      metered = empty();
      return taken;
    },
    close: () => new Promise((done) => server.close(() => done())),
  };
}
