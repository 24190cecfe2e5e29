/**
 * Everything one Telegram Bot API stand-in knows: its bot, chats, messages, photos, pending
 * queries, webhook and commands. The methods (`sending.ts`, `editing.ts`, `queries.ts`) and the
 * simulated users (`updates.ts`) work on it. Not a rule: test and playground infrastructure.
 */
import { ChatRegistry } from './chats.ts';
import { PhotoStore } from './files.ts';
import { MessageStore } from './messages.ts';
import { RateLimiter } from './rate-limits.ts';
import type {
  BotCommand, CallbackAnswer, InlineAnswer, TelegramApiOptions, TgInlineQuery, TgUser, UploadedFile, WebhookInfo,
} from './types.ts';

export type StandInState = {
  token: string;
  bot: TgUser & { is_bot: true; username: string };
  now: () => number;
  chats: ChatRegistry;
  messages: MessageStore;
  photos: PhotoStore;
  limiter: RateLimiter;
  /** Callback queries handed to the bot; `answer` once answered (a second answer is refused). */
  callbackQueries: Map<string, { answer?: CallbackAnswer }>;
  inlineQueries: Map<string, { query: TgInlineQuery; answer?: InlineAnswer }>;
  webhook: WebhookInfo | null;
  /** Commands by scope and language (`commandsKey`). */
  commands: Map<string, BotCommand[]>;
};

/** One request to a method: its parameters and file parts. */
export type MethodCall = { params: Record<string, unknown>; files: Record<string, UploadedFile> };

/** A method's success: its `result`, and the `description` a few methods add (setWebhook). */
export type MethodResult = { result: unknown; description?: string };

export type Method = (state: StandInState, call: MethodCall) => MethodResult;

export function createState(options: TelegramApiOptions): StandInState {
  const now = options.now ?? Date.now;
  const bot = { id: options.bot.id, is_bot: true as const, first_name: options.bot.first_name, username: options.bot.username };
  return {
    token: options.token,
    bot,
    now,
    chats: new ChatRegistry(bot.id, options.requireKnownChats ?? true),
    messages: new MessageStore(),
    photos: new PhotoStore(bot.id),
    limiter: new RateLimiter(options.rateLimits, now),
    callbackQueries: new Map(),
    inlineQueries: new Map(),
    webhook: null,
    commands: new Map(),
  };
}

/** The current time in Bot API `date` units (seconds). */
export function unixTime(state: StandInState): number {
  return Math.floor(state.now() / 1000);
}

/** The key commands are kept under: their scope (default: all chats) and language. */
export function commandsKey(scope: unknown, languageCode: unknown): string {
  const type = scope && typeof scope === 'object' && 'type' in scope ? JSON.stringify(scope) : '{"type":"default"}';
  return `${type}|${typeof languageCode === 'string' ? languageCode : ''}`;
}
