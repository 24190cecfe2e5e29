/**
 * The Discord interactions endpoint's first half: what must happen inside Discord's 3-second limit,
 * cold start included (anchors-ecosystem.md §2.2, §6). The signature is checked over the raw body
 * before anything else, and its timestamp must be whole seconds and recent (401, nothing read, nothing stored); a
 * PING is answered; every other
 * interaction is acknowledged at once with a deferred response — "thinking…" for a slash command
 * (type 5), a silent "message will change" for a button (type 6) — and the real work (DynamoDB,
 * the engine, sharp, the REST calls) is returned as `after`, for the host to run once the
 * acknowledgement is on its way. This module imports only `node:crypto`: no store, no renderer,
 * no Discord library, so a cold start acknowledges quickly.
 */
import type { KeyObject } from 'node:crypto';
import type { APIInteraction, APIInteractionResponse } from 'discord-api-types/v10';
import { headerValue } from '../shared/http.ts';
import { discordPublicKey, isRecentTimestamp, isSignedByDiscord } from './verify.ts';

/** An HTTP request as the host hands it over (header names in any case, the body's raw bytes). */
export interface InteractionRequest {
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: Buffer;
}

/** The HTTP answer, and the work to run after it is sent (absent for a refusal or a PING). */
export interface InteractionAnswer {
  readonly status: number;
  readonly body: string;
  readonly after?: () => Promise<void>;
}

/** Does an interaction's work after its acknowledgement; never expected to throw (it logs). */
export type InteractionWork = (interaction: APIInteraction) => Promise<void>;

export type DiscordIngress = (request: InteractionRequest) => InteractionAnswer;

// The numbers of discord-api-types' enums, written out so this module loads nothing at runtime.
const PING = 1;
const APPLICATION_COMMAND = 2;
const MESSAGE_COMPONENT = 3;
const PONG = 1;
const DEFERRED_CHANNEL_MESSAGE = 5;
const DEFERRED_UPDATE_MESSAGE = 6;
const EPHEMERAL = 1 << 6;

/** Subcommands answered to the user alone: their reply is about them, not the channel's game. */
const PRIVATE_SUBCOMMANDS = new Set(['games', 'help', 'lang', 'rules', 'vacation', 'remind', 'quiet', 'privacy', 'forget', 'seed', 'dice']);

/**
 * Returns the immediate answer to an interaction: the deferral its kind needs. Shared by the HTTP
 * endpoint (the answer is the response body) and the gateway (it goes to the callback endpoint).
 * Not a rule: the protocol.
 */
export function acknowledgement(interaction: APIInteraction): APIInteractionResponse | undefined {
  switch (interaction.type) {
    case PING: return { type: PONG };
    case MESSAGE_COMPONENT: return { type: DEFERRED_UPDATE_MESSAGE };
    case APPLICATION_COMMAND: {
      const sub = (interaction.data as { options?: { name?: string }[] }).options?.[0]?.name ?? '';
      return { type: DEFERRED_CHANNEL_MESSAGE, ...(PRIVATE_SUBCOMMANDS.has(sub) ? { data: { flags: EPHEMERAL } } : {}) };
    }
    default: return undefined;
  }
}

/** Returns the endpoint: verify, parse, acknowledge; the work comes back as `after`. `now`: ms since the epoch. */
export function createDiscordIngress(options: { readonly publicKey: string; readonly work: InteractionWork; readonly now?: () => number }): DiscordIngress {
  const key: KeyObject = discordPublicKey(options.publicKey);
  const now = options.now ?? Date.now;
  return (request) => {
    const signature = headerValue(request.headers, 'x-signature-ed25519');
    const timestamp = headerValue(request.headers, 'x-signature-timestamp');
    if (!isSignedByDiscord(key, signature, timestamp, request.body)) return { status: 401, body: 'invalid request signature' };
    if (!isRecentTimestamp(timestamp, now())) return { status: 401, body: 'stale request signature' };
    const interaction = readInteraction(request.body);
    if (interaction === undefined) return { status: 400, body: 'bad request' };
    const ack = acknowledgement(interaction);
    if (ack === undefined) return { status: 400, body: 'unsupported interaction type' };
    if (ack.type === PONG) return { status: 200, body: JSON.stringify(ack) };
    return { status: 200, body: JSON.stringify(ack), after: () => options.work(interaction) };
  };
}

function readInteraction(body: Buffer): APIInteraction | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  const i = value as { id?: unknown; type?: unknown; token?: unknown; application_id?: unknown } | null;
  if (typeof i !== 'object' || i === null || typeof i.type !== 'number' || typeof i.id !== 'string') return undefined;
  return i.type === PING || (typeof i.token === 'string' && typeof i.application_id === 'string') ? (value as APIInteraction) : undefined;
}
