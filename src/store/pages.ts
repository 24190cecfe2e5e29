/**
 * A game item of bounded size, however long the game (issue #46): the stored match (`state`, a JSON
 * text) keeps only its end in the game item, the rest in pages written once and never changed.
 *
 * The stored form of a match grows at the end of its history, so the text a save writes shares
 * a long beginning with the text it replaces. When the part after the pages grows past
 * `TAIL_BYTES`, the beginning both texts share is cut off into a page (`GAME#<id>` /
 * `PAGE#<from>#<to>#<version>`, the text of the stored version between those offsets), written
 * before the game item, which then lists it in `pages` and keeps the rest in `state`. A page's key
 * names exactly its text, so two saves racing from one version write the same page, and one
 * that then loses its condition leaves an unused page behind, never a wrong one. A save whose text
 * no longer begins with the pages' (a name changed by `/forget`) writes the whole text into the
 * game item again, and the pages start anew from there.
 *
 * Pages never change, so a process keeps the ones it read or wrote (`PAGE_CACHE_BYTES`): a warm
 * instance reads a game it is playing with the one read of its game item; a cold one reads the
 * pages in one more batch.
 */
import { InvariantError } from '../lib/index.ts';
import type { DynamoDb, Item } from './connection.ts';
import { GAME_SORT_KEY, gameKey } from './layout.ts';

/** The most of the stored match the game item keeps beyond its pages, in UTF-8 bytes. */
export const TAIL_BYTES = 900;
/** The least a new page holds: a shorter shared beginning waits in the game item for the next save. */
const PAGE_MIN_CHARS = 400;
/** Pages kept in memory, in characters of text, the oldest used forgotten first. */
const PAGE_CACHE_CHARS = 8 * 1024 * 1024;
/** Games whose stored text this process knows, for the next save's pages. */
const KNOWN_GAMES = 512;

/** How a save stores a match's text: a page to write first, the pages the game item lists, its tail. */
export interface PagedText {
  readonly page?: { readonly sk: string; readonly text: string };
  readonly pages: readonly string[];
  readonly tail: string;
}

interface Known {
  readonly version: number;
  readonly pages: readonly string[];
  readonly text: string;
}

/** The pages of the games of one table, and what this process knows of them. */
export class Pages {
  private readonly texts = new Map<string, string>();
  private cached = 0;
  private readonly known = new Map<string, Known>();

  constructor(
    private readonly db: DynamoDb,
    private readonly tableName: string,
  ) {}

  /**
   * Game items as read, with their whole stored match in `state` and no `pages`: the pages'
   * text taken from memory, or read in one batch for all the items. An item whose page is gone
   * keeps no `state` (it then decodes as corrupt, saying so in `pagesLost`).
   */
  async assemble(items: readonly Item[]): Promise<Item[]> {
    const wanted = new Map<string, Item>();
    for (const item of items) for (const sk of pagesOf(item)) if (!this.texts.has(pageId(item, sk))) wanted.set(pageId(item, sk), { pk: item.pk, sk });
    const keys = [...wanted.values()];
    for (let i = 0; i < keys.length; i += 100) {
      for (const page of await this.db.batchGet(this.tableName, keys.slice(i, i + 100))) {
        if (typeof page.text === 'string') this.keep(pageId(page, page.sk as string), page.text);
      }
    }
    return items.map((item) => {
      const pages = pagesOf(item);
      if (pages.length === 0 || typeof item.state !== 'string') return this.learn(item);
      const texts = pages.map((sk) => this.texts.get(pageId(item, sk)));
      const { pages: _listed, ...rest } = item;
      const lost = pages.find((_, i) => texts[i] === undefined);
      if (lost !== undefined) {
        const { state: _tail, ...without } = rest;
        return { ...without, pagesLost: lost };
      }
      return this.learn({ ...rest, state: texts.join('') + item.state }, pages);
    });
  }

  /** How to store `text` as the game `id` saved over `version`; undefined when this process does not know that version's text (`assemble` it first). */
  plan(id: string, version: number, text: string): PagedText | undefined {
    const known = this.known.get(id);
    if (known === undefined || known.version !== version) return undefined;
    const paged = known.pages.reduce((n, sk) => n + pageLength(sk), 0);
    if (!text.startsWith(known.text.slice(0, paged))) return { pages: [], tail: text };
    const tail = text.slice(paged);
    if (Buffer.byteLength(tail, 'utf8') <= TAIL_BYTES) return { pages: known.pages, tail };
    let to = commonPrefix(known.text, text);
    // Never between the two halves of a character outside the BMP: each page must be valid UTF-8.
    if (to > paged && isHighSurrogate(text.charCodeAt(to - 1))) to--;
    if (to - paged < PAGE_MIN_CHARS) return { pages: known.pages, tail };
    const page = { sk: `PAGE#${paged}#${to}#${version}`, text: text.slice(paged, to) };
    return { page, pages: [...known.pages, page.sk], tail: text.slice(to) };
  }

  /** Writes a page a save is about to list (before the game item: a listed page always exists). */
  async write(id: string, page: { readonly sk: string; readonly text: string }): Promise<void> {
    await this.db.put({ TableName: this.tableName, Item: { pk: gameKey(id), sk: page.sk, text: page.text } });
    this.keep(`${gameKey(id)}|${page.sk}`, page.text);
  }

  /** What a successful save stored, for the next one. */
  saved(id: string, version: number, pages: readonly string[], text: string): void {
    this.know(id, { version, pages, text });
  }

  private learn(item: Item, pages: readonly string[] = []): Item {
    const version = typeof item.version === 'number' ? item.version : Number((item.version as { value?: string } | undefined)?.value);
    if (item.sk === GAME_SORT_KEY && typeof item.id === 'string' && typeof item.state === 'string' && Number.isSafeInteger(version)) {
      this.know(item.id, { version, pages, text: item.state });
    }
    return item;
  }

  private know(id: string, known: Known): void {
    this.known.delete(id);
    this.known.set(id, known);
    if (this.known.size > KNOWN_GAMES) this.known.delete(this.known.keys().next().value as string);
  }

  private keep(id: string, text: string): void {
    if (this.texts.has(id)) this.texts.delete(id);
    else this.cached += text.length;
    this.texts.set(id, text);
    for (const [old, t] of this.texts) {
      if (this.cached <= PAGE_CACHE_CHARS) break;
      this.texts.delete(old);
      this.cached -= t.length;
    }
  }
}

function pagesOf(item: Item): string[] {
  const pages = item.pages;
  if (pages === undefined) return [];
  if (!Array.isArray(pages) || pages.some((p) => typeof p !== 'string' || !/^PAGE#\d+#\d+#\d+$/.test(p))) return ['PAGE#malformed'];
  return pages as string[];
}

function pageId(item: Item, sk: string): string {
  return `${String(item.pk)}|${sk}`;
}

/** A page's length in characters, from its key. */
function pageLength(sk: string): number {
  const [, from, to] = sk.split('#');
  const n = Number(to) - Number(from);
  if (!Number.isSafeInteger(n) || n <= 0) throw new InvariantError(`page key ${sk} is malformed`);
  return n;
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
