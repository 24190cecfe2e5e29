/**
 * `reply_markup` as the real Bot API checks it: inline keyboards (the only markup a message
 * keeps and echoes back), reply keyboards, keyboard removal and force-reply. Not a rule: test and
 * playground infrastructure.
 */
import { badRequest } from './errors.ts';
import type { InlineKeyboardButton, InlineKeyboardMarkup } from './types.ts';

/** The action fields an inline button may carry (exactly one of them). */
const INLINE_ACTIONS = [
  'callback_data', 'url', 'switch_inline_query', 'switch_inline_query_current_chat', 'switch_inline_query_chosen_chat',
  'login_url', 'web_app', 'callback_game', 'pay', 'copy_text',
];
const MAX_MARKUP_BYTES = 10 * 1024;
const MAX_INLINE_BUTTONS = 100;

/**
 * The inline keyboard a message will show after this request (undefined: none), or 400 as the
 * real API answers a malformed markup. Reply keyboards are accepted but not kept on the message.
 */
export function checkReplyMarkup(markup: unknown): InlineKeyboardMarkup | undefined {
  if (markup === undefined || markup === null || markup === '') return undefined;
  if (typeof markup !== 'object' || Array.isArray(markup)) throw badRequest("can't parse reply keyboard markup JSON object");
  if (Buffer.byteLength(JSON.stringify(markup)) > MAX_MARKUP_BYTES) throw badRequest('reply markup is too long');
  const record = markup as Record<string, unknown>;
  if ('inline_keyboard' in record) return checkInlineKeyboard(record.inline_keyboard);
  if ('keyboard' in record) {
    if (!isGrid(record.keyboard)) throw badRequest('field "keyboard" must be an Array');
    return undefined;
  }
  if (record.remove_keyboard === true || record.force_reply === true) return undefined;
  throw badRequest("can't parse reply keyboard markup JSON object");
}

function isGrid(value: unknown): value is unknown[][] {
  return Array.isArray(value) && value.every((row) => Array.isArray(row));
}

/** An empty inline keyboard (`{ inline_keyboard: [] }`, the usual way to remove one) is no keyboard. */
function checkInlineKeyboard(rows: unknown): InlineKeyboardMarkup | undefined {
  if (!Array.isArray(rows)) throw badRequest('field "inline_keyboard" must be an Array');
  if (!isGrid(rows)) throw badRequest('field "inline_keyboard" must be an Array of Arrays');
  if (rows.reduce((count, row) => count + row.length, 0) > MAX_INLINE_BUTTONS) throw badRequest('reply markup is too long');
  const keyboard = rows.filter((row) => row.length > 0).map((row) => row.map(checkInlineButton));
  return keyboard.length > 0 ? { inline_keyboard: keyboard } : undefined;
}

function checkInlineButton(button: unknown): InlineKeyboardButton {
  if (!button || typeof button !== 'object' || Array.isArray(button)) throw badRequest("can't parse inline keyboard button: Object expected");
  const record = button as Record<string, unknown>;
  if (typeof record.text !== 'string') throw badRequest("can't parse inline keyboard button: Field \"text\" must be of type String");
  if (record.text.trim() === '') throw badRequest('BUTTON_TEXT_INVALID');
  const actions = INLINE_ACTIONS.filter((action) => record[action] !== undefined);
  if (actions.length === 0) throw badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
  if (typeof record.callback_data === 'string') {
    const bytes = Buffer.byteLength(record.callback_data);
    if (bytes < 1 || bytes > 64) throw badRequest('BUTTON_DATA_INVALID');
  }
  if (record.url !== undefined && (typeof record.url !== 'string' || !/^(https?|tg):\/\/\S+$/i.test(record.url))) {
    throw badRequest('BUTTON_URL_INVALID');
  }
  return { ...record, text: record.text } as InlineKeyboardButton;
}

/** Whether two JSON values (keyboards, entity lists) are the same, whatever their key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The inline buttons of a keyboard, row by row. */
export function inlineButtons(markup: InlineKeyboardMarkup | undefined): InlineKeyboardButton[] {
  return markup ? markup.inline_keyboard.flat() : [];
}
