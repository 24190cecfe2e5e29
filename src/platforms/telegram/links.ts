/**
 * Links to messages: Telegram opens `https://t.me/c/<id>/<message>` for messages of supergroups
 * (chat ids `-100…`); basic groups and private chats have no such links.
 */
import type { MessageRef } from '../../app/index.ts';

/** Returns the link that opens a message in its chat, when Telegram has one. Not a rule: a URL. */
export function telegramMessageLink(message: MessageRef): string | undefined {
  const m = /^-100(\d+)$/.exec(message.chat.chatId);
  return m && /^\d+$/.test(message.messageId) ? `https://t.me/c/${m[1]}/${message.messageId}` : undefined;
}
