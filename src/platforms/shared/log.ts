import { CONFIGS } from '../configs.ts';

/** A structured log line; the default writes one JSON object per line (CloudWatch). */
export type Log = (entry: Readonly<Record<string, unknown>>) => void;

/** Bot tokens as they can appear in an error's text: each messenger says how its own look (`tokenShapes`). */
const TOKENS: readonly (readonly [RegExp, string])[] = Object.values(CONFIGS).flatMap((config) => config.tokenShapes ?? []);

/** `text` with every bot token in it masked (`***`; a bot's public id may be kept). */
export function maskSecrets(text: string): string {
  return TOKENS.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);
}

/** Writes a log entry as one JSON line on stdout, tokens masked whatever field they hide in. */
export const jsonLog: Log = (entry) => console.log(maskSecrets(JSON.stringify(entry)));
