/**
 * Issue 10 end to end: a human plays the computer in a Telegram group through the real webhook
 * (telegraf over HTTP to the Bot API stand-in, dynalite, sharp pictures), pressing only the
 * buttons the bot sent. The computer moves by itself whenever it is its turn — rolls, plays, cube
 * decisions — so after every press the match waits for the human again (or is over). Every
 * recorded play is checked against the engine's legal plays.
 */
import { telegramMessenger } from '../../../src/platforms/telegram/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToken, type AppDeps, type Token } from '../../../src/app/index.ts';
import { legalPlays, findVariant, startBoard, type Board } from '../../../src/engine/index.ts';
import { COMPUTER_ID, decodeMatch, seatToAct, type MatchState } from '../../../src/game/index.ts';
import { startTelegramApi, type StoredMessage, type TelegramApi, type TgChat, type TgUser } from '../../../src/local/telegram-api/index.ts';
import { createTelegramWebhook } from '../../../src/platforms/telegram/webhook.ts';
import { mulberry32, rollDie, type Rng } from '../../arbitraries.ts';
import { freshTable, type TestTable } from '../../store/fixture.ts';

const TOKEN = '7010:computer-test';
const BOT = { id: 7010, username: 'nardy_bot', first_name: 'Nardy' };
const SECRET = 'computer-secret';
const NOW = Date.UTC(2026, 0, 11, 12);
const NODAR: TgUser = { id: 111, is_bot: false, first_name: 'Нодар', language_code: 'ru' };
const ANNA: TgUser = { id: 222, is_bot: false, first_name: 'Anna', language_code: 'en' };

let api: TelegramApi;
let table: TestTable;
const problems: Record<string, unknown>[] = [];

beforeAll(async () => {
  [api, table] = await Promise.all([startTelegramApi({ token: TOKEN, bot: BOT }), freshTable()]);
});
afterAll(() => api.close());

function world(groupId: number, seed: number) {
  problems.length = 0;
  const group: TgChat = { id: groupId, type: 'supergroup', title: `Нарды ${groupId}` };
  const rng = mulberry32(seed);
  const deps: AppDeps = { store: table.store, now: () => NOW, dice: { die: () => rollDie(rng) }, messengers: { telegram: telegramMessenger(BOT.username) } };
  const hook = createTelegramWebhook({
    token: TOKEN, secret: SECRET, botInfo: BOT, apiRoot: api.apiRoot, app: deps, send: { sleep: async () => {} },
    log: (e) => void (e.level === 'error' || e.level === 'warn' ? problems.push({ ...e }) : undefined),
  });
  const post = async (body: unknown) => (await hook({ headers: { 'x-telegram-bot-api-secret-token': SECRET }, body: JSON.stringify(body) })).status;
  const say = async (user: TgUser, text: string) => expect(await post(api.userMessage(user, group, text))).toBe(200);
  const press = async (user: TgUser, message: StoredMessage, data: string) => {
    const update = api.userPress(user, { chat: { id: group.id }, message_id: message.message_id }, data);
    expect(await post(update)).toBe(200);
    const answer = api.callbackAnswer(update.callback_query!.id);
    expect(answer, 'every press is answered').toBeDefined();
    return answer!;
  };
  const live = () => api.messages(group.id).filter((m) => !m.deleted && m.fromBot);
  const board = () => live().filter((m) => m.photo !== undefined).at(-1)!;
  return { group, rng, say, press, live, board };
}

interface Pressable { readonly data: string; readonly label: string; readonly token: Token }

function buttonsOf(message: StoredMessage): Pressable[] {
  return (message.reply_markup?.inline_keyboard ?? []).flat()
    .filter((b): b is typeof b & { callback_data: string } => typeof b.callback_data === 'string')
    .map((b) => ({ data: b.callback_data, label: b.text, token: decodeToken(b.callback_data)! }));
}

async function stored(gameId: string): Promise<{ version: number; state: MatchState }> {
  const loaded = await table.store.load(gameId);
  if (!loaded.ok) throw new Error(loaded.error.kind);
  const state = decodeMatch(loaded.value.state);
  if (!state.ok) throw new Error(state.error.message);
  return { version: loaded.value.version, state: state.value };
}

/** Replays the history with the engine alone: each play must be legal in the position before it. */
function checkPlays(state: MatchState): number {
  const variant = findVariant(state.settings.variant);
  if (!variant.ok) throw new Error(variant.error.message);
  let board: Board = startBoard(variant.value);
  let turns: [number, number] = [0, 0];
  let plays = 0;
  for (const e of state.history) {
    if (e.type === 'gameStarted') { board = startBoard(variant.value); turns = [0, 0]; }
    if (e.type !== 'played') continue;
    const mine: Board = e.seat === 0 ? board : [board[1], board[0]];
    const legal = legalPlays({ variant: state.settings.variant, board: mine, options: state.settings.options }, e.dice, { firstTurn: turns[e.seat] === 0 });
    if (e.move === 'Ø') expect(legal).toEqual([]);
    else {
      const play = legal.find((p) => p.move === e.move);
      expect(play, `${e.dice}: ${e.move} by ${state.players[e.seat]!.id} is legal`).toBeDefined();
      board = e.seat === 0 ? play!.board : [play!.board[1], play!.board[0]];
    }
    turns[e.seat]++;
    plays++;
  }
  return plays;
}

/** The human's habit: double at its first chance in a game, take every double, otherwise random legal progress. */
function choose(buttons: readonly Pressable[], rng: Rng, state: MatchState): Pressable {
  const of = (k: string) => buttons.filter((b) => b.token.choice.k === k);
  const pick = (list: readonly Pressable[]) => list[Math.floor(rng() * list.length)];
  const game = state.game!;
  if (of('take').length > 0) return of('take')[0];
  if (of('roll').length > 0) return of('double').length > 0 && game.cube.value === 1 ? of('double')[0] : of('roll')[0];
  for (const k of ['confirm', 'play', 'step', 'pick']) if (of(k).length > 0) return pick(of(k));
  throw new Error(`no way forward among ${buttons.map((b) => b.label).join(', ') || 'no buttons'}`);
}

/** Plays the human's side to the end; the computer must never be left to act. */
async function playOut(w: ReturnType<typeof world>, gameId: string, human: TgUser, maxPresses: number) {
  for (let presses = 0; presses < maxPresses; presses++) {
    const { version, state } = await stored(gameId);
    if (state.phase === 'finished') return state;
    const seat = seatToAct(state);
    expect(state.players[seat!]!.id, `the human is to act (stage ${state.game?.turn.stage})`).toBe(`telegram:${human.id}`);
    const buttons = buttonsOf(w.board());
    expect(buttons.every((b) => b.token.version === version), 'the board shows the stored version').toBe(true);
    const choice = choose(buttons, w.rng, state);
    await w.press(human, w.board(), choice.data);
    expect(problems, `after pressing "${choice.label}"`).toEqual([]);
  }
  throw new Error(`the match did not end within ${maxPresses} presses`);
}

describe('issue 10 end to end: a match against the computer in a Telegram group', () => {
  it('short nardy to 3 points with the cube: the computer rolls, plays and answers and offers doubles by itself', async () => {
    const w = world(-1010001, 4);
    await w.say(NODAR, '/nardy short 3 vs computer');
    const challenge = w.live().at(-1)!;
    const play = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
    expect(play, 'the challenge has a Play button').toBeDefined();
    const gameId = play.token.gameId;
    // Nobody but the challenger can start it.
    await w.press(ANNA, challenge, play.data);
    expect((await stored(gameId)).state.phase).toBe('challenge');
    await w.press(NODAR, challenge, play.data);
    const state = await playOut(w, gameId, NODAR, 3000);

    expect(state.settings).toMatchObject({ variant: 'short', matchLength: 3, doubling: true, computer: 'strong' });
    expect(Math.max(...state.score)).toBeGreaterThanOrEqual(3);
    const computerSeat = state.players.findIndex((p) => p?.id === COMPUTER_ID);
    expect(computerSeat).toBeGreaterThanOrEqual(0);
    const byComputer = state.history.filter((e) => 'seat' in e && e.seat === computerSeat).map((e) => e.type);
    expect(byComputer).toContain('played');
    expect(byComputer).toContain('doubled');
    expect(byComputer.filter((k) => k === 'taken' || k === 'passed').length, 'the computer answered the human\'s doubles').toBeGreaterThan(0);
    expect(checkPlays(state)).toBeGreaterThan(30);
    expect(w.board().caption).toContain(state.players[state.result!.winner!]!.name);
  }, 600_000);

  it('long nardy with the cube turned on and the beginner level chosen in the settings keyboard', async () => {
    const w = world(-1010002, 11);
    await w.say(ANNA, '/nardy vs computer');
    const challenge = w.live().at(-1)!;
    const open = buttonsOf(challenge).find((b) => b.token.choice.k === 'settings')!;
    await w.press(ANNA, challenge, open.data);
    const setting = (key: string, value: string) => buttonsOf(w.live().at(-1)!).find((b) => b.token.choice.k === 'set' && b.token.choice.key === key && b.token.choice.value === value)!;
    await w.press(ANNA, challenge, setting('c', '1').data);
    await w.press(ANNA, challenge, setting('a', 'b').data);
    const back = buttonsOf(w.live().at(-1)!).find((b) => b.token.choice.k === 'back')!;
    await w.press(ANNA, challenge, back.data);
    const gameId = open.token.gameId;
    expect((await stored(gameId)).state.settings).toMatchObject({ variant: 'long', doubling: true, computer: 'beginner' });
    expect(w.live().at(-1)!.text).toContain('beginner');
    const start = buttonsOf(w.live().at(-1)!).find((b) => b.token.choice.k === 'accept')!;
    await w.press(ANNA, challenge, start.data);
    const state = await playOut(w, gameId, ANNA, 3000);
    expect(state.result).not.toBeNull();
    expect(state.history.some((e) => e.type === 'doubled')).toBe(true);
    expect(checkPlays(state)).toBeGreaterThan(30);
  }, 600_000);
});
