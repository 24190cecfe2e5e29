/**
 * Telegram as the app sees it (`Messenger`, src/app/ports.ts) and its edge: `connect` builds the
 * messenger and, when a webhook secret is given, the webhook that turns updates into intents
 * (`webhook.ts` → `parse.ts` → the app → `send.ts`). telegraf stays inside this folder, so it could
 * be replaced without touching `src/app/`.
 */
import type { AppDeps, Emit, Messenger } from '../../app/index.ts';
import type { Log } from '../shared/log.ts';
import { BotApi } from './bot-api.ts';
import type { TelegramBot } from './config.ts';
import { telegramMessageLink } from './links.ts';
import { createChatPacer, type ChatPacer } from './pace.ts';
import { CAPTION_LIMIT, TEXT_LIMIT, unpromptedEmit, type SendOptions } from './send.ts';
import { createTelegramWebhook, type TelegramWebhook } from './webhook.ts';

export { telegramMessageLink } from './links.ts';
export { createChatPacer, NO_PACE, type ChatPacer } from './pace.ts';
export { commandMenus, setCommandMenus, type CommandMenu } from './commands.ts';
export { parseUpdate } from './parse.ts';
export { telegramEmit, unpromptedEmit } from './send.ts';
export { createTelegramWebhook, type TelegramWebhook, type WebhookRequest, type WebhookResponse } from './webhook.ts';

/** What a Telegram bot is made of in one process: the bot (`config.ts`) and how this process tunes it. */
export interface TelegramParts extends TelegramBot {
  /** Per-chat pacing of what the bot sends; default the Bot FAQ's limits. */
  readonly pace?: ChatPacer;
  readonly log?: Log;
  /** Retry tuning of the Bot API calls (tests shorten the waits). */
  readonly send?: Pick<SendOptions, 'maxRetryWaitMs' | 'serverRetryMs' | 'sleep'>;
  /** The 429 wait budget of one unprompted message (the scheduler); default 5 s. */
  readonly unpromptedRetryWaitMs?: number;
}

/** The messenger of a Telegram bot (`@username`); `unprompted` writes outside any update. */
export function telegramMessenger(botUsername: string, unprompted?: Emit): Messenger {
  return {
    platform: 'telegram',
    helpKey: 'help',
    whispers: false,
    limits: { buttonsPerRow: 8, rows: 100, caption: CAPTION_LIMIT, text: TEXT_LIMIT },
    // A notice names the player; Telegram notifies them in the group anyway when they play there.
    mention: (player) => player.name,
    messageLink: telegramMessageLink,
    ticketLink: (ticket) => (botUsername === '' ? undefined : `https://t.me/${botUsername}?start=i_${ticket}`),
    ...(unprompted === undefined ? {} : { unprompted }),
  };
}

/** The messenger and, with a webhook secret, the webhook of one bot; the webhook runs `app()` (built after every messenger). */
export function connect(parts: TelegramParts, app: () => AppDeps): { messenger: Messenger; webhook?: TelegramWebhook } {
  const pace = parts.pace ?? createChatPacer();
  const client = new BotApi(parts.token, parts.apiRoot);
  const messenger = telegramMessenger(parts.bot.username, unpromptedEmit(client, { pace, maxRetryWaitMs: parts.unpromptedRetryWaitMs ?? 5_000, ...(parts.log ? { log: parts.log } : {}) }));
  if (parts.webhookSecret === undefined) return { messenger };
  const webhook = createTelegramWebhook({
    token: parts.token, secret: parts.webhookSecret, apiRoot: parts.apiRoot, pace,
    botInfo: { id: parts.bot.id, username: parts.bot.username, first_name: parts.bot.username },
    get app() { return app(); },
    ...(parts.log ? { log: parts.log } : {}), ...(parts.send ? { send: parts.send } : {}),
  });
  return { messenger, webhook };
}
