/**
 * What the app remembers outside a match (`GameStore.remember`/`recall`), read back safely: a
 * recalled value is whatever was stored, so it is checked before use. Keys: `lang#<user>`,
 * `dm#<user>` (their private chat), `board#<game>` and `challenge#<game>` (messages),
 * `notice#<game>`, `remind#<user>` and `quiet#<user>` (reminder settings).
 */
import { pickLang, type Lang } from '../i18n/index.ts';
import type { ChatRef, GameStore } from '../store/index.ts';
import type { MessageRef } from './chat.ts';

export function isChatRef(v: unknown): v is ChatRef {
  const c = v as ChatRef | null;
  return typeof c === 'object' && c !== null && typeof c.chatId === 'string' && typeof c.platform === 'string';
}

export function isMessageRef(v: unknown): v is MessageRef {
  const m = v as MessageRef | null;
  return typeof m === 'object' && m !== null && typeof m.messageId === 'string' && typeof m.chat?.chatId === 'string';
}

/** A player's language: the one chosen with /lang, else `fallback` (the platform's, or the board's when the scheduler writes). */
export async function langOfPlayer(store: GameStore, playerId: string, fallback?: string): Promise<Lang> {
  const chosen = await store.recall(`lang#${playerId}`);
  return pickLang(typeof chosen === 'string' ? chosen : fallback);
}
