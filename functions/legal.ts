/**
 * AWS Lambda (Function URL): the `nardy legal --batch` contract over HTTP. POST JSON lines, get
 * one answer line each; 400 when any line failed. No state, no secrets.
 */
import { legalLine } from '../src/cli/legal.ts';

interface UrlEvent { body?: string; isBase64Encoded?: boolean }

export async function handler(event: UrlEvent): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> {
  const text = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : event.body ?? '';
  const answers = text.split('\n').filter((l) => l.trim() !== '').map((l) => legalLine(l));
  return {
    statusCode: answers.length > 0 && answers.every((a) => !a.failed) ? 200 : 400,
    headers: { 'content-type': 'application/x-ndjson' },
    body: answers.length > 0 ? answers.map((a) => a.reply).join('\n') + '\n' : '{"error":"empty body: POST one JSON object per line"}\n',
  };
}
