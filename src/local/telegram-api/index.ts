/**
 * A local stand-in of the Telegram Bot API: a real HTTP server that telegraf (via its `apiRoot`
 * option) and plain `fetch` talk to exactly as to `api.telegram.org`, with a per-chat message
 * store, realistic answers and errors, failure injection, and simulated users whose updates are
 * delivered to the bot's real webhook. Used by the test suite and by the local playground.
 * Not a rule: test and playground infrastructure.
 *
 * @example
 * const telegram = await startTelegramApi({ token: '123:abc', bot: { id: 123, username: 'nardy_bot', first_name: 'Nardy' } });
 * const bot = new Telegraf(token, { telegram: { apiRoot: telegram.apiRoot } });
 * const update = telegram.userMessage(alice, group, '/nardy');
 * await telegram.deliver(update, webhookUrl, secret);
 * telegram.messages(group.id); // what the bot sent, as it looks now
 */
import type { Server } from 'node:http';
import { FailureQueue, listen } from './server.ts';
import { commandsKey, createState, type StandInState } from './state.ts';
import { deliver, SimulatedUsers } from './updates.ts';
import type {
  ApiEvent, BotCommand, CallbackAnswer, Failure, InlineAnswer, MessageRef, RecordedCall, StoredMessage, StoredPhoto,
  TelegramApiOptions, TgChat, TgUpdate, TgUser, UserMessageExtra, WebhookInfo,
} from './types.ts';

export { deliver, detectEntities, privateChatOf } from './updates.ts';
export type {
  ApiEvent, ApiResponse, BotCommand, CallbackAnswer, Failure, InlineAnswer, InlineKeyboardButton, InlineKeyboardMarkup,
  MessageEntity, MessageRef, PhotoSize, RateLimits, RecordedCall, StoredDocument, StoredMessage, StoredPhoto, TelegramApiOptions,
  TgCallbackQuery, TgChat, TgChosenInlineResult, TgInlineQuery, TgMessage, TgUpdate, TgUser, UploadedFile,
  UserMessageExtra, WebhookInfo,
} from './types.ts';

/** A running stand-in. */
export type TelegramApi = {
  /** `http://127.0.0.1:PORT`; methods live at `${apiRoot}/bot${token}/${method}`. */
  readonly apiRoot: string;
  readonly token: string;
  /** The bot as `getMe` describes it. */
  readonly bot: TgUser;
  /** Every request in arrival order, with its answer. */
  readonly calls: RecordedCall[];
  /** Every update the simulated users produced, in order. */
  readonly updates: TgUpdate[];
  /** The recorded calls of one method. */
  callsOf(method: string): RecordedCall[];
  /** Calls `listener` for each call and update from now on; returns the unsubscribe function. */
  subscribe(listener: (event: ApiEvent) => void): () => void;
  /** The messages of a chat in order, as they look now (deleted ones flagged). */
  messages(chatId: number): StoredMessage[];
  message(chatId: number, messageId: number): StoredMessage | undefined;
  /** Every message of every chat (the playground keeps them across restarts: `playground/chat-archive.ts`). */
  allMessages(): StoredMessage[];
  /**
   * Puts back messages kept from an earlier run, under their own ids, with their photos under their
   * own file ids; later messages and photos are numbered after them. Before the first new message.
   */
  restore(messages: StoredMessage[]): void;
  inlineMessage(inlineMessageId: string): StoredMessage | undefined;
  /** A photo by any of its sizes' file ids. */
  photo(fileId: string): StoredPhoto | undefined;
  /** How the bot answered a callback query (undefined: not yet). */
  callbackAnswer(callbackQueryId: string): CallbackAnswer | undefined;
  inlineAnswer(inlineQueryId: string): InlineAnswer | undefined;
  /** The webhook the bot set (`setWebhook`), or null. */
  readonly webhook: WebhookInfo | null;
  /** The commands the bot set for a scope (default: all chats) and language. */
  commands(scope?: object, languageCode?: string): BotCommand[];
  /** Makes a chat reachable without a message in it (the user started the bot, the bot joined the group). */
  addChat(chat: TgChat): void;
  /** The user of a private chat blocks the bot: sends and edits there answer 403. */
  blockUser(chatId: number): void;
  unblockUser(chatId: number): void;
  /** `userId` administers group `chatId` from now on (getChatMember says "administrator"). */
  makeAdmin(chatId: number, userId: number): void;
  /** The bot is removed from a group: every call addressed there answers 403. */
  kickBot(chatId: number): void;
  /** Serves `failure` instead of the next `times` calls of `method` (`'*'`: any method). */
  failNext(method: string, failure: Failure, times?: number): void;
  clearFailures(): void;
  userMessage(user: TgUser, chat: TgChat, text: string, extra?: UserMessageExtra): TgUpdate;
  userPress(user: TgUser, message: MessageRef, callbackData: string): TgUpdate;
  userPressButton(user: TgUser, message: MessageRef, label: string | RegExp): TgUpdate;
  inlineQuery(user: TgUser, query: string, chatType?: string): TgUpdate;
  chooseInlineResult(user: TgUser, inlineQueryId: string, resultId: string, chat: TgChat): { update: TgUpdate; message: StoredMessage };
  /** Delivers an update to `webhookUrl` (default: the webhook the bot set, and its secret unless one is given); returns the HTTP status. */
  deliver(update: TgUpdate, webhookUrl?: string, secret?: string): Promise<number>;
  close(): Promise<void>;
};

/** Starts a stand-in on `options.host` (127.0.0.1) and `options.port` (0: any free port). */
export async function startTelegramApi(options: TelegramApiOptions): Promise<TelegramApi> {
  const state = createState(options);
  const failures = new FailureQueue();
  const log = new EventLog();
  const { server, apiRoot } = await listen({ state, failures, record: (call) => log.call(call) }, options.port ?? 0, options.host ?? '127.0.0.1');
  return new LocalTelegramApi(state, failures, log, server, apiRoot);
}

/** The recorded calls and updates, and who listens to them. */
class EventLog {
  readonly calls: RecordedCall[] = [];
  readonly updates: TgUpdate[] = [];
  readonly listeners = new Set<(event: ApiEvent) => void>();

  call(call: RecordedCall): void {
    this.calls.push(call);
    this.emit({ kind: 'call', call });
  }

  update(update: TgUpdate): void {
    this.updates.push(update);
    this.emit({ kind: 'update', update });
  }

  private emit(event: ApiEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

class LocalTelegramApi implements TelegramApi {
  readonly token: string;
  readonly bot: TgUser;
  private readonly users: SimulatedUsers;

  constructor(
    private readonly state: StandInState,
    private readonly failures: FailureQueue,
    private readonly log: EventLog,
    private readonly server: Server,
    readonly apiRoot: string,
  ) {
    this.token = state.token;
    this.bot = state.bot;
    this.users = new SimulatedUsers(state, (update) => log.update(update));
  }

  get calls(): RecordedCall[] {
    return this.log.calls;
  }
  get updates(): TgUpdate[] {
    return this.log.updates;
  }
  get webhook(): WebhookInfo | null {
    return this.state.webhook;
  }
  callsOf(method: string): RecordedCall[] {
    return this.log.calls.filter((call) => call.method === method);
  }
  subscribe(listener: (event: ApiEvent) => void): () => void {
    this.log.listeners.add(listener);
    return () => void this.log.listeners.delete(listener);
  }
  messages(chatId: number): StoredMessage[] {
    return this.state.messages.list(chatId);
  }
  message(chatId: number, messageId: number): StoredMessage | undefined {
    return this.state.messages.get(chatId, messageId);
  }
  allMessages(): StoredMessage[] {
    return this.state.messages.all();
  }
  restore(messages: StoredMessage[]): void {
    for (const message of messages) {
      if (message.photo !== undefined) this.state.photos.restore(message.photo);
      this.state.messages.restore(message);
    }
  }
  inlineMessage(inlineMessageId: string): StoredMessage | undefined {
    return this.state.messages.getInline(inlineMessageId);
  }
  photo(fileId: string): StoredPhoto | undefined {
    return this.state.photos.get(fileId);
  }
  callbackAnswer(callbackQueryId: string): CallbackAnswer | undefined {
    return this.state.callbackQueries.get(callbackQueryId)?.answer;
  }
  inlineAnswer(inlineQueryId: string): InlineAnswer | undefined {
    return this.state.inlineQueries.get(inlineQueryId)?.answer;
  }
  commands(scope?: object, languageCode?: string): BotCommand[] {
    return this.state.commands.get(commandsKey(scope, languageCode)) ?? [];
  }
  addChat(chat: TgChat): void {
    this.state.chats.add(chat);
  }
  blockUser(chatId: number): void {
    this.state.chats.block(chatId);
  }
  unblockUser(chatId: number): void {
    this.state.chats.unblock(chatId);
  }
  kickBot(chatId: number): void {
    this.state.chats.kick(chatId);
  }
  makeAdmin(chatId: number, userId: number): void {
    this.state.chats.makeAdmin(chatId, userId);
  }
  failNext(method: string, failure: Failure, times = 1): void {
    this.failures.add(method, failure, times);
  }
  clearFailures(): void {
    this.failures.clear();
  }
  userMessage(user: TgUser, chat: TgChat, text: string, extra?: UserMessageExtra): TgUpdate {
    return this.users.userMessage(user, chat, text, extra);
  }
  userPress(user: TgUser, message: MessageRef, callbackData: string): TgUpdate {
    return this.users.userPress(user, message, callbackData);
  }
  userPressButton(user: TgUser, message: MessageRef, label: string | RegExp): TgUpdate {
    return this.users.userPressButton(user, message, label);
  }
  inlineQuery(user: TgUser, query: string, chatType?: string): TgUpdate {
    return this.users.inlineQuery(user, query, chatType);
  }
  chooseInlineResult(user: TgUser, inlineQueryId: string, resultId: string, chat: TgChat): { update: TgUpdate; message: StoredMessage } {
    return this.users.chooseInlineResult(user, inlineQueryId, resultId, chat);
  }
  async deliver(update: TgUpdate, webhookUrl?: string, secret?: string): Promise<number> {
    const url = webhookUrl ?? this.state.webhook?.url;
    if (!url) throw new Error('deliver: no webhook URL given and none set with setWebhook');
    return deliver(update, url, secret ?? (webhookUrl === undefined ? this.state.webhook?.secret_token : undefined));
  }
  close(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.server.close((error) => (error ? reject(error) : resolve()));
      this.server.closeAllConnections();
    });
  }
}
