/** A structured log line; the default writes one JSON object per line (CloudWatch). */
export type Log = (entry: Readonly<Record<string, unknown>>) => void;

/**
 * Bot tokens as they can appear in an error's text: Telegram's in a Bot API URL
 * (`…/bot<id>:<secret>/sendMessage`, which node-fetch quotes when an answer is not JSON) or alone
 * (`<id>:<35 characters>`), and Discord's three dot-separated base64url parts.
 */
const TOKENS: readonly [RegExp, string][] = [
  [/\bbot(\d{1,20}):[A-Za-z0-9_-]+/g, 'bot$1:***'],
  [/\b(\d{1,20}):[A-Za-z0-9_-]{30,}/g, '$1:***'],
  [/\b[A-Za-z0-9_-]{23,28}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}\b/g, '***'],
];

/** `text` with every bot token in it replaced by `***` (a Telegram bot's id is kept: it is public). */
export function maskSecrets(text: string): string {
  return TOKENS.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);
}

/** Writes a log entry as one JSON line on stdout, tokens masked whatever field they hide in. */
export const jsonLog: Log = (entry) => console.log(maskSecrets(JSON.stringify(entry)));
