/** The webhook as a Lambda Function URL (HTTP API v2 event): the body decoded, status and body back. */
import type { TelegramWebhook } from './webhook.ts';

/** A Function URL event, as much of it as the webhook reads. */
export interface UrlEvent {
  readonly headers?: Record<string, string | undefined>;
  readonly body?: string;
  readonly isBase64Encoded?: boolean;
}

export function lambdaWebhook(webhook: TelegramWebhook): (event: UrlEvent) => Promise<{ statusCode: number; body: string }> {
  return async (event) => {
    const body = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : event.body ?? '';
    const answer = await webhook({ headers: event.headers ?? {}, body });
    return { statusCode: answer.status, body: answer.body };
  };
}
