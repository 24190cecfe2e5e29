/**
 * The `legal` contract behind a public URL (functions/legal.ts): the batch contract of
 * `nardy legal --batch`, with limits, because anyone may call it. One short-nardy line with 2-2
 * can have 1,500 plays and a 230 KB answer, so a body of a thousand such lines would cost seconds
 * of CPU and hundreds of MB for one request. The command line keeps no limits: its caller pays.
 */
import { legalLine } from './legal.ts';

/** What one request may ask for (README, "Running it in public"). */
export const LEGAL_LIMITS = { bodyBytes: 64 * 1024, lines: 100, answerBytes: 5 * 1024 * 1024 } as const;

export interface LegalAnswer {
  readonly status: number;
  readonly body: string;
}

const line = (error: string): string => `${JSON.stringify({ error })}\n`;

/** Answers a request body of JSON lines: 200 when every line was answered, 400 when one failed, 413 past a limit. */
export function answerLegalRequest(body: string, limits: typeof LEGAL_LIMITS = LEGAL_LIMITS): LegalAnswer {
  if (Buffer.byteLength(body, 'utf8') > limits.bodyBytes) {
    return { status: 413, body: line(`body too large: at most ${limits.bodyBytes} bytes`) };
  }
  const lines = body.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) return { status: 400, body: line('empty body: POST one JSON object per line') };
  if (lines.length > limits.lines) return { status: 413, body: line(`too many lines: at most ${limits.lines} a request`) };
  const replies: string[] = [];
  let size = 0;
  let failed = false;
  for (const [i, raw] of lines.entries()) {
    // Stops between lines, so one line's answer may take the total a little past the limit.
    if (size > limits.answerBytes) {
      replies.push(line(`answer too large: stopped after ${i} of ${lines.length} lines (about ${limits.answerBytes} bytes); send fewer lines`));
      return { status: 413, body: replies.join('') };
    }
    const answer = legalLine(raw);
    failed ||= answer.failed;
    replies.push(`${answer.reply}\n`);
    size += answer.reply.length + 1;
  }
  return { status: failed ? 400 : 200, body: replies.join('') };
}
