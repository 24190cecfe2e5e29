/**
 * Short stored forms of what every game item carries beside its match, so that the item of a game
 * under way stays under one write unit (1 KB) and a step costs one unit (issue #46). Each form is
 * read back into exactly what was written, and what was stored before in the long form still reads.
 *
 * - **Update marks.** A game keeps the last few update ids it applied (`GameRecord.applied`), only to
 *   tell a redelivered update from a new one. A messenger's update id is long
 *   (`<platform>:<bot>:<update>`, 20–30 bytes); the item keeps a 60-bit hash of it instead. Two updates of one
 *   game a few presses apart colliding is a 2⁻⁶⁰ event.
 * - **Message places and reach notes.** Most notes are where a message is
 *   (`{"chat":{"platform":…,"chatId":…},"messageId":…}`, 70–90 bytes) or how a player is reached
 *   (`{"lang":…,"chat":{…}}`). They are stored as a line of words after a sign that no JSON text
 *   starts with: `@<platform> <chat> <message>`, `~<lang> <platform> <chat>`. Any other value stays JSON.
 */
import { createHash } from 'node:crypto';

/** A mark is this many base64url letters: 60 bits. */
const MARK_LETTERS = 10;
const MARK = /^[A-Za-z0-9_-]{10}$/;

/** The mark an update id is kept under; a mark is its own mark, so marking twice changes nothing. */
export function updateMark(key: string): string {
  if (MARK.test(key)) return key;
  return createHash('sha256').update(key).digest('base64url').slice(0, MARK_LETTERS);
}

/** Whether `key` is among a game's applied updates, kept as marks or (items from before) as ids. */
export function wasApplied(applied: readonly string[] | undefined, key: string): boolean {
  return applied !== undefined && (applied.includes(key) || applied.includes(updateMark(key)));
}

/** Whether a kept applied entry stands for `key`. */
export function isUpdate(entry: string | undefined, key: string): boolean {
  return entry === key || entry === updateMark(key);
}

/** A word of a short form: no space, no empty text. */
const WORD = /^[^\s]+$/;
const isWord = (v: unknown): v is string => typeof v === 'string' && WORD.test(v);

type Chat = { platform: string; chatId: string };

function chatOf(v: unknown): Chat | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const c = v as Record<string, unknown>;
  return Object.keys(c).length === 2 && isWord(c.platform) && isWord(c.chatId) ? { platform: c.platform, chatId: c.chatId } : undefined;
}

function only(v: object, ...names: string[]): boolean {
  return Object.keys(v).every((k) => names.includes(k));
}

/** The stored text of a note's value: a short form when it has one, else its JSON. */
export function noteText(value: unknown): string {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    const chat = chatOf(v.chat);
    if (chat && isWord(v.messageId) && only(v, 'chat', 'messageId')) return `@${chat.platform} ${chat.chatId} ${v.messageId}`;
    if (isWord(v.lang) && v.chat === undefined && only(v, 'lang')) return `~${v.lang}`;
    if (isWord(v.lang) && chat && only(v, 'lang', 'chat')) return `~${v.lang} ${chat.platform} ${chat.chatId}`;
  }
  return JSON.stringify(value);
}

/** The value of a note's stored text (short form or JSON); throws on a text that is neither. */
export function noteValue(text: string): unknown {
  const words = text.slice(1).split(' ');
  if (text.startsWith('@') && words.length === 3) return { chat: { platform: words[0], chatId: words[1] }, messageId: words[2] };
  if (text.startsWith('~') && words.length === 1) return { lang: words[0] };
  if (text.startsWith('~') && words.length === 3) return { lang: words[0], chat: { platform: words[1], chatId: words[2] } };
  return JSON.parse(text) as unknown;
}
