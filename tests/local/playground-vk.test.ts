/**
 * Issue #50, done when: a whole match with the cube, a rated result and a review play through the
 * playground's VK conversation. Over real HTTP, without a browser: the page's routes under
 * `/api/vk/` make the events VK sends, the local community POSTs them to `POST /vk` (the production
 * endpoint: `ok`, then the work), and the bot answers through our VK client to the stand-in —
 * uploaded photos edited in place, snackbars, keyboards within VK's limits (the stand-in refuses
 * any other with error 911), the settings keyboard shown a page at a time.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToken, loadMatch, type Token } from '../../src/app/index.ts';
import type { DiceSource } from '../../src/dice/index.ts';
import { seatToAct } from '../../src/game/index.ts';
import { startLocal, type LocalProcess } from '../../src/local/main.ts';
import { readPayload } from '../../src/platforms/vk/index.ts';
import { mulberry32, rollDie } from '../arbitraries.ts';

const ALICE = 101;
const BOB = 102;

type Button = { text: string; data?: string };
type View = { id: number; from: string; fromBot: boolean; text?: string; photo?: { src: string; width?: number }; buttons: Button[][]; edited: boolean };
type Pressable = Button & { token?: Token; page?: number };

let local: LocalProcess;
let dir = '';
let peer = 0;
const lines: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nardy-pg-vk-'));
  const rng = mulberry32(50);
  const dice: DiceSource = { die: () => rollDie(rng) };
  local = await startLocal({ port: 0, dataDir: dir, log: (line) => lines.push(line), dice, sweepEveryMs: 0 });
});
afterAll(async () => {
  await local?.close();
  await rm(dir, { recursive: true, force: true });
});

async function post(path: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${local.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json;
}
const messages = async (): Promise<View[]> => (await fetch(`${local.url}/api/vk/chats/${peer}/messages`)).json() as Promise<View[]>;
const say = (userId: number, text: string, replyTo?: number) => post(`/api/vk/chats/${peer}/messages`, { userId, text, ...(replyTo === undefined ? {} : { replyTo }) });
const press = (userId: number, message: View, data: string) => post(`/api/vk/chats/${peer}/press`, { userId, messageId: message.id, data }) as Promise<{ status: number; answer: { text: string } | null }>;
const buttons = (message: View): Pressable[] => message.buttons.flat().map((b) => {
  const read = b.data === undefined ? undefined : readPayload(b.data);
  return { ...b, ...(read === undefined ? {} : 'token' in read ? { token: decodeToken(read.token) } : { page: read.page }) };
});
const board = async () => (await messages()).filter((m) => m.fromBot && m.photo !== undefined).at(-1)!;
const byId = async (id: number) => (await messages()).find((m) => m.id === id)!;

/** The button `wanted` finds under message `id`, the keyboard's pages turned by `userId` until it shows. */
async function findWhere(userId: number, id: number, wanted: (b: Pressable) => boolean): Promise<Pressable | undefined> {
  for (let turn = 0; turn < 4; turn++) {
    const message = await byId(id);
    const found = buttons(message).find(wanted);
    if (found !== undefined) return found;
    const next = buttons(message).find((b) => b.page !== undefined);
    if (next === undefined) break;
    await press(userId, message, next.data!);
  }
  return undefined;
}

/** Presses the button `wanted` finds under message `id`, turning the keyboard's pages until it shows. */
async function pressWhere(userId: number, id: number, wanted: (b: Pressable) => boolean): Promise<{ status: number; answer: { text: string } | null }> {
  const found = await findWhere(userId, id, wanted);
  if (found !== undefined) return press(userId, await byId(id), found.data!);
  throw new Error(`no such button under message ${id}: ${JSON.stringify((await byId(id)).buttons)}\n${lines.slice(-8).join("\n")}`);
}

describe('npm start: the playground\'s VK conversation', () => {
  it('is listed beside the Telegram chats and the Discord channel', async () => {
    const state = (await (await fetch(`${local.url}/api/vk/state`)).json()) as { chats: { id: string; peerId: number; title: string; type: string }[] };
    expect(state.chats).toEqual([{ id: `vk:${state.chats[0]!.peerId}`, peerId: state.chats[0]!.peerId, type: 'vk', title: 'VK · беседа' }]);
    peer = state.chats[0]!.peerId;
    expect((await fetch(`${local.url}/vk`, { method: 'POST', body: '{"type":"message_new","group_id":1}' })).status).toBe(403);
  });

  it('a whole match with the cube, rated, then reviewed: Alice challenges Bob by replying to him', async () => {
    await say(BOB, 'сыграем?');
    const bobs = (await messages()).at(-1)!;
    await say(ALICE, '/nardy short', bobs.id);
    const challenge = (await messages()).at(-1)!;
    expect(challenge.fromBot).toBe(true);
    expect(challenge.text).toMatch(/Bob/);

    // The settings keyboard holds more than VK's 10 buttons: it is paged, and every page is within VK's limits (the stand-in checks).
    await pressWhere(ALICE, challenge.id, (b) => b.token?.choice.k === 'settings');
    const settings = await byId(challenge.id);
    expect(buttons(settings).some((b) => b.page !== undefined)).toBe(true);
    await pressWhere(ALICE, challenge.id, (b) => b.token?.choice.k === 'set' && b.token.choice.key === 'm' && b.token.choice.value === '3');
    // A toggle's button sets the other value: '1' while off, '0' while on.
    const set = (key: string) => async () => {
      const toggle = await findWhere(ALICE, challenge.id, (b) => b.token?.choice.k === 'set' && b.token.choice.key === key);
      expect(toggle, key).toBeDefined();
      if (toggle!.token?.choice.k === 'set' && toggle!.token.choice.value === '1') await press(ALICE, await byId(challenge.id), toggle!.data!);
    };
    await set('c')();
    await set('r')();
    await pressWhere(ALICE, challenge.id, (b) => b.token?.choice.k === 'back');
    await pressWhere(BOB, challenge.id, (b) => b.token?.choice.k === 'accept');

    const first = await board();
    const picture = await fetch(`${local.url}${first.photo!.src}`);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await picture.arrayBuffer()).subarray(1, 4).toString('latin1')).toBe('PNG');

    const games = await local.store.listByChat('vk', String(peer), { status: 'active', limit: 1 });
    const gameId = games.records[0]!.id;
    const idOf: Record<string, number> = { Alice: ALICE, Bob: BOB };
    let doubled = false;
    let presses = 0;
    for (;;) {
      const loaded = await loadMatch(local.store, gameId);
      if (!loaded.ok) throw new Error(loaded.error.kind);
      const state = loaded.value.state;
      if (state.phase === 'finished') break;
      const seat = seatToAct(state);
      if (seat === null) throw new Error('nobody to act in an unfinished match');
      const who = idOf[state.players[seat]!.name]!;
      const message = await board();
      const all = buttons(message);
      const of = (k: string) => all.find((b) => b.token?.choice.k === k);
      // The cube once (double, take); then each game is played a while and resigned, so the match is over in a few games.
      const resignNow = presses > 30 * (state.score[0] + state.score[1] + 1);
      const pick = (!doubled ? of('double') : undefined) ?? of('take') ?? (resignNow ? of('askResign') ?? of('resign') : undefined) ?? of('resign') ?? of('confirm') ?? of('roll')
        ?? all.find((b) => b.token?.choice.k === 'play' || b.token?.choice.k === 'step' || b.token?.choice.k === 'pick')
        ?? all.find((b) => b.page !== undefined);
      if (pick === undefined) throw new Error(`nothing to press: ${JSON.stringify(message)}`);
      if (pick.token?.choice.k === 'double') doubled = true;
      const answer = await press(who, message, pick.data!);
      expect(answer.status).toBe(200);
      expect(answer.answer?.text ?? '', `pressing "${pick.text}"`).not.toMatch(/not your turn/i);
      if (++presses > 600) throw new Error('no result after 600 presses');
    }
    const loaded = await loadMatch(local.store, gameId);
    if (!loaded.ok) throw new Error(loaded.error.kind);
    const state = loaded.value.state;
    expect(state.phase).toBe('finished');
    expect(state.settings.matchLength).toBe(3);
    expect(state.settings.rated).toBe(true);
    expect(doubled).toBe(true);
    expect(Math.max(...state.score)).toBeGreaterThanOrEqual(3);
    expect(state.history.filter((e) => e.type === 'gameStarted').length).toBeGreaterThanOrEqual(2);
    expect(state.history.some((e) => e.type === 'doubled')).toBe(true);

    // The rated result: both ratings' change, the players mentioned by name.
    const texts = (await messages()).filter((m) => m.fromBot).map((m) => m.text ?? '');
    expect(texts.some((text) => /1500 → \d{4} \([+−]\d+\)/.test(text)), texts.slice(-4).join('\n---\n')).toBe(true);

    // The finished match's record as a file (docs.getMessagesUploadServer → upload → docs.save), to download.
    await say(BOB, '/history');
    const record = (await messages()).filter((m) => m.fromBot && (m as View & { document?: { name: string; src: string } }).document !== undefined).at(-1) as View & { document: { name: string; src: string } } | undefined;
    expect(record?.document.name).toMatch(/\.(mat|txt)$/);
    const file = await fetch(`${local.url}${record!.document.src}`);
    expect(file.status).toBe(200);
    expect((await file.text()).length).toBeGreaterThan(50);

    // The review of the last game, asked by Alice in the conversation.
    await say(ALICE, '/review');
    const review = (await messages()).filter((m) => m.fromBot).map((m) => m.text ?? '');
    expect(review.some((text) => text.startsWith('📊 Review')), review.slice(-3).join('\n---\n')).toBe(true);
    expect(lines.filter((line) => /ERROR|WARN/.test(line)), lines.filter((line) => /ERROR|WARN/.test(line)).join('\n')).toEqual([]);
  }, 300_000);
});
