/**
 * A proxy in front of dynalite that counts every DynamoDB call on the wire, by operation, and the
 * items each Query read (`ScannedCount`): what the benches print. Not a rule: bench infrastructure.
 */
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/** DynamoDB calls by operation, and the items the Queries read, since the last `reset`. */
export const counted = { calls: new Map<string, number>(), queried: 0 };

export function reset(): void {
  counted.calls.clear();
  counted.queried = 0;
}

/** The calls counted, as `Query 2, PutItem 1`. */
export const callsText = (): string => [...counted.calls].map(([op, n]) => `${op} ${n}`).join(', ');

/** Starts the proxy in front of `endpoint`; its `url` is what the client connects to. */
export async function countingProxy(endpoint: string): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(endpoint);
  const server = createHttpServer((req, res) => {
    const op = String(req.headers['x-amz-target'] ?? '').split('.').at(-1) ?? '?';
    counted.calls.set(op, (counted.calls.get(op) ?? 0) + 1);
    const upstream = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        const body = Buffer.concat(chunks);
        if (op === 'Query') counted.queried += (JSON.parse(body.toString('utf8')) as { ScannedCount?: number }).ScannedCount ?? 0;
        res.writeHead(up.statusCode ?? 500, up.headers);
        res.end(body);
      });
    });
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((done) => server.close(() => done())) };
}
