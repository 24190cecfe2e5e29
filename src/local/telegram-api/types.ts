/**
 * The shapes of the local Telegram Bot API stand-in: the Bot API objects it sends and receives
 * (the subset this project uses, named as in the Bot API), what it stores and what it records.
 * Not a rule: test and playground infrastructure.
 */

/** A Telegram user (Bot API `User`). */
export type TgUser = {
  id: number;
  is_bot?: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
};

/** A chat (Bot API `Chat`): a private chat's id is the user's id, groups have negative ids. */
export type TgChat = {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
  username?: string;
  first_name?: string;
  last_name?: string;
};

/** A formatting or meaning span of a text (Bot API `MessageEntity`), offsets in UTF-16 units. */
export type MessageEntity = {
  type: string;
  offset: number;
  length: number;
  url?: string;
  user?: TgUser;
  language?: string;
  custom_emoji_id?: string;
};

/** One button of an inline keyboard; exactly one action field besides `text`. */
export type InlineKeyboardButton = {
  text: string;
  callback_data?: string;
  url?: string;
  switch_inline_query?: string;
  switch_inline_query_current_chat?: string;
  [action: string]: unknown;
};

export type InlineKeyboardMarkup = { inline_keyboard: InlineKeyboardButton[][] };

/** One size of a photo (Bot API `PhotoSize`). */
export type PhotoSize = {
  file_id: string;
  file_unique_id: string;
  width: number;
  height: number;
  file_size?: number;
};

/** A file part of a multipart request. */
export type UploadedFile = { filename: string; mimeType: string; size: number; bytes: Buffer };

/** A photo the stand-in holds: an upload (or a URL it was given), with the sizes it announced. */
export type StoredPhoto = UploadedFile & {
  file_id: string;
  file_unique_id: string;
  file_path: string;
  width: number;
  height: number;
  sizes: PhotoSize[];
  /** Set when the photo was sent by URL: the stand-in never downloads, so `bytes` is empty. */
  url?: string;
};

/** A file the bot sent as a document (`sendDocument`), its bytes kept for tests and the playground. */
export type StoredDocument = UploadedFile & { file_id: string; file_unique_id: string };

/** The current state of one message in a chat, as a chat client would show it. */
export type StoredMessage = {
  message_id: number;
  chat: TgChat;
  from: TgUser;
  /** Sent by the bot (its own messages are the only ones it may edit). */
  fromBot: boolean;
  date: number;
  text?: string;
  entities?: MessageEntity[];
  caption?: string;
  caption_entities?: MessageEntity[];
  /** The photo shown now (after the last `editMessageMedia`). */
  photo?: StoredPhoto;
  document?: StoredDocument;
  reply_markup?: InlineKeyboardMarkup;
  reply_to_message_id?: number;
  /** Set for a message a user sent through the bot's inline mode. */
  inline_message_id?: string;
  via_bot?: TgUser;
  deleted: boolean;
  /** How many times it was edited; `edit_date` is the last edit's time. */
  edits: number;
  edit_date?: number;
};

/** A Bot API `Message` as the API returns it and as updates carry it. */
export type TgMessage = {
  message_id: number;
  from?: TgUser;
  chat: TgChat;
  date: number;
  edit_date?: number;
  text?: string;
  entities?: MessageEntity[];
  caption?: string;
  caption_entities?: MessageEntity[];
  photo?: PhotoSize[];
  document?: { file_id: string; file_unique_id: string; file_name: string; mime_type: string; file_size: number };
  reply_markup?: InlineKeyboardMarkup;
  reply_to_message?: TgMessage;
  via_bot?: TgUser;
};

export type TgCallbackQuery = {
  id: string;
  from: TgUser;
  message?: TgMessage;
  inline_message_id?: string;
  chat_instance: string;
  data?: string;
};

export type TgInlineQuery = { id: string; from: TgUser; query: string; offset: string; chat_type?: string };

export type TgChosenInlineResult = { result_id: string; from: TgUser; query: string; inline_message_id?: string };

/** A Bot API `Update` of the kinds the stand-in simulates. */
export type TgUpdate = {
  update_id: number;
  message?: TgMessage;
  callback_query?: TgCallbackQuery;
  inline_query?: TgInlineQuery;
  chosen_inline_result?: TgChosenInlineResult;
};

/** The JSON body of every Bot API answer. */
export type ApiResponse = {
  ok: boolean;
  result?: unknown;
  description?: string;
  error_code?: number;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
};

/** One request the stand-in received, with what it answered. */
export type RecordedCall = {
  /** The method as the Bot API names it (`sendPhoto`, whatever case the URL used), or the raw path segment when unknown. */
  method: string;
  /** Fields of the JSON, urlencoded or multipart body (and the query string), JSON-encoded fields parsed. */
  params: Record<string, unknown>;
  files: Record<string, UploadedFile>;
  /** When it arrived (ms since the epoch, from the stand-in's clock). */
  at: number;
  status: number;
  response: ApiResponse;
};

/** A failure to inject into the next matching calls (`failNext`). */
export type Failure =
  | { status: 429; retryAfter: number }
  | { status: 400 | 403 | 500 | 502; description: string };

/** What the bot answered to a callback query (`answerCallbackQuery`). */
export type CallbackAnswer = { text?: string; show_alert: boolean; url?: string; cache_time?: number };

/** What the bot answered to an inline query (`answerInlineQuery`). */
export type InlineAnswer = { results: Record<string, unknown>[]; cache_time?: number; is_personal?: boolean };

export type BotCommand = { command: string; description: string };

export type WebhookInfo = { url: string; secret_token?: string; max_connections: number; allowed_updates?: string[] };

/** Something that happened on the stand-in, for live views (the playground). */
export type ApiEvent = { kind: 'call'; call: RecordedCall } | { kind: 'update'; update: TgUpdate };

/** The message a simulated press or reply points at. */
export type MessageRef = { inline_message_id?: string; chat?: { id: number }; message_id?: number };

/** Extras of a simulated user message. */
export type UserMessageExtra = {
  /** The message this one replies to. */
  replyTo?: MessageRef;
  /** Entities to send instead of the detected ones (`bot_command`, `mention`). */
  entities?: MessageEntity[];
};

/** Opt-in rate limits, as the Bot FAQ describes them (off by default). */
export type RateLimits = {
  /** Messages and edits per second in one chat, after a short burst (default 1). */
  chatPerSecond?: number;
  /** The burst one chat may send before `chatPerSecond` applies (default 3). */
  chatBurst?: number;
  /** Messages and edits per minute in one group (default 20). */
  groupPerMinute?: number;
  /** Messages and edits per second across all chats (default 30). */
  globalPerSecond?: number;
};

export type TelegramApiOptions = {
  token: string;
  bot: { id: number; username: string; first_name: string };
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: '127.0.0.1';
  /** The clock (ms since the epoch); default `Date.now`. Dates, the 48 h delete limit and rate limits use it. */
  now?: () => number;
  /**
   * Like the real API (default true): a private chat is reachable only after its user wrote to
   * the bot (403 "bot can't initiate conversation"), a group only once the bot is in it (400
   * "chat not found"). Chats become known through `userMessage` or `addChat`.
   */
  requireKnownChats?: boolean;
  rateLimits?: RateLimits;
};
