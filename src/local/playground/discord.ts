/**
 * The playground's Discord channel (issue 21, part 7): the routes under `/api/discord/` through
 * which the page's users type `/nardy …` and press buttons in `#nardy`, as Discord users. A typed
 * line becomes a real APPLICATION_COMMAND interaction (options typed, `resolved.users` for a user
 * option; `discord-command.ts`), a press a MESSAGE_COMPONENT interaction on the pressed message;
 * both are made by the Discord API stand-in, signed and POSTed to `POST /discord` by the local
 * application (`../discord-channel.ts`). The page reads the channel back as the acting user sees
 * it: ephemeral replies (flags 64) only for the user they are for.
 *
 * | route                                                   | what                                      |
 * |---------------------------------------------------------|-------------------------------------------|
 * | `GET  /api/discord/state`                               | the server and its channel                |
 * | `GET  /api/discord/channels/:id/messages/:userId`       | the channel as that user sees it          |
 * | `POST /api/discord/channels/:id/commands` `{userId, text}` | a user types `/nardy …`                |
 * | `POST /api/discord/channels/:id/press` `{userId, messageId, customId}` | a user presses a button    |
 * | `GET  /api/discord/attachments/:messageId/:attachmentId` | a picture (or a file) the bot attached   |
 * | `GET  /api/discord/events`                              | server-sent events: `change` with `{chatId}` |
 *
 * Playground user 101 is Discord user `100000000000000101`; their client's locale follows their
 * language (Discord has no Georgian locale: a Georgian user's client says en-US, and `/nardy lang`
 * picks ქართული). Not a rule: local infrastructure.
 */
import type { ServerResponse } from 'node:http';
import type { DiscordPerson, StoredMessage } from '../discord-api/index.ts';
import type { LocalDiscordChannel } from '../discord-channel.ts';
import { LOCAL_DISCORD_CHANNEL_NAME } from '../discord-channel.ts';
import type { TgUser } from '../telegram-api/index.ts';
import { commandSummary, parseCommand } from './discord-command.ts';
import { BadRequest, type PlaygroundPeople } from './people.ts';

/** A route as `api.ts` runs it. */
export type Route = [string, RegExp, (match: RegExpMatchArray, body: () => Promise<Record<string, unknown>>, response: ServerResponse) => Promise<void>];

export type DiscordButtonView = { text: string; data?: string; url?: string };

export type DiscordMessageView = {
  id: string;
  from: string;
  fromBot: boolean;
  content: string;
  images: { src: string; width?: number; height?: number }[];
  /** Attachments that are not pictures (a match record): a link to download each. */
  files: { name: string; src: string }[];
  buttons: DiscordButtonView[][];
  /** Only the viewer sees it ("only you can see this"). */
  ephemeral: boolean;
  /** A deferred reply not yet filled ("Nardy is thinking…"). */
  thinking: boolean;
  edited: boolean;
  /** The slash command this message answers, as Discord shows it above the reply: "Alice used /nardy help". */
  command?: string;
};

const BOT_NAME = 'Nardy';
const SERVER_NAME = 'Nardy server';
const EPHEMERAL = 1 << 6;
const ID_BASE = 100_000_000_000_000_000n;
const LOCALES: Record<string, string> = { en: 'en-US', ru: 'ru' };

/** ADMINISTRATOR, VIEW_CHANNEL and SEND_MESSAGES: the permissions of the server's admin. */
const ADMIN_PERMISSIONS = String((1n << 3n) | (1n << 10n) | (1n << 11n));

/** The Discord user a playground user is; the admin (the first user, as in the Telegram group) may set the channel's game language. */
export function discordPerson(user: TgUser, admin = false): DiscordPerson {
  const username = (user.username ?? user.first_name).toLowerCase().replace(/[^a-z0-9_.]/g, '') || `user${user.id}`;
  return {
    user: { id: (ID_BASE + BigInt(user.id)).toString(), username, global_name: user.first_name, discriminator: '0', avatar: null },
    locale: LOCALES[user.language_code ?? 'en'] ?? 'en-US',
    ...(admin ? { permissions: ADMIN_PERMISSIONS } : {}),
  };
}

/** The routes of the Discord channel, for `playgroundApi`. */
export function discordRoutes(channel: LocalDiscordChannel, people: PlaygroundPeople): Route[] {
  const { api } = channel;
  /** "Alice used /nardy …" by the message that answered it. */
  const commands = new Map<string, string>();
  const personOf = (userId: unknown): DiscordPerson => {
    const user = people.users.find((u) => u.id === Number(userId));
    if (user === undefined) throw new BadRequest(`no user ${String(userId)}`);
    return discordPerson(user, user === people.users[0]);
  };
  const byName = (name: string): DiscordPerson | undefined => {
    const lower = name.toLowerCase();
    const user = people.users.find((u) => u.first_name.toLowerCase() === lower || u.username?.toLowerCase() === lower);
    return user === undefined ? undefined : discordPerson(user);
  };
  const channelOf = (id: string) => {
    if (id !== channel.channelId) throw new BadRequest(`no Discord channel ${id}`);
    return id;
  };
  const names = () => new Map(people.users.map((u) => [discordPerson(u).user.id, u.first_name]));

  return [
    ['GET', /^\/api\/discord\/state$/, async (_m, _b, response) => json(response, 200, {
      server: SERVER_NAME, bot: BOT_NAME, applicationId: api.applicationId,
      channels: [{ id: `discord:${channel.channelId}`, channelId: channel.channelId, type: 'discord', title: `Discord · #${LOCAL_DISCORD_CHANNEL_NAME}` }],
      commands: commandSummary(),
    })],
    ['GET', /^\/api\/discord\/channels\/(\d+)\/messages\/(\d+)$/, async (m, _b, response) => {
      const viewer = personOf(m[2]).user.id;
      const known = names();
      const visible = api.messages(channelOf(m[1])).filter((message) => !message.deleted && (message.ephemeralFor === undefined || message.ephemeralFor === viewer));
      json(response, 200, visible.map((message) => messageView(message, known, commands.get(message.id))));
    }],
    ['POST', /^\/api\/discord\/channels\/(\d+)\/commands$/, async (m, body, response) => {
      const { userId, text } = await body();
      const person = personOf(userId);
      if (typeof text !== 'string' || text.length > 500) throw new BadRequest('text: up to 500 characters expected');
      const command = parseCommand(text, byName);
      const interaction = api.command(person, channelOf(m[1]), command.sub, command.options);
      const name = person.user.global_name ?? person.user.username;
      const answer = await channel.interact(interaction, `${name} in #${LOCAL_DISCORD_CHANNEL_NAME}: ${command.shown}`);
      const original = api.interaction(interaction.id)?.originalId;
      if (original !== undefined) commands.set(original, `${name} used ${command.shown}`);
      json(response, 200, { status: answer.status, command: command.shown });
    }],
    ['POST', /^\/api\/discord\/channels\/(\d+)\/press$/, async (m, body, response) => {
      const { userId, messageId, customId } = await body();
      const person = personOf(userId);
      const message = api.messages(channelOf(m[1])).find((candidate) => candidate.id === String(messageId) && !candidate.deleted);
      if (message === undefined || (message.ephemeralFor !== undefined && message.ephemeralFor !== person.user.id)) throw new BadRequest(`no message ${String(messageId)}`);
      const button = message.components.flatMap((row) => row.components).find((b) => 'custom_id' in b && b.custom_id === customId);
      if (button === undefined) throw new BadRequest(`no button ${String(customId)} under message ${message.id}`);
      const whispered = (ids: Set<string>) => api.messages(message.channelId).filter((w) => w.ephemeralFor === person.user.id && !ids.has(w.id));
      const before = new Set(whispered(new Set()).map((w) => w.id));
      const name = person.user.global_name ?? person.user.username;
      const answer = await channel.interact(api.press(person, message, String(customId)), `${name} in #${LOCAL_DISCORD_CHANNEL_NAME} pressed "${'label' in button ? button.label : customId}"`);
      json(response, 200, { status: answer.status, whispers: whispered(before).map((w) => w.content) });
    }],
    ['GET', /^\/api\/discord\/attachments\/(\d+)\/([\w.-]+)$/, async (m, _b, response) => {
      const attachment = api.messages(channel.channelId).find((message) => message.id === m[1])?.attachments.find((a) => a.id === m[2]);
      if (attachment === undefined) return json(response, 404, { error: 'no such attachment' });
      const download = isPicture(attachment) ? {} : { 'content-disposition': `attachment; filename="${attachment.filename.replace(/[^\w.-]/g, '_')}"` };
      response.writeHead(200, { 'content-type': attachment.contentType || 'image/png', 'content-length': attachment.bytes.length, 'cache-control': 'max-age=86400, immutable', ...download });
      response.end(attachment.bytes);
    }],
    ['GET', /^\/api\/discord\/events$/, async (_m, _b, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      response.write(': connected\n\n');
      const unsubscribe = api.subscribe(({ channelId }) => {
        if (channelId === undefined || channelId === channel.channelId) response.write(`event: change\ndata: ${JSON.stringify({ chatId: `discord:${channel.channelId}` })}\n\n`);
      });
      const keepAlive = setInterval(() => response.write(': ping\n\n'), 15_000);
      response.on('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
      });
    }],
  ];
}

/**
 * Content as a Discord client shows it, as plain text: a live mention by name, an escaped
 * character (`\*`, `\<`: `src/platforms/discord/content.ts`) as itself, the zero-width space
 * that stops @everyone left out.
 */
function shownAsDiscordShowsIt(content: string, names: ReadonlyMap<string, string>): string {
  return content.replace(/\\(.)|<@!?(\d+)>|\u200b/gs, (_all, escaped: string | undefined, id: string | undefined) =>
    escaped ?? (id === undefined ? '' : `@${names.get(id) ?? 'unknown user'}`));
}

/** A stored message as the page shows it: mentions by name, the pictures by URL, the buttons. */
function messageView(message: StoredMessage, names: ReadonlyMap<string, string>, command: string | undefined): DiscordMessageView {
  return {
    id: message.id,
    from: message.fromBot ? BOT_NAME : 'someone',
    fromBot: message.fromBot,
    content: shownAsDiscordShowsIt(message.content, names),
    images: message.attachments.filter(isPicture).map((a) => ({ src: attachmentSrc(message, a), ...pngSize(a.bytes) })),
    files: message.attachments.filter((a) => !isPicture(a)).map((a) => ({ name: a.filename, src: attachmentSrc(message, a) })),
    buttons: message.components.map((row) => row.components.map((b) => ({
      text: 'label' in b && b.label !== undefined ? b.label : '·',
      ...('custom_id' in b && b.custom_id !== undefined ? { data: b.custom_id } : {}),
      ...('url' in b && b.url !== undefined ? { url: b.url } : {}),
    }))),
    ephemeral: message.ephemeralFor !== undefined || (message.flags & EPHEMERAL) !== 0,
    thinking: message.thinking,
    edited: message.edits > 0 && !command,
    ...(command === undefined ? {} : { command }),
  };
}

const isPicture = (a: StoredMessage['attachments'][number]) => !a.contentType || a.contentType.startsWith('image/');
const attachmentSrc = (message: StoredMessage, a: StoredMessage['attachments'][number]) => `/api/discord/attachments/${message.id}/${encodeURIComponent(a.id)}`;

/** A PNG's width and height from its header (so the page reserves the picture's space). */
function pngSize(bytes: Buffer): { width?: number; height?: number } {
  return bytes.length >= 24 && bytes.readUInt32BE(12) === 0x49484452 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : {};
}

function json(response: ServerResponse, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
  response.end(bytes);
}
