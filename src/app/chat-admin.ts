/**
 * What a chat's admin may do to others' things (issue #45, "no lockouts"): cancel anyone's open
 * challenge or tournament sign-up in that chat, so that nothing a member opens can shut the chat.
 * Whether the user administers the chat comes on the intent when the messenger knows it from the
 * update (a member's permission bits); otherwise the messenger is asked (`Questions`, a call to its
 * API), and only here, once a press could not be done any other way: the owner's own Cancel, and
 * every other press, ask nothing. No answer counts as no.
 */
import type { MatchState } from '../game/index.ts';
import type { GameRecord, StoredChat } from '../store/index.ts';
import type { ChatRef } from './ports.ts';
import type { Update } from './intents/update.ts';

/** Whether the update's user administers its chat: as the intent says, else as the messenger answers. */
export async function isChatAdmin(u: Update): Promise<boolean> {
  const known = u.intent.kind === 'press' || u.intent.kind === 'tournament' ? u.intent.isAdmin : undefined;
  if (known !== undefined) return known;
  // The messenger answers a question it could not put with no (and logs it), so this never throws for that.
  return (await u.questions?.isChatAdmin?.()) === true;
}

/** Whether `chat` is the chat something lives in: an admin of one chat has no say in another. */
export function isSameChat(home: StoredChat | ChatRef | undefined, chat: ChatRef): boolean {
  return home !== undefined && home.platform === chat.platform && home.chatId === chat.chatId;
}

/** Whether a Cancel press under someone else's open challenge is an admin's of the challenge's chat, who may cancel it. */
export async function cancelsAsAdmin(u: Update, record: GameRecord, state: MatchState): Promise<boolean> {
  if (state.phase !== 'challenge' || state.players[0]?.id === u.intent.from.id || !isSameChat(record.chat, u.intent.chat)) return false;
  return isChatAdmin(u);
}
