/**
 * The whole grid of a message whose keyboard is shown a page at a time (`keyboard.ts`): kept in
 * the store under the message (`vk-keyboard:<peer>:<conversation message id>`), so the page
 * button — pressed in another Lambda sandbox, or after a restart — can show the next page. Only
 * paged keyboards are kept (a grid of up to 25 buttons, about 1–2 KB); a message edited to a
 * keyboard that fits leaves its old grid unread, since no page button points at it any more.
 *
 * VK-specific remembered value, kept here until the carve gives messengers a place for their own
 * in `src/app/remembered.ts`. Not a rule: presentation state.
 */
import type { Button, MessageRef } from '../../app/index.ts';
import type { Log } from '../shared/log.ts';

/** The part of the store this needs. */
export interface PageMemory {
  remember(key: string, value: unknown, now: number): Promise<void>;
  recall(key: string): Promise<unknown>;
  now(): number;
}

type Grid = readonly (readonly Button[])[];

const keyOf = (message: MessageRef) => `vk-keyboard:${message.chat.chatId}:${message.messageId}`;

/** Keeps `grid` under `message` (nothing when undefined); a failure only loses the later pages, logged. */
export async function rememberPages(memory: PageMemory, message: MessageRef, grid: Grid | undefined, log: Log): Promise<void> {
  if (grid === undefined) return;
  // Compact: [label, token] or [label, null, url] a button.
  const rows = grid.map((row) => row.map((b) => ('url' in b ? [b.label, null, b.url] : [b.label, b.token])));
  try {
    await memory.remember(keyOf(message), rows, memory.now());
  } catch (error) {
    log({ level: 'warn', event: 'vk-pages-not-kept', chat: message.chat.chatId, error: String(error) });
  }
}

/** The grid kept under `message`, or undefined. */
export async function recallPages(memory: PageMemory, message: MessageRef): Promise<Grid | undefined> {
  const rows = await memory.recall(keyOf(message));
  if (!Array.isArray(rows)) return undefined;
  const grid: Button[][] = [];
  for (const row of rows) {
    if (!Array.isArray(row)) return undefined;
    const out: Button[] = [];
    for (const b of row) {
      if (!Array.isArray(b) || typeof b[0] !== 'string') return undefined;
      if (typeof b[1] === 'string') out.push({ label: b[0], token: b[1] });
      else if (typeof b[2] === 'string') out.push({ label: b[0], url: b[2] });
      else return undefined;
    }
    grid.push(out);
  }
  return grid;
}
