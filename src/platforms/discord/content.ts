/**
 * What the app's plain text becomes in a Discord message (review F8). The app writes plain text
 * (Telegram shows it as it is), but Discord reads markdown and mentions in it, and the text holds
 * what users chose: display names, `/seed` words, words quoted back. So every message's content
 * is escaped whole — a name `**bold**`, `[prize](https://evil.example)`, `<@100000000000000102>`
 * or `@everyone` shows as typed — and the only live mentions are the ones the app made: the
 * messenger's `mention` writes a mark (`markMention`) no user text can hold (`withoutMarks`
 * strips the mark's characters from everything an interaction brings in), and the content turns
 * each mark into `<@id>`, listing exactly those users in `allowed_mentions`. Nothing else
 * pings: no @everyone, @here or role. Not a rule: a codec.
 */
import type { APIAllowedMentions } from 'discord-api-types/v10';

const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARK = new RegExp(`${OPEN}(\\d{1,20})${CLOSE}`, 'g');
const MARK_CHARS = new RegExp(`[${OPEN}${CLOSE}]`, 'g');

/** A mention of Discord user `userId`, as the app's text carries it until `discordContent` makes it one. */
export function markMention(userId: string): string {
  return `${OPEN}${userId}${CLOSE}`;
}

/** The content and allowed mentions of a message whose text is `text` (the app's, with its marks). */
export function discordContent(text: string): { content: string; allowed_mentions: APIAllowedMentions } {
  const users: string[] = [];
  let content = '';
  let last = 0;
  for (const match of text.matchAll(MARK)) {
    content += escapeMarkdown(text.slice(last, match.index));
    content += `<@${match[1]}>`;
    if (!users.includes(match[1]!)) users.push(match[1]!);
    last = match.index + match[0].length;
  }
  content += escapeMarkdown(text.slice(last));
  // Discord takes at most 100 users; a message of ours names two or three.
  return { content, allowed_mentions: { parse: [], users: users.slice(0, 100) } };
}

/**
 * Escapes Discord markdown: emphasis, code, spoilers, masked links and every `<…>` form (user,
 * role and channel mentions, emoji, timestamps) anywhere; headings, subtext, quotes and lists
 * where they work, at a line's start; and @everyone / @here, split by a zero-width space.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(MARK_CHARS, '')
    .replace(/[\\*_~`|[\]<]/g, '\\$&')
    .replace(/^([ \t]*)([#>+-])/gm, '$1\\$2')
    .replace(/@(everyone|here)/gi, '@\u200b$1');
}

/** `value` with every string's mark characters removed: what an interaction brings in cannot pose as a mention of ours. */
export function withoutMarks<T>(value: T): T {
  if (typeof value === 'string') return value.replace(MARK_CHARS, '') as T;
  if (Array.isArray(value)) return value.map(withoutMarks) as T;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutMarks(v)])) as T;
  return value;
}
