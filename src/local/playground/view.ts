/**
 * A stand-in message as the playground page shows it: who wrote it, its text or photo (or a
 * document, as a link to download it) and caption, and its inline keyboard (callback buttons, links; a deep link to the bot becomes
 * `start`, which the page turns into `/start <payload>` in the presser's private chat).
 * Not a rule: local infrastructure.
 */
import type { StoredMessage } from '../telegram-api/index.ts';

export type ButtonView = { text: string; data?: string; url?: string; start?: string };

export type MessageView = {
  id: number;
  from: string;
  fromId: number;
  fromBot: boolean;
  date: number;
  text?: string;
  caption?: string;
  photo?: { src: string; width: number; height: number };
  document?: { name: string; src: string };
  buttons: ButtonView[][];
  replyTo?: number;
  edited: boolean;
};

export function messageView(message: StoredMessage, botUsername: string): MessageView {
  const view: MessageView = {
    id: message.message_id,
    from: message.from.first_name,
    fromId: message.from.id,
    fromBot: message.fromBot,
    date: message.date,
    buttons: (message.reply_markup?.inline_keyboard ?? []).map((row) => row.map((button) => buttonView(button, botUsername))),
    edited: message.edits > 0,
  };
  if (message.text !== undefined) view.text = message.text;
  if (message.caption !== undefined) view.caption = message.caption;
  if (message.photo !== undefined) {
    view.photo = { src: `/api/photos/${encodeURIComponent(message.photo.file_id)}`, width: message.photo.width, height: message.photo.height };
  }
  if (message.document !== undefined) {
    view.document = { name: message.document.filename, src: `/api/chats/${message.chat.id}/documents/${message.message_id}` };
  }
  if (message.reply_to_message_id !== undefined) view.replyTo = message.reply_to_message_id;
  return view;
}

function buttonView(button: { text: string; callback_data?: string; url?: string }, botUsername: string): ButtonView {
  if (typeof button.callback_data === 'string') return { text: button.text, data: button.callback_data };
  if (typeof button.url === 'string') {
    const url = URL.canParse(button.url) ? new URL(button.url) : undefined;
    const start = url?.hostname === 't.me' && url.pathname.slice(1).toLowerCase() === botUsername.toLowerCase() ? url.searchParams.get('start') : null;
    return start === null ? { text: button.text, url: button.url } : { text: button.text, start };
  }
  return { text: button.text };
}
