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
};

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
  });
  const documents = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
    unmarshallOptions: { wrapNumbers: true },
  });
  return { client, documents };
}
