/**
 * The stand-in's methods that add or remove messages — sendMessage, sendPhoto, sendDocument,
 * deleteMessage, sendChatAction — with the real API's checks and answers. Not a rule: test and playground
 * infrastructure.
 */
import { badRequest } from './errors.ts';
import { formatText, type FormattedText } from './format.ts';
import { checkReplyMarkup } from './markup.ts';
import { unixTime, type Method, type StandInState } from './state.ts';
import type { TgChat } from './types.ts';

const MAX_TEXT = 4096;
const MAX_CAPTION = 1024;
const DELETE_WINDOW_SECONDS = 48 * 3600;
const CHAT_ACTIONS = new Set([
  'typing', 'upload_photo', 'record_video', 'upload_video', 'record_voice', 'upload_voice', 'upload_document',
  'choose_sticker', 'find_location', 'record_video_note', 'upload_video_note',
]);

/** A message text (`text`, `parse_mode`, `entities`) as the API stores it; 400 when empty or too long. */
export function messageText(params: Record<string, unknown>): FormattedText {
  const source = typeof params.text === 'number' ? String(params.text) : params.text;
  if (typeof source !== 'string' || source.trim() === '') throw badRequest('message text is empty');
  const formatted = formatText(source, params.parse_mode, params.entities);
  if (formatted.text.trim() === '') throw badRequest('message text is empty');
  if (formatted.text.length > MAX_TEXT) throw badRequest('message is too long');
  return formatted;
}

/** A caption (absent = none) as the API stores it; 400 when too long. */
export function captionText(source: unknown, parseMode: unknown, entities: unknown): FormattedText {
  if (source === undefined || source === null || source === '') return { text: '', entities: [] };
  const formatted = formatText(String(source), parseMode, entities);
  if (formatted.text.length > MAX_CAPTION) throw badRequest('message caption is too long');
  return formatted;
}

/** A `message_id` parameter; 400 when absent. */
export function messageIdParam(params: Record<string, unknown>): number {
  const id = typeof params.message_id === 'string' && /^\d+$/.test(params.message_id) ? Number(params.message_id) : params.message_id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw badRequest('message identifier is not specified');
  return id;
}

/** The message a new one replies to (`reply_parameters` or `reply_to_message_id`), if any. */
function replyTarget(state: StandInState, chat: TgChat, params: Record<string, unknown>): number | undefined {
  const parameters = params.reply_parameters as { message_id?: unknown; allow_sending_without_reply?: unknown } | undefined;
  const id = parameters?.message_id ?? params.reply_to_message_id;
  if (id === undefined || id === null) return undefined;
  const allowWithout = parameters?.allow_sending_without_reply ?? params.allow_sending_without_reply;
  const replied = typeof id === 'number' ? state.messages.get(chat.id, id) : undefined;
  if (replied && !replied.deleted) return replied.message_id;
  if (allowWithout === true) return undefined;
  throw badRequest('message to be replied not found');
}

const sendMessage: Method = (state, { params }) => {
  const chat = state.chats.sendTarget(params.chat_id);
  const { text, entities } = messageText(params);
  const reply_markup = checkReplyMarkup(params.reply_markup);
  const reply_to_message_id = replyTarget(state, chat, params);
  state.limiter.take(chat);
  const message = state.messages.add({
    chat, from: state.bot, fromBot: true, date: unixTime(state), text, entities, reply_markup, reply_to_message_id,
  });
  return { result: state.messages.toApi(message) };
};

const sendPhoto: Method = (state, { params, files }) => {
  const chat = state.chats.sendTarget(params.chat_id);
  const caption = captionText(params.caption, params.parse_mode, params.caption_entities);
  const reply_markup = checkReplyMarkup(params.reply_markup);
  const reply_to_message_id = replyTarget(state, chat, params);
  const photo = state.photos.resolve(params.photo, files, 'photo');
  state.limiter.take(chat);
  const message = state.messages.add({
    chat, from: state.bot, fromBot: true, date: unixTime(state), photo, caption: caption.text,
    caption_entities: caption.entities, reply_markup, reply_to_message_id,
  });
  return { result: state.messages.toApi(message) };
};

const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
let documentSerial = 0;

/** A document uploaded as a file part (the bot sends nothing else as a document), kept with its bytes. */
const sendDocument: Method = (state, { params, files }) => {
  const chat = state.chats.sendTarget(params.chat_id);
  const caption = captionText(params.caption, params.parse_mode, params.caption_entities);
  const reply_markup = checkReplyMarkup(params.reply_markup);
  const reply_to_message_id = replyTarget(state, chat, params);
  const reference = params.document;
  const upload = typeof reference === 'string' && reference.startsWith('attach://') ? files[reference.slice('attach://'.length)] : files.document;
  if (!upload) throw badRequest('there is no document in the request');
  if (upload.size === 0) throw badRequest('file must be non-empty');
  if (upload.size > MAX_DOCUMENT_BYTES) throw badRequest('file is too big');
  const id = Buffer.from(`${state.bot.id}:document:${++documentSerial}:nardy-local`).toString('base64url');
  state.limiter.take(chat);
  const message = state.messages.add({
    chat, from: state.bot, fromBot: true, date: unixTime(state), document: { ...upload, file_id: `BQACAgIAAxkBAAI${id}`, file_unique_id: `AgAD${id}`.slice(0, 20) },
    caption: caption.text, caption_entities: caption.entities, reply_markup, reply_to_message_id,
  });
  return { result: state.messages.toApi(message) };
};

/** Deletes for everyone: the bot's own messages and, as in private chats and groups it administers, users' ones. */
const deleteMessage: Method = (state, { params }) => {
  const chat = state.chats.target(params.chat_id);
  const message = state.messages.get(chat.id, messageIdParam(params));
  if (!message || message.deleted) throw badRequest('message to delete not found');
  if (unixTime(state) - message.date >= DELETE_WINDOW_SECONDS) throw badRequest("message can't be deleted for everyone");
  message.deleted = true;
  return { result: true };
};

const sendChatAction: Method = (state, { params }) => {
  state.chats.sendTarget(params.chat_id);
  if (typeof params.action !== 'string' || !CHAT_ACTIONS.has(params.action)) throw badRequest('wrong parameter action in request');
  return { result: true };
};

export const sendingMethods: Record<string, Method> = { sendMessage, sendPhoto, sendDocument, deleteMessage, sendChatAction };
