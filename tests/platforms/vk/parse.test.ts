/** What a VK Callback API event means (src/platforms/vk/parse.ts): commands, typed moves, presses. */
import { describe, expect, it } from 'vitest';
import { encodeToken } from '../../../src/app/index.ts';
import { CHAT_PEERS, parseEvent, type VkEvent } from '../../../src/platforms/vk/index.ts';

const GROUP = 77;
const CHAT = CHAT_PEERS + 5;
const names = new Map([[11, 'Нодар Б'], [22, 'Anna K']]);
const message = (text: string, extra: Record<string, unknown> = {}, peer = CHAT): VkEvent => ({
  type: 'message_new', event_id: 'ev1', group_id: GROUP,
  object: { message: { from_id: 11, peer_id: peer, text, conversation_message_id: 40, ...extra }, client_info: { lang_id: 0 } },
});

describe('VK messages', () => {
  it('a command, after a mention of the bot or with ! for /, names its user, language and update', () => {
    expect(parseEvent(message(`[club${GROUP}|@nardy] /games`), GROUP, names)).toEqual({
      kind: 'games', chat: { platform: 'vk', chatId: String(CHAT) }, from: { id: 'vk:11', name: 'Нодар Б', language: 'ru' }, updateKey: `vk:${GROUP}:ev1`,
    });
    expect(parseEvent(message('!help'), GROUP, names)).toMatchObject({ kind: 'help' });
    expect(parseEvent(message('/dance'), GROUP, names)).toBeUndefined();
  });

  it('/nardy challenges the mentioned player, else the author of the replied message', () => {
    expect(parseEvent(message('/nardy [id22|@anna] short'), GROUP, names)).toMatchObject({ kind: 'challenge', opponent: { id: 'vk:22', name: 'anna' }, variant: 'short' });
    expect(parseEvent(message('/nardy', { reply_message: { from_id: 22, conversation_message_id: 39 } }), GROUP, names)).toMatchObject({ kind: 'challenge', opponent: { id: 'vk:22', name: 'Anna K' } });
    expect(parseEvent(message('/nardy'), GROUP, names)).not.toHaveProperty('opponent');
    // A reply to the bot's own message (from a community: negative) names nobody.
    expect(parseEvent(message('/nardy', { reply_message: { from_id: -GROUP, conversation_message_id: 39 } }), GROUP, names)).not.toHaveProperty('opponent');
  });

  it('a typed move replies to the board; other talk in a conversation is ignored, in a private chat it gets the help', () => {
    expect(parseEvent(message('24/18 13/11', { reply_message: { from_id: -GROUP, conversation_message_id: 39 } }), GROUP, names)).toMatchObject({
      kind: 'move', text: '24/18 13/11', replyTo: { chat: { platform: 'vk', chatId: String(CHAT) }, messageId: '39' },
    });
    expect(parseEvent(message('привет всем'), GROUP, names)).toBeUndefined();
    expect(parseEvent(message('привет', {}, 11), GROUP, names)).toMatchObject({ kind: 'help' });
    expect(parseEvent(message('Начать', { payload: '{"command":"start"}' }, 11), GROUP, names)).toMatchObject({ kind: 'start' });
  });

  it('a group\'s /lang, /weekly and /top are shared; a message from a community is nobody\'s', () => {
    expect(parseEvent(message('/lang ka'), GROUP, names)).toMatchObject({ kind: 'lang', lang: 'ka', shared: true });
    expect(parseEvent(message('/weekly вкл'), GROUP, names)).toMatchObject({ kind: 'weekly', on: true, shared: true });
    expect(parseEvent(message('/top', {}, 11), GROUP, names)).toMatchObject({ kind: 'top', shared: false });
    expect(parseEvent(message('/help', { from_id: -5 }), GROUP, names)).toBeUndefined();
  });
});

describe('VK presses', () => {
  const press = (payload: unknown): VkEvent => ({ type: 'message_event', event_id: 'ev2', group_id: GROUP, object: { user_id: 22, peer_id: CHAT, event_id: 'x1', payload, conversation_message_id: 41 } });
  it('a callback button\'s token is a press under its message; a page button or a foreign payload is not the app\'s', () => {
    const token = encodeToken({ surface: 'board', gameId: 'abcdefghij', version: 3, choice: { k: 'roll' } });
    expect(parseEvent(press({ t: token }), GROUP, names)).toEqual({
      kind: 'press', chat: { platform: 'vk', chatId: String(CHAT) }, from: { id: 'vk:22', name: 'Anna K' }, token,
      message: { chat: { platform: 'vk', chatId: String(CHAT) }, messageId: '41' }, updateKey: `vk:${GROUP}:ev2`,
    });
    expect(parseEvent(press({ p: 2 }), GROUP, names)).toBeUndefined();
    expect(parseEvent(press({ command: 'start' }), GROUP, names)).toBeUndefined();
  });
});
