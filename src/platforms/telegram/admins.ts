/**
 * Whether a user administers a group: Telegram does not say so in the update, so the edge asks
 * (`getChatMember`) — the app decides what an admin may do. Asked only when it matters:
 * - for a group's `/lang xx` (or `/weekly on|off`), before the app runs, the answer on the intent (`isAdmin`);
 * - for a press, when the app asks (`Questions.isChatAdmin`): a Cancel under someone else's
 *   challenge or tournament sign-up (issue #45), never for the owner's own.
 * A failed question counts as "not an admin" (for `/lang` the app then checks whether they challenge there).
 */
import type { Telegram } from 'telegraf';
import type { Intent, Questions } from '../../app/index.ts';
import { maskSecrets, type Log } from '../shared/log.ts';

export async function withChatAdmin(telegram: Telegram, intent: Intent, log: Log): Promise<Intent> {
  if (intent.kind !== 'lang' && intent.kind !== 'weekly') return intent;
  const changes = intent.kind === 'lang' ? intent.lang !== undefined : intent.on !== undefined;
  if (!changes || intent.shared !== true) return intent;
  return { ...intent, isAdmin: await isChatAdmin(telegram, intent, log) };
}

/** The questions the app may put about one update: asked at most once, and only if the app asks. */
export function questionsOf(telegram: Telegram, intent: Intent, log: Log): Questions {
  let asked: Promise<boolean> | undefined;
  return { isChatAdmin: () => (asked ??= isChatAdmin(telegram, intent, log)) };
}

async function isChatAdmin(telegram: Telegram, intent: Intent, log: Log): Promise<boolean> {
  // A private chat's id is its user's, positive; groups and channels have negative ids, and admins.
  if (!intent.chat.chatId.startsWith('-')) return false;
  const userId = Number(intent.from.id.slice('telegram:'.length));
  try {
    const member = await telegram.getChatMember(intent.chat.chatId, userId);
    return member.status === 'creator' || member.status === 'administrator';
  } catch (error) {
    log({ level: 'warn', event: 'telegram-get-chat-member', chat: intent.chat.chatId, error: maskSecrets(error instanceof Error ? error.message : String(error)) });
    return false;
  }
}
