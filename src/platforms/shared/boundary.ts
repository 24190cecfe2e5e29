/**
 * The one error boundary of every messenger's edge (STYLE.md §12). The app answers deterministic
 * problems itself (a toast, a polite text), so an update normally ends well. A thrown error is
 * judged here: the world failing (AWS, the network, a timeout) is `retry` — where the
 * messenger redelivers (a webhook answered 5xx), it will try again, and where it does not, the user
 * is asked to; anything else is a `bug`, logged with its stack and answered politely, never
 * retried (a poison update would hold the chat's queue). No internals reach a user or a body.
 */

import { maskSecrets } from './log.ts';

const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Whether a thrown error is the world failing rather than our code: an AWS error (it carries
 * `$metadata`, as src/aws/ gives it: throttling, an unavailable service, missing rights), a network
 * failure or a timeout.
 */
export function isInfrastructureFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { $metadata?: unknown; code?: unknown; name?: unknown; cause?: unknown };
  if (e.$metadata !== undefined) return true;
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
  if (e.name === 'TimeoutError') return true;
  return e.cause !== undefined && e.cause !== error && isInfrastructureFailure(e.cause);
}

/** What a thrown error calls for. */
export function judge(error: unknown): 'retry' | 'bug' {
  return isInfrastructureFailure(error) ? 'retry' : 'bug';
}

/** The log fields of a thrown error: `error` (name and message) and, for a bug, its stack. */
export function errorFields(error: unknown): { error: string; stack?: string } {
  // Masked here, for every log a messenger's edge is given, not only the default JSON one.
  const text = maskSecrets(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  return judge(error) === 'bug' && error instanceof Error && error.stack !== undefined ? { error: text, stack: maskSecrets(error.stack) } : { error: text };
}
