/**
 * A local stand-in of the Discord HTTP API (issue 6): a real HTTP server that `@discordjs/rest`
 * talks to as to `discord.com/api`, with a message store per channel, the interaction webhook,
 * failure injection — and the Discord side of interactions: it makes the interactions users
 * cause (a slash command, a button press on a message the bot sent), signs them with its own
 * Ed25519 key as Discord does, and records how and how fast each was acknowledged.
 * Not a rule: test infrastructure.
 *
 * @example
 * const discord = await startDiscordApi();
 * const channel = discord.guildChannel();
 * const request = discord.signed(discord.command(alice, channel, 'challenge'));   // POST it to the endpoint
 * discord.acknowledged(interaction, answer);                                       // what Discord does with the response
 * discord.messages(channel);                                                       // what the bot sent, as it looks now
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import type { APIInteraction, APIUser } from 'discord-api-types/v10';
import { acknowledge, startServer, type ServerContext } from './server.ts';
import { StandInState, type Failure, type RecordedCall, type StoredInteraction, type StoredMessage } from './state.ts';

export type { Failure, RecordedCall, StoredAttachment, StoredInteraction, StoredMessage } from './state.ts';

/** A simulated Discord user: who they are and their client's language. */
export interface DiscordPerson {
  readonly user: APIUser;
  readonly locale: string;
  readonly nick?: string;
  /** The member's permissions in the guild, a bit field as Discord sends it; default: view and send messages. */
  readonly permissions?: string;
}

/** VIEW_CHANNEL | SEND_MESSAGES: a plain member's permissions. */
const MEMBER_PERMISSIONS = String((1n << 10n) | (1n << 11n));

/** A command option as a user fills it in (`opponent` takes a person). */
export type CommandOptions = Readonly<Record<string, string | number | boolean | DiscordPerson>>;

export interface DiscordApi {
  /** `http://127.0.0.1:PORT/api`: `DISCORD_API_ROOT`. */
  readonly apiRoot: string;
  readonly applicationId: string;
  readonly botToken: string;
  /** The application's public key, hex: `DISCORD_PUBLIC_KEY`. */
  readonly publicKey: string;
  readonly calls: readonly RecordedCall[];
  readonly guildId: string;
  /** A new text channel in the guild (with `id`, when given: a channel that outlives the process, as in the playground). */
  guildChannel(id?: string): string;
  /** Whether the stand-in knows the channel (a guild channel or a DM channel it opened). */
  hasChannel(channelId: string): boolean;
  /** Calls `listener` after every request served and every acknowledgement (with the channel touched, when known); returns the unsubscribe. */
  subscribe(listener: (change: { channelId?: string }) => void): () => void;
  /** The messages of a channel in order, as they look now (deleted ones flagged). */
  messages(channelId: string): StoredMessage[];
  interaction(id: string): StoredInteraction | undefined;
  /** `/nardy <sub> [options]` typed by `person` in a channel. */
  command(person: DiscordPerson, channelId: string, sub: string, options?: CommandOptions): APIInteraction;
  /** `person` pressing the button with `customId` under `message`. */
  press(person: DiscordPerson, message: StoredMessage, customId: string): APIInteraction;
  /** The interaction as Discord POSTs it: raw JSON body and a valid signature (made `at` seconds since the epoch; default now). */
  signed(interaction: APIInteraction, at?: number | string): { headers: Record<string, string>; body: Buffer };
  /** What Discord does with the endpoint's HTTP answer: a deferral shows "thinking…" or waits for the edit. */
  acknowledged(interaction: APIInteraction, answer: { status: number; body: string }): void;
  /** Serves `failure` instead of the next `method` request whose path (after `/api/v10`) matches. */
  failNext(method: string, path: RegExp, failure: Failure): void;
  /** Takes a recorded interaction as one this stand-in made (its channel joins the guild), so its token works. */
  adopt(interaction: APIInteraction): void;
  /** Makes an interaction's token invalid (as after 15 minutes). */
  expire(interaction: APIInteraction): void;
  /** The commands registered globally (`global:<app>`) or in a guild (`guild:<id>`). */
  commands(scope: string): unknown[] | undefined;
  close(): Promise<void>;
}

const APPLICATION_COMMAND = 2;
const MESSAGE_COMPONENT = 3;
const GUILD_TEXT = 0;

/** Starts the stand-in with a fresh key pair; `now` is its clock (token lifetimes, ack timings). */
export async function startDiscordApi(options: { now?: () => number } = {}): Promise<DiscordApi> {
  const state = new StandInState();
  const keys = generateKeyPairSync('ed25519');
  const publicKey = keys.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  const applicationId = state.snowflake();
  const botToken = `stand-in.${applicationId}.bot-token`;
  const ctx: ServerContext = { state, botToken, now: options.now ?? (() => performance.now()), failures: [] };
  const { server, port } = await startServer(ctx);
  const guildId = state.snowflake();

  const make = (person: DiscordPerson, channelId: string, type: number, data: unknown, messageId?: string): APIInteraction => {
    const id = state.snowflake();
    const token = `itoken-${id}`;
    state.interactions.set(token, { id, token, type, channelId, userId: person.user.id, createdAt: ctx.now(), expired: false, ...(messageId === undefined ? {} : { messageId }) });
    const channel = state.channels.get(channelId);
    const who = channel?.guildId === undefined ? { user: person.user } : { member: { user: person.user, nick: person.nick ?? null, roles: [], permissions: person.permissions ?? MEMBER_PERMISSIONS }, guild_id: channel.guildId };
    return {
      id, token, type, application_id: applicationId, version: 1, locale: person.locale, channel_id: channelId,
      channel: { id: channelId, type: channel?.type ?? GUILD_TEXT }, app_permissions: '0', entitlements: [], authorizing_integration_owners: {},
      ...who, data, ...(messageId === undefined ? {} : { message: wireMessage(state.messages.get(messageId)!) }),
    } as unknown as APIInteraction;
  };

  return {
    apiRoot: `http://127.0.0.1:${port}/api`,
    applicationId, botToken, publicKey, guildId,
    calls: state.calls,
    guildChannel(id = state.snowflake()) {
      state.channels.set(id, { id, type: GUILD_TEXT, guildId });
      return id;
    },
    hasChannel: (channelId) => state.channels.has(channelId),
    subscribe(listener) {
      state.listeners.add(listener);
      return () => void state.listeners.delete(listener);
    },
    messages: (channelId) => state.channelMessages(channelId),
    interaction: (id) => [...state.interactions.values()].find((i) => i.id === id),
    command(person, channelId, sub, options = {}) {
      const people = Object.values(options).filter((v): v is DiscordPerson => typeof v === 'object');
      const resolved = people.length === 0 ? undefined : {
        users: Object.fromEntries(people.map((p) => [p.user.id, p.user])),
        members: Object.fromEntries(people.map((p) => [p.user.id, { nick: p.nick ?? null }])),
      };
      const list = Object.entries(options).map(([name, value]) => typeof value === 'object'
        ? { name, type: 6, value: value.user.id }
        : { name, type: typeof value === 'number' ? 4 : typeof value === 'boolean' ? 5 : 3, value });
      const data = { id: state.snowflake(), name: 'nardy', type: 1, options: [{ name: sub, type: 1, options: list }], ...(resolved === undefined ? {} : { resolved }) };
      return make(person, channelId, APPLICATION_COMMAND, data);
    },
    press(person, message, customId) {
      return make(person, message.channelId, MESSAGE_COMPONENT, { custom_id: customId, component_type: 2 }, message.id);
    },
    signed(interaction, at = Math.floor(Date.now() / 1000)) {
      const body = Buffer.from(JSON.stringify(interaction));
      const timestamp = String(at);
      const signature = sign(null, Buffer.concat([Buffer.from(timestamp), body]), keys.privateKey).toString('hex');
      return { headers: { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp }, body };
    },
    acknowledged(interaction, answer) {
      const stored = state.interactions.get(interaction.token);
      if (stored === undefined || answer.status !== 200) return;
      const ack = JSON.parse(answer.body) as { type: number; data?: { flags?: number } };
      acknowledge(ctx, stored, ack.type, 'http', ack.data?.flags ?? 0);
    },
    adopt(interaction) {
      const channelId = interaction.channel?.id ?? interaction.channel_id ?? '';
      if (!state.channels.has(channelId)) state.channels.set(channelId, { id: channelId, type: GUILD_TEXT, guildId });
      const messageId = 'message' in interaction ? interaction.message?.id : undefined;
      state.interactions.set(interaction.token, {
        id: interaction.id, token: interaction.token, type: interaction.type, channelId, userId: (interaction.member?.user ?? interaction.user)?.id ?? '',
        createdAt: ctx.now(), expired: false, ...(messageId === undefined ? {} : { messageId }),
      });
    },
    failNext: (method, path, failure) => void ctx.failures.push({ method, path, failure }),
    expire(interaction) {
      const stored = state.interactions.get(interaction.token);
      if (stored !== undefined) stored.expired = true;
    },
    commands: (scope) => state.commands.get(scope),
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** A message as it travels inside an interaction: with its attachments, as Discord sends them (a board's picture names its look). */
function wireMessage(m: StoredMessage): unknown {
  const attachments = m.attachments.map((a) => ({ id: a.id, filename: a.filename, size: a.bytes.length, url: `https://cdn.invalid/${a.id}/${a.filename}` }));
  return { id: m.id, channel_id: m.channelId, content: m.content, components: m.components, flags: m.flags, attachments };
}
