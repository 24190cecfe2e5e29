/**
 * What a VK Callback API event means (STYLE.md §16): a command or a typed move in a message
 * (`message_new`), or a callback button's press (`message_event`), becomes an `Intent`; anything
 * else is `undefined`. Nothing here decides a rule — the app re-validates every intent.
 *
 * A conversation (`peer_id` ≥ 2 000 000 000) delivers to a bot without admin rights only messages
 * that mention it or start with `/`; a mention of the bot in front (`[club1|@nardy] /nardy`) is
 * taken off. Commands are Telegram's (`/nardy`, `/games`, `/review`, …); `!` works as `/` too,
 * since VK's clients complete neither. The opponent of a challenge: a mention `[id1|Name]` after the
 * command, else the author of the message it replies to. A private chat's "Start" button sends
 * `{"command":"start"}`: the welcome. VK tells no names in events: `namesWanted` lists whose names
 * the edge fetches first (`users.get`), and `parseEvent` reads them from `names`.
 */
import { forgetterOfToken, isTypedMove, languageOfToken, tournamentOfToken, variantOfWord, type ChatUser, type Intent, type MessageRef } from '../../app/index.ts';
import { readPayload } from './keyboard.ts';
import { withoutMarks } from './text.ts';

type ChatRef = MessageRef['chat'];

/** A Callback API event, as much of it as is read. */
export interface VkEvent {
  readonly type: string;
  readonly event_id?: string;
  readonly group_id?: number;
  readonly secret?: string;
  readonly object?: Record<string, unknown>;
}

/** A message as `message_new` carries it. */
export interface VkMessage {
  readonly from_id: number;
  readonly peer_id: number;
  readonly text: string;
  readonly conversation_message_id?: number;
  readonly reply_message?: { readonly from_id: number; readonly conversation_message_id?: number };
  readonly payload?: string;
}

/** A press as `message_event` carries it. */
export interface VkPress {
  readonly user_id: number;
  readonly peer_id: number;
  readonly event_id: string;
  readonly payload?: unknown;
  readonly conversation_message_id?: number;
}

/** The first peer id of a conversation; below it a private chat with a user. */
export const CHAT_PEERS = 2_000_000_000;

/** The client's language (`client_info.lang_id`), as a code `pickLang` reads. */
const LANGS: Readonly<Record<number, string>> = { 0: 'ru', 1: 'uk', 2: 'be', 3: 'en' };

export function vkChat(peerId: number | string): ChatRef {
  return { platform: 'vk', chatId: String(peerId) };
}

export function vkUser(userId: number, name: string | undefined, language?: string): ChatUser {
  return { id: `vk:${userId}`, name: name ?? `id${userId}`, ...(language === undefined ? {} : { language }) };
}

/** Whether a chat is a conversation (a group chat), not a private chat with a user. */
export function isConversation(chat: ChatRef): boolean {
  return Number(chat.chatId) >= CHAT_PEERS;
}

/** Whose names an event needs (its author, a replied-to author), for `users.get`. */
export function namesWanted(event: VkEvent): number[] {
  if (event.type === 'message_event') return [Number((event.object as Partial<VkPress> | undefined)?.user_id)].filter((id) => id > 0);
  const message = messageOf(event);
  if (message === undefined) return [];
  return [message.from_id, message.reply_message?.from_id ?? 0].filter((id) => Number.isSafeInteger(id) && id > 0);
}

/** The intent of an event, or `undefined` when it is nothing the bot answers. The page press of a long keyboard is the edge's own (`pageOf`). */
export function parseEvent(received: VkEvent, groupId: number, told: ReadonlyMap<number, string>): Intent | undefined {
  // No name or word a user sends may carry what our own mentions are marked with (`text.ts`).
  const event = withoutMarks(received);
  const names = new Map([...told].map(([id, name]) => [id, withoutMarks(name)]));
  const updateKey = typeof event.event_id === 'string' ? { updateKey: `vk:${groupId}:${event.event_id}` } : {};
  if (event.type === 'message_event') {
    const intent = parsePress(event.object as unknown as VkPress, names);
    return intent && { ...intent, ...updateKey };
  }
  const message = messageOf(event);
  if (message === undefined || message.from_id <= 0) return undefined;
  const lang = LANGS[Number((event.object?.client_info as { lang_id?: unknown } | undefined)?.lang_id)];
  const base = { chat: vkChat(message.peer_id), from: vkUser(message.from_id, names.get(message.from_id), lang) };
  const intent = parseMessage(message, groupId, base, names);
  return intent && { ...intent, ...updateKey };
}

/** The page a press asks for, when it is a long keyboard's page button. */
export function pageOf(event: VkEvent): number | undefined {
  if (event.type !== 'message_event') return undefined;
  const read = readPayload((event.object as Partial<VkPress> | undefined)?.payload);
  return read !== undefined && 'page' in read ? read.page : undefined;
}

function messageOf(event: VkEvent): VkMessage | undefined {
  if (event.type !== 'message_new') return undefined;
  const m = event.object?.message as Partial<VkMessage> | undefined;
  if (m === undefined || typeof m.text !== 'string' || !Number.isSafeInteger(m.from_id) || !Number.isSafeInteger(m.peer_id)) return undefined;
  return m as VkMessage;
}

function parsePress(press: VkPress, names: ReadonlyMap<number, string>): Intent | undefined {
  if (!Number.isSafeInteger(press?.user_id) || !Number.isSafeInteger(press.peer_id) || press.conversation_message_id === undefined) return undefined;
  const read = readPayload(press.payload);
  if (read === undefined || !('token' in read)) return undefined;
  const chat = vkChat(press.peer_id);
  const from = vkUser(press.user_id, names.get(press.user_id));
  const message = { chat, messageId: String(press.conversation_message_id) };
  const token = read.token;
  const lang = languageOfToken(token);
  if (lang !== undefined) return { kind: 'lang', chat, from, lang, shared: isConversation(chat), message };
  const forgetter = forgetterOfToken(token);
  if (forgetter !== undefined) return { kind: 'forget', chat, from, confirmedBy: forgetter, message };
  if (tournamentOfToken(token) !== undefined) return { kind: 'tournament', chat, from, token, message };
  return { kind: 'press', chat, from, token, message };
}

const COMMAND = /^[/!]([A-Za-z0-9_]{1,32})(?=\s|$)/;
const BOT_MENTION = (groupId: number) => new RegExp(`^\\[(?:club|public)${groupId}\\|[^\\]]*\\][\\s,:]*`, 'i');
const USER_MENTION = /\[id(\d{1,12})\|([^\]]{0,64})\]/;
const ON = ['on', 'вкл', 'ჩართვა'];
const OFF = ['off', 'выкл', 'გამორთვა'];

type Base = { chat: ChatRef; from: ChatUser };

function parseMessage(message: VkMessage, groupId: number, base: Base, names: ReadonlyMap<number, string>): Intent | undefined {
  const text = message.text.replace(BOT_MENTION(groupId), '').trim();
  const shared = isConversation(base.chat);
  if (!shared && startPayload(message.payload)) return { kind: 'start', ...base };
  const m = COMMAND.exec(text);
  if (m === null) return typedMove(message, text, base);
  const name = m[1]!.toLowerCase();
  const args = text.slice(m[0].length).trim();
  const firstWord = args.split(/\s+/)[0]?.toLowerCase() ?? '';
  const onOff = ON.includes(firstWord) ? true : OFF.includes(firstWord) ? false : undefined;
  switch (name) {
    case 'nardy':
    case 'play': {
      const variant = args.split(/\s+/).map(variantOfWord).find((v) => v !== undefined);
      const opponent = mentioned(args) ?? repliedTo(message, names);
      return { kind: 'challenge', ...base, ...(opponent === undefined ? {} : { opponent }), ...(variant === undefined ? {} : { variant }), ...(args === '' ? {} : { args }) };
    }
    case 'start':
      return { kind: 'start', ...base };
    case 'games': case 'resign': case 'history': case 'review': case 'help': case 'privacy': case 'forget': case 'dice':
      return { kind: name, ...base };
    case 'rules': {
      const variant = variantOfWord(firstWord);
      return { kind: 'rules', ...base, ...(variant === undefined ? {} : { variant }) };
    }
    case 'lang':
      return { kind: 'lang', ...base, shared, ...(firstWord === '' ? {} : { lang: firstWord }) };
    case 'vacation':
      return { kind: 'vacation', ...base, ...(onOff === undefined ? {} : { away: onOff }) };
    case 'confirm':
      return { kind: 'confirm', ...base, ...(onOff === undefined ? {} : { on: onOff }) };
    case 'weekly':
      return { kind: 'weekly', ...base, shared, ...(onOff === undefined ? {} : { on: onOff }) };
    case 'remind':
      return { kind: 'remind', ...base, ...(firstWord === '' ? {} : { mode: firstWord }) };
    case 'quiet':
      return { kind: 'quiet', ...base, args };
    case 'seed':
      return { kind: 'seed', ...base, ...(args === '' ? {} : { text: args }) };
    case 'tournament':
      return { kind: 'tournament', ...base, shared };
    case 'top': {
      const variant = variantOfWord(firstWord);
      return { kind: 'top', ...base, shared, ...(variant === undefined ? {} : { variant }) };
    }
    case 'stats': {
      const player = mentioned(args) ?? repliedTo(message, names);
      return { kind: 'stats', ...base, shared, ...(player === undefined ? {} : { player }) };
    }
    default:
      return undefined;
  }
}

/** A text that is no command: a typed move, the help in a private chat, else nothing. */
function typedMove(message: VkMessage, text: string, base: Base): Intent | undefined {
  if (!isTypedMove(text)) return isConversation(base.chat) ? undefined : { kind: 'help', ...base };
  const replied = message.reply_message?.conversation_message_id;
  return { kind: 'move', ...base, text, ...(replied === undefined ? {} : { replyTo: { chat: base.chat, messageId: String(replied) } }) };
}

function mentioned(args: string): ChatUser | undefined {
  const m = USER_MENTION.exec(args);
  return m === null ? undefined : vkUser(Number(m[1]), m[2]!.replace(/^@/, '').trim() || undefined);
}

function repliedTo(message: VkMessage, names: ReadonlyMap<number, string>): ChatUser | undefined {
  const from = message.reply_message?.from_id;
  return from === undefined || from <= 0 || from === message.from_id ? undefined : vkUser(from, names.get(from));
}

function startPayload(payload: string | undefined): boolean {
  if (payload === undefined) return false;
  try {
    return (JSON.parse(payload) as { command?: unknown }).command === 'start';
  } catch {
    return false;
  }
}
