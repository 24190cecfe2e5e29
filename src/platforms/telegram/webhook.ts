/**
 * The Telegram webhook (anchors-ecosystem.md §1): one request in, one status out. The secret
 * token is checked in constant time before anything else (wrong or missing → 401, nothing read,
 * nothing stored); the update is run through a `Telegraf` built once — never launched, `botInfo`
 * from configuration so a cold start makes no `getMe`, its rethrowing error handler replaced.
 *
 * The boundary (STYLE.md §12): the app answers deterministic problems itself (a toast, a polite
 * text), so an update normally ends in 200. A thrown error is judged here: an infrastructure
 * failure (AWS, the network, a timeout) → 500, so Telegram delivers the update again —
 * where that is worth it: an update that would change something (a view or an inline query
 * redelivered later is useless; those end in 200, the user asked to try again). A redelivered
 * command is applied once (`runCommand`). Any other throw is a bug → logged with its stack and
 * 200, because a 5xx would make Telegram resend the same poison update and hold the chat's queue
 * for up to a day. A press not answered yet when it failed is answered "try again". No internals
 * reach a body.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Telegraf } from 'telegraf';
import type { Update } from 'telegraf/types';
import { handleIntent, worthRedelivering, type AppDeps } from '../../app/index.ts';
import { pickLang, t } from '../../i18n/index.ts';
import { errorFields, judge } from '../shared/boundary.ts';
import { headerValue, readJsonObject } from '../shared/http.ts';
import { countUnit, inUnit, phase, unitFields, type Unit } from '../shared/observe.ts';
import type { ChatPacer } from './pace.ts';
import { questionsOf, withChatAdmin } from './admins.ts';
import { BotApi } from './bot-api.ts';
import { parseUpdate } from './parse.ts';
import { jsonLog, telegramEmit, type Log, type SendOptions } from './send.ts';
import { pressedPhotoOf } from './shown.ts';

/** What the webhook is built from (once per process). */
export interface TelegramWebhookOptions {
  readonly token: string;
  readonly secret: string;
  readonly botInfo: { readonly id: number; readonly username: string; readonly first_name: string };
  /** The Bot API server: `https://api.telegram.org`, or a stand-in. */
  readonly apiRoot: string;
  /** The app, its registry holding this messenger (`telegramMessenger`). */
  readonly app: AppDeps;
  readonly log?: Log;
  readonly pace?: ChatPacer;
  /** How long one update may run before it counts as failed (ms); default 25 000. */
  readonly handlerTimeoutMs?: number;
  /** Retry tuning of the Bot API calls (tests shorten the waits). */
  readonly send?: Pick<SendOptions, 'maxRetryWaitMs' | 'serverRetryMs' | 'sleep' | 'draw'>;
}

/** An HTTP request as the Lambda adapter hands it over (header names in any case). */
export interface WebhookRequest {
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string;
}

export interface WebhookResponse {
  readonly status: number;
  readonly body: string;
}

export type TelegramWebhook = (request: WebhookRequest) => Promise<WebhookResponse>;

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** What became of one update, for its log line. */
interface Note {
  intent?: string;
  /** Whether Telegram should deliver the update again if it failed for the world's reasons. */
  redeliver?: boolean;
  chat?: string;
  user?: string;
  error?: unknown;
}

/** Returns the webhook handler: verify, parse, run the update through telegraf and the app. */
export function createTelegramWebhook(options: TelegramWebhookOptions): TelegramWebhook {
  const log = options.log ?? jsonLog;
  const notes = new WeakMap<object, Note>();
  const bot = buildBot(options, log, notes);
  const secret = digest(options.secret);

  // Each update is one unit of work (shared/observe.ts): its log line and its metrics (docs/operate.md).
  return (request) => inUnit(async (unit) => {
    const started = Date.now();
    const answer = (status: number, outcome: string, fields: Record<string, unknown> = {}, failure?: 'retry' | 'bug'): WebhookResponse => {
      const ms = Date.now() - started;
      log({ level: failure === undefined ? 'info' : 'error', event: 'telegram-update', ...fields, outcome, status, ms, ...unitFields(unit) });
      measure(options.app.metrics, unit, ms, failure);
      return { status, body: status === 200 ? 'ok' : outcome };
    };
    const given = headerValue(request.headers, SECRET_HEADER);
    if (given === undefined || !timingSafeEqual(digest(given), secret)) return answer(401, 'unauthorized');
    const update = readUpdate(request.body);
    if (update === undefined) return answer(400, 'bad request');

    const note: Note = {};
    notes.set(update, note);
    await bot.handleUpdate(update);
    const fields = { update: update.update_id, chat: note.chat, user: note.user, intent: note.intent ?? 'ignored' };
    if (note.error === undefined) return answer(200, 'ok', fields);
    const error = errorFields(note.error);
    const failure = judge(note.error);
    if (failure === 'retry' && note.redeliver === true) return answer(500, 'retry later', { ...fields, ...error }, failure);
    return answer(200, 'failed', { ...fields, ...error }, failure);
  });
}

/**
 * An update's metrics: `AnswerLatency`, `Errors` by kind (`retry`: the world failed — AWS, the
 * network, a timeout; `bug`: anything else, answered politely, never retried), the unit's cold
 * start, DynamoDB calls and throttles; then written out.
 */
function measure(metrics: TelegramWebhookOptions['app']['metrics'], unit: Unit, ms: number, error: string | undefined): void {
  if (metrics === undefined) return;
  metrics.time('AnswerLatency', ms, { Platform: 'telegram' });
  if (error !== undefined) metrics.count('Errors', 1, { Platform: 'telegram', Kind: error });
  countUnit(metrics, unit, 'telegram');
  metrics.flush?.();
}

function buildBot(options: TelegramWebhookOptions, log: Log, notes: WeakMap<object, Note>): Telegraf {
  const apiRoot = options.apiRoot.endsWith('/') ? options.apiRoot : `${options.apiRoot}/`;
  const bot = new Telegraf(options.token, {
    telegram: { apiRoot, webhookReply: false },
    handlerTimeout: options.handlerTimeoutMs ?? 25_000,
  });
  bot.botInfo = {
    id: options.botInfo.id,
    is_bot: true,
    first_name: options.botInfo.first_name,
    username: options.botInfo.username,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: true,
  };
  // One client for every update (kept-alive connections), not the `ctx.telegram` telegraf makes per update (bot-api.ts).
  const api = new BotApi(options.token, apiRoot);
  bot.use(async (ctx) => {
    const note = notes.get(ctx.update) ?? {};
    const intent = parseUpdate(ctx.update, options.botInfo.username);
    note.intent = intent?.kind;
    note.chat = intent?.chat.chatId ?? ctx.chat?.id.toString();
    note.user = intent?.from.id ?? (ctx.from === undefined ? undefined : `telegram:${ctx.from.id}`);
    note.redeliver = intent !== undefined && worthRedelivering(intent);
    const pressed = pressedPhotoOf(ctx.callbackQuery?.message);
    const emit = telegramEmit(api, { ...options.send, callbackQueryId: ctx.callbackQuery?.id, inlineQueryId: ctx.inlineQuery?.id, pressed, pace: options.pace, log });
    let failed = false;
    try {
      // The update id travels with the intent, so a redelivered update is handled once.
      if (intent !== undefined) {
        const asked = { ...(await withChatAdmin(api, intent, log)), updateKey: `telegram:${options.botInfo.id}:${ctx.update.update_id}` };
        await phase('app', () => handleIntent(options.app, asked, emit, questionsOf(api, intent, log)));
      }
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      await phase('finish', () => emit.finish(failed ? t(pickLang(ctx.from?.language_code), 'error.generic') : ''));
    }
  });
  bot.catch((error, ctx) => {
    const note = notes.get(ctx.update);
    if (note !== undefined) note.error = error;
    else log({ level: 'error', event: 'telegram-update', outcome: 'failed', ...errorFields(error) });
  });
  return bot;
}

/** The hash of a secret: equal lengths for `timingSafeEqual`, whatever was sent. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

function readUpdate(body: string): Update | undefined {
  const value = readJsonObject(body);
  return value !== undefined && Number.isSafeInteger(value.update_id) ? (value as unknown as Update) : undefined;
}
