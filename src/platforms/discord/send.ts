/**
 * The app's effects as Discord API calls (STYLE.md §16: translate, never decide), through
 * `@discordjs/core`'s http-only `API` over `@discordjs/rest` (multipart uploads, the per-route
 * rate-limit queue: a 429 waits `retry_after` and retries; 5xx retry three times).
 *
 * Two emitters:
 * - `discordBotEmit` speaks with the bot token, outside any interaction (the scheduler's reminders
 *   and timeouts): a text or a board is a channel message, edits and deletes use the channel routes,
 *   and `discordDirectChat` opens a player's DM channel.
 * - `discordInteractionEmit` answers one interaction through its token (valid 15 minutes, no bot
 *   membership needed): the first text or board after a slash command replaces the deferred
 *   "thinking…" reply, the pressed board is edited in place (`PATCH …/messages/@original` with the
 *   new PNG), a toast is an ephemeral follow-up only the presser sees, other messages are
 *   follow-ups; what it cannot do through the token it hands to the bot emitter.
 *
 * A failed call never throws out of an effect: the move is already stored, the rest of the
 * effects still run, and the next press shows the current board. Failures are logged: 401 (an
 * expired interaction token or a revoked bot token), 403, 404 (a message gone: a board is then
 * sent anew), the network.
 */
import { API } from '@discordjs/core/http-only';
import { DiscordAPIError, HTTPError, REST, type RawFile } from '@discordjs/rest';
import { type APIInteraction, type APIMessage, type RESTPostAPIChannelMessageJSONBody } from 'discord-api-types/v10';
import { BOARD_PAINTER, type Button, type Effect, type Emit, type MessageRef, type Painter } from '../../app/index.ts';
import { jsonLog, type Log } from '../shared/log.ts';
import { clip as clipTo, type Sent as SentOf } from '../shared/sent.ts';
import { actionRows } from './components.ts';
import { discordContent } from './content.ts';
import { discordChat } from './parse.ts';
import { noteThrottle } from '../shared/observe.ts';

export { jsonLog, type Log };

/** The Discord API client of one process, and what every call needs. */
export interface DiscordClient {
  readonly api: API;
  readonly applicationId: string;
  readonly log: Log;
  /** Draws boards' pictures; the app's painter when absent. */
  readonly painter?: Painter;
}

/** Returns a client for `apiRoot` (`https://discord.com/api`, or a stand-in) with the bot token. */
export function discordClient(options: { botToken: string; applicationId: string; apiRoot: string; log?: Log; timeoutMs?: number }): DiscordClient {
  const rest = new REST({ api: options.apiRoot, timeout: options.timeoutMs ?? 8000 }).setToken(options.botToken);
  // The REST client waits out a 429 itself; the operator counts each (docs/operate.md).
  rest.on('response', (_request, response) => void (response.status === 429 && noteThrottle('discord')));
  return { api: new API(rest), applicationId: options.applicationId, log: options.log ?? jsonLog };
}

/** Why a call did not do its work. */
export type SendFailure = 'unauthorized' | 'forbidden' | 'gone' | 'rejected' | 'unavailable';

type ChatRef = MessageRef['chat'];
type Buttons = readonly (readonly Button[])[] | undefined;
type Sent<T> = SentOf<T, SendFailure>;
/** A message body as both the channel and the webhook routes take it. */
type Body = RESTPostAPIChannelMessageJSONBody & { files?: RawFile[] };

/** What Discord allows in a message's content. */
export const CONTENT_LIMIT = 2000;
const EPHEMERAL = 1 << 6;
/** The flag of a deferred reply while Discord shows "thinking…". */
const LOADING = 1 << 7;
const APPLICATION_COMMAND = 2;
/**
 * A board's picture is uploaded as `board-<look>.png` (`pictureLook`): the pressed message's
 * attachment then says which picture it shows, with nothing remembered, and a view with the same
 * look is an edit that leaves the attachment where it is (no drawing, no upload).
 */
const boardFile = (look: string | undefined): string => (look === undefined ? 'board.png' : `board-${look}.png`);

/** Returns the DM channel of a Discord user (`discord:<id>` or the bare id), for a ping outside any game channel. */
export async function discordDirectChat(client: DiscordClient, userId: string): Promise<ChatRef | undefined> {
  const sent = await attempt(client, 'createDM', () => client.api.users.createDM(userId.replace(/^discord:/, '')));
  return sent.ok ? discordChat(sent.value.id) : undefined;
}

/** Returns the emitter that speaks with the bot token, usable outside any interaction (scheduler). */
export function discordBotEmit(client: DiscordClient): Emit {
  const { api, log } = client;
  const post = async (chat: ChatRef, body: Body) => messageRef(chat, await attempt(client, 'createMessage', () => api.channels.createMessage(chat.chatId, body)));
  return async (effect) => {
    switch (effect.kind) {
      case 'toast':
      case 'inlineAnswer':
        return void log({ level: 'warn', event: 'discord-effect-dropped', effect: effect.kind, reason: 'no interaction to answer' });
      case 'prepare':
        return void (client.painter ?? BOARD_PAINTER).prepare(effect.picture);
      case 'text':
        return post(effect.chat, textBody(effect.text, effect.buttons, log));
      case 'document':
        return post(effect.chat, documentBody(effect, log));
      case 'board': {
        const body = await boardBody(client, effect);
        const { replace } = effect;
        if (replace === undefined) return post(effect.chat, body);
        const edited = await attempt(client, 'editMessage', () => api.channels.editMessage(replace.chat.chatId, replace.messageId, body));
        return edited.ok ? replace : edited.failure === 'gone' ? post(effect.chat, body) : undefined;
      }
      case 'editText': {
        const { chat, messageId } = effect.message;
        return messageRef(chat, await attempt(client, 'editMessage', () => api.channels.editMessage(chat.chatId, messageId, textBody(effect.text, effect.buttons, log))));
      }
      case 'delete':
        await attempt(client, 'deleteMessage', () => api.channels.deleteMessage(effect.message.chat.chatId, effect.message.messageId));
        return undefined;
    }
  };
}

/**
 * The interaction's emitter, plus `fail(text)`: the user is told the work failed — in place of the
 * deferred reply while it waits (as private as the command), else in a message only they see —
 * and `finish()`: removes a deferred reply nothing used (a duplicate, an ignored command).
 */
export type DiscordInteractionEmit = Emit & { readonly fail: (text: string) => Promise<void>; readonly finish: () => Promise<void> };

/** Returns the emitter answering `interaction` (already acknowledged with its deferral). */
export function discordInteractionEmit(client: DiscordClient, interaction: APIInteraction): DiscordInteractionEmit {
  const { log } = client;
  const bot = discordBotEmit(client);
  const replies = interactionReplies(client, interaction);
  const channelId = interaction.channel?.id ?? interaction.channel_id;
  const pressed = 'message' in interaction && interaction.message !== undefined ? interaction.message.id : undefined;
  const shown = 'message' in interaction ? interaction.message?.attachments.map((a) => a.filename) : undefined;
  const isPressed = (m: MessageRef | undefined) => m !== undefined && pressed !== undefined && m.messageId === pressed;
  const emit = async (effect: Effect): Promise<MessageRef | undefined> => {
    switch (effect.kind) {
      case 'toast':
        return effect.text === '' ? undefined : replies.whisper(effect.text);
      case 'text':
        return effect.chat.chatId === channelId ? replies.reply(effect.chat, textBody(effect.text, effect.buttons, log)) : bot(effect);
      case 'document':
        return effect.chat.chatId === channelId ? replies.reply(effect.chat, documentBody(effect, log)) : bot(effect);
      case 'board':
        if (isPressed(effect.replace)) return replies.original(effect.chat, await boardBody(client, effect, shown));
        return effect.replace === undefined && effect.chat.chatId === channelId ? replies.reply(effect.chat, await boardBody(client, effect)) : bot(effect);
      case 'editText':
        return isPressed(effect.message) ? replies.original(effect.message.chat, textBody(effect.text, effect.buttons, log)) : bot(effect);
      default:
        return bot(effect);
    }
  };
  const fail = async (text: string) => replies.failed(channelId === undefined ? undefined : { platform: 'discord', chatId: channelId }, text);
  return Object.assign(emit, { fail, finish: replies.finish });
}

/** The messages an interaction's token reaches: `@original` (the deferred reply, or the pressed message) and follow-ups. */
function interactionReplies(client: DiscordClient, interaction: APIInteraction) {
  const { api, applicationId } = client;
  const { token } = interaction;
  let deferredReply = interaction.type === APPLICATION_COMMAND;
  const original = async (chat: ChatRef, body: Body) => messageRef(chat, await attempt(client, 'editReply', () => api.interactions.editReply(applicationId, token, body, '@original')));
  const followUp = (body: Body) => attempt(client, 'followUp', () => api.interactions.followUp(applicationId, token, body));
  return {
    original,
    /** A new message in the interaction's channel: the deferred reply first, then follow-ups. */
    async reply(chat: ChatRef, body: Body) {
      if (!deferredReply) return messageRef(chat, await followUp(body));
      deferredReply = false;
      return original(chat, body);
    },
    /** A message only the interaction's user sees. */
    async whisper(text: string) {
      await followUp({ ...contentOf(text), flags: EPHEMERAL });
      return undefined;
    },
    async failed(chat: ChatRef | undefined, text: string) {
      if (!deferredReply || chat === undefined) return void (await this.whisper(text));
      deferredReply = false;
      await original(chat, { ...contentOf(text), components: [] });
    },
    async finish() {
      if (!deferredReply) return;
      deferredReply = false;
      // A replayed interaction finds the first delivery's reply at `@original`: only one still thinking is left over.
      const current = await attempt(client, 'getReply', () => api.interactions.getOriginalReply(applicationId, token));
      if (!current.ok || ((current.value.flags ?? 0) & LOADING) === 0) return;
      await attempt(client, 'deleteReply', () => api.interactions.deleteReply(applicationId, token, '@original'));
    },
  };
}

function messageRef(chat: ChatRef, sent: Sent<APIMessage>): MessageRef | undefined {
  return sent.ok ? { chat, messageId: sent.value.id } : undefined;
}

function textBody(text: string, buttons: Buttons, log: Log): Body {
  return { ...contentOf(text), components: rows(buttons, log) };
}

/**
 * The board message: the caption as content, the PNG as its one attachment (replacing the old one
 * on an edit) — unless the message edited already shows that picture (`shown`: its attachments'
 * names), when attachments are left out and the old one stays.
 */
async function boardBody(client: DiscordClient, effect: Effect & { kind: 'board' }, shown?: readonly string[]): Promise<Body> {
  const { view } = effect;
  const { log } = client;
  const painter = client.painter ?? BOARD_PAINTER;
  const body = textBody(view.caption, view.buttons, log);
  const look = await painter.look(view.picture);
  if (look !== undefined && shown?.includes(boardFile(look))) return body;
  const png = await painter.draw(view.picture);
  if (!png.ok) {
    // A bad picture spec is a bug; the caption states the position, so the game stays playable
    // (an edit keeps the old picture, as attachments are left out).
    log({ level: 'error', event: 'render-failed', game: view.gameId, error: png.error });
    return body;
  }
  const name = boardFile(look);
  return { ...body, attachments: [{ id: '0', filename: name }], files: [{ name, data: png.value, contentType: 'image/png' }] };
}

/** A file (a match record, a dice transcript; bytes: a PNG picture): its caption as content, the text as its one attachment, uploaded as the board's PNG is. */
function documentBody(effect: Effect & { kind: 'document' }, log: Log): Body {
  const body = textBody(effect.caption ?? '', undefined, log);
  const { content } = effect;
  const file = typeof content === 'string'
    ? { name: effect.name, data: Buffer.from(content, 'utf8'), contentType: effect.name.endsWith('.json') ? 'application/json' : 'text/plain; charset=utf-8' }
    : { name: effect.name, data: Buffer.from(content), contentType: 'image/png' };
  return { ...body, attachments: [{ id: '0', filename: effect.name }], files: [file] };
}

function rows(buttons: Buttons, log: Log) {
  const fitted = actionRows(buttons);
  if (fitted === undefined) log({ level: 'error', event: 'discord-buttons-too-many', rows: buttons?.map((r) => r.length) });
  return fitted ?? [];
}

/**
 * A message's content, escaped, with only the mentions the app made live (`content.ts`; turn
 * notices and tournament pairings name players so that they are pinged; no name inside them can).
 * Clipped after escaping, so the limit counts what Discord counts.
 */
function contentOf(text: string) {
  const { content, allowed_mentions } = discordContent(text);
  return { content: clipTo(content, CONTENT_LIMIT), allowed_mentions };
}

/** Runs one API call; a failure is classified and logged, never thrown. */
async function attempt<T>(client: DiscordClient, method: string, call: () => Promise<T>): Promise<Sent<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const failure = classify(error);
    const detail = error instanceof DiscordAPIError ? { status: error.status, code: error.code, message: error.message } : { error: String(error) };
    client.log({ level: failure === 'gone' ? 'info' : 'warn', event: 'discord-api-failed', method, failure, ...detail });
    return { ok: false, failure };
  }
}

/** What a thrown error means; anything that is not Discord's answer is the network failing. */
export function classify(error: unknown): SendFailure {
  const status = error instanceof DiscordAPIError || error instanceof HTTPError ? error.status : undefined;
  if (status === undefined || status >= 500 || status === 429) return 'unavailable';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'gone';
  return 'rejected';
}
