/**
 * What the app's plain text becomes in a VK message. VK reads mentions in a message's text —
 * `[id1|Name]`, `[club1|Name]`, `@id1 (Name)`, `*durov`, and in a conversation `@all`, `@online`,
 * `@все`, `@здесь` — and the text holds what users chose (display names, `/seed` words quoted back).
 * So every user-made part is defused: a word joiner (U+2060, invisible) after each `[` and after
 * each `@` or `*` that starts a word, which VK's parser then does not take as a mention. The only
 * live mentions are the app's: the messenger's `mention` writes a mark no user text can hold
 * (`withoutMarks` strips its characters from everything an event brings in) and `vkText` turns
 * each mark into `[id<n>|Name]`. Not a rule: a codec.
 */

const OPEN = '\uE010';
const SEP = '\uE011';
const CLOSE = '\uE012';
const MARK = new RegExp(`${OPEN}(\\d{1,12})${SEP}([^${CLOSE}]*)${CLOSE}`, 'g');
const MARK_CHARS = new RegExp(`[${OPEN}${SEP}${CLOSE}]`, 'g');
const JOINER = '\u2060';

/** A mention of VK user `userId` named `name`, as the app's text carries it until `vkText` makes it one. */
export function markMention(userId: string, name: string): string {
  return `${OPEN}${userId}${SEP}${name.replace(MARK_CHARS, '')}${CLOSE}`;
}

/** The text of a message whose app text is `text`: user-made parts defused, the app's marks made mentions. */
export function vkText(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(MARK)) {
    out += defuse(text.slice(last, match.index));
    // A name may not close the mention early or open another: VK has no escape, so those go.
    const name = match[2]!.replace(/[[\]|]/g, '').trim() || `id${match[1]}`;
    out += `[id${match[1]}|${name}]`;
    last = match.index + match[0].length;
  }
  return out + defuse(text.slice(last));
}

/** `text` with nothing VK would read as a mention. */
export function defuse(text: string): string {
  return text.replace(MARK_CHARS, '').replace(/\[/g, `[${JOINER}`).replace(/(^|[^\p{L}\p{N}_])([@*])(?=[\p{L}\p{N}_])/gu, `$1$2${JOINER}`);
}

/** `value` with every string's mark characters removed: what an event brings in cannot pose as a mention of ours. */
export function withoutMarks<T>(value: T): T {
  if (typeof value === 'string') return value.replace(MARK_CHARS, '') as T;
  if (Array.isArray(value)) return value.map(withoutMarks) as T;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutMarks(v)])) as T;
  return value;
}

/** Cuts a text to `limit` characters (UTF-16 units: never fewer than VK counts), marking the cut. */
export function clipText(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}
