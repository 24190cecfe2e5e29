/**
 * AWS Lambda (Function URL / HTTP API v2): the Telegram webhook. Wiring only (STYLE.md §13): the
 * store, dice, bot and renderer are built once per sandbox; each event is adapted and handed on.
 */
import { config, requireTelegram } from '../src/config.ts';
import { cryptoDice } from '../src/dice/index.ts';
import { createChatPacer } from '../src/platforms/telegram/pace.ts';
import { createTelegramWebhook } from '../src/platforms/telegram/webhook.ts';
import { warmRenderer } from '../src/render/index.ts';
import { DynamoGameStore, connectDynamoDb } from '../src/store/index.ts';

const telegram = requireTelegram(config);
const store = new DynamoGameStore(connectDynamoDb(config.dynamodb).documents, config.tableName);
const webhook = createTelegramWebhook({
  token: telegram.botToken, secret: telegram.webhookSecret, apiRoot: telegram.apiRoot, pace: createChatPacer(),
  botInfo: { id: telegram.botId, username: telegram.botUsername, first_name: telegram.botUsername },
  deps: { store, now: Date.now, dice: cryptoDice(), botUsername: telegram.botUsername },
});
await warmRenderer();

interface UrlEvent { headers?: Record<string, string | undefined>; body?: string; isBase64Encoded?: boolean }

export async function handler(event: UrlEvent): Promise<{ statusCode: number; body: string }> {
  const body = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : event.body ?? '';
  const answer = await webhook({ headers: event.headers ?? {}, body });
  return { statusCode: answer.status, body: answer.body };
}
