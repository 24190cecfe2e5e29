/**
 * One Discord world for a test file: the API stand-in (it signs interactions with its own Ed25519
 * key), a fresh dynalite table, and the production endpoint — `createDiscordIngress` behind the
 * Lambda streaming handler, the app, `@discordjs/rest` over real HTTP, sharp — with a recorded
 * Lambda runtime: the acknowledgement time is when the handler ends its response stream.
 */
import { discordMessenger } from '../../../src/platforms/discord/index.ts';
import type { APIInteraction } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { decodeToken, type AppDeps, type Token } from '../../../src/app/index.ts';
import type { DiceSource } from '../../../src/dice/index.ts';
import { decodeMatch, type MatchState } from '../../../src/game/index.ts';
import { startDiscordApi, type DiscordApi, type DiscordPerson, type StoredMessage } from '../../../src/local/discord-api/index.ts';
import { answerInteractions, createDiscordIngress, discordClient } from '../../../src/platforms/discord/index.ts';
import { streamingHandler, type ResponseStream, type StreamingRuntime } from '../../../src/platforms/discord/lambda.ts';
import type { GameRecord } from '../../../src/store/index.ts';
import { mulberry32, rollDie } from '../../arbitraries.ts';
import { freshTable, type TestTable } from '../../store/fixture.ts';

export const NOW = Date.UTC(2026, 0, 10, 12);

export function person(id: string, username: string, locale: string, globalName?: string): DiscordPerson {
  return { user: { id, username, global_name: globalName ?? null, discriminator: '0', avatar: null }, locale };
}

export const NODAR = person('100000000000000011', 'nodar', 'ru', 'Нодар');
export const ANNA = person('100000000000000022', 'anna', 'en-US', 'Anna');
export const CAROL = person('100000000000000033', 'carol', 'ka', 'Carol');
export const PEOPLE = new Map([NODAR, ANNA, CAROL].map((p) => [`discord:${p.user.id}`, p]));

/** What the endpoint answered over HTTP, and when the answer was complete. */
export interface Delivery {
  readonly status: number;
  readonly body: string;
  readonly ackMs: number;
}

/** A Lambda runtime that records the streamed answer (the real one exists only in AWS). */
function recordingRuntime(record: (status: number, body: string) => void): StreamingRuntime {
  return {
    streamifyResponse: (handler) => handler,
    HttpResponseStream: {
      from(_stream: ResponseStream, prelude: { statusCode: number }) {
        let body = '';
        return { write: (chunk: string) => void (body += chunk), end: () => record(prelude.statusCode, body) };
      },
    },
  };
}

export interface World {
  readonly discord: DiscordApi;
  readonly table: TestTable;
  readonly problems: Record<string, unknown>[];
  readonly logs: Record<string, unknown>[];
  /** Posts a raw request to the endpoint as a Function URL event; resolves when the work is done too. */
  post(headers: Record<string, string>, body: Buffer): Promise<Delivery>;
  /** Signs and posts an interaction, then lets the stand-in see the acknowledgement, as Discord would. */
  deliver(interaction: APIInteraction): Promise<Delivery>;
  /** Delivers an interaction a user sent and expects the endpoint to take it (200). */
  act(interaction: APIInteraction): Promise<void>;
}

export async function world(seed = 1, deps: Partial<AppDeps> = {}, timing: { deadlineMs?: number } = {}): Promise<World> {
  const [discord, table] = await Promise.all([startDiscordApi(), freshTable()]);
  const problems: Record<string, unknown>[] = [];
  const logs: Record<string, unknown>[] = [];
  const log = (e: Readonly<Record<string, unknown>>) => {
    logs.push({ ...e });
    if (e.level === 'error' || e.level === 'warn') problems.push({ ...e });
  };
  const rng = mulberry32(seed);
  const dice: DiceSource = { die: () => rollDie(rng) };
  const client = discordClient({ botToken: discord.botToken, applicationId: discord.applicationId, apiRoot: discord.apiRoot, log });
  const work = answerInteractions({ store: table.store, now: () => NOW, dice, messengers: { discord: discordMessenger(client) }, ...deps }, client, timing);
  let answered: { status: number; body: string; at: number } | undefined;
  /** The interaction being delivered: Discord sees its acknowledgement the moment the stream ends, before the work. */
  let delivering: APIInteraction | undefined;
  const runtime = recordingRuntime((status, body) => {
    answered = { status, body, at: performance.now() };
    if (delivering !== undefined) discord.acknowledged(delivering, answered);
  });
  const handler = streamingHandler(createDiscordIngress({ publicKey: discord.publicKey, work }), runtime);
  const post = async (headers: Record<string, string>, body: Buffer): Promise<Delivery> => {
    answered = undefined;
    const started = performance.now();
    await handler({ headers, body: body.toString('base64'), isBase64Encoded: true }, { write: () => true, end: () => true });
    const got = answered as { status: number; body: string; at: number } | undefined;
    if (got === undefined) throw new Error('the handler never ended its response stream');
    return { status: got.status, body: got.body, ackMs: got.at - started };
  };
  const deliver = async (interaction: APIInteraction): Promise<Delivery> => {
    const request = discord.signed(interaction);
    delivering = interaction;
    try {
      return await post(request.headers, request.body);
    } finally {
      delivering = undefined;
    }
  };
  return {
    discord, table, problems, logs, post, deliver,
    async act(interaction) {
      expect((await deliver(interaction)).status).toBe(200);
    },
  };
}

/** The buttons under a message, their tokens decoded as the server will. */
export function buttonsOf(message: StoredMessage): { customId: string; label: string; token: Token }[] {
  return message.components.flatMap((row) => row.components)
    .flatMap((b) => ('custom_id' in b && b.custom_id !== undefined ? [{ customId: b.custom_id, label: b.label ?? '', token: decodeToken(b.custom_id)! }] : []));
}

export async function stored(w: World, gameId: string): Promise<{ record: GameRecord; state: MatchState }> {
  const loaded = await w.table.store.load(gameId);
  if (!loaded.ok) throw new Error(`game ${gameId}: ${loaded.error.kind}`);
  const state = decodeMatch(loaded.value.state);
  if (!state.ok) throw new Error(`game ${gameId} does not decode: ${state.error.message}`);
  return { record: loaded.value, state: state.value };
}

/** The channel's messages everyone sees (not deleted, not ephemeral). */
export function publicMessages(w: World, channelId: string): StoredMessage[] {
  return w.discord.messages(channelId).filter((m) => !m.deleted && m.ephemeralFor === undefined);
}

/** The board: the latest public message with a picture. */
export function boardIn(w: World, channelId: string): StoredMessage {
  const boards = publicMessages(w, channelId).filter((m) => m.attachments.some((a) => /^board(-[\w-]+)?\.png$/.test(a.filename)));
  expect(boards.length, 'a board message is in the channel').toBeGreaterThan(0);
  return boards[boards.length - 1];
}

/** The player to act resigns the game on the channel's board (asked, then confirmed). */
export async function resignOnTurn(w: World, gameId: string, channelId: string): Promise<void> {
  for (const k of ['askResign', 'resign']) {
    const { state } = await stored(w, gameId);
    const board = boardIn(w, channelId);
    await w.act(w.discord.press(PEOPLE.get(state.players[state.game!.turn.seat]!.id)!, board, buttonsOf(board).find((b) => b.token.choice.k === k)!.customId));
  }
}

/** The messages only `p` sees, newest last. */
export function whispersTo(w: World, channelId: string, p: DiscordPerson): StoredMessage[] {
  return w.discord.messages(channelId).filter((m) => m.ephemeralFor === p.user.id);
}
