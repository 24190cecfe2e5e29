/**
 * The stand-in's getChatMember: who administers a chat, as a test or the playground set it
 * (`makeAdmin`); everyone else who asks about is a plain member. Not a rule: test and playground
 * infrastructure.
 */
import { badRequest } from './errors.ts';
import type { Method } from './state.ts';

const getChatMember: Method = (state, { params }) => {
  const chat = state.chats.target(params.chat_id);
  const userId = typeof params.user_id === 'number' ? params.user_id : typeof params.user_id === 'string' && /^\d+$/.test(params.user_id) ? Number(params.user_id) : NaN;
  if (!Number.isSafeInteger(userId) || userId <= 0) throw badRequest('PARTICIPANT_ID_INVALID');
  const status = chat.type !== 'private' && state.chats.isAdmin(chat.id, userId) ? 'administrator' : 'member';
  return { result: { status, user: { id: userId, is_bot: userId === state.bot.id, first_name: `User ${userId}` } } };
};

export const memberMethods: Record<string, Method> = { getChatMember };
