/**
 * The AWS SDK's DynamoDB clients, for tests and benches that look at or tamper with raw items: an
 * implementation of the protocol other than the store's own (src/store/connection.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DynamoDbSettings } from '../../src/store/index.ts';

/** The SDK's clients on the DynamoDB `settings` name. */
export function sdkClients(settings: DynamoDbSettings): { client: DynamoDBClient; documents: DynamoDBDocumentClient } {
  const client = new DynamoDBClient({
    region: settings.region,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    ...(settings.credentials === undefined ? {} : { credentials: settings.credentials }),
  });
  return { client, documents: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true }, unmarshallOptions: { wrapNumbers: true } }) };
}

