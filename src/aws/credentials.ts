/**
 * Where a call's credentials come from: given (a local endpoint's dummy keys), else the environment
 * — where Lambda puts its role's keys (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`,
 * `AWS_SESSION_TOKEN`) — else the AWS SDK's default chain (profiles, SSO, container and instance
 * roles) for a process run elsewhere against AWS. The chain is loaded only then: it is most of the
 * SDK, and a deployed function never needs it (serverless.yml leaves it out of the bundle).
 */
import type { Credentials } from './signature.ts';

/** Returns the credentials to sign with now (cached; refreshed before they expire). */
export type CredentialSource = () => Promise<Credentials>;

/** Temporary credentials from the chain are renewed this long before they expire. */
const RENEW_BEFORE_MS = 5 * 60_000;

export function credentialSource(given: Credentials | undefined, env: NodeJS.ProcessEnv = process.env): CredentialSource {
  if (given !== undefined) return () => Promise.resolve(given);
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (accessKeyId && secretAccessKey) {
    const fromEnv: Credentials = { accessKeyId, secretAccessKey, ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}) };
    return () => Promise.resolve(fromEnv);
  }
  let cached: { readonly credentials: Promise<Credentials>; expires: number } | undefined;
  return () => {
    if (cached === undefined || Date.now() >= cached.expires) {
      const entry = { credentials: fromDefaultChain(), expires: Number.POSITIVE_INFINITY };
      entry.credentials.then(
        (c) => void (entry.expires = c.expiration === undefined ? Number.POSITIVE_INFINITY : c.expiration.getTime() - RENEW_BEFORE_MS),
        () => void (cached = undefined),
      );
      cached = entry;
    }
    return cached.credentials;
  };
}

async function fromDefaultChain(): Promise<Credentials & { expiration?: Date }> {
  let chain: typeof import('@aws-sdk/credential-provider-node');
  try {
    chain = await import('@aws-sdk/credential-provider-node');
  } catch (error) {
    throw new Error('no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary keys)', { cause: error });
  }
  return chain.defaultProvider()();
}
