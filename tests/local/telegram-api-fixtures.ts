/**
 * Shared pieces of the Telegram Bot API stand-in tests: a bot, users, a group, real PNG pictures
 * and plain-HTTP calls (JSON and multipart) as any client would make them.
 */
import sharp from 'sharp';
import { startTelegramApi, type ApiResponse, type TelegramApi, type TelegramApiOptions, type TgChat, type TgUser } from '../../src/local/telegram-api/index.ts';

export const TOKEN = '123456:TEST-token_abc';
export const BOT = { id: 123456, username: 'nardy_test_bot', first_name: 'Nardy' };
export const alice: TgUser = { id: 1001, is_bot: false, first_name: 'Alice', username: 'alice_plays', language_code: 'en' };
export const bob: TgUser = { id: 1002, is_bot: false, first_name: 'Bob', language_code: 'ru' };
export const group: TgChat = { id: -1001234567890, type: 'supergroup', title: 'Nardy club' };

/** A stand-in for the test bot, with the test group and Alice's private chat reachable. */
export async function standIn(options: Partial<TelegramApiOptions> = {}): Promise<TelegramApi> {
  const api = await startTelegramApi({ token: TOKEN, bot: BOT, ...options });
  api.addChat(group);
  api.addChat({ id: alice.id, type: 'private', first_name: alice.first_name, username: alice.username });
  return api;
}

/** A real PNG of one colour. */
export function png(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

export type Answer = { status: number; body: ApiResponse };

/** A JSON POST to a method, as most clients call the Bot API. */
export async function callApi(api: TelegramApi, method: string, params: Record<string, unknown> = {}, token = TOKEN): Promise<Answer> {
  const response = await fetch(`${api.apiRoot}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return { status: response.status, body: (await response.json()) as ApiResponse };
}

/** A multipart/form-data POST: object fields JSON-encoded, files as parts with a filename and type. */
export async function upload(
  api: TelegramApi,
  method: string,
  fields: Record<string, unknown>,
  files: Record<string, { bytes: Buffer; filename: string; type?: string }>,
): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  for (const [name, file] of Object.entries(files)) {
    form.set(name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.filename);
  }
  const response = await fetch(`${api.apiRoot}/bot${TOKEN}/${method}`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as ApiResponse };
}

/** An inline keyboard of callback buttons: rows of [text, callback_data]. */
export function keyboard(...rows: [string, string][][]): { inline_keyboard: { text: string; callback_data: string }[][] } {
  return { inline_keyboard: rows.map((row) => row.map(([text, callback_data]) => ({ text, callback_data }))) };
}

/** The `result` of a successful answer, typed loosely for assertions. */
export function result<T = Record<string, unknown>>(answer: Answer): T {
  if (!answer.body.ok) throw new Error(`expected success, got ${answer.status} ${answer.body.description}`);
  return answer.body.result as T;
}
