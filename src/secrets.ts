/**
 * Reads the secrets a deployed function names (`config.parameters`, src/config.ts) from AWS Systems
 * Manager Parameter Store: SecureString parameters, decrypted, all in one `GetParameters` call at
 * cold start; the function keeps the values for the life of its sandbox.
 *
 * Why Parameter Store through the SDK: the SDK already talks to DynamoDB here (same credentials,
 * region, retries; the endpoint can point at a stand-in), standard parameters cost nothing, and
 * SecureString with the account's `aws/ssm` key needs no key policy. Secrets Manager would cost
 * $0.40 a secret a month for rotation the bot cannot use (a bot token is rotated by hand in
 * BotFather); the Parameters and Secrets Lambda extension would add a layer whose ARN differs per
 * region and a local HTTP hop, for a call made once per sandbox.
 */
import { GetParametersCommand, SSMClient } from '@aws-sdk/client-ssm';
import type { SecretParameters } from './config.ts';

/** Reads the named SecureString parameters: name → decrypted value; names SSM does not know are left out. */
export async function readParameters(names: readonly string[], ssm: SecretParameters['ssm']): Promise<Readonly<Record<string, string>>> {
  const client = new SSMClient({
    region: ssm.region,
    ...(ssm.endpoint === undefined ? {} : { endpoint: ssm.endpoint }),
    ...(ssm.credentials === undefined ? {} : { credentials: ssm.credentials }),
    // A cold start waits for this call: fail in seconds, not at the function's timeout.
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 },
  });
  try {
    const values: Record<string, string> = {};
    // GetParameters takes at most 10 names; a function names at most three.
    const answer = await client.send(new GetParametersCommand({ Names: [...names], WithDecryption: true }));
    for (const p of answer.Parameters ?? []) if (p.Name !== undefined && p.Value !== undefined) values[p.Name] = p.Value;
    return values;
  } finally {
    client.destroy();
  }
}
