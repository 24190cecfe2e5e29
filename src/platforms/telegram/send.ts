/**
 * The app's effects as Bot API calls (STYLE.md §16: translate, never decide). A toast answers the
 * press's callback query (once); a text is `sendMessage`; a board is drawn (the app's `Painter`) and sent with
 * `sendPhoto`, or replaces a board in place with `editMessageMedia` — or, when the pressed message
 * is known to show that very picture already (shown.ts), edits only its caption and buttons; a document (a match record) is
 * `sendDocument`; `editText` and `delete` are what they say. A picture that fails to render (a bug, logged) leaves the caption and buttons
 * doing the work: `editMessageCaption` on the board, or a text message. Buttons become an inline keyboard (`callback_data` = the token, or a URL).
 *
 * A Bot API failure never throws out of an effect: the user's move is already stored, so the rest
 * of the effects still run and the next press shows the current board anyway. 429 waits
 * `retry_after` (within a budget per update) and retries; 5xx and network failures retry with
 * backoff; "message is not modified" and "query is too old" are not errors; 403 (blocked, kicked)
 * and other 4xx are logged. A board whose message is gone is sent anew.
 */
import { Input, TelegramError, type Telegram } from 'telegraf';
import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'telegraf/types';
import { BOARD_PAINTER, type Button, type Effect, type Emit, type MessageRef, type Painter } from '../../app/index.ts';
import { jsonLog, maskSecrets, type Log } from '../shared/log.ts';
import { clip as clipTo, type Sent as SentOf } from '../shared/sent.ts';
import { noteThrottle } from '../shared/observe.ts';
import { NO_PACE, type ChatPacer } from './pace.ts';
import { isShowing, noteShown, type PressedPhoto } from './shown.ts';

export { jsonLog, type Log };

/** How an emitter talks to Telegram for one update. */
export interface SendOptions {
  /** The press being answered: its toast goes to `answerCbQuery`. */
  readonly callbackQueryId?: string;
  /** The photo of the pressed message: a board whose picture it already shows only gets its caption and buttons edited (shown.ts). */
  readonly pressed?: PressedPhoto;
  /** The inline query being answered: its results go to `answerInlineQuery`. */
  readonly inlineQueryId?: string;
  readonly pace?: ChatPacer;
  readonly log?: Log;
  /** The most this update may wait for 429s in all (ms); default 10 000. Past it: give up, logged. */
  readonly maxRetryWaitMs?: number;
  /** The waits before each retry of a 5xx or a network failure (ms); default [300, 1000]. */
  readonly serverRetryMs?: readonly number[];
  readonly sleep?: (ms: number) => Promise<void>;
  /** Draws boards' pictures; default the app's painter. */
  readonly painter?: Painter;
  /**
   * Draws a board's picture in place of the painter, and prepares none. The press bench
   * (bench/presses.ts) draws a blank one: it counts presses over thousands of games, and the pixels
   * are not what it measures.
   */
  readonly draw?: Painter['draw'];
}

/** The platform's `Emit`, plus `finish(text)`: answers the press with `text` (none: empty) if no toast did (stops the spinner). */
export type TelegramEmit = Emit & { readonly finish: (text?: string) => Promise<void> };

/** Why a Bot API call did not do its work. */
export type SendFailure =
  | 'not-modified' | 'query-expired' | 'forbidden' | 'message-gone' | 'rate-limited' | 'unavailable' | 'rejected';

type Sent<T> = SentOf<T, SendFailure>;

/** What Telegram allows (Bot API): captions, texts and callback answers. */
export const CAPTION_LIMIT = 1024;
export const TEXT_LIMIT = 4096;
const TOAST_LIMIT = 200;

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Returns the emitter performing effects through `telegram` for one update. */
export function telegramEmit(telegram: Telegram, options: SendOptions = {}): TelegramEmit {
  const log = options.log ?? jsonLog;
  const painter = options.painter ?? BOARD_PAINTER;
  const bot: Bot = { telegram, api: retrying(options, log), pace: options.pace ?? NO_PACE, log, look: painter.look, draw: options.draw ?? painter.draw, pressed: options.pressed };
  const answer = answerer(bot, options.callbackQueryId);
  const emit = async (effect: Effect): Promise<MessageRef | undefined> => {
    switch (effect.kind) {
      case 'toast':
        return void (await answer(effect.text, effect.alert === true));
      case 'text':
        return sendText(bot, effect.chat, effect.text, effect.buttons);
      case 'prepare':
        return void (options.draw === undefined ? painter.prepare(effect.picture) : undefined);
      case 'board':
        return board(bot, effect);
      case 'editText':
        return editText(bot, effect);
      case 'document':
        return sendDocument(bot, effect);
      case 'delete':
        await bot.api('deleteMessage', () => telegram.deleteMessage(effect.message.chat.chatId, Number(effect.message.messageId)));
        return undefined;
      case 'inlineAnswer': {
        const queryId = options.inlineQueryId;
        if (queryId === undefined) return void log({ event: 'telegram-inline-without-query', level: 'warn' });
        const results = effect.results.map((r) => ({
          type: 'article' as const, id: r.id, title: r.title, description: r.description,
          input_message_content: { message_text: clip(r.text, TEXT_LIMIT) },
          ...markup(r.buttons),
        }));
        // Personal and uncached: each user's results carry their own challenges.
        await bot.api('answerInlineQuery', () => telegram.answerInlineQuery(queryId, results, { is_personal: true, cache_time: 0 }));
        return undefined;
      }
    }
  };
  return Object.assign(emit, { finish: (text = '') => answer(text, false, true) });
}

/**
 * Returns the emitter for messages the bot sends on its own (the scheduler's reminders and
 * results): no press to answer, and the 429 wait budget counted per message rather than per
 * update, so one rate-limited chat cannot use up the waits of every other chat in a sweep.
 */
export function unpromptedEmit(telegram: Telegram, options: SendOptions = {}): Emit {
  return (effect) => telegramEmit(telegram, options)(effect);
}

type Api = <T>(method: string, call: () => Promise<T>) => Promise<Sent<T>>;
type Buttons = readonly (readonly Button[])[] | undefined;
type ChatRef = MessageRef['chat'];

/** What every call needs: the client, the retry policy, the pacer and the log. */
interface Bot {
  readonly telegram: Telegram;
  readonly api: Api;
  readonly pace: ChatPacer;
  readonly log: Log;
  readonly look: Painter['look'];
  readonly draw: Painter['draw'];
  readonly pressed?: PressedPhoto;
}

/** Answers the press at most once; a later toast (or one without a press) is logged and dropped. */
function answerer(bot: Bot, callbackQueryId: string | undefined): (text: string, alert: boolean, unlessAnswered?: boolean) => Promise<void> {
  let answered = false;
  return async (text, alert, unlessAnswered = false) => {
    if (unlessAnswered && (answered || callbackQueryId === undefined)) return;
    if (answered || callbackQueryId === undefined) {
      if (text !== '') bot.log({ level: 'warn', event: 'toast-dropped', text, reason: answered ? 'press already answered' : 'no press' });
      return;
    }
    answered = true;
    const extra = alert ? { show_alert: true } : undefined;
    await bot.api('answerCallbackQuery', () => bot.telegram.answerCbQuery(callbackQueryId, text === '' ? undefined : clip(text, TOAST_LIMIT), extra));
  };
}

async function sendText(bot: Bot, chat: ChatRef, text: string, buttons: Buttons): Promise<MessageRef | undefined> {
  await bot.pace.wait(chat.chatId);
  const sent = await bot.api('sendMessage', () => bot.telegram.sendMessage(chat.chatId, clip(text, TEXT_LIMIT), markup(buttons)));
  return sent.ok ? { chat, messageId: String(sent.value.message_id) } : undefined;
}

/** A file (a match record, a dice transcript or picture) as a document upload, with its caption. */
async function sendDocument(bot: Bot, effect: Effect & { kind: 'document' }): Promise<MessageRef | undefined> {
  const { chat, name, content, caption } = effect;
  await bot.pace.wait(chat.chatId);
  const file = Input.fromBuffer(typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content), name);
  const sent = await bot.api('sendDocument', () => bot.telegram.sendDocument(chat.chatId, file, caption === undefined ? {} : { caption: clip(caption, CAPTION_LIMIT) }));
  return sent.ok ? { chat, messageId: String(sent.value.message_id) } : undefined;
}

async function editText(bot: Bot, effect: Effect & { kind: 'editText' }): Promise<MessageRef | undefined> {
  const { chat, messageId } = effect.message;
  await bot.pace.wait(chat.chatId);
  const sent = await bot.api('editMessageText', () =>
    bot.telegram.editMessageText(chat.chatId, Number(messageId), undefined, clip(effect.text, TEXT_LIMIT), markup(effect.buttons)));
  return sent.ok || sent.failure === 'not-modified' ? effect.message : undefined;
}

async function board(bot: Bot, effect: Effect & { kind: 'board' }): Promise<MessageRef | undefined> {
  const { telegram, api, pace, log } = bot;
  const { chat, view, replace } = effect;
  const caption = clip(view.caption, CAPTION_LIMIT, log);
  const look = await bot.look(view.picture);
  if (replace !== undefined && isShowing(bot.pressed, replace.messageId, look)) {
    // The pressed message shows this very picture (a confirmation asked, a step back): no drawing, no upload.
    const edited = await editCaption(bot, replace, caption, view.buttons);
    if (edited !== 'message-gone') return edited;
  }
  const png = await bot.draw(view.picture);
  if (!png.ok) {
    // A bad picture spec is a bug; the caption states the position, so the game stays playable:
    // the old picture keeps the new caption and buttons, or the caption goes out as text.
    log({ level: 'error', event: 'render-failed', game: view.gameId, error: png.error });
    if (replace === undefined) return sendText(bot, chat, view.caption, view.buttons);
    const edited = await editCaption(bot, replace, caption, view.buttons);
    return edited === 'message-gone' ? sendText(bot, chat, view.caption, view.buttons) : edited;
  }
  const photo = () => Input.fromBuffer(png.value, 'board.png');
  if (replace !== undefined) {
    await pace.wait(replace.chat.chatId);
    const edited = await api('editMessageMedia', () => telegram.editMessageMedia(
      replace.chat.chatId, Number(replace.messageId), undefined, { type: 'photo', media: photo(), caption }, markup(view.buttons)));
    if (edited.ok) noteShown(edited.value, look);
    if (edited.ok || edited.failure === 'not-modified') return replace;
    if (edited.failure !== 'message-gone') return undefined;
  }
  await pace.wait(chat.chatId);
  const sent = await api('sendPhoto', () => telegram.sendPhoto(chat.chatId, photo(), { caption, ...markup(view.buttons) }));
  if (sent.ok) noteShown(sent.value, look);
  return sent.ok ? { chat, messageId: String(sent.value.message_id) } : undefined;
}

/** Edits a board message's caption and buttons, leaving its picture; 'message-gone' when there is no such message any more. */
async function editCaption(bot: Bot, message: MessageRef, caption: string, buttons: Buttons): Promise<MessageRef | undefined | 'message-gone'> {
  await bot.pace.wait(message.chat.chatId);
  const edited = await bot.api('editMessageCaption', () =>
    bot.telegram.editMessageCaption(message.chat.chatId, Number(message.messageId), undefined, caption, markup(buttons)));
  if (edited.ok || edited.failure === 'not-modified') return message;
  return edited.failure === 'message-gone' ? 'message-gone' : undefined;
}

function markup(buttons: Buttons): { reply_markup?: InlineKeyboardMarkup } {
  const rows = (buttons ?? []).filter((row) => row.length > 0);
  if (rows.length === 0) return {};
  const key = (b: Button): InlineKeyboardButton =>
    'token' in b ? { text: b.label, callback_data: b.token } : { text: b.label, url: b.url };
  return { reply_markup: { inline_keyboard: rows.map((row) => row.map(key)) } };
}

/** Cuts a text to Telegram's limit (UTF-16 units, as Telegram counts), marking the cut. */
const clip = (text: string, limit: number, log?: Log): string => clipTo(text, limit, log);

/** Runs Bot API calls with the retry policy of the module comment; never throws. */
function retrying(options: SendOptions, log: Log): Api {
  const sleep = options.sleep ?? realSleep;
  const backoff = options.serverRetryMs ?? [300, 1000];
  let budgetMs = options.maxRetryWaitMs ?? 10_000;
  return async <T>(method: string, call: () => Promise<T>): Promise<Sent<T>> => {
    for (let serverRetries = 0; ;) {
      try {
        return { ok: true, value: await call() };
      } catch (error) {
        const failure = classify(error);
        if (failure === 'rate-limited') noteThrottle('telegram');
        const retryAfterMs = failure === 'rate-limited' ? retryAfter(error) * 1000 : 0;
        if (failure === 'rate-limited' && retryAfterMs <= budgetMs) {
          budgetMs -= retryAfterMs;
          await sleep(retryAfterMs);
          continue;
        }
        if (failure === 'unavailable' && serverRetries < backoff.length) {
          await sleep(backoff[serverRetries++]);
          continue;
        }
        report(log, method, failure, error);
        return { ok: false, failure };
      }
    }
  };
}

function retryAfter(error: unknown): number {
  const seconds = error instanceof TelegramError ? error.parameters?.retry_after : undefined;
  return typeof seconds === 'number' && seconds >= 0 ? seconds : 1;
}

/** What a thrown error means; anything that is not a Bot API answer is a network failure. */
export function classify(error: unknown): SendFailure {
  if (!(error instanceof TelegramError)) return 'unavailable';
  const text = error.description.toLowerCase();
  if (error.code === 429) return 'rate-limited';
  if (error.code >= 500) return 'unavailable';
  if (error.code === 403) return 'forbidden';
  if (text.includes('message is not modified')) return 'not-modified';
  if (text.includes('query is too old') || text.includes('query id is invalid')) return 'query-expired';
  if (/message to (edit|delete) not found|message can't be (edited|deleted)|message_id_invalid/.test(text)) return 'message-gone';
  return 'rejected';
}

function report(log: Log, method: string, failure: SendFailure, error: unknown): void {
  if (failure === 'not-modified') return;
  const level = failure === 'forbidden' || failure === 'query-expired' || failure === 'message-gone' ? 'info' : 'warn';
  // A non-JSON answer (a proxy's HTML page) makes node-fetch quote the URL, token included.
  const detail = error instanceof TelegramError ? { code: error.code, description: maskSecrets(error.description) } : { error: maskSecrets(String(error)) };
  log({ level, event: 'bot-api-failed', method, failure, ...detail });
}
