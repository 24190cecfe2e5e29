/**
 * A game item of bounded size, however long the game (issue #46): the stored match keeps only the
 * end of its history in the game item, the rest in pages written once and never changed.
 *
 * The convention with the game layer (`GameRecord.state`): a state that is an object with a list
 * `h` (the match's history, `game/codec.ts`) only ever grows that list at its end, apart from the
 * rare rewrite of a row (a name forgotten by `/forget`); everything else in it may change at any
 * save. When the rows after the pages grow past `TAIL_BYTES`, the rows the stored version already
 * had are cut off into a page (`GAME#<id>` / `PAGE#<from>#<to>#<version>`: rows `from` to `to` of
 * the history as stored at `version`), written before the game item, which then lists it in
 * `pages` and keeps the rest of the state in `state`. A page's key names exactly its rows, so two
 * saves racing from one version write the same page, and one that then loses its condition
 * leaves an unused page behind, never a wrong one. A save whose history no longer begins with
 * the pages' rows writes the whole state into the game item again, and the pages start anew.
 *
 * Pages never change, so a process keeps the ones it read or wrote (`PAGE_CACHE_CHARS`): a warm
 * instance reads a game it is playing with the one read of its game item; a cold one reads the
 * pages in one more batch.
 */
import { InvariantError } from '../lib/index.ts';
import type { DynamoDb, Item } from './connection.ts';
import { GAME_SORT_KEY, gameKey } from './layout.ts';

/** The most of the stored match the game item keeps beyond its pages, in UTF-8 bytes. */
export const TAIL_BYTES = 330;
/** The fewest rows a new page holds: fewer wait in the game item for the next save. */
const PAGE_MIN_ROWS = 4;
/**
 * The most pages a game item lists: the next page then holds every row paged so far, and is the
 * only one listed. It keeps the list (and so the game item) bounded in a match of any length, for
 * one larger write every few pages: each row is written into pages about history ÷ (this × a page) times.
 */
const MAX_PAGES = 6;
/** Pages kept in memory, in characters of text, the oldest used forgotten first. */
const PAGE_CACHE_CHARS = 8 * 1024 * 1024;
/** Games whose stored history this process knows, for the next save's pages. */
const KNOWN_GAMES = 512;

/** How a save stores a match: a page to write first, the pages the game item lists, and the rest of the state as text. */
export interface PagedState {
  readonly page?: { readonly sk: string; readonly text: string };
  /** The stored history was rewritten (a name forgotten): the pages before it must go once this save is stored (`dropBefore`). */
  readonly rewritten?: true;
  readonly pages: readonly string[];
  readonly tail: string;
}

interface Known {
  readonly version: number;
  readonly pages: readonly string[];
  /** The stored history, each row as JSON text. */
  readonly rows: readonly string[];
}

type Paged = { h: unknown[] } & Record<string, unknown>;

function historyOf(state: unknown): Paged | undefined {
  return typeof state === 'object' && state !== null && Array.isArray((state as { h?: unknown }).h) ? (state as Paged) : undefined;
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
   * rows taken from memory, or read in one batch for all the items. An item whose page is gone
   * keeps no `state` (it then decodes as corrupt, saying which page in `pagesLost`).
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
      if (pages.length === 0 || typeof item.state !== 'string') return this.learn(item, []);
      const { pages: _listed, state: tail, ...rest } = item;
      const lost = pages.find((sk) => !this.texts.has(pageId(item, sk)));
      if (lost !== undefined) return { ...rest, pagesLost: lost };
      try {
        const state = historyOf(JSON.parse(tail as string));
        const rows = pages.flatMap((sk) => JSON.parse(this.texts.get(pageId(item, sk))!) as unknown[]);
        if (state === undefined) return { ...rest, pagesLost: 'a state without a history' };
        return this.learn({ ...rest, state: JSON.stringify({ ...state, h: [...rows, ...state.h] }) }, pages);
      } catch {
        return { ...rest, pagesLost: 'a page that is not JSON' };
      }
    });
  }

  /** How to store `state` as the game `id` saved over `version`; undefined when this process does not know that version's history (`assemble` it first). */
  plan(id: string, version: number, state: unknown): PagedState | undefined {
    const match = historyOf(state);
    if (match === undefined) return { pages: [], tail: JSON.stringify(state) };
    const known = this.known.get(id);
    if (known === undefined || known.version !== version) return undefined;
    const rows = match.h.map((row) => JSON.stringify(row));
    const paged = known.pages.reduce((n, sk) => n + pageRows(sk), 0);
    const same = (i: number) => i < rows.length && i < known.rows.length && rows[i] === known.rows[i];
    // A row already stored that changed (a name forgotten): the whole state goes into the game item,
    // and every page written before, listed or left by a lost race, is deleted once it is stored.
    if (known.rows.some((row, i) => i < rows.length && row !== rows[i])) return { pages: [], tail: JSON.stringify(state), rewritten: true };
    const rest = (from: number) => JSON.stringify({ ...match, h: match.h.slice(from) });
    const tail = rest(paged);
    if (Buffer.byteLength(tail, 'utf8') <= TAIL_BYTES) return { pages: known.pages, tail };
    let to = paged;
    while (same(to)) to++;
    if (to - paged < PAGE_MIN_ROWS) return { pages: known.pages, tail };
    const from = known.pages.length < MAX_PAGES ? paged : 0;
    const page = { sk: `PAGE#${from}#${to}#${version}`, text: `[${known.rows.slice(from, to).join(',')}]` };
    return { page, pages: [...(from === 0 ? [] : known.pages), page.sk], tail: rest(to) };
  }

  /** Writes a page a save is about to list (before the game item: a listed page always exists). */
  async write(id: string, page: { readonly sk: string; readonly text: string }): Promise<void> {
    await this.db.put({ TableName: this.tableName, Item: { pk: gameKey(id), sk: page.sk, text: page.text } });
    this.keep(`${gameKey(id)}|${page.sk}`, page.text);
  }

  /**
   * Deletes the pages of game `id` written by saves over versions before `version`, after a save
   * at `version` that rewrote the history: they may hold what was forgotten (a name). Pages
   * written by later saves are left alone, so a save racing past this one keeps its pages.
   */
  async dropBefore(id: string, version: number): Promise<void> {
    const old: Item[] = [];
    let from: Item | undefined;
    do {
      const out = await this.db.query({ TableName: this.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :page)', ExpressionAttributeValues: { ':pk': gameKey(id), ':page': 'PAGE#' }, ProjectionExpression: 'pk, sk', ...(from === undefined ? {} : { ExclusiveStartKey: from }) });
      old.push(...out.Items.filter((page) => Number(String(page.sk).split('#')[3]) < version));
      from = out.LastEvaluatedKey;
    } while (from !== undefined);
    for (const page of old) this.forget(pageId(page, page.sk as string));
    await this.db.batchWrite(this.tableName, old.map((page) => ({ DeleteRequest: { Key: { pk: page.pk, sk: page.sk } } })));
  }

  /** What a successful save stored, for the next one. */
  saved(id: string, version: number, pages: readonly string[], state: unknown): void {
    const match = historyOf(state);
    if (match !== undefined) this.know(id, { version, pages, rows: match.h.map((row) => JSON.stringify(row)) });
  }

  private learn(item: Item, pages: readonly string[]): Item {
    const version = typeof item.version === 'number' ? item.version : Number((item.version as { value?: string } | undefined)?.value);
    if (item.sk !== GAME_SORT_KEY || typeof item.id !== 'string' || typeof item.state !== 'string' || !Number.isSafeInteger(version)) return item;
    try {
      this.saved(item.id, version, pages, JSON.parse(item.state));
    } catch {
      // Not JSON: it decodes as corrupt, and is never saved over from here.
    }
    return item;
  }

  private know(id: string, known: Known): void {
    this.known.delete(id);
    this.known.set(id, known);
    if (this.known.size > KNOWN_GAMES) this.known.delete(this.known.keys().next().value as string);
  }

  private forget(id: string): void {
    this.cached -= this.texts.get(id)?.length ?? 0;
    this.texts.delete(id);
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

/**
 * The game item's `pages` attribute: each page as `<to>#<version>`, space-separated, in order (a
 * page begins where the one before it ends, the first at row 0). Items of the first paging list
 * the page keys whole, and are read as they are.
 */
export function storedPages(pages: readonly string[]): string {
  return pages.map((sk) => sk.split('#').slice(2).join('#')).join(' ');
}

function pagesOf(item: Item): string[] {
  const stored = item.pages;
  if (stored === undefined) return [];
  let pages: unknown[] = [];
  if (Array.isArray(stored)) pages = stored;
  else if (typeof stored === 'string') {
    let from = '0';
    pages = stored.split(' ').map((page) => {
      const sk = `PAGE#${from}#${page}`;
      from = page.split('#')[0]!;
      return sk;
    });
  }
  if (pages.length === 0 || pages.some((p) => typeof p !== 'string' || !/^PAGE#\d+#\d+#\d+$/.test(p))) return ['PAGE#malformed'];
  return pages as string[];
}

function pageId(item: Item, sk: string): string {
  return `${String(item.pk)}|${sk}`;
}

/** How many rows a page holds, from its key. */
function pageRows(sk: string): number {
  const [, from, to] = sk.split('#');
  const n = Number(to) - Number(from);
  if (!Number.isSafeInteger(n) || n <= 0) throw new InvariantError(`page key ${sk} is malformed`);
  return n;
}
