/**
 * A call to an AWS service that speaks JSON over HTTP (DynamoDB's JSON 1.0, Systems Manager's
 * 1.1): `POST /` with the operation in `X-Amz-Target`, signed (signature.ts), over kept-alive
 * connections. It does what the SDK did for us: a time limit on each attempt, three attempts with
 * the SDK's jittered backoff on throttling, 5xx answers, timeouts and dropped connections, and an
 * error named after the service's exception. It does no more: the two services' wire formats are a
 * dozen fields, and the SDK's stack around them cost a cold start about 100 ms (docs/deploy.md, "AWS credentials and the cold start").
 */
// Looked up on the modules at each call (not imported by name), so a bench can wrap `http.request` to trace calls.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { credentialSource, type CredentialSource } from './credentials.ts';
import { sign, type Credentials } from './signature.ts';

export interface JsonServiceSettings {
  /** The service's signing name (`dynamodb`, `ssm`) and the prefix of its operations (`DynamoDB_20120810`, `AmazonSSM`). */
  readonly service: string;
  readonly targetPrefix: string;
  /** `application/x-amz-json-1.0` or `-1.1`. */
  readonly contentType: string;
  readonly region: string;
  /** Another endpoint than AWS's own for the region (dynalite, a stand-in). */
  readonly endpoint?: string;
  readonly credentials?: Credentials;
  /** One attempt's time limit, and the time to connect, in ms. */
  readonly requestTimeoutMs: number;
  readonly connectionTimeoutMs: number;
  /** Attempts in all (default 3, as the SDK). */
  readonly maxAttempts?: number;
  /** Told of every attempt, once it is over (the operator's counts: calls, time, throttles; docs/operate.md). */
  readonly onAttempt?: (attempt: AttemptReport) => void;
}

/** One attempt of a call, as `onAttempt` is told of it. */
export interface AttemptReport {
  readonly operation: string;
  readonly ms: number;
  /** The service said "slow down" (`isThrottling`). */
  readonly throttled: boolean;
  /** The error's name when the attempt failed. */
  readonly error?: string;
}

/**
 * A service's error answer, or the last attempt's. Like the SDK's errors it carries `$metadata`,
 * which the messengers' error boundary reads as "the world failed: try again" (boundary.ts).
 */
export class AwsError extends Error {
  constructor(
    name: string,
    message: string,
    readonly $metadata: { readonly httpStatusCode: number; readonly attempts: number },
  ) {
    super(message);
    this.name = name;
  }
}

/** The exceptions that mean "slow down" (the SDK's list, for the services used here). */
const THROTTLING = new Set([
  'ThrottlingException', 'ProvisionedThroughputExceededException', 'RequestLimitExceeded', 'RequestThrottled',
  'RequestThrottledException', 'TooManyRequestsException', 'ThrottledException', 'LimitExceededException', 'TransactionInProgressException',
]);
/** Whether an error is the service's "slow down" (DynamoDB's ProvisionedThroughputExceeded, ThrottlingException, …). */
export function isThrottling(error: unknown): boolean {
  return error instanceof AwsError && THROTTLING.has(error.name);
}
const TRANSIENT_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EAI_AGAIN']);
/** The SDK's backoff: a random delay up to base × 2^attempt, 100 ms base (500 when throttled), at most 20 s. */
const RETRY_BASE_MS = 100;
const THROTTLED_RETRY_BASE_MS = 500;
const MAX_RETRY_DELAY_MS = 20_000;

/** What calls a service: a `JsonService`, or something wrapped around one (a bench counting calls). */
export interface ServiceCaller {
  call(operation: string, input: unknown): Promise<Record<string, unknown>>;
  destroy(): void;
}

export class JsonService implements ServiceCaller {
  private readonly url: URL;
  private readonly agent: http.Agent;
  private readonly transport: typeof http | typeof https;
  private readonly credentials: CredentialSource;

  constructor(private readonly settings: JsonServiceSettings) {
    this.url = new URL(settings.endpoint ?? `https://${settings.service}.${settings.region}.amazonaws.com/`);
    const secure = this.url.protocol === 'https:';
    this.agent = secure ? new https.Agent({ keepAlive: true, maxSockets: 50 }) : new http.Agent({ keepAlive: true, maxSockets: 50 });
    this.transport = secure ? https : http;
    this.credentials = credentialSource(settings.credentials);
  }

  /** Calls `operation` with `input`; resolves with the service's answer, or throws an `AwsError` (or the network's error). */
  async call(operation: string, input: unknown): Promise<Record<string, unknown>> {
    const body = JSON.stringify(input);
    const attempts = this.settings.maxAttempts ?? 3;
    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      try {
        const answer = await this.attempt(operation, body, attempt);
        this.settings.onAttempt?.({ operation, ms: Date.now() - started, throttled: false });
        return answer;
      } catch (error) {
        this.settings.onAttempt?.({ operation, ms: Date.now() - started, throttled: isThrottling(error), error: (error as { name?: string }).name ?? 'Error' });
        const retry = retryDelay(error, attempt);
        if (retry === undefined || attempt >= attempts) throw error;
        await new Promise((done) => setTimeout(done, retry));
      }
    }
  }

  /** Closes the kept-alive connections. */
  destroy(): void {
    this.agent.destroy();
  }

  private async attempt(operation: string, body: string, attempt: number): Promise<Record<string, unknown>> {
    const credentials = await this.credentials();
    const headers = sign(
      { url: this.url, headers: { 'content-type': this.settings.contentType, 'x-amz-target': `${this.settings.targetPrefix}.${operation}` }, body },
      credentials, this.settings.region, this.settings.service, new Date(),
    );
    headers['content-length'] = String(Buffer.byteLength(body));
    const { status, text } = await this.exchange(headers, body);
    let answer: Record<string, unknown>;
    try {
      answer = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
    } catch {
      throw new AwsError(status >= 500 ? 'InternalServerError' : 'UnreadableAnswer', `${operation}: an answer that is not JSON (HTTP ${status})`, { httpStatusCode: status, attempts: attempt });
    }
    if (status >= 200 && status < 300) return answer;
    const type = String(answer.__type ?? (status >= 500 ? 'InternalServerError' : 'UnknownError'));
    const message = String(answer.message ?? answer.Message ?? `HTTP ${status}`);
    throw new AwsError(type.slice(type.lastIndexOf('#') + 1), message, { httpStatusCode: status, attempts: attempt });
  }

  private exchange(headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
    const { requestTimeoutMs, connectionTimeoutMs } = this.settings;
    return new Promise((resolve, reject) => {
      const request = this.transport.request(this.url, { method: 'POST', headers, agent: this.agent });
      const timer = setTimeout(() => request.destroy(timeoutError(`no answer within ${requestTimeoutMs} ms`)), requestTimeoutMs);
      request.on('socket', (socket) => {
        if (socket.connecting) {
          const connecting = setTimeout(() => request.destroy(timeoutError(`not connected within ${connectionTimeoutMs} ms`)), connectionTimeoutMs);
          socket.once('connect', () => clearTimeout(connecting));
          socket.once('close', () => clearTimeout(connecting));
        }
      });
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.on('response', (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      request.end(body);
    });
  }
}

function timeoutError(message: string): Error {
  const error = new Error(message);
  error.name = 'TimeoutError';
  return error;
}

/** How long to wait before trying again after `error`, or undefined when it is not worth another attempt. */
function retryDelay(error: unknown, attempt: number): number | undefined {
  const base = (ms: number) => Math.floor(Math.min(MAX_RETRY_DELAY_MS, Math.random() * 2 ** attempt * ms));
  if (error instanceof AwsError) {
    if (THROTTLING.has(error.name)) return base(THROTTLED_RETRY_BASE_MS);
    return error.$metadata.httpStatusCode >= 500 ? base(RETRY_BASE_MS) : undefined;
  }
  const e = error as { name?: unknown; code?: unknown };
  if (e.name === 'TimeoutError' || (typeof e.code === 'string' && TRANSIENT_CODES.has(e.code))) return base(RETRY_BASE_MS);
  return undefined;
}
