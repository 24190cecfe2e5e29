/**
 * The chats the stand-in's bot can reach, as the real API sees them: a private chat exists once
 * its user has written to the bot, a group once the bot is in it; a user may block the bot and a
 * group may remove it. Not a rule: test and playground infrastructure.
 */
import { createHash } from 'node:crypto';
import { badRequest, forbidden } from './errors.ts';
import type { TgChat } from './types.ts';

export class ChatRegistry {
  private readonly known = new Map<number, TgChat>();
  private readonly blocked = new Set<number>();
  private readonly kicked = new Set<number>();
  /** The users who administer each group (getChatMember answers "administrator" for them). */
  private readonly admins = new Map<number, Set<number>>();

  constructor(
    private readonly botId: number,
    private readonly requireKnown: boolean,
  ) {}

  /** Makes a chat reachable (a user started the bot, or the bot joined a group). */
  add(chat: TgChat): void {
    this.known.set(chat.id, { ...chat });
    this.kicked.delete(chat.id);
  }

  get(id: number): TgChat | undefined {
    return this.known.get(id);
  }

  /** The user of private chat `id` blocked the bot: sends and edits there get 403. */
  block(id: number): void {
    this.blocked.add(id);
  }

  unblock(id: number): void {
    this.blocked.delete(id);
  }

  /** The bot was removed from group `id`: everything addressed there gets 403. */
  kick(id: number): void {
    this.kicked.add(id);
    this.known.delete(id);
  }

  /** `userId` administers group `chatId` from now on. */
  makeAdmin(chatId: number, userId: number): void {
    this.admins.set(chatId, new Set([...(this.admins.get(chatId) ?? []), userId]));
  }

  isAdmin(chatId: number, userId: number): boolean {
    return this.admins.get(chatId)?.has(userId) === true;
  }

  /** The chat `chat_id` names, for any method; the real API's 400/403 when it can't be reached. */
  target(chatId: unknown): TgChat {
    if (chatId === undefined || chatId === null || chatId === '') throw badRequest('chat_id is empty');
    if (typeof chatId === 'string' && chatId.startsWith('@')) {
      const name = chatId.slice(1).toLowerCase();
      const chat = [...this.known.values()].find((known) => known.username?.toLowerCase() === name);
      if (!chat) throw badRequest('chat not found');
      return chat;
    }
    const id = typeof chatId === 'number' ? chatId : typeof chatId === 'string' && /^-?\d+$/.test(chatId) ? Number(chatId) : NaN;
    if (!Number.isSafeInteger(id) || id === 0) throw badRequest('chat not found');
    const chat = this.known.get(id);
    if (chat) return chat;
    if (this.kicked.has(id)) throw forbidden('bot was kicked from the group chat');
    if (this.requireKnown) throw id > 0 ? forbidden("bot can't initiate conversation with a user") : badRequest('chat not found');
    return id > 0 ? { id, type: 'private', first_name: `User ${id}` } : { id, type: id < -1e12 ? 'supergroup' : 'group', title: `Chat ${id}` };
  }

  /** The chat for a send or an edit: also 403 when its user blocked the bot. */
  sendTarget(chatId: unknown): TgChat {
    const chat = this.target(chatId);
    if (chat.type === 'private' && this.blocked.has(chat.id)) throw forbidden('bot was blocked by the user');
    return chat;
  }

  /** The stable `chat_instance` of callback queries from messages in chat `id`. */
  chatInstance(id: number): string {
    const digest = createHash('sha256').update(`${this.botId}:${id}`).digest();
    return digest.readBigInt64BE(0).toString();
  }
}
