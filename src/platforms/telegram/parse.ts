/**
 * What a Telegram update means (STYLE.md §16): a command or a button press becomes an `Intent`;
 * everything else is `undefined` and ignored. Nothing here decides a rule — the app re-validates
 * every intent (who pressed, whose turn, which version).
 *
 * Commands: `/nardy` and `/play` (a challenge), `/start [payload]` (an invite link followed), `/games`, `/resign`, `/history`, `/help`,
 * `/rules [long|short]`, `/lang [ru|en|ka]`, `/vacation [on|off]`, `/remind off|default|frequent`,
 * `/quiet 23-7 +3|off`, `/seed <text>|off`, `/dice`, `/privacy`, `/forget`, `/tournament`, `/top [variant]`, `/stats [@user]`, `/weekly on|off`, each also as `/command@<bot>` in groups; a command
 * addressed to another bot (`/play@other_bot`) is not ours.
 *
 * Text that is no command: a typed move (`24/18 13/11`, `roll`, `беру` — `isTypedMove` says
 * which) is a `move`, with the message it replies to, and with a mention of the bot around it
 * taken off. A group delivers such text to the bot only as a reply to it, a mention of it, or
 * with privacy mode off; other text there is talk and ignored. In a private chat any other text
 * gets the help.
 *
 * The opponent of a challenge, most explicit first:
 * 1. a `text_mention` entity (a user without a username picked from the mention list) — a full user;
 * 2. a plain `@username` mention — Telegram tells a bot no id for a username, so `opponent` stays
 *    absent (an open challenge) and the mention stays in `args`, for the app to show;
 * 3. the author of the message the command replies to (unless it is a bot, or the "reply" is only
 *    the topic header of a forum topic).
 */
import type { CallbackQuery, Chat, Message, MessageEntity, Update, User } from 'telegraf/types';
import { forgetterOfToken, isTypedMove, languageOfToken, tournamentOfToken, variantOfWord, type ChatUser, type Intent, type MessageRef } from '../../app/index.ts';

type ChatRef = MessageRef['chat'];
type VariantId = NonNullable<Extract<Intent, { kind: 'challenge' }>['variant']>;


/** The intent of a Telegram update, or `undefined` when the update is nothing the bot answers. */
export function parseUpdate(update: Update, botUsername: string): Intent | undefined {
  if ('callback_query' in update) return parsePress(update.callback_query);
  if ('message' in update) return parseMessage(update.message, botUsername);
  if ('inline_query' in update) {
    const q = update.inline_query;
    return { kind: 'inline', chat: telegramChat(q.from.id), from: telegramUser(q.from), query: q.query };
  }
  // Sent only with inline feedback on (@BotFather /setinlinefeedback); the result's link works without it.
  if ('chosen_inline_result' in update) {
    const r = update.chosen_inline_result;
    return { kind: 'chosen', chat: telegramChat(r.from.id), from: telegramUser(r.from), resultId: r.result_id };
  }
  return undefined;
}

/** The chat of a Telegram chat id. */
export function telegramChat(chatId: number | string): ChatRef {
  return { platform: 'telegram', chatId: String(chatId) };
}

/** A Telegram user as the app sees them: `telegram:<id>`, display name, language, username. */
export function telegramUser(user: User): ChatUser {
  const fullName = [user.first_name, user.last_name].filter((s) => s !== undefined && s.trim() !== '').join(' ').trim();
  const name = fullName !== '' ? fullName : user.username ?? `#${user.id}`;
  return {
    id: `telegram:${user.id}`,
    name,
    ...(user.language_code === undefined ? {} : { language: user.language_code }),
    ...(user.username === undefined ? {} : { username: user.username }),
  };
}

function parsePress(query: CallbackQuery): Intent | undefined {
  // A press under an inline message has no chat; the bot sends no callback buttons there.
  if (!('data' in query) || query.message === undefined) return undefined;
  const chat = telegramChat(query.message.chat.id);
  const message = { chat, messageId: String(query.message.message_id) };
  const lang = languageOfToken(query.data);
  if (lang !== undefined) return { kind: 'lang', chat, from: telegramUser(query.from), lang, shared: query.message.chat.type !== 'private', message };
  const forgetter = forgetterOfToken(query.data);
  if (forgetter !== undefined) return { kind: 'forget', chat, from: telegramUser(query.from), confirmedBy: forgetter, message };
  if (tournamentOfToken(query.data) !== undefined) return { kind: 'tournament', chat, from: telegramUser(query.from), token: query.data, message };
  return {
    kind: 'press',
    chat,
    from: telegramUser(query.from),
    token: query.data,
    message: { chat, messageId: String(query.message.message_id) },
  };
}

interface Command {
  readonly name: string;
  readonly args: string;
  /** Where the arguments start in the text (entity offsets count from the text's start). */
  readonly argsOffset: number;
}

const COMMAND = /^\/([A-Za-z0-9_]{1,32})(?:@([A-Za-z0-9_]{1,64}))?(?=\s|$)/;

function readCommand(text: string, botUsername: string): Command | undefined {
  const m = COMMAND.exec(text);
  if (m === null) return undefined;
  if (m[2] !== undefined && m[2].toLowerCase() !== botUsername.toLowerCase()) return undefined;
  return { name: m[1].toLowerCase(), args: text.slice(m[0].length).trim(), argsOffset: m[0].length };
}

function parseMessage(message: Update.MessageUpdate['message'], botUsername: string): Intent | undefined {
  if (!('text' in message) || message.from === undefined || message.from.is_bot) return undefined;
  const command = readCommand(message.text, botUsername);
  const base = { chat: telegramChat(message.chat.id), from: telegramUser(message.from) };
  if (command === undefined) return typedMove(message, botUsername, base);
  const firstWord = command.args.split(/\s+/)[0]?.toLowerCase() ?? '';
  switch (command.name) {
    case 'nardy':
    case 'play':
      return { kind: 'challenge', ...base, ...challengeDetails(message, command, botUsername) };
    case 'start': {
      // The invite link posted under challenges before issue #47 opens the bot with `a_<game id>`, an inline challenge's (`ticketLink`) with `i_<ticket>`.
      const invite = /^a_([a-z0-9]{4,24})$/.exec(command.args);
      const ticket = /^i_([A-Za-z0-9_-]{1,62})$/.exec(command.args);
      return invite ? { kind: 'join', ...base, gameId: invite[1] } : ticket ? { kind: 'join', ...base, ticket: ticket[1] } : { kind: 'start', ...base };
    }
    case 'games':
    case 'resign':
    case 'history':
    case 'review':
    case 'help':
    case 'privacy':
    case 'forget':
      return { kind: command.name, ...base };
    case 'rules': {
      const variant = variantOfWord(firstWord);
      return variant === undefined ? { kind: 'rules', ...base } : { kind: 'rules', ...base, variant };
    }
    case 'lang': {
      // A group's `/lang` sets the chat's game language; whether the user administers it is asked by `admins.ts`.
      const shared = message.chat.type !== 'private';
      return firstWord === '' ? { kind: 'lang', ...base, shared } : { kind: 'lang', ...base, shared, lang: firstWord };
    }
    case 'vacation': {
      const away = ['on', 'вкл'].includes(firstWord) ? true : ['off', 'выкл'].includes(firstWord) ? false : undefined;
      return away === undefined ? { kind: 'vacation', ...base } : { kind: 'vacation', ...base, away };
    }
    case 'confirm': {
      const on = ['on', 'вкл', 'ჩართვა'].includes(firstWord) ? true : ['off', 'выкл', 'გამორთვა'].includes(firstWord) ? false : undefined;
      return on === undefined ? { kind: 'confirm', ...base } : { kind: 'confirm', ...base, on };
    }
    case 'remind':
      return firstWord === '' ? { kind: 'remind', ...base } : { kind: 'remind', ...base, mode: firstWord };
    case 'top': {
      // In a group or channel its own table; in a private chat everyone's.
      const variant = variantOfWord(firstWord);
      return { kind: 'top', ...base, shared: message.chat.type !== 'private', ...(variant === undefined ? {} : { variant }) };
    }
    case 'stats': {
      const player = mentionedUser(message, command, botUsername) ?? repliedToUser(message);
      return { kind: 'stats', ...base, shared: message.chat.type !== 'private', ...(player === undefined ? {} : 'id' in player ? { player } : { playerUsername: player.username }) };
    }
    case 'weekly': {
      // Whether the user administers the group is asked by `admins.ts`, as for `/lang`.
      const on = ['on', 'вкл', 'ჩართვა'].includes(firstWord) ? true : ['off', 'выкл', 'გამორთვა'].includes(firstWord) ? false : undefined;
      return { kind: 'weekly', ...base, shared: message.chat.type !== 'private', ...(on === undefined ? {} : { on }) };
    }
    case 'quiet':
      return { kind: 'quiet', ...base, args: command.args };
    case 'tournament':
      return { kind: 'tournament', ...base, shared: message.chat.type !== 'private' };
    case 'seed':
      return command.args === '' ? { kind: 'seed', ...base } : { kind: 'seed', ...base, text: command.args };
    case 'dice':
      return { kind: 'dice', ...base };
    default:
      return undefined;
  }
}

type TextMessage = Message.TextMessage & { chat: Chat };

/** A text that is no command: a typed move, the help in a private chat, else nothing. */
function typedMove(message: TextMessage, botUsername: string, base: { chat: ChatRef; from: ChatUser }): Intent | undefined {
  const mention = new RegExp(`(^|\\s)@${botUsername}(?=\\s|$)`, 'ig');
  const text = message.text.replace(mention, ' ').trim();
  if (!isTypedMove(text)) return message.chat.type === 'private' ? { kind: 'help', ...base } : undefined;
  const reply = message.reply_to_message;
  // In a forum topic every message "replies" to the topic's first (service) message.
  const replied = reply !== undefined && !(message.is_topic_message === true && reply.message_id === message.message_thread_id);
  return { kind: 'move', ...base, text, ...(replied ? { replyTo: { chat: base.chat, messageId: String(reply.message_id) } } : {}) };
}

function challengeDetails(message: TextMessage, command: Command, botUsername: string): { opponent?: ChatUser; opponentUsername?: string; variant?: VariantId; args?: string } {
  const variant = command.args.split(/\s+/).map(variantOfWord).find((v) => v !== undefined);
  const opponent = mentionedUser(message, command, botUsername) ?? repliedToUser(message);
  return {
    ...(opponent === undefined ? {} : 'id' in opponent ? { opponent } : { opponentUsername: opponent.username }),
    ...(variant === undefined ? {} : { variant }),
    ...(command.args === '' ? {} : { args: command.args }),
  };
}

/** The user a `text_mention` names; `{ username }` when only an `@username` (no id) names someone. */
function mentionedUser(message: TextMessage, command: Command, botUsername: string): ChatUser | { readonly username: string } | undefined {
  const entities: readonly MessageEntity[] = (message.entities ?? []).filter((e) => e.offset >= command.argsOffset);
  for (const e of entities) {
    if (e.type === 'text_mention' && !e.user.is_bot) return telegramUser(e.user);
  }
  for (const e of entities) {
    const username = message.text.slice(e.offset + 1, e.offset + e.length);
    if (e.type === 'mention' && username.toLowerCase() !== botUsername.toLowerCase()) return { username };
  }
  return undefined;
}

function repliedToUser(message: TextMessage): ChatUser | undefined {
  const reply = message.reply_to_message;
  if (reply === undefined || reply.from === undefined || reply.from.is_bot) return undefined;
  // In a forum topic every message "replies" to the topic's first (service) message.
  if (message.is_topic_message === true && reply.message_id === message.message_thread_id) return undefined;
  return telegramUser(reply.from);
}
