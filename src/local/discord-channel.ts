/**
 * The playground's Discord server (issue 21, part 7): a local Discord application — its own
 * application id, bot token and Ed25519 key pair, made at start by the Discord API stand-in
 * (`discord-api/`) — with one text channel, `#nardy`, where the playground's users type `/nardy …`
 * and press buttons. Each interaction is signed with the local private key and POSTed over real
 * HTTP to this process's `POST /discord`, where the production ingress (`createDiscordIngress`,
 * the same signature and age checks as `functions/discord.ts`) acknowledges it and the production
 * work (`answerInteractions`) answers through `@discordjs/rest`, which talks to the stand-in.
 *
 * A real Discord application (`DISCORD_PUBLIC_KEY`) keeps `POST /discord`: a request the local key
 * did not sign goes to the real ingress unchanged, so the local channel works beside the real bot.
 * The scheduler's Discord emitter writes to the stand-in for its channels, to the real bot for the rest.
 * Not a rule: local infrastructure.
 */
import type { APIInteraction } from 'discord-api-types/v10';
import type { AppDeps, Effect, Emit } from '../app/index.ts';
import { answerInteractions, createDiscordIngress, discordBotEmit, discordClient, type DiscordIngress, type InteractionWork } from '../platforms/discord/index.ts';
import { startDiscordApi, type DiscordApi } from './discord-api/index.ts';
import { formatEntry, type LineSink } from './log.ts';

/**
 * The channel's id, fixed so that games outlive a restart in the same channel (the stand-in's
 * messages do not: `/nardy games` lists the games).
 */
export const LOCAL_DISCORD_CHANNEL = '1300000000000000100';
export const LOCAL_DISCORD_CHANNEL_NAME = 'nardy';

/** How long an interaction's work may take before the page stops waiting for it (it still finishes). */
const WORK_TIMEOUT_MS = 30_000;
/** How long the work waits for "Discord" (the stand-in) to have the acknowledgement before it answers anyway. */
const ACK_TIMEOUT_MS = 5_000;

export interface LocalDiscordChannel {
  /** The stand-in: the channel's messages, the interactions it makes for users. */
  readonly api: DiscordApi;
  readonly channelId: string;
  /** `POST /discord`: the local application's signed requests, anything else to the real ingress (or 401). */
  readonly ingress: DiscordIngress;
  /** The scheduler's Discord emitter: the stand-in for its channels, `real` (the real bot's) for the others. */
  emit(real?: Emit): Emit;
  /**
   * Signs `interaction`, POSTs it to `POST /discord`, hands the answer to the stand-in (as Discord
   * takes the HTTP response) and resolves once the work after the acknowledgement is done.
   * `description` names it in the log ("Alice in #nardy: /nardy help").
   */
  interact(interaction: APIInteraction, description: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

type Gate = { acked: Deferred; done: Deferred };

/** Starts the stand-in and the local application; `host` and `port` are where this process serves `POST /discord`. */
export async function startDiscordChannel(options: {
  /** The app (from the composition root) that answers the interactions. */
  readonly app: () => AppDeps;
  readonly host: string;
  readonly port: number;
  readonly log: LineSink;
  /** The real application's ingress (`DISCORD_PUBLIC_KEY`), when one is configured. */
  readonly real?: DiscordIngress | undefined;
}): Promise<LocalDiscordChannel> {
  const endpoint = `http://${/^(0\.0\.0\.0|::)$/.test(options.host) ? '127.0.0.1' : options.host}:${options.port}/discord`;
  const api = await startDiscordApi();
  const channelId = api.guildChannel(LOCAL_DISCORD_CHANNEL);
  const descriptions = new Map<string, string>();
  const log = (entry: Readonly<Record<string, unknown>>) => options.log(lineOf(entry, descriptions));
  const client = discordClient({ applicationId: api.applicationId, botToken: api.botToken, apiRoot: api.apiRoot, log });
  let answer: InteractionWork | undefined;
  const work: InteractionWork = (interaction) => (answer ??= answerInteractions(options.app(), client))(interaction);
  const local = createDiscordIngress({ publicKey: api.publicKey, work });
  const gates = new Map<string, Gate>();

  const ingress: DiscordIngress = (request) => {
    const answer = local(request);
    if (answer.status === 401 && options.real !== undefined) return options.real(request);
    const after = answer.after;
    if (after === undefined) return answer;
    const gate = gates.get(idOf(request.body));
    return {
      ...answer,
      // Discord has the acknowledgement before any of the work's calls reach it; here the page
      // hands it to the stand-in once the response arrives, so the work waits for that.
      after: async () => {
        try {
          if (gate !== undefined) await Promise.race([gate.acked.promise, sleep(ACK_TIMEOUT_MS)]);
          await after();
        } finally {
          gate?.done.resolve();
        }
      },
    };
  };

  const botEmit = discordBotEmit(client);
  const isLocal = (effect: Effect) => {
    const chat = chatOf(effect);
    return chat === undefined || api.hasChannel(chat);
  };

  return {
    api, channelId, ingress,
    emit: (real) => (real === undefined ? botEmit : (effect) => (isLocal(effect) ? botEmit(effect) : real(effect))),
    async interact(interaction, description) {
      const gate: Gate = { acked: deferred(), done: deferred() };
      gates.set(interaction.id, gate);
      descriptions.set(interaction.id, description);
      try {
        const { headers, body } = api.signed(interaction);
        const response = await fetch(endpoint, { method: 'POST', headers, body });
        const answer = { status: response.status, body: await response.text() };
        api.acknowledged(interaction, answer);
        gate.acked.resolve();
        if (answer.status === 200) await Promise.race([gate.done.promise, sleep(WORK_TIMEOUT_MS)]);
        return answer;
      } finally {
        gates.delete(interaction.id);
        descriptions.delete(interaction.id);
      }
    },
    close: () => api.close(),
  };
}

/** One readable line: "Alice in #nardy: /nardy help [help] → ok (12 ms)"; other entries as the local log writes them. */
function lineOf(entry: Readonly<Record<string, unknown>>, descriptions: ReadonlyMap<string, string>): string {
  if (entry.event !== 'discord-interaction') return `${formatEntry(entry, () => undefined)} (local Discord)`;
  const who = typeof entry.interaction === 'string' ? descriptions.get(entry.interaction) : undefined;
  const { interaction: _i, chat: _c, user: _u, intent, outcome, ms, ...rest } = entry;
  const time = new Date().toISOString().slice(11, 19);
  const level = typeof entry.level === 'string' && entry.level !== 'info' ? `${entry.level.toUpperCase()} ` : '';
  const extra = Object.entries(rest).filter(([key, value]) => key !== 'level' && key !== 'event' && key !== 'stack' && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const line = [`${time} ${level}${who ?? `Discord interaction ${String(entry.interaction)}`}`, `[${String(intent)}]`, `→ ${String(outcome)}`, typeof ms === 'number' ? `(${ms} ms)` : '', ...extra]
    .filter(Boolean).join(' ');
  return typeof entry.stack === 'string' ? `${line}\n    ${entry.stack.split('\n').join('\n    ')}` : line;
}

/** The channel an effect goes to, if it names one. */
function chatOf(effect: Effect): string | undefined {
  switch (effect.kind) {
    case 'text':
    case 'board':
      return effect.chat.chatId;
    case 'editText':
    case 'delete':
      return effect.message.chat.chatId;
    default:
      return undefined;
  }
}

function idOf(body: Buffer): string {
  try {
    const id = (JSON.parse(body.toString('utf8')) as { id?: unknown }).id;
    return typeof id === 'string' ? id : '';
  } catch {
    return '';
  }
}

type Deferred = { promise: Promise<void>; resolve: () => void };

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
