/**
 * `parse_mode` as the real Bot API applies it: HTML, MarkdownV2 and legacy Markdown become plain
 * text plus entities (offsets in UTF-16 units), and malformed markup is refused with the real
 * "can't parse entities" errors — so a bot that forgets to escape a player's name fails here as it
 * would in Telegram. Not a rule: test and playground infrastructure.
 */
import { badRequest } from './errors.ts';
import type { MessageEntity } from './types.ts';

export type FormattedText = { text: string; entities: MessageEntity[] };

type Open = { type: string; start: number; at: number; order: number; tag?: string; url?: string; language?: string; emoji?: string };
type Parse = { text: string; open: Open[]; done: (MessageEntity & { order: number })[]; order: number };

/** The text and entities of `source` under `parseMode` (or the given `entities` without one). */
export function formatText(source: string, parseMode: unknown, entities: unknown): FormattedText {
  if (parseMode === undefined || parseMode === null || parseMode === '') {
    return { text: source, entities: Array.isArray(entities) ? (entities as MessageEntity[]) : [] };
  }
  switch (String(parseMode).toLowerCase()) {
    case 'html':
      return parseHtml(source);
    case 'markdownv2':
      return parseMarkdownV2(source);
    case 'markdown':
      return parseMarkdown(source);
    default:
      throw badRequest('unsupported parse_mode');
  }
}

function entityError(what: string): Error {
  return badRequest(`can't parse entities: ${what}`);
}

function byteOffset(source: string, index: number): number {
  return Buffer.byteLength(source.slice(0, index), 'utf8');
}

function begin(state: Parse, entity: Omit<Open, 'start' | 'order'>): void {
  state.open.push({ ...entity, start: state.text.length, order: state.order++ });
}

/** Closes the innermost open entity; an empty one leaves no entity, as in Telegram. */
function finish(state: Parse): void {
  const entity = state.open.pop() as Open;
  const length = state.text.length - entity.start;
  if (length === 0 || entity.type === 'none') return;
  const done: MessageEntity & { order: number } = { type: entity.type, offset: entity.start, length, order: entity.order };
  if (entity.type === 'text_link' && entity.url?.startsWith('tg://user?id=')) {
    done.type = 'text_mention';
    done.user = { id: Number(entity.url.slice('tg://user?id='.length)), first_name: '' };
  } else if (entity.url !== undefined) done.url = entity.url;
  if (entity.language) done.language = entity.language;
  if (entity.emoji) done.custom_emoji_id = entity.emoji;
  state.done.push(done);
}

function result(state: Parse): FormattedText {
  const entities = state.done
    .sort((a, b) => a.offset - b.offset || b.length - a.length || a.order - b.order)
    .map(({ order: _order, ...entity }) => entity);
  return { text: state.text, entities };
}

const HTML_TAGS: Record<string, string> = {
  b: 'bold', strong: 'bold', i: 'italic', em: 'italic', u: 'underline', ins: 'underline', s: 'strikethrough',
  strike: 'strikethrough', del: 'strikethrough', 'tg-spoiler': 'spoiler', span: 'spoiler', a: 'text_link',
  code: 'code', pre: 'pre', blockquote: 'blockquote', 'tg-emoji': 'custom_emoji',
};
const TAG = /<(\/?)([a-zA-Z][\w-]*)?((?:\s+[\w-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*>/y;

function parseHtml(source: string): FormattedText {
  const state: Parse = { text: '', open: [], done: [], order: 0 };
  for (let i = 0; i < source.length; ) {
    const ch = source[i] as string;
    if (ch === '&') {
      const [decoded, length] = htmlEntity(source, i);
      state.text += decoded;
      i += length;
    } else if (ch !== '<') {
      state.text += ch;
      i += 1;
    } else {
      TAG.lastIndex = i;
      const match = TAG.exec(source);
      const name = (match?.[2] ?? /^<\/?([\w-]*)/.exec(source.slice(i))?.[1] ?? '').toLowerCase();
      if (!match || !match[2]) throw entityError(`Unsupported start tag "${name}" at byte offset ${byteOffset(source, i)}`);
      if (match[1]) closeHtmlTag(state, name, byteOffset(source, i));
      else openHtmlTag(state, name, htmlAttributes(match[3] ?? ''), byteOffset(source, i));
      i += match[0].length;
    }
  }
  const unclosed = state.open[state.open.length - 1];
  if (unclosed) throw entityError(`Can't find end tag corresponding to start tag "${unclosed.tag}"`);
  return result(state);
}

function openHtmlTag(state: Parse, tag: string, attributes: Map<string, string>, at: number): void {
  const type = HTML_TAGS[tag];
  if (!type) throw entityError(`Unsupported start tag "${tag}" at byte offset ${at}`);
  if (tag === 'span' && attributes.get('class') !== 'tg-spoiler') throw entityError(`Tag "span" must have class "tg-spoiler" at byte offset ${at}`);
  if (tag === 'a') {
    const href = attributes.get('href');
    return begin(state, { type: href ? 'text_link' : 'none', at, tag, url: href });
  }
  if (tag === 'code' && state.open[state.open.length - 1]?.type === 'pre') {
    const language = /^language-(.+)$/.exec(attributes.get('class') ?? '')?.[1];
    if (language) (state.open[state.open.length - 1] as Open).language = language;
    return begin(state, { type: language ? 'none' : 'code', at, tag });
  }
  if (tag === 'blockquote' && attributes.has('expandable')) return begin(state, { type: 'expandable_blockquote', at, tag });
  begin(state, { type, at, tag, emoji: tag === 'tg-emoji' ? attributes.get('emoji-id') : undefined });
}

function closeHtmlTag(state: Parse, tag: string, at: number): void {
  const top = state.open[state.open.length - 1];
  if (!top) throw entityError(`Unexpected end tag at byte offset ${at}`);
  if (top.tag !== tag) throw entityError(`Unmatched end tag at byte offset ${at}, expected "</${top.tag}>", found "</${tag}>"`);
  finish(state);
}

function htmlAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const raw = match[2] ?? match[3] ?? match[4] ?? '';
    attributes.set((match[1] as string).toLowerCase(), raw.replace(/&(lt|gt|amp|quot);/g, (_m, n: string) => NAMED[n] as string));
  }
  return attributes;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/** The character an `&…;` entity stands for and how many source characters it spans. */
function htmlEntity(source: string, at: number): [string, number] {
  const match = /^&(?:(lt|gt|amp|quot)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/.exec(source.slice(at, at + 12));
  if (!match) return ['&', 1];
  if (match[1]) return [NAMED[match[1]] as string, match[0].length];
  const code = match[2] !== undefined ? Number(match[2]) : parseInt(match[3] as string, 16);
  return [code <= 0x10ffff ? String.fromCodePoint(code) : '', match[0].length];
}

const MARKDOWN_V2_MARKERS: [string, string][] = [
  ['```', 'pre'], ['||', 'spoiler'], ['__', 'underline'], ['*', 'bold'], ['_', 'italic'], ['~', 'strikethrough'], ['`', 'code'],
];
const ENTITY_NAMES: Record<string, string> = {
  pre: 'PreCode', spoiler: 'Spoiler', underline: 'Underline', bold: 'Bold', italic: 'Italic', strikethrough: 'Strikethrough',
  code: 'Code', text_link: 'TextUrl',
};
const RESERVED_V2 = '_*[]()~`>#+-=|{}.!';

function parseMarkdownV2(source: string): FormattedText {
  const state: Parse = { text: '', open: [], done: [], order: 0 };
  let quote: Open | undefined;
  for (let i = 0; i < source.length; ) {
    const top = state.open[state.open.length - 1];
    const lineStart = i === 0 || source[i - 1] === '\n';
    if (lineStart && !top && quote && source[i] !== '>') {
      state.done.push({ type: 'blockquote', offset: quote.start, length: state.text.length - 1 - quote.start, order: quote.order });
      quote = undefined;
    }
    if (source[i] === '\\') {
      const next = source.codePointAt(i + 1);
      if (next === undefined || next > 126) throw entityError(`Character '\\' is reserved and must be escaped with the preceding '\\'`);
      state.text += String.fromCodePoint(next);
      i += 2;
    } else if (top?.type === 'code' || top?.type === 'pre') {
      i = codeCharacter(state, source, i, top);
    } else if (lineStart && source[i] === '>') {
      quote ??= { type: 'blockquote', start: state.text.length, at: i, order: state.order++ };
      i += 1;
    } else {
      i = markdownV2Character(state, source, i);
    }
  }
  const unclosed = state.open[state.open.length - 1];
  if (unclosed) throw entityError(`Can't find end of ${ENTITY_NAMES[unclosed.type]} entity at byte offset ${byteOffset(source, unclosed.at)}`);
  if (quote) state.done.push({ type: 'blockquote', offset: quote.start, length: state.text.length - quote.start, order: quote.order });
  return result(state);
}

/** Inside `code`/`pre` only the closing marker is special. Returns the next index. */
function codeCharacter(state: Parse, source: string, i: number, top: Open): number {
  const marker = top.type === 'pre' ? '```' : '`';
  if (source.startsWith(marker, i)) {
    finish(state);
    return i + marker.length;
  }
  state.text += source[i];
  return i + 1;
}

function markdownV2Character(state: Parse, source: string, i: number): number {
  const ch = source[i] as string;
  if (ch === '[') {
    begin(state, { type: 'text_link', at: i });
    return i + 1;
  }
  if (ch === ']' && state.open[state.open.length - 1]?.type === 'text_link') return linkTarget(state, source, i);
  const marker = MARKDOWN_V2_MARKERS.find(([text]) => source.startsWith(text, i));
  if (marker) return toggle(state, source, i, marker);
  if (RESERVED_V2.includes(ch)) throw entityError(`Character '${ch}' is reserved and must be escaped with the preceding '\\'`);
  state.text += ch;
  return i + 1;
}

function toggle(state: Parse, source: string, i: number, [marker, type]: [string, string]): number {
  const top = state.open[state.open.length - 1];
  if (top?.type === type) {
    finish(state);
    return i + marker.length;
  }
  if (state.open.some((entity) => entity.type === type)) {
    throw entityError(`Can't find end of ${ENTITY_NAMES[top?.type ?? type]} entity at byte offset ${byteOffset(source, top?.at ?? i)}`);
  }
  if (type !== 'pre') {
    begin(state, { type, at: i });
    return i + marker.length;
  }
  const language = /^([^\s`]*)\n/.exec(source.slice(i + 3))?.[1];
  begin(state, { type, at: i, language: language || undefined });
  return i + 3 + (language !== undefined ? language.length + 1 : 0);
}

/** `](url)` closing a link: reads the URL (with `\` escapes) up to `)`. */
function linkTarget(state: Parse, source: string, i: number): number {
  if (source[i + 1] !== '(') throw entityError(`Character ']' is reserved and must be escaped with the preceding '\\'`);
  let url = '';
  for (let j = i + 2; j < source.length; j++) {
    if (source[j] === '\\') url += source[++j] ?? '';
    else if (source[j] === ')') {
      (state.open[state.open.length - 1] as Open).url = url;
      finish(state);
      return j + 1;
    } else url += source[j];
  }
  throw entityError(`Can't find end of a URL at byte offset ${byteOffset(source, i + 1)}`);
}

const LEGACY_MARKERS: [string, string][] = [['```', 'pre'], ['*', 'bold'], ['_', 'italic'], ['`', 'code']];

/** Legacy Markdown: no nesting, `\` escapes only outside entities, `[text](url)` links. */
function parseMarkdown(source: string): FormattedText {
  const state: Parse = { text: '', open: [], done: [], order: 0 };
  for (let i = 0; i < source.length; ) {
    const top = state.open[state.open.length - 1];
    if (top) {
      const close = top.type === 'text_link' ? ']' : (LEGACY_MARKERS.find(([, type]) => type === top.type) as [string, string])[0];
      if (source.startsWith(close, i)) {
        i = top.type === 'text_link' ? linkTarget(state, source, i) : (finish(state), i + close.length);
      } else {
        state.text += source[i];
        i += 1;
      }
    } else if (source[i] === '\\' && '_*`['.includes(source[i + 1] ?? '')) {
      state.text += source[i + 1];
      i += 2;
    } else if (source[i] === '[') {
      begin(state, { type: 'text_link', at: i });
      i += 1;
    } else {
      const marker = LEGACY_MARKERS.find(([text]) => source.startsWith(text, i));
      if (marker) begin(state, { type: marker[1], at: i });
      else state.text += source[i];
      i += marker ? marker[0].length : 1;
    }
  }
  const unclosed = state.open[state.open.length - 1];
  if (unclosed) throw entityError(`Can't find end of the entity starting at byte offset ${byteOffset(source, unclosed.at)}`);
  return result(state);
}
