/**
 * DynamoDB clients built from settings (`src/config.ts` supplies them). Build once per process, at
 * module scope in `functions/`, and reuse across warm invocations.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Where DynamoDB is: an explicit endpoint (dynalite, DynamoDB Local) or AWS's own for `region`. */
export type DynamoDbSettings = {
  region: string;
  endpoint?: string;
  /** Set only for a local endpoint without real credentials; otherwise the AWS default chain is used. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** How long one attempt of a call may take (ms; default `REQUEST_TIMEOUT_MS`, with an endpoint `LOCAL_REQUEST_TIMEOUT_MS`). */
  requestTimeoutMs?: number;
};

/**
 * One attempt's time limit. The SDK sets none, so a call that hangs (a lost connection) would hold
 * a press until the function's own timeout and answer nothing; with it, the SDK retries (3 attempts
 * in all, with backoff, also on throttling and 5xx) and then throws, and the webhook answers 5xx so
 * the messenger redelivers. A write whose answer was lost may have been stored: the game's write
 * carries its update id, so its retry finds out (`runCommand`).
 */
export const REQUEST_TIMEOUT_MS = 3000;

/**
 * The limit for an explicit endpoint (dynalite, DynamoDB Local): an embedded dynalite shares the
 * process's CPU, so under a burst its answers queue up behind each other; timing them out would
 * only add retries to that queue.
 */
export const LOCAL_REQUEST_TIMEOUT_MS = 30_000;

/** The low-level client (tables, raw items) and the document client the store uses. */
export type DynamoDbClients = { client: DynamoDBClient; documents: DynamoDBDocumentClient };

/**
 * Connects to DynamoDB. The document client drops `undefined` attributes and hands numbers over
 * wrapped (`NumberValue`), so a stored number outside JavaScript's safe range reaches the codec as a
 * `corrupt-item` instead of making the SDK throw.
 */
export function connectDynamoDb(settings: DynamoDbSettings): DynamoDbClients {
  const client = new DynamoDBClient({
    region: settings.region,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    ...(settings.credentials === undefined ? {} : { credentials: settings.credentials }),
    maxAttempts: 3,
    // Without `throwOnRequestTimeout` the handler only logs a warning when the time is up, and waits on.
    requestHandler: { requestTimeout: settings.requestTimeoutMs ?? (settings.endpoint === undefined ? REQUEST_TIMEOUT_MS : LOCAL_REQUEST_TIMEOUT_MS), connectionTimeout: 1000, throwOnRequestTimeout: true },
  });
  const documents = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
    unmarshallOptions: { wrapNumbers: true },
  });
  return { client, documents };
}
