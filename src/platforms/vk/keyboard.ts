/**
 * The app's button grid as VK inline keyboards. An inline keyboard holds at most 5 buttons a row,
 * 6 rows and 10 buttons in all (dev.vk.com, "Клавиатура": inline 5 × 6, at most 10 keys); a label
 * at most 40 characters, a payload at most 255. The app lays its grids out for 25 buttons (the
 * smallest keyboard of the other messengers), so a larger grid is shown a page at a time: nine of
 * its buttons, in order, and a "1/3 ▸" button (this page of how many) that turns to the next, the last back to the first. The page is the keyboard's own
 * business: `pages.ts` keeps the whole grid of a paged message, and the page button names the page.
 *
 * A callback button's payload is `{"t": <the app's token>}` (≤ 64 characters), the page button's
 * `{"p": <page>}`; a URL button opens its link. Not a rule: a codec.
 */
import type { Button } from '../../app/index.ts';

export const MAX_PER_ROW = 5;
export const MAX_ROWS = 6;
export const MAX_BUTTONS = 10;
export const LABEL_LIMIT = 40;

/** A button as `messages.send` takes it inside `keyboard.buttons`. */
export type VkButton =
  | { readonly action: { readonly type: 'callback'; readonly label: string; readonly payload: string }; readonly color: 'secondary' | 'primary' }
  | { readonly action: { readonly type: 'open_link'; readonly label: string; readonly link: string } };

/** The `keyboard` parameter: inline, under the message. */
export interface VkKeyboard {
  readonly inline: true;
  readonly buttons: VkButton[][];
}

type Grid = readonly (readonly Button[])[];

/** How many pages `grid` takes (1 when it fits a keyboard). */
export function pageCount(grid: Grid | undefined): number {
  const n = (grid ?? []).flat().length;
  return n <= MAX_BUTTONS ? 1 : Math.ceil(n / (MAX_BUTTONS - 1));
}

/**
 * The keyboard of page `page` (1-based, clamped) of `grid`, or undefined for no buttons. A grid that
 * fits keeps its rows, long rows split and neighbours merged until 6 remain; a page of a larger
 * grid is its nine buttons in rows of three, then the page button.
 */
export function keyboardOf(grid: Grid | undefined, page = 1): VkKeyboard | undefined {
  const rows = (grid ?? []).filter((row) => row.length > 0);
  const all = rows.flat();
  if (all.length === 0) return undefined;
  if (all.length <= MAX_BUTTONS) return { inline: true, buttons: fitRows(rows).map((row) => row.map(vkButton)) };
  const of = pageCount(rows);
  const at = Math.min(Math.max(1, Math.trunc(page)), of);
  const shown = all.slice((at - 1) * (MAX_BUTTONS - 1), at * (MAX_BUTTONS - 1));
  const next = at === of ? 1 : at + 1;
  const turn: VkButton = { action: { type: 'callback', label: `${at}/${of} ▸`, payload: JSON.stringify({ p: next }) }, color: 'primary' };
  return { inline: true, buttons: [...chunk(shown.map(vkButton), 3), [turn]] };
}

/** Rows of at most 5, at most 6 of them: long rows split, then the smallest neighbouring pair merged. */
function fitRows(rows: Grid): Button[][] {
  const fitted = rows.flatMap((row) => chunk([...row], MAX_PER_ROW));
  while (fitted.length > MAX_ROWS) {
    let best = -1;
    for (let i = 0; i + 1 < fitted.length; i++) {
      const size = fitted[i]!.length + fitted[i + 1]!.length;
      if (size <= MAX_PER_ROW && (best < 0 || size < fitted[best]!.length + fitted[best + 1]!.length)) best = i;
    }
    // No neighbours fit together: at most 10 buttons fill rows of five.
    if (best < 0) return chunk(fitted.flat(), MAX_PER_ROW);
    fitted.splice(best, 2, [...fitted[best]!, ...fitted[best + 1]!]);
  }
  return fitted;
}

function vkButton(button: Button): VkButton {
  const label = clipLabel(button.label);
  return 'url' in button
    ? { action: { type: 'open_link', label, link: button.url } }
    : { action: { type: 'callback', label, payload: JSON.stringify({ t: button.token }) }, color: 'secondary' };
}

/** A label cut to VK's 40 characters (code points, as VK counts them), marking the cut; an empty one shows a dot. */
export function clipLabel(label: string): string {
  const chars = [...label];
  if (chars.length === 0) return '·';
  return chars.length <= LABEL_LIMIT ? label : `${chars.slice(0, LABEL_LIMIT - 1).join('')}…`;
}

/** What a pressed button's payload says: an app token, a page, or nothing we sent. */
export function readPayload(payload: unknown): { token: string } | { page: number } | undefined {
  const value = typeof payload === 'string' ? parseJson(payload) : payload;
  if (typeof value !== 'object' || value === null) return undefined;
  const { t, p } = value as { t?: unknown; p?: unknown };
  if (typeof t === 'string' && t.length > 0 && t.length <= 64) return { token: t };
  if (typeof p === 'number' && Number.isSafeInteger(p) && p >= 1 && p <= 10) return { page: p };
  return undefined;
}

function parseJson(text: string): unknown {
  if (text.length > 255) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
