/**
 * One VK world for a test file: the VK API stand-in (it makes the Callback API's events), a fresh
 * dynalite table, and the production endpoint — `createVkCallback` behind the Lambda streaming
 * handler, the app, our client over real HTTP, sharp — with a recorded Lambda runtime: VK has its
 * `ok` when the handler ends its response stream, before the work.
 */
import { expect } from 'vitest';
import { decodeToken, type AppDeps, type Token } from '../../../src/app/index.ts';
import type { DiceSource } from '../../../src/dice/index.ts';
import { decodeMatch, type MatchState } from '../../../src/game/index.ts';
import { startVkApi, type StoredVkMessage, type VkApi, type VkCallbackEvent } from '../../../src/local/vk-api/index.ts';
import { connect, NO_PACE, readPayload } from '../../../src/platforms/vk/index.ts';
import { streamingCallback, type ResponseStream, type StreamingRuntime } from '../../../src/platforms/vk/lambda.ts';
import type { GameRecord } from '../../../src/store/index.ts';
import { mulberry32, rollDie } from '../../arbitraries.ts';
import { freshTable, type TestTable } from '../../store/fixture.ts';

export const NOW = Date.UTC(2026, 0, 10, 12);
export const NODAR = { id: 11, first_name: 'Нодар', langId: 0 };
export const ANNA = { id: 22, first_name: 'Anna', last_name: 'K', langId: 3 };
export const CAROL = { id: 33, first_name: 'Carol' };

export interface Delivery {
  readonly status: number;
  readonly body: string;
  readonly ackMs: number;
}

export interface World {
  readonly vk: VkApi;
  readonly table: TestTable;
  readonly chat: number;
  /** The app the endpoint runs (its registry holds the VK messenger, which writes unprompted too). */
  readonly app: AppDeps;
  readonly problems: Record<string, unknown>[];
  readonly logs: Record<string, unknown>[];
  /** Posts a raw body to the endpoint as a Function URL event; resolves when the work is done too. */
  post(body: string): Promise<Delivery>;
  /** Posts an event and expects `ok`. */
  act(event: VkCallbackEvent): Promise<void>;
}

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

export async function world(seed = 1, deps: Partial<AppDeps> = {}): Promise<World> {
  const [vk, table] = await Promise.all([startVkApi(), freshTable()]);
  for (const p of [NODAR, ANNA, CAROL]) vk.addUser(p);
  const chat = vk.conversation('Нарды', [NODAR.id, ANNA.id, CAROL.id], [CAROL.id]);
  const problems: Record<string, unknown>[] = [];
  const logs: Record<string, unknown>[] = [];
  const log = (e: Readonly<Record<string, unknown>>) => {
    logs.push({ ...e });
    if (e.level === 'error' || e.level === 'warn') problems.push({ ...e });
  };
  const rng = mulberry32(seed);
  const dice: DiceSource = { die: () => rollDie(rng) };
  let app: AppDeps | undefined;
  const connected = connect({ groupId: vk.groupId, token: vk.token, apiRoot: vk.apiRoot, secret: vk.secret, confirmation: vk.confirmation, pace: NO_PACE, log }, () => app!);
  app = { store: table.store, now: () => NOW, dice, messengers: { vk: connected.messenger }, ...deps };
  let answered: { status: number; body: string; at: number } | undefined;
  const handler = streamingCallback(connected.callback!, recordingRuntime((status, body) => void (answered = { status, body, at: performance.now() })));
  const post = async (body: string): Promise<Delivery> => {
    answered = undefined;
    const started = performance.now();
    await handler({ headers: { 'content-type': 'application/json' }, body }, { write: () => true, end: () => true });
    const got = answered as { status: number; body: string; at: number } | undefined;
    if (got === undefined) throw new Error('the handler never ended its response stream');
    return { status: got.status, body: got.body, ackMs: got.at - started };
  };
  return {
    vk, table, chat, app, problems, logs, post,
    async act(event) {
      const answer = await post(JSON.stringify(event));
      expect(answer).toMatchObject({ status: 200, body: 'ok' });
    },
  };
}

/** The callback buttons under a message, their tokens decoded as the server will (page buttons: `page`). */
export type Pressable = { payload: string; label: string; token?: Token; page?: number };

export function buttonsOf(message: StoredVkMessage): Pressable[] {
  return (message.keyboard?.buttons ?? []).flat().flatMap((b): Pressable[] => {
    if (b.action.type !== 'callback' || b.action.payload === undefined) return [];
    const read = readPayload(b.action.payload);
    if (read === undefined) return [];
    return 'token' in read ? [{ payload: b.action.payload, label: b.action.label, token: decodeToken(read.token)! }] : [{ payload: b.action.payload, label: b.action.label, page: read.page }];
  });
}

export async function stored(w: World, gameId: string): Promise<{ record: GameRecord; state: MatchState }> {
  const loaded = await w.table.store.load(gameId);
  if (!loaded.ok) throw new Error(`game ${gameId}: ${loaded.error.kind}`);
  const state = decodeMatch(loaded.value.state);
  if (!state.ok) throw new Error(`game ${gameId} does not decode: ${state.error.message}`);
  return { record: loaded.value, state: state.value };
}

/** What the bot has in a peer now. */
export function botMessages(w: World, peerId: number): StoredVkMessage[] {
  return w.vk.messages(peerId).filter((m) => m.fromId < 0 && !m.deleted);
}

/** The board: the latest bot message with a photo. */
export function boardIn(w: World, peerId: number): StoredVkMessage {
  const boards = botMessages(w, peerId).filter((m) => m.attachments.some((a) => a.type === 'photo'));
  expect(boards.length, 'a board message is in the chat').toBeGreaterThan(0);
  return boards.at(-1)!;
}
