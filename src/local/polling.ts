/**
 * Long polling for `npm start` with a real bot token (issue 8): no public URL needed. A small loop
 * over the Bot API's `getUpdates` (the offset confirms what was handled; `timeout` 30 s; only the
 * update kinds the bot handles) that hands each update to the production webhook handler with its
 * own secret, so a polled update runs exactly the code a webhook delivery runs. Any webhook is
 * deleted first (Telegram refuses `getUpdates` while one is set). Failures back off 1 s, 2 s, 4 s, …
 * up to 30 s; `stop()` aborts the request in flight and resolves when the loop has ended.
 * Not a rule: local infrastructure.
 */
import type { TelegramWebhook } from '../platforms/telegram/webhook.ts';
import { maskSecrets } from '../platforms/shared/log.ts';
import type { LineSink } from './log.ts';

export type PollingOptions = {
  /** The bot's token: methods live at `${apiRoot}/bot${token}/${method}`. */
  readonly token: string;
  /** The Bot API server, `https://api.telegram.org` or a stand-in. */
  readonly apiRoot: string;
  /** The webhook handler updates are handed to, and the secret it checks. */
  readonly webhook: TelegramWebhook;
  readonly secret: string;
  /** Where the loop's own lines (errors, back-off) go; default stdout. */
  readonly log?: LineSink;
  /** The long-poll timeout in seconds; default 30. */
  readonly timeoutSeconds?: number;
  /** The first back-off wait (ms), doubled per consecutive failure; default 1000. */
  readonly backoffMs?: number;
  /** The longest back-off wait (ms); default 30 000. */
  readonly maxBackoffMs?: number;
};

/** A running poll loop. */
export type Poller = {
  /** Aborts the request in flight and resolves when the loop has ended (an update being handled finishes first). */
  stop(): Promise<void>;
};

const ALLOWED_UPDATES = ['message', 'callback_query', 'inline_query', 'chosen_inline_result'];
const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** The Bot API's failure, with its status and description. */
class BotApiError extends Error {
  override name = 'BotApiError';
  constructor(readonly method: string, readonly status: number, description: string) {
    super(`${method}: ${status} ${description}`);
  }
}

/** Starts the loop; it runs until `stop()`. */
export function startPolling(options: PollingOptions): Poller {
  const sink = options.log ?? ((line: string) => console.log(line));
  const root = options.apiRoot.replace(/\/+$/, '');
  const timeout = options.timeoutSeconds ?? 30;
  const firstWait = options.backoffMs ?? 1000;
  const maxWait = options.maxBackoffMs ?? 30_000;
  const abort = new AbortController();
  const { signal } = abort;

  const call = async (method: string, params: object): Promise<unknown> => {
    const response = await fetch(`${root}/bot${options.token}/${method}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params), signal,
    });
    const answer = (await response.json().catch(() => ({}))) as { ok?: boolean; result?: unknown; description?: string };
    if (!response.ok || answer.ok !== true) throw new BotApiError(method, response.status, answer.description ?? response.statusText);
    return answer.result;
  };

  /** Waits `ms`, or less if stopped. */
  const pause = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

  const loop = async () => {
    let failures = 0;
    let webhookDeleted = false;
    let offset = 0;
    while (!signal.aborted) {
      try {
        if (!webhookDeleted) {
          await call('deleteWebhook', { drop_pending_updates: false });
          webhookDeleted = true;
        }
        const updates = (await call('getUpdates', { offset, timeout, allowed_updates: ALLOWED_UPDATES })) as { update_id: number }[];
        failures = 0;
        for (const update of updates) {
          const answer = await options.webhook({ headers: { [SECRET_HEADER]: options.secret }, body: JSON.stringify(update) });
          // 500: an infrastructure failure; the update is not confirmed, so the next getUpdates brings it again.
          if (answer.status >= 500) throw new Error(`update ${update.update_id} failed (${answer.status} ${answer.body}); it will be fetched again`);
          offset = update.update_id + 1;
        }
      } catch (error) {
        if (signal.aborted) break;
        const wait = Math.min(maxWait, firstWait * 2 ** Math.min(failures, 30));
        failures += 1;
        sink(`Telegram polling: ${describe(error)}; retrying in ${wait >= 1000 ? `${Math.round(wait / 1000)} s` : `${wait} ms`}`);
        if (error instanceof BotApiError && error.status === 409) webhookDeleted = false;
        await pause(wait);
      }
    }
  };

  const ended = loop();
  return {
    async stop() {
      abort.abort();
      await ended;
    },
  };
}

/** An error in a line: fetch's "fetch failed" names its cause (ECONNREFUSED, ENOTFOUND, …). */
function describe(error: unknown): string {
  return maskSecrets(unmasked(error));
}

function unmasked(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = cause === undefined ? undefined : typeof cause.code === 'string' ? cause.code : typeof cause.message === 'string' ? cause.message : undefined;
  return detail === undefined ? error.message : `${error.message} (${detail})`;
}
