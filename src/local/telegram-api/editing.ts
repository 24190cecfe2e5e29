/**
 * The stand-in's edit methods — editMessageText, editMessageCaption, editMessageMedia,
 * editMessageReplyMarkup — by chat and message id or by `inline_message_id`, with the real API's
 * errors: message to edit not found, not modified, no text/caption/media to edit, can't be edited.
 * As in Telegram, an edit without `reply_markup` removes the inline keyboard.
 * Not a rule: test and playground infrastructure.
 */
import { badRequest, NOT_MODIFIED } from './errors.ts';
import { checkReplyMarkup, sameJson } from './markup.ts';
import { captionText, messageIdParam, messageText } from './sending.ts';
import { unixTime, type Method, type MethodResult, type StandInState } from './state.ts';
import type { StoredMessage, UploadedFile } from './types.ts';

type EditTarget = { message: StoredMessage; inline: boolean };

/** The message an edit names; 400 when it is unknown, deleted or not the bot's. */
function editTarget(state: StandInState, params: Record<string, unknown>): EditTarget {
  if (params.inline_message_id !== undefined && params.inline_message_id !== '') {
    const message = state.messages.getInline(String(params.inline_message_id));
    if (!message || message.deleted) throw badRequest('MESSAGE_ID_INVALID');
    return { message, inline: true };
  }
  const chat = state.chats.sendTarget(params.chat_id);
  const message = state.messages.get(chat.id, messageIdParam(params));
  if (!message || message.deleted) throw badRequest('message to edit not found');
  if (!message.fromBot) throw badRequest("message can't be edited");
  return { message, inline: false };
}

/** Applies a change that is known to differ; inline messages answer `true`, others the edited message. */
function commit(state: StandInState, { message, inline }: EditTarget, change: Partial<StoredMessage>): MethodResult {
  state.limiter.take(message.chat);
  Object.assign(message, change);
  message.edits += 1;
  message.edit_date = unixTime(state);
  return { result: inline ? true : state.messages.toApi(message) };
}

const editMessageText: Method = (state, { params }) => {
  const target = editTarget(state, params);
  if (target.message.text === undefined) throw badRequest('there is no text in the message to edit');
  const { text, entities } = messageText(params);
  const reply_markup = checkReplyMarkup(params.reply_markup);
  const current = target.message;
  if (current.text === text && sameJson(current.entities ?? [], entities) && sameJson(current.reply_markup, reply_markup)) {
    throw badRequest(NOT_MODIFIED);
  }
  return commit(state, target, { text, entities, reply_markup });
};

const editMessageCaption: Method = (state, { params }) => {
  const target = editTarget(state, params);
  if (!target.message.photo) throw badRequest('there is no caption in the message to edit');
  const caption = captionText(params.caption, params.parse_mode, params.caption_entities);
  const reply_markup = checkReplyMarkup(params.reply_markup);
  const current = target.message;
  if ((current.caption ?? '') === caption.text && sameJson(current.caption_entities ?? [], caption.entities) && sameJson(current.reply_markup, reply_markup)) {
    throw badRequest(NOT_MODIFIED);
  }
  return commit(state, target, { caption: caption.text, caption_entities: caption.entities, reply_markup });
};

/** Only photos are supported as media (the bot sends nothing else). */
const editMessageMedia: Method = (state, { params, files }) => {
  const media = params.media;
  if (!media || typeof media !== 'object' || Array.isArray(media)) throw badRequest("can't parse input media JSON object");
  const input = media as Record<string, unknown>;
  if (typeof input.type !== 'string') throw badRequest("can't parse InputMedia: Field \"type\" must be of type String");
  if (input.type !== 'photo') throw badRequest(`can't parse InputMedia: media type "${input.type}" is not supported by the local stand-in`);
  if (input.media === undefined || input.media === '') throw badRequest("can't parse InputMedia: media not found");
  const target = editTarget(state, params);
  if (!target.message.photo) throw badRequest('there is no media in the message to edit');
  if (target.inline && isUpload(input.media, files)) throw badRequest('invalid message content specified');
  const caption = captionText(input.caption, input.parse_mode, input.caption_entities);
  const reply_markup = checkReplyMarkup(params.reply_markup);
  const photo = state.photos.resolve(input.media, files, 'media');
  const current = target.message;
  const sameCaption = (current.caption ?? '') === caption.text && sameJson(current.caption_entities ?? [], caption.entities);
  if (current.photo?.file_id === photo.file_id && sameCaption && sameJson(current.reply_markup, reply_markup)) {
    throw badRequest(NOT_MODIFIED);
  }
  return commit(state, target, { photo, caption: caption.text, caption_entities: caption.entities, reply_markup });
};

/** A new file (an `attach://` part) rather than a file id or URL. */
function isUpload(reference: unknown, files: Record<string, UploadedFile>): boolean {
  return typeof reference === 'string' && reference.startsWith('attach://') && reference.slice(9) in files;
}

const editMessageReplyMarkup: Method = (state, { params }) => {
  const target = editTarget(state, params);
  const reply_markup = checkReplyMarkup(params.reply_markup);
  if (sameJson(target.message.reply_markup, reply_markup)) throw badRequest(NOT_MODIFIED);
  return commit(state, target, { reply_markup });
};

export const editingMethods: Record<string, Method> = {
  editMessageText, editMessageCaption, editMessageMedia, editMessageReplyMarkup,
};
