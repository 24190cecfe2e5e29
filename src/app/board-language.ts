/**
 * The language of what a game posts where it is played — its board, turn notices, results: the
 * game language of its chat when one was set there (`/lang` in a group, `CHAT_LANGUAGE`), else the
 * language recorded when the challenge was opened, else the acting user's. Private messages
 * speak each player's own language instead.
 */
import { pickLang, type Lang } from '../i18n/index.ts';
import type { GameRecord, GameStore } from '../store/index.ts';
import { boardLanguage } from './matches.ts';
import type { ChatRef } from './ports.ts';
import { CHAT_LANGUAGE, chatOwner, recall } from './remembered.ts';

/** The board's language when the chat's game language is known (`chatLang`, or none set). */
export function boardLangWith(record: GameRecord, chatLang: Lang | undefined, fallback?: string): Lang {
  return chatLang ?? pickLang(boardLanguage(record) ?? fallback);
}

/**
 * The board's language for an update from `here` whose chat's language was read with it
 * (`chatLang`); a game played in another chat (joined from a private chat) reads that chat's.
 */
export async function boardLangOf(store: GameStore, record: GameRecord, here: { chat: ChatRef; chatLang?: Lang }, fallback?: string): Promise<Lang> {
  const chat = record.chat;
  if (chat !== undefined && chat.platform === here.chat.platform && chat.chatId === here.chat.chatId) return boardLangWith(record, here.chatLang, fallback);
  return recallBoardLang(store, record, fallback);
}

/** The board's language, its chat's game language read on its own (the scheduler, a game from another chat). */
export async function recallBoardLang(store: GameStore, record: GameRecord, fallback?: string): Promise<Lang> {
  const chatLang = record.chat === undefined ? undefined : await recall(store, CHAT_LANGUAGE, chatOwner(record.chat));
  return boardLangWith(record, chatLang, fallback);
}
