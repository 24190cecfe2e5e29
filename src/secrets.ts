/**
 * Reads the secrets a deployed function names (`config.parameters`, src/config.ts) from AWS Systems
 * Manager Parameter Store: SecureString parameters, decrypted, all in one `GetParameters` call at
 * cold start; the function keeps the values for the life of its sandbox.
 *
 * Why Parameter Store: it is called as DynamoDB is (src/aws/json-service.ts: the same credentials,
 * region, retries; the endpoint can point at a stand-in), standard parameters cost nothing, and
 * SecureString with the account's `aws/ssm` key needs no key policy. Secrets Manager would cost
 * $0.40 a secret a month for rotation the bot cannot use (a bot token is rotated by hand in
 * BotFather); the Parameters and Secrets Lambda extension would add a layer whose ARN differs per
 * region and a local HTTP hop, for a call made once per sandbox.
 */
import { JsonService } from './aws/json-service.ts';
import type { SecretParameters } from './config.ts';

/** Reads the named SecureString parameters: name → decrypted value; names SSM does not know are left out. */
export async function readParameters(names: readonly string[], ssm: SecretParameters['ssm']): Promise<Readonly<Record<string, string>>> {
  const service = new JsonService({
    service: 'ssm',
    targetPrefix: 'AmazonSSM',
    contentType: 'application/x-amz-json-1.1',
    region: ssm.region,
    ...(ssm.endpoint === undefined ? {} : { endpoint: ssm.endpoint }),
    ...(ssm.credentials === undefined ? {} : { credentials: ssm.credentials }),
    // A cold start waits for this call: fail in seconds, not at the function's timeout.
    connectionTimeoutMs: 2_000,
    requestTimeoutMs: 5_000,
  });
  try {
    const values: Record<string, string> = {};
    // GetParameters takes at most 10 names; a function names at most three.
    const answer = await service.call('GetParameters', { Names: [...names], WithDecryption: true });
    for (const p of (answer.Parameters ?? []) as { Name?: string; Value?: string }[]) if (p.Name !== undefined && p.Value !== undefined) values[p.Name] = p.Value;
    return values;
  } finally {
    service.destroy();
  }
}
