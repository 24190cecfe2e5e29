/**
 * Our SigV4 (src/aws/signature.ts) against the AWS SDK's own signer (@smithy/signature-v4), over
 * random bodies, operations, regions, dates, endpoints and session tokens: the same request must
 * get the same Authorization header.
 */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sign, type Credentials } from '../../src/aws/signature.ts';

/** The SDK's checksum interface over node:crypto (its own is in a package we do not install). */
type Bytes = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: Bytes): string | Uint8Array => (typeof data === 'string' ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data));

class Sha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: Bytes) {
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(this.secret));
  }
  update(data: Bytes): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

async function sdkAuthorization(url: URL, headers: Record<string, string>, body: string, credentials: Credentials, region: string, service: string, now: Date): Promise<string> {
  const signer = new SignatureV4({ credentials, region, service, sha256: Sha256, applyChecksum: false });
  const signed = await signer.sign({
    method: 'POST', protocol: url.protocol, hostname: url.hostname, ...(url.port === '' ? {} : { port: Number(url.port) }),
    path: url.pathname, query: {}, headers: { ...headers, host: url.host }, body,
  }, { signingDate: now });
  return signed.headers.authorization ?? signed.headers.Authorization ?? '';
}

describe('SigV4', () => {
  it('signs a JSON POST as the SDK signs it', async () => {
    await fc.assert(fc.asyncProperty(
      fc.record({
        body: fc.string({ maxLength: 300, unit: 'grapheme' }),
        operation: fc.constantFrom('GetItem', 'UpdateItem', 'BatchGetItem', 'Query'),
        region: fc.constantFrom('eu-central-1', 'us-east-1', 'ap-southeast-2', 'local'),
        service: fc.constantFrom('dynamodb', 'ssm'),
        endpoint: fc.constantFrom('https://dynamodb.eu-central-1.amazonaws.com/', 'http://127.0.0.1:8000/', 'http://localhost:41234'),
        time: fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2035, 0, 1) }),
        token: fc.option(fc.base64String({ minLength: 20, maxLength: 200 }), { nil: undefined }),
      }),
      async ({ body, operation, region, service, endpoint, time, token }) => {
        const credentials: Credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', ...(token === undefined ? {} : { sessionToken: token }) };
        const url = new URL(endpoint);
        const headers = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${operation}` };
        const now = new Date(Math.floor(time / 1000) * 1000);
        const ours = sign({ url, headers, body }, credentials, region, service, now);
        expect(ours.authorization).toBe(await sdkAuthorization(url, headers, body, credentials, region, service, now));
        expect(ours['x-amz-security-token']).toBe(token);
        expect(ours.host).toBe(url.host);
      },
    ), { numRuns: 200 });
  });

  it('a different secret, day or body gives a different signature', () => {
    const url = new URL('https://dynamodb.eu-central-1.amazonaws.com/');
    const at = new Date(Date.UTC(2026, 11, 1, 12));
    const base = { url, headers: { 'x-amz-target': 'DynamoDB_20120810.GetItem' }, body: '{}' };
    const key: Credentials = { accessKeyId: 'A', secretAccessKey: 'S' };
    const one = sign(base, key, 'eu-central-1', 'dynamodb', at).authorization;
    expect(sign(base, { ...key, secretAccessKey: 'T' }, 'eu-central-1', 'dynamodb', at).authorization).not.toBe(one);
    expect(sign(base, key, 'eu-central-1', 'dynamodb', new Date(at.getTime() + 86_400_000)).authorization).not.toBe(one);
    expect(sign({ ...base, body: '{ }' }, key, 'eu-central-1', 'dynamodb', at).authorization).not.toBe(one);
  });
});
