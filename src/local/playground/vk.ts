/**
 * The playground's VK conversation (issue #50): the routes under `/api/vk/` through which the
 * page's users write in "VK · беседа" and press the bot's callback buttons, as VK users. A line
 * becomes a `message_new` event (a reply names the message it answers), a press a `message_event`
 * on the pressed message; both are made by the VK API stand-in and POSTed to `POST /vk` by the
 * local community (`../vk-chat.ts`). The page reads the conversation back as VK shows it: mentions
 * `[id1|Name]` as the name, the board's photo, the snackbar a press was answered with.
 *
 * | route                                            | what                                      |
 * |--------------------------------------------------|-------------------------------------------|
 * | `GET  /api/vk/state`                             | the community and its conversation        |
 * | `GET  /api/vk/chats/:peer/messages`              | the conversation's messages               |
 * | `POST /api/vk/chats/:peer/messages` `{userId, text, replyTo?}` | a user writes               |
 * | `POST /api/vk/chats/:peer/press` `{userId, messageId, data}`   | a user presses a button     |
 * | `GET  /api/vk/files/:key`                        | a photo or a document the bot sent        |
 * | `GET  /api/vk/events`                            | server-sent events: `change` with `{chatId}` |
 *
 * Playground user 101 is VK user 101. Not a rule: local infrastructure.
 */
import type { ServerResponse } from 'node:http';
import type { StoredVkMessage } from '../vk-api/index.ts';
import { LOCAL_VK_CHAT_TITLE, type LocalVkChat } from '../vk-chat.ts';
import type { Route } from './discord.ts';
import { BadRequest, type PlaygroundPeople } from './people.ts';

export type VkMessageView = {
  id: number;
  from: string;
  fromId: number;
  fromBot: boolean;
  date: number;
  text?: string;
  photo?: { src: string; width?: number; height?: number };
  document?: { name: string; src: string };
  buttons: { text: string; data?: string; url?: string }[][];
  replyTo?: number;
  edited: boolean;
};

const BOT_NAME = 'Нарды';

/** The routes of the VK conversation, for `playgroundApi`. */
export function vkRoutes(chat: LocalVkChat, people: PlaygroundPeople): Route[] {
  const { api } = chat;
  const peerOf = (id: string) => {
    if (Number(id) !== chat.peerId) throw new BadRequest(`no VK chat ${id}`);
    chat.meet(people.users);
    return chat.peerId;
  };
  const userOf = (userId: unknown) => {
    const user = people.users.find((u) => u.id === Number(userId));
    if (user === undefined) throw new BadRequest(`no user ${String(userId)}`);
    return user;
  };
  return [
    ['GET', /^\/api\/vk\/state$/, async (_m, _b, response) => json(response, 200, {
      community: BOT_NAME, groupId: api.groupId,
      chats: [{ id: `vk:${chat.peerId}`, peerId: chat.peerId, type: 'vk', title: LOCAL_VK_CHAT_TITLE }],
    })],
    ['GET', /^\/api\/vk\/chats\/(\d+)\/messages$/, async (m, _b, response) => {
      const peerId = peerOf(m[1]!);
      const names = new Map(people.users.map((u) => [u.id, u.first_name]));
      json(response, 200, api.messages(peerId).filter((message) => !message.deleted).map((message) => view(message, names)));
    }],
    ['POST', /^\/api\/vk\/chats\/(\d+)\/messages$/, async (m, body, response) => {
      const { userId, text, replyTo } = await body();
      const peerId = peerOf(m[1]!);
      const user = userOf(userId);
      if (typeof text !== 'string' || text.trim() === '' || text.length > 4096) throw new BadRequest('text: 1–4096 characters expected');
      const replied = typeof replyTo === 'number' ? api.messages(peerId).find((x) => x.cmid === replyTo && !x.deleted) : undefined;
      if (replyTo !== undefined && replyTo !== null && replied === undefined) throw new BadRequest(`no message ${String(replyTo)}`);
      const event = api.message(user.id, peerId, text.trim(), replied === undefined ? {} : { replyTo: replied.cmid });
      const answer = await chat.deliver(event, `${user.first_name} in ${LOCAL_VK_CHAT_TITLE}: ${text.trim()}`);
      json(response, 200, { status: answer.status });
    }],
    ['POST', /^\/api\/vk\/chats\/(\d+)\/press$/, async (m, body, response) => {
      const { userId, messageId, data } = await body();
      const peerId = peerOf(m[1]!);
      const user = userOf(userId);
      const message = api.messages(peerId).find((x) => x.cmid === Number(messageId) && !x.deleted);
      if (message === undefined) throw new BadRequest(`no message ${String(messageId)}`);
      const button = (message.keyboard?.buttons ?? []).flat().find((b) => b.action.type === 'callback' && b.action.payload === data);
      if (button === undefined) throw new BadRequest(`no button ${String(data)} under message ${message.cmid}`);
      const event = api.press(user.id, peerId, message.cmid, String(data));
      const answer = await chat.deliver(event, `${user.first_name} in ${LOCAL_VK_CHAT_TITLE} pressed "${button.action.label}"`);
      const pressed = api.pressAnswer(event.object.event_id as string)?.answer;
      json(response, 200, { status: answer.status, answer: pressed?.text === undefined ? null : { text: pressed.text } });
    }],
    ['GET', /^\/api\/vk\/files\/((?:photo|doc)-?\d+_\d+)$/, async (m, _b, response) => {
      const found = await fetch(`${api.apiRoot}/files/${m[1]}`);
      if (!found.ok) return json(response, 404, { error: 'no such file' });
      const bytes = Buffer.from(await found.arrayBuffer());
      const isDoc = m[1]!.startsWith('doc');
      response.writeHead(200, { 'content-type': isDoc ? 'application/octet-stream' : 'image/png', 'content-length': bytes.length, 'cache-control': 'max-age=86400, immutable', ...(isDoc ? { 'content-disposition': 'attachment' } : {}) });
      response.end(bytes);
    }],
    ['GET', /^\/api\/vk\/events$/, async (_m, _b, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      response.write(': connected\n\n');
      const unsubscribe = api.subscribe(({ peerId }) => {
        if (peerId === undefined || peerId === chat.peerId) response.write(`event: change\ndata: ${JSON.stringify({ chatId: `vk:${chat.peerId}` })}\n\n`);
      });
      const keepAlive = setInterval(() => response.write(': ping\n\n'), 15_000);
      response.on('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
      });
    }],
  ];
}

/** A message as a VK client shows it: a mention `[id1|Name]` as its name (the word joiners are invisible), the photo, the buttons. */
function view(message: StoredVkMessage, names: ReadonlyMap<number, string>): VkMessageView {
  const photo = message.attachments.find((a) => a.type === 'photo');
  const doc = message.attachments.find((a) => a.type === 'doc');
  const text = message.text.replace(/\[id(\d+)\|([^\]]*)\]/g, (_all, _id: string, name: string) => name).replace(/\u2060/g, '');
  return {
    id: message.cmid,
    from: message.fromId < 0 ? BOT_NAME : names.get(message.fromId) ?? `id${message.fromId}`,
    fromId: message.fromId,
    fromBot: message.fromId < 0,
    date: message.date,
    ...(text === '' ? {} : { text }),
    ...(photo === undefined ? {} : { photo: { src: `/api/vk/files/photo${photo.ownerId}_${photo.id}`, ...pngSize(photo.bytes) } }),
    ...(doc === undefined ? {} : { document: { name: doc.name, src: `/api/vk/files/doc${doc.ownerId}_${doc.id}` } }),
    buttons: (message.keyboard?.buttons ?? []).map((row) => row.map((b) => (b.action.type === 'open_link' ? { text: b.action.label, url: b.action.link ?? '' } : { text: b.action.label, data: b.action.payload ?? '' }))),
    ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
    edited: message.edits > 0,
  };
}

function pngSize(bytes: Buffer): { width?: number; height?: number } {
  return bytes.length >= 24 && bytes.readUInt32BE(12) === 0x49484452 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : {};
}

function json(response: ServerResponse, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
  response.end(bytes);
}
