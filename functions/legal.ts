/**
 * AWS Lambda (Function URL): the `nardy legal --batch` contract over HTTP. POST JSON lines, get
 * one answer line each; 400 when any line failed, 413 past a limit (src/cli/legal-endpoint.ts).
 * No state, no secrets.
 */
import { answerLegalRequest } from '../src/cli/legal-endpoint.ts';

interface UrlEvent { body?: string; isBase64Encoded?: boolean }

export async function handler(event: UrlEvent): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> {
  const text = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : event.body ?? '';
  const answer = answerLegalRequest(text);
  return { statusCode: answer.status, headers: { 'content-type': 'application/x-ndjson' }, body: answer.body };
}
