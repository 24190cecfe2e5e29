/**
 * The AWS JSON client (src/aws/json-service.ts) against a local server that answers as DynamoDB
 * does: what is retried (throttling, 5xx, no answer, a dropped connection) and what is not (a
 * client error), what a caller gets thrown, and where the credentials come from.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialSource } from '../../src/aws/credentials.ts';
import { AwsError, JsonService } from '../../src/aws/json-service.ts';

type Answer = (request: IncomingMessage, response: ServerResponse, body: string) => void;
const answers: Answer[] = [];
const seen: { target: string; authorization: string; body: string }[] = [];
const server = createServer(async (request, response) => {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  seen.push({ target: String(request.headers['x-amz-target']), authorization: String(request.headers.authorization), body });
  (answers.shift() ?? ((_q, r) => r.end('{}')))(request, response, body);
});
const error = (status: number, type: string): Answer => (_q, r) => {
  r.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
  r.end(JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message: `a ${type}` }));
};
let service: JsonService;

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  service = new JsonService({
    service: 'dynamodb', targetPrefix: 'DynamoDB_20120810', contentType: 'application/x-amz-json-1.0', region: 'local',
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' },
    requestTimeoutMs: 150, connectionTimeoutMs: 500,
  });
});
afterAll(async () => {
  service.destroy();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

function call(): Promise<Record<string, unknown>> {
  seen.length = 0;
  return service.call('GetItem', { TableName: 't' });
}

describe('an AWS JSON call', () => {
  it('is signed and sent to the operation; the answer is parsed', async () => {
    answers.push((_q, r) => r.end('{"Item":{"pk":{"S":"a"}}}'));
    expect(await call()).toEqual({ Item: { pk: { S: 'a' } } });
    expect(seen).toEqual([{ target: 'DynamoDB_20120810.GetItem', authorization: expect.stringMatching(/^AWS4-HMAC-SHA256 Credential=AK\/\d{8}\/local\/dynamodb\/aws4_request, /), body: '{"TableName":"t"}' }]);
  });

  it('is tried again when throttled, on a 500, with no answer, or when the connection drops', async () => {
    answers.push(error(400, 'ProvisionedThroughputExceededException'), error(500, 'InternalServerError'));
    expect(await call()).toEqual({});
    expect(seen).toHaveLength(3);
    answers.push(() => undefined, (q) => q.socket.destroy());
    expect(await call()).toEqual({});
    expect(seen).toHaveLength(3);
  });

  it('gives up after three attempts with the last error, which says the world failed ($metadata)', async () => {
    answers.push(error(400, 'ThrottlingException'), error(400, 'ThrottlingException'), error(400, 'ThrottlingException'));
    const thrown = await call().catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AwsError);
    expect(thrown).toMatchObject({ name: 'ThrottlingException', message: 'a ThrottlingException', $metadata: { httpStatusCode: 400, attempts: 3 } });
    expect(seen).toHaveLength(3);
    answers.push(() => undefined, () => undefined, () => undefined);
    await expect(call()).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(seen).toHaveLength(3);
  });

  it('is not tried again on a client error: a failed condition is thrown at once, by its name', async () => {
    answers.push(error(400, 'ConditionalCheckFailedException'));
    await expect(call()).rejects.toMatchObject({ name: 'ConditionalCheckFailedException', $metadata: { attempts: 1 } });
    expect(seen).toHaveLength(1);
  });
});

describe('credentials', () => {
  it('are the given ones, else the environment’s (as Lambda sets them), session token included', async () => {
    expect(await credentialSource({ accessKeyId: 'g', secretAccessKey: 's' }, { AWS_ACCESS_KEY_ID: 'e', AWS_SECRET_ACCESS_KEY: 'x' })()).toEqual({ accessKeyId: 'g', secretAccessKey: 's' });
    expect(await credentialSource(undefined, { AWS_ACCESS_KEY_ID: 'e', AWS_SECRET_ACCESS_KEY: 'x', AWS_SESSION_TOKEN: 't' })())
      .toEqual({ accessKeyId: 'e', secretAccessKey: 'x', sessionToken: 't' });
  });

  it('else come from the SDK’s default chain, loaded then: here a profile of a shared credentials file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aws-'));
    writeFileSync(join(dir, 'credentials'), '[bench]\naws_access_key_id = PK\naws_secret_access_key = PS\n');
    const saved = { ...process.env };
    try {
      for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']) delete process.env[name];
      Object.assign(process.env, { AWS_SHARED_CREDENTIALS_FILE: join(dir, 'credentials'), AWS_CONFIG_FILE: join(dir, 'config'), AWS_PROFILE: 'bench', AWS_EC2_METADATA_DISABLED: 'true' });
      expect(await credentialSource(undefined, {})()).toMatchObject({ accessKeyId: 'PK', secretAccessKey: 'PS' });
    } finally {
      process.env = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
