/**
 * A loopback HTTP proxy in front of DynamoDB that can cut one game's writes: while a game is cut,
 * every write naming its item (`GAME#<id>`) is answered 500 InternalServerError, so the AWS SDK
 * retries, gives up and the press fails where a process dying before its write would leave it.
 * Reads and other items (the update-id claims) pass untouched. Not a rule: bench infrastructure.
 */
import { createServer, request } from 'node:http';

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

export interface FaultyProxy {
  readonly url: string;
  /** Writes naming the game fail from now on. */
  cut(gameId: string): void;
  heal(gameId: string): void;
  /** Writes answered 500 so far. */
  readonly refused: number;
  close(): Promise<void>;
}

export async function faultyProxy(endpoint: string): Promise<FaultyProxy> {
  const target = new URL(endpoint);
  const cut = new Set<string>();
  let refused = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const op = String(req.headers['x-amz-target'] ?? '').split('.').at(-1) ?? '';
      if (WRITES.has(op) && cut.size > 0) {
        const text = body.toString('utf8');
        if ([...cut].some((id) => text.includes(`"GAME#${id}"`))) {
          refused++;
          res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
          return void res.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'cut by bench/load.ts' }));
        }
      }
      const upstream = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 500, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    cut: (id) => void cut.add(id),
    heal: (id) => void cut.delete(id),
    get refused() { return refused; },
    close: () => new Promise((done) => { server.close(() => done()); server.closeAllConnections(); }),
  };
}
