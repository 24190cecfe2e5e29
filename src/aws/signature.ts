/**
 * AWS Signature Version 4 for the one kind of request this product makes: a JSON `POST` to a
 * service's root (DynamoDB, Systems Manager). Written out rather than taken from the AWS SDK, whose
 * signer comes with the SDK's whole middleware stack: that stack was a third of the deployed bundle
 * and most of a cold start's first DynamoDB call (docs/deploy.md, "AWS credentials and the cold start"). The steps are AWS's
 * ("Create a signed AWS API request"); tests/aws/signature.test.ts signs the same requests with the
 * SDK's own signer and compares.
 */
import { createHash, createHmac } from 'node:crypto';

/** An access key, and the session token that comes with temporary ones (a Lambda role's). */
export interface Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

/** What is signed: the endpoint's URL, the headers sent (lower-case names) and the body. */
export interface SignedRequest {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The signing keys of the day, by secret, region and service: a key is four HMACs, and it changes once a day. */
const keys = new Map<string, Buffer>();

/** Returns the headers to send: `headers`, the host, the date, the session token and the signature. */
export function sign(request: SignedRequest, credentials: Credentials, region: string, service: string, now: Date): Record<string, string> {
  const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...request.headers,
    host: request.url.host,
    'x-amz-date': amzDate,
    ...(credentials.sessionToken === undefined ? {} : { 'x-amz-security-token': credentials.sessionToken }),
  };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonical = [
    'POST',
    request.url.pathname || '/',
    request.url.search.slice(1),
    ...names.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    sha256Hex(request.body),
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, region, service)).update(toSign, 'utf8').digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  const name = `${day}/${region}/${service}/${secret}`;
  let key = keys.get(name);
  if (key === undefined) {
    const hmac = (k: string | Buffer, data: string) => createHmac('sha256', k).update(data, 'utf8').digest();
    key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
    // A sandbox lives hours, not days: a few keys at most; a new day's key replaces the old ones.
    if (keys.size > 8) keys.clear();
    keys.set(name, key);
  }
  return key;
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
