/**
 * A stand-in of AWS Systems Manager's Parameter Store over real HTTP, speaking what the SDK's
 * `GetParameters` sends (the JSON 1.1 protocol: `POST /`, `X-Amz-Target: AmazonSSM.GetParameters`),
 * for the functions' cold start with their secrets in parameters. It records every call (target,
 * names, whether decryption was asked, whether the request was signed) so tests can check that a
 * function asks for its own parameters only, once.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SsmCall {
  readonly target: string;
  readonly names: readonly string[];
  readonly withDecryption: boolean;
  /** The request carried a SigV4 Authorization header. */
  readonly signed: boolean;
}

export interface SsmApi {
  readonly endpoint: string;
  readonly calls: SsmCall[];
  /** Refuses the next this many calls as a role whose policy has not reached SSM yet would be (400 AccessDeniedException). */
  refuseNext: number;
  close(): Promise<void>;
}

/** Serves `parameters` (name → SecureString value). */
export async function startSsmApi(parameters: Readonly<Record<string, string>>): Promise<SsmApi> {
  const calls: SsmCall[] = [];
  const refusals = { next: 0 };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { Names?: string[]; WithDecryption?: boolean };
    const target = String(request.headers['x-amz-target'] ?? '');
    const names = body.Names ?? [];
    calls.push({ target, names, withDecryption: body.WithDecryption === true, signed: /^AWS4-HMAC-SHA256 Credential=/.test(String(request.headers.authorization ?? '')) });
    const reply = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
      response.end(JSON.stringify(value));
    };
    if (target !== 'AmazonSSM.GetParameters') return reply(400, { __type: 'UnknownOperationException', message: `not served here: ${target}` });
    if (refusals.next > 0) {
      refusals.next -= 1;
      return reply(400, { __type: 'AccessDeniedException', message: 'not authorized to perform: ssm:GetParameters' });
    }
    const known = names.filter((name) => parameters[name] !== undefined);
    reply(200, {
      Parameters: known.map((name) => ({
        Name: name, Type: 'SecureString', Value: body.WithDecryption === true ? parameters[name] : 'AQICAHencrypted', Version: 1,
        ARN: `arn:aws:ssm:eu-central-1:123456789012:parameter${name}`,
      })),
      InvalidParameters: names.filter((name) => parameters[name] === undefined),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    get refuseNext() {
      return refusals.next;
    },
    set refuseNext(n: number) {
      refusals.next = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
