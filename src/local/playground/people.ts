/**
 * Who is in the playground: the simulated users (Alice and Bob to begin with, more added from the
 * page, kept in `<dataDir>/playground-users.json`), the group "Nardy club" with all of them and
 * each user's private chat with the bot. Every chat is made known to the stand-in, as if the bot
 * had been added to the group and each user had started it; Alice (the first user) administers the
 * group, so `/lang xx` there works for her and tells others who may. Not a rule: local infrastructure.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { privateChatOf, type TelegramApi, type TgChat, type TgUser } from '../telegram-api/index.ts';

/** A request the page got wrong (400). */
export class BadRequest extends Error {}

export const GROUP: TgChat = { id: -1001000000001, type: 'supergroup', title: 'Nardy club' };

const PRESET: TgUser[] = [
  { id: 101, is_bot: false, first_name: 'Alice', username: 'alice_plays', language_code: 'en' },
  { id: 102, is_bot: false, first_name: 'Bob', username: 'bob_plays', language_code: 'en' },
];

const LANGUAGES = new Set(['en', 'ru', 'ka']);

export class PlaygroundPeople {
  private constructor(
    private readonly telegram: TelegramApi,
    readonly users: TgUser[],
    private readonly file: string | undefined,
  ) {
    telegram.addChat(GROUP);
    if (users[0] !== undefined) telegram.makeAdmin(GROUP.id, users[0].id);
    for (const user of users) telegram.addChat(privateChatOf(user));
  }

  /** The people of the last run (from `dataDir`), or Alice and Bob. */
  static async load(telegram: TelegramApi, dataDir: string | undefined): Promise<PlaygroundPeople> {
    const file = dataDir === undefined ? undefined : join(dataDir, 'playground-users.json');
    let users = PRESET.map((user) => ({ ...user }));
    if (file !== undefined) {
      const saved = await readFile(file, 'utf8').then((text) => JSON.parse(text) as unknown, () => undefined);
      if (Array.isArray(saved) && saved.every(isUser) && saved.length > 0) users = saved;
    }
    return new PlaygroundPeople(telegram, users, file);
  }

  /** Adds a user named `name` (language en, ru or ka). */
  async add(name: string, language: string): Promise<TgUser> {
    if (this.users.some((user) => user.first_name.toLowerCase() === name.toLowerCase())) throw new BadRequest(`${name} is already here`);
    if (!LANGUAGES.has(language)) throw new BadRequest('language: en, ru or ka');
    const id = Math.max(...this.users.map((user) => user.id)) + 1;
    const username = name.toLowerCase().replace(/[^a-z0-9_]/g, '');
    const user: TgUser = { id, is_bot: false, first_name: name, language_code: language };
    if (username.length >= 3) user.username = `${username.slice(0, 20)}_${id}`;
    this.users.push(user);
    this.telegram.addChat(privateChatOf(user));
    if (this.file !== undefined) await writeFile(this.file, JSON.stringify(this.users, null, 2));
    return user;
  }

  /** The group, then each user's private chat. */
  chats(): TgChat[] {
    return [GROUP, ...this.users.map(privateChatOf)];
  }

  chatName(chat: TgChat): string {
    return chat.type === 'private' ? `${chat.first_name ?? chat.id}'s chat with the bot` : chat.title ?? String(chat.id);
  }

  /** The user acting and the chat, checked: anyone in the group; only its owner in a private chat. */
  actor(chatId: number, userId: number): { user: TgUser; chat: TgChat } {
    const user = this.users.find((candidate) => candidate.id === userId);
    if (user === undefined) throw new BadRequest(`no user ${userId}`);
    const chat = this.chats().find((candidate) => candidate.id === chatId);
    if (chat === undefined) throw new BadRequest(`no chat ${chatId}`);
    if (chat.type === 'private' && chat.id !== user.id) throw new BadRequest(`only ${chat.first_name} acts in ${this.chatName(chat)}`);
    return { user, chat };
  }
}

function isUser(value: unknown): value is TgUser {
  const user = value as TgUser;
  return typeof value === 'object' && value !== null && Number.isSafeInteger(user.id) && user.id > 0 && typeof user.first_name === 'string';
}
