/**
 * Whether the user of a group's `/lang xx` (or `/weekly on|off`) administers the group: Telegram does not say so in the
 * update, so the edge asks (`getChatMember`) and puts the answer on the intent (`isAdmin`) — the
 * app decides what an admin may do. Asked only when it matters: a language code (an on or off) in a shared chat.
 * A failed question counts as "not an admin" (the app then checks whether they challenge there).
 */
import type { Telegram } from 'telegraf';
import type { Intent } from '../../app/index.ts';
import { maskSecrets, type Log } from '../shared/log.ts';

export async function withChatAdmin(telegram: Telegram, intent: Intent, log: Log): Promise<Intent> {
  if (intent.kind !== 'lang' && intent.kind !== 'weekly') return intent;
  const changes = intent.kind === 'lang' ? intent.lang !== undefined : intent.on !== undefined;
  if (!changes || intent.shared !== true) return intent;
  const userId = Number(intent.from.id.slice('telegram:'.length));
  try {
    const member = await telegram.getChatMember(intent.chat.chatId, userId);
    return { ...intent, isAdmin: member.status === 'creator' || member.status === 'administrator' };
  } catch (error) {
    log({ level: 'warn', event: 'telegram-get-chat-member', chat: intent.chat.chatId, error: maskSecrets(error instanceof Error ? error.message : String(error)) });
    return { ...intent, isAdmin: false };
  }
}
