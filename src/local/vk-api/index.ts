/**
 * A local stand-in of the VK API (issue #50): a real HTTP server that our client (`src/platforms/vk/
 * api.ts`) talks to as to `api.vk.com` — the methods the bot calls, the photo and document upload
 * servers — with a store of messages per peer, failure injection, and VK's side of the Callback
 * API: it makes the events users cause (a message, a callback button's press on a message the bot
 * sent) as VK sends them, with the community's id, an event id and the secret key.
 * Not a rule: test infrastructure.
 *
 * @example
 * const vk = await startVkApi();
 * vk.addUser({ id: 101, first_name: 'Alice' });
 * const chat = vk.conversation('Nardy club', [101, 102], [101]);
 * const event = vk.message(101, chat, '/nardy');     // POST it to the Callback endpoint
 * vk.messages(chat);                                  // what the bot sent, as it looks now
 */
import { randomBytes } from 'node:crypto';
import { startServer, type ServerContext } from './server.ts';
import { VkState, type Failure, type RecordedCall, type StoredPress, type StoredVkMessage, type VkPerson } from './state.ts';

export type { Failure, RecordedCall, StoredAttachment, StoredPress, StoredVkMessage, VkPerson } from './state.ts';

/** A Callback API event as VK POSTs it. */
export interface VkCallbackEvent {
  readonly type: string;
  readonly event_id: string;
  readonly v: string;
  readonly object: Record<string, unknown>;
  readonly group_id: number;
  readonly secret: string;
}

export interface VkApi {
  /** `http://127.0.0.1:PORT`: `VK_API_ROOT`. */
  readonly apiRoot: string;
  readonly groupId: number;
  readonly token: string;
  /** The Callback API's secret key and confirmation code, as the community's settings would show them. */
  readonly secret: string;
  readonly confirmation: string;
  readonly calls: readonly RecordedCall[];
  addUser(person: VkPerson): void;
  /** A new conversation (a peer id from 2 000 000 001) with `members`, `admins` among them; `peerId` to keep one across restarts. */
  conversation(title: string, members: readonly number[], admins?: readonly number[], peerId?: number): number;
  /** The user `userId` writes `text` in `peerId` (replying to message `replyTo`): the message is stored, and its `message_new` event returned. */
  message(userId: number, peerId: number, text: string, options?: { readonly replyTo?: number; readonly payload?: string }): VkCallbackEvent;
  /** The user presses the callback button with `payload` under message `cmid`: its `message_event`. */
  press(userId: number, peerId: number, cmid: number, payload: string): VkCallbackEvent;
  /** The `confirmation` event VK sends when the server's address is set. */
  confirmationEvent(): VkCallbackEvent;
  /** The messages of a peer in order, as they look now (deleted ones flagged). */
  messages(peerId: number): StoredVkMessage[];
  /** How the bot answered a press (its snackbar), when it did. */
  pressAnswer(eventId: string): StoredPress | undefined;
  /** Serves error `failure` instead of the next call of `method`. */
  failNext(method: string, failure: Failure): void;
  /** Calls `listener` after every change (with the peer touched, when known); returns the unsubscribe. */
  subscribe(listener: (change: { peerId?: number }) => void): () => void;
  close(): Promise<void>;
}

/** Starts the stand-in; `perSecond`: calls a second before error 6 (default 20, as for a community token; 0: none). */
export async function startVkApi(options: { readonly groupId?: number; readonly perSecond?: number } = {}): Promise<VkApi> {
  const state = new VkState();
  const groupId = options.groupId ?? 200_000_001;
  const token = `vk1.a.${randomBytes(24).toString('base64url')}`;
  const secret = randomBytes(12).toString('hex');
  const confirmation = randomBytes(4).toString('hex');
  const ctx: ServerContext = { state, token, groupId, perSecond: options.perSecond ?? 20, base: '' };
  const { server } = await startServer(ctx);
  let nextChat = 2_000_000_001;
  const event = (type: string, object: Record<string, unknown>): VkCallbackEvent => ({ type, event_id: randomBytes(20).toString('hex'), v: '5.199', object, group_id: groupId, secret });
  return {
    apiRoot: ctx.base, groupId, token, secret, confirmation, calls: state.calls,
    addUser: (person) => void state.users.set(person.id, person),
    conversation(title, members, admins = [], peerId = nextChat++) {
      const peer = state.peer(peerId);
      peer.title = title;
      for (const m of members) peer.members.add(m);
      for (const a of admins) peer.admins.add(a);
      return peerId;
    },
    message(userId, peerId, text, extra = {}) {
      const replied = extra.replyTo === undefined ? undefined : state.message(peerId, extra.replyTo);
      const stored = state.addMessage({ peerId, fromId: userId, text, attachments: [], ...(replied === undefined ? {} : { replyTo: replied.cmid }) });
      state.changed(peerId);
      const langId = state.users.get(userId)?.langId;
      return event('message_new', {
        message: {
          date: stored.date, from_id: userId, id: 0, out: 0, peer_id: peerId, text, conversation_message_id: stored.cmid, fwd_messages: [], important: false, random_id: 0, attachments: [], is_hidden: false,
          ...(extra.payload === undefined ? {} : { payload: extra.payload }),
          ...(replied === undefined ? {} : { reply_message: { date: replied.date, from_id: replied.fromId, text: replied.text, conversation_message_id: replied.cmid, peer_id: peerId, id: 0, attachments: [] } }),
        },
        client_info: { button_actions: ['text', 'vkpay', 'open_app', 'location', 'open_link', 'callback', 'intent_subscribe', 'intent_unsubscribe'], keyboard: true, inline_keyboard: true, carousel: true, ...(langId === undefined ? {} : { lang_id: langId }) },
      });
    },
    press(userId, peerId, cmid, payload) {
      const made = event('message_event', { user_id: userId, peer_id: peerId, event_id: '', payload: JSON.parse(payload) as unknown, conversation_message_id: cmid });
      const eventId = randomBytes(6).toString('hex');
      (made.object as { event_id: string }).event_id = eventId;
      state.presses.set(eventId, { eventId, userId, peerId, cmid });
      return made;
    },
    confirmationEvent: () => ({ type: 'confirmation', event_id: '', v: '5.199', object: {}, group_id: groupId, secret: '' }),
    messages: (peerId) => state.peerMessages(peerId),
    pressAnswer: (eventId) => state.presses.get(eventId),
    failNext: (method, failure) => void state.failures.push({ method, failure }),
    subscribe(listener) {
      state.listeners.add(listener);
      return () => void state.listeners.delete(listener);
    },
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
