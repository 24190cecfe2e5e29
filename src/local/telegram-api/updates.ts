/**
 * Simulated Telegram users: they write messages, press buttons under the bot's messages, type
 * inline queries and pick inline results. Each action changes the stand-in (the message appears
 * in its chat, the query awaits an answer) and returns the realistic `Update` Telegram would send;
 * `deliver` posts an update to a webhook the way Telegram does.
 * Not a rule: test and playground infrastructure.
 */
import { formatText } from './format.ts';
import { checkReplyMarkup, inlineButtons } from './markup.ts';
import { unixTime, type StandInState } from './state.ts';
import type {
  MessageEntity, MessageRef, StoredMessage, TgCallbackQuery, TgChat, TgUpdate, TgUser, UserMessageExtra,
} from './types.ts';
import type { NewMessage } from './messages.ts';

/** The private chat between the bot and `user`. */
export function privateChatOf(user: TgUser): TgChat {
  const chat: TgChat = { id: user.id, type: 'private', first_name: user.first_name };
  if (user.last_name !== undefined) chat.last_name = user.last_name;
  if (user.username !== undefined) chat.username = user.username;
  return chat;
}

/**
 * POSTs an update to a webhook as Telegram does (JSON, with `X-Telegram-Bot-Api-Secret-Token`
 * when a secret is given) and returns the HTTP status the webhook answered.
 */
export async function deliver(update: TgUpdate, webhookUrl: string, secret?: string): Promise<number> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== undefined) headers['x-telegram-bot-api-secret-token'] = secret;
  const response = await fetch(webhookUrl, { method: 'POST', headers, body: JSON.stringify(update) });
  await response.arrayBuffer();
  return response.status;
}

/** `bot_command` entities for `/commands` and `mention` entities for `@usernames`, as clients mark them. */
export function detectEntities(text: string): MessageEntity[] {
  const entities: MessageEntity[] = [];
  for (const match of text.matchAll(/(^|\s)(\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?)(?=$|\s)/g)) {
    entities.push({ type: 'bot_command', offset: (match.index ?? 0) + (match[1] as string).length, length: (match[2] as string).length });
  }
  for (const match of text.matchAll(/(^|[^\w@/])(@[A-Za-z0-9_]{5,32})(?![\w@])/g)) {
    entities.push({ type: 'mention', offset: (match.index ?? 0) + (match[1] as string).length, length: (match[2] as string).length });
  }
  return entities.sort((a, b) => a.offset - b.offset);
}

export class SimulatedUsers {
  private updateSerial: number;
  private querySerial = 0;

  constructor(
    private readonly state: StandInState,
    private readonly emit: (update: TgUpdate) => void,
  ) {
    // Update ids go on increasing across restarts, as Telegram's do: the webhook remembers the ids
    // it handled for 48 h (in `.data/` for `npm start`), so a stand-in counting from a fixed number
    // again would have every update of the new run ignored as a replay. The clock in ms outruns
    // any run's updates.
    this.updateSerial = Math.max(100_000_000, Math.floor(state.now()));
  }

  /** `user` writes `text` in `chat` (which makes the chat reachable for the bot). */
  userMessage(user: TgUser, chat: TgChat, text: string, extra: UserMessageExtra = {}): TgUpdate {
    this.state.chats.add(chat);
    const replied = extra.replyTo ? this.find(extra.replyTo) : undefined;
    if (replied && replied.chat.id !== chat.id) throw new Error(`userMessage: the replied message is in chat ${replied.chat.id}, not ${chat.id}`);
    const message = this.state.messages.add({
      chat: this.state.chats.get(chat.id) ?? chat, from: user, fromBot: false, date: unixTime(this.state), text,
      entities: extra.entities ?? detectEntities(text), reply_to_message_id: replied?.message_id,
    });
    return this.update({ message: this.state.messages.toApi(message) });
  }

  /** `user` presses a button with `callbackData` under a message (any data: clients can be forged). */
  userPress(user: TgUser, ref: MessageRef, callbackData: string): TgUpdate {
    const message = this.find(ref);
    const id = String(4_300_000_000_000_000_000n + BigInt(++this.querySerial));
    this.state.callbackQueries.set(id, {});
    const query: TgCallbackQuery = { id, from: user, chat_instance: this.state.chats.chatInstance(message.chat.id), data: callbackData };
    if (message.inline_message_id !== undefined) query.inline_message_id = message.inline_message_id;
    else query.message = this.state.messages.toApi(message);
    return this.update({ callback_query: query });
  }

  /** `user` presses the callback button whose text is `label` (or matches it); throws listing the buttons if none. */
  userPressButton(user: TgUser, ref: MessageRef, label: string | RegExp): TgUpdate {
    const message = this.find(ref);
    const buttons = inlineButtons(message.reply_markup);
    const button = buttons.find((candidate) => (typeof label === 'string' ? candidate.text === label : label.test(candidate.text)));
    if (!button || typeof button.callback_data !== 'string') {
      const available = buttons.map((candidate) => JSON.stringify(candidate.text)).join(', ') || 'none';
      throw new Error(`userPressButton: no callback button ${String(label)} under message ${message.message_id} in chat ${message.chat.id}; buttons: ${available}`);
    }
    return this.userPress(user, message, button.callback_data);
  }

  /** `user` types `@bot query` in a chat of `chatType`. */
  inlineQuery(user: TgUser, query: string, chatType: string = 'sender'): TgUpdate {
    const id = String(5_100_000_000_000_000_000n + BigInt(++this.querySerial));
    const inline = { id, from: user, query, offset: '', chat_type: chatType };
    this.state.inlineQueries.set(id, { query: inline });
    return this.update({ inline_query: inline });
  }

  /**
   * `user` picks result `resultId` of an answered inline query and sends it into `chat`: the message
   * appears there (with an `inline_message_id` when it has an inline keyboard, as in Telegram) and
   * the `chosen_inline_result` update is returned.
   */
  chooseInlineResult(user: TgUser, inlineQueryId: string, resultId: string, chat: TgChat): { update: TgUpdate; message: StoredMessage } {
    const record = this.state.inlineQueries.get(inlineQueryId);
    if (!record?.answer) throw new Error(`chooseInlineResult: inline query ${inlineQueryId} has not been answered`);
    const result = record.answer.results.find((candidate) => candidate.id === resultId);
    if (!result) throw new Error(`chooseInlineResult: no result ${resultId} in the answer to ${inlineQueryId}`);
    const reply_markup = checkReplyMarkup(result.reply_markup);
    const fields: NewMessage = {
      chat, from: user, fromBot: false, via_bot: this.state.bot, date: unixTime(this.state), reply_markup, ...this.inlineContent(result),
    };
    const message = this.state.messages.addInline(fields, reply_markup !== undefined);
    const chosen = { result_id: resultId, from: user, query: record.query.query, inline_message_id: message.inline_message_id };
    if (chosen.inline_message_id === undefined) delete chosen.inline_message_id;
    return { update: this.update({ chosen_inline_result: chosen }), message };
  }

  /** What an inline result puts in the chat: its `input_message_content` text, or its photo and caption. */
  private inlineContent(result: Record<string, unknown>): Partial<StoredMessage> {
    const content = result.input_message_content as Record<string, unknown> | undefined;
    if (content && typeof content.message_text === 'string') {
      const { text, entities } = formatText(content.message_text, content.parse_mode, content.entities);
      return { text, entities };
    }
    if (result.type === 'photo') {
      const reference = result.photo_file_id ?? result.photo_url;
      const photo = this.state.photos.resolve(reference, {}, 'photo');
      const caption = formatText(typeof result.caption === 'string' ? result.caption : '', result.parse_mode, result.caption_entities);
      return { photo, caption: caption.text, caption_entities: caption.entities };
    }
    throw new Error(`chooseInlineResult: the stand-in shows only text and photo results, not "${String(result.type)}"`);
  }

  /** The stored message a reference points at; throws when it is unknown or deleted (nobody can press it). */
  private find(ref: MessageRef): StoredMessage {
    const message = ref.inline_message_id !== undefined
      ? this.state.messages.getInline(ref.inline_message_id)
      : ref.chat && ref.message_id !== undefined ? this.state.messages.get(ref.chat.id, ref.message_id) : undefined;
    if (!message || message.deleted) throw new Error(`no such message to act on: ${JSON.stringify(ref)}`);
    return message;
  }

  private update(body: Omit<TgUpdate, 'update_id'>): TgUpdate {
    const update: TgUpdate = { update_id: ++this.updateSerial, ...body };
    this.emit(update);
    return update;
  }
}
