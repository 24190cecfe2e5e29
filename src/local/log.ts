/**
 * Readable log lines for the local process: the webhook's JSON entries become one line per update
 * (time, chat, user, what they did, outcome, time taken); the playground tells which update was
 * whose (`describeUpdate`), so the line says "Alice in Nardy club: /nardy" rather than ids.
 * Not a rule: local infrastructure.
 */
import type { Log } from '../platforms/telegram/send.ts';

/** Where finished lines go (stdout by default). */
export type LineSink = (line: string) => void;

/** The webhook's log, made readable; `describe` gives a human description of an update id, if known. */
export function readableLog(sink: LineSink, describe: (updateId: number) => string | undefined): Log {
  return (entry) => sink(formatEntry(entry, describe));
}

const SHOWN_ELSEWHERE = new Set(['level', 'event', 'outcome', 'status', 'ms', 'update', 'chat', 'user', 'intent', 'stack']);

/** One entry as one line (plus the stack of an error, indented, when there is one). */
export function formatEntry(entry: Readonly<Record<string, unknown>>, describe: (updateId: number) => string | undefined): string {
  const time = new Date().toISOString().slice(11, 19);
  const level = typeof entry.level === 'string' && entry.level !== 'info' ? `${entry.level.toUpperCase()} ` : '';
  const head: string[] = [];
  if (entry.event === 'telegram-update') {
    const who = typeof entry.update === 'number' ? describe(entry.update) : undefined;
    head.push(who ?? [entry.chat === undefined ? '' : `chat ${String(entry.chat)}`, entry.user === undefined ? '' : `user ${String(entry.user)}`].filter(Boolean).join(' '));
    if (entry.intent !== undefined) head.push(`[${String(entry.intent)}]`);
    head.push(`→ ${String(entry.outcome)} ${String(entry.status)}`);
    if (typeof entry.ms === 'number') head.push(`(${entry.ms} ms)`);
  } else {
    head.push(String(entry.event ?? 'log'));
    if (entry.outcome !== undefined) head.push(`→ ${String(entry.outcome)}`);
  }
  const rest = Object.entries(entry).filter(([key, value]) => !SHOWN_ELSEWHERE.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const line = `${time} ${level}${[...head.filter(Boolean), ...rest].join(' ')}`;
  return typeof entry.stack === 'string' ? `${line}\n    ${entry.stack.split('\n').join('\n    ')}` : line;
}
