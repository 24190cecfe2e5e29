/**
 * The messages of every chat the stand-in's bot is in, as chat clients would show them now:
 * ids increase per chat, edits change a message in place, deletions leave it flagged. Messages
 * users sent through the bot's inline mode are kept by their `inline_message_id` too.
 * Not a rule: test and playground infrastructure.
 */
import type { StoredMessage, TgMessage } from './types.ts';

export type NewMessage = Omit<StoredMessage, 'message_id' | 'deleted' | 'edits'>;

export class MessageStore {
  private readonly byChat = new Map<number, Map<number, StoredMessage>>();
  private readonly byInlineId = new Map<string, StoredMessage>();
  private inlineSerial = 0;
  /** Each chat's latest message id (ids go on from restored messages). */
  private readonly lastId = new Map<number, number>();

  /** Adds a message to its chat under the chat's next message id. */
  add(fields: NewMessage): StoredMessage {
    const message: StoredMessage = { ...fields, message_id: (this.lastId.get(fields.chat.id) ?? 0) + 1, deleted: false, edits: 0 };
    this.keep(message);
    return message;
  }

  /**
   * Puts back a message kept from an earlier run (the playground's chats, `chat-archive.ts`) under its
   * own id; the chat's later messages are numbered after it, as Telegram's go on increasing.
   */
  restore(message: StoredMessage): void {
    this.keep(message);
    if (message.inline_message_id !== undefined) {
      this.byInlineId.set(message.inline_message_id, message);
      this.inlineSerial++;
    }
  }

  /** Every message of every chat, by chat, in order. */
  all(): StoredMessage[] {
    return [...this.byChat.values()].flatMap((chat) => [...chat.values()]);
  }

  private keep(message: StoredMessage): void {
    let chat = this.byChat.get(message.chat.id);
    if (!chat) this.byChat.set(message.chat.id, (chat = new Map()));
    chat.set(message.message_id, message);
    this.lastId.set(message.chat.id, Math.max(this.lastId.get(message.chat.id) ?? 0, message.message_id));
  }

  /** Adds a message a user sent via the bot's inline mode; `withId` gives it an `inline_message_id`. */
  addInline(fields: NewMessage, withId: boolean): StoredMessage {
    const message = this.add(fields);
    if (withId) {
      message.inline_message_id = `AgAAA${Buffer.from(`inline:${++this.inlineSerial}:${fields.chat.id}`).toString('base64url')}`;
      this.byInlineId.set(message.inline_message_id, message);
    }
    return message;
  }

  get(chatId: number, messageId: number): StoredMessage | undefined {
    return this.byChat.get(chatId)?.get(messageId);
  }

  getInline(inlineMessageId: string): StoredMessage | undefined {
    return this.byInlineId.get(inlineMessageId);
  }

  /** Every message of a chat in order, deleted ones included (flagged). */
  list(chatId: number): StoredMessage[] {
    return [...(this.byChat.get(chatId)?.values() ?? [])];
  }

  /** The Bot API `Message` object of a stored message (with the message it replies to, one level deep). */
  toApi(message: StoredMessage, withReply = true): TgMessage {
    const api: TgMessage = { message_id: message.message_id, from: message.from, chat: { ...message.chat }, date: message.date };
    if (message.edit_date !== undefined) api.edit_date = message.edit_date;
    if (message.via_bot) api.via_bot = message.via_bot;
    if (message.text !== undefined) {
      api.text = message.text;
      if (message.entities?.length) api.entities = message.entities;
    }
    if (message.photo) api.photo = message.photo.sizes;
    if (message.document) {
      const d = message.document;
      api.document = { file_id: d.file_id, file_unique_id: d.file_unique_id, file_name: d.filename, mime_type: d.mimeType, file_size: d.size };
    }
    if (message.caption !== undefined && message.caption !== '') {
      api.caption = message.caption;
      if (message.caption_entities?.length) api.caption_entities = message.caption_entities;
    }
    if (message.reply_markup) api.reply_markup = message.reply_markup;
    const replied = message.reply_to_message_id === undefined ? undefined : this.get(message.chat.id, message.reply_to_message_id);
    if (withReply && replied && !replied.deleted) api.reply_to_message = this.toApi(replied, false);
    return api;
  }
}
