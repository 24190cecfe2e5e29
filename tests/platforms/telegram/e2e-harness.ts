/**
 * The world of the Telegram end-to-end tests: the Bot API stand-in over real HTTP, dynalite, the
 * real webhook with seeded dice, users who press only the buttons the bot sent, and an engine
 * referee that checks every stored play (see e2e.test.ts). Shared by e2e.test.ts,
 * variants-e2e.test.ts and tests/long/variants-e2e.test.ts; `setupE2e()` starts the stand-ins for a
 * test file.
 */
import { telegramMessenger } from '../../../src/platforms/telegram/index.ts';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEFAULT_LIMITS, boardView, decodeToken, type AppDeps, type Token } from '../../../src/app/index.ts';
import type { DiceSource } from '../../../src/dice/index.ts';
import { VARIANTS, applySteps, findVariant, ladderStart, legalPlays, nextRung, startBoard, type Board, type LadderRung, type SideCheckers, type VariantId } from '../../../src/engine/index.ts';
import { decodeMatch, seatToAct, type MatchState } from '../../../src/game/index.ts';
import { t, variantButton } from '../../../src/i18n/index.ts';
import {
  startTelegramApi, type StoredMessage, type TelegramApi, type TgChat, type TgUpdate, type TgUser,
} from '../../../src/local/telegram-api/index.ts';
import { createTelegramWebhook, type TelegramWebhook } from '../../../src/platforms/telegram/webhook.ts';
import { renderBoard } from '../../../src/render/index.ts';
import type { GameRecord, GameStore } from '../../../src/store/index.ts';
import { mulberry32, rollDie, type Rng } from '../../arbitraries.ts';
import { freshTable, type TestTable } from '../../store/fixture.ts';

export const TOKEN = '7003:e2e-test';
export const BOT = { id: 7003, username: 'nardy_bot', first_name: 'Nardy' };
export const SECRET = 'e2e-secret';
export const NOW = Date.UTC(2026, 0, 10, 12);
export const NODAR: TgUser = { id: 111, is_bot: false, first_name: 'Нодар', language_code: 'ru' };
export const ANNA: TgUser = { id: 222, is_bot: false, first_name: 'Anna', language_code: 'en' };
export const CAROL: TgUser = { id: 333, is_bot: false, first_name: 'Carol', language_code: 'ka' };
export const USERS = new Map([NODAR, ANNA, CAROL].map((u) => [`telegram:${u.id}`, u]));

export let api: TelegramApi;
let table: TestTable;
/** Errors and warnings the webhook logged (a render failure, a Bot API call refused): none expected. */
export const problems: Record<string, unknown>[] = [];

/** Starts the Bot API stand-in and a fresh table before a test file's tests, and stops them after. */
export function setupE2e(): void {
  beforeAll(async () => {
    [api, table] = await Promise.all([startTelegramApi({ token: TOKEN, bot: BOT }), freshTable()]);
  });
  afterAll(() => api.close());
}

const STILL_CLOCK_BUCKET = { capacity: 100_000, refillMs: 1 };

/** Dice from a seeded PRNG: the same game every run. */
function seededDice(rng: Rng): DiceSource {
  return { die: () => rollDie(rng) };
}

function webhookFor(rng: Rng, store: GameStore = table.store, serverSeed?: () => string): TelegramWebhook {
  // The harness's clock stands still, so no token bucket would ever fill again: these games are
  // played with roomy buckets (the buckets themselves are tested in tests/app/limits.test.ts).
  const deps: AppDeps = { store, now: () => NOW, dice: seededDice(rng), messengers: { telegram: telegramMessenger(BOT.username) }, limits: { ...DEFAULT_LIMITS, user: STILL_CLOCK_BUCKET, chat: STILL_CLOCK_BUCKET, refusals: STILL_CLOCK_BUCKET }, ticketKey: 'e2e-test', ...(serverSeed === undefined ? {} : { serverSeed }) };
  return createTelegramWebhook({
    token: TOKEN, secret: SECRET, botInfo: BOT, apiRoot: api.apiRoot, app: deps, log: (e) => void (e.level === 'error' || e.level === 'warn' ? problems.push({ ...e }) : undefined), send: { sleep: async () => {} },
  });
}

/** A group chat with its own id, so tests never see each other's messages. */
function newGroup(id: number): TgChat {
  return { id, type: 'supergroup', title: `Нарды ${id}` };
}

/** The world of one test: a group, the webhook, and helpers that act as the users. */
export function world(groupId: number, seed: number, options: { store?: GameStore; serverSeed?: () => string } = {}) {
  problems.length = 0;
  const group = newGroup(groupId);
  const rng = mulberry32(seed);
  // With `serverSeed`, new matches roll checkable dice (issue #18) instead of the seeded ones.
  const hook = webhookFor(rng, options.store, options.serverSeed);
  const post = async (update: TgUpdate): Promise<number> =>
    (await hook({ headers: { 'x-telegram-bot-api-secret-token': SECRET }, body: JSON.stringify(update) })).status;
  const say = async (user: TgUser, text: string, replyTo?: StoredMessage): Promise<void> => {
    const update = api.userMessage(user, group, text, replyTo ? { replyTo: { chat: { id: group.id }, message_id: replyTo.message_id } } : {});
    expect(await post(update)).toBe(200);
  };
  /** Presses a button under a message; returns the callback query's answer. */
  const press = async (user: TgUser, message: StoredMessage, data: string) => {
    const update = api.userPress(user, { chat: { id: group.id }, message_id: message.message_id }, data);
    expect(await post(update)).toBe(200);
    const answer = api.callbackAnswer(update.callback_query!.id);
    expect(answer, 'every press is answered (the spinner stops)').toBeDefined();
    return answer!;
  };
  const live = () => api.messages(group.id).filter((m) => !m.deleted && m.fromBot);
  /** The board message: the latest photo the bot shows in the group. */
  const board = () => {
    const photos = live().filter((m) => m.photo !== undefined);
    expect(photos.length, 'a board message is in the chat').toBeGreaterThan(0);
    return photos[photos.length - 1];
  };
  return { group, rng, hook, post, say, press, live, board, store: options.store ?? table.store };
}

export interface Pressable {
  readonly data: string;
  readonly label: string;
  readonly token: Token;
}

/** The callback buttons under a message, their tokens decoded as the server will. */
export function buttonsOf(message: StoredMessage): Pressable[] {
  return (message.reply_markup?.inline_keyboard ?? []).flat()
    .filter((b): b is typeof b & { callback_data: string } => typeof b.callback_data === 'string')
    .map((b) => ({ data: b.callback_data, label: b.text, token: decodeToken(b.callback_data)! }));
}

export async function stored(gameId: string, store: GameStore = table.store): Promise<{ record: GameRecord; state: MatchState }> {
  const loaded = await store.load(gameId);
  if (!loaded.ok) throw new Error(`game ${gameId}: ${loaded.error.kind}`);
  const state = decodeMatch(loaded.value.state);
  if (!state.ok) throw new Error(`game ${gameId} does not decode: ${state.error.message}`);
  return { record: loaded.value, state: state.value };
}

/** The player on turn resigns (asked, then confirmed). */
export async function resignOnTurn(w: ReturnType<typeof world>, gameId: string): Promise<void> {
  for (const k of ['askResign', 'resign']) {
    const { state } = await stored(gameId);
    const who = USERS.get(state.players[state.game!.turn.seat]!.id)!;
    const button = buttonsOf(w.board()).find((b) => b.token.choice.k === k);
    expect(button, `a ${k} button`).toBeDefined();
    await w.press(who, w.board(), button!.data);
  }
}

/** The caption's words for the bar and the borne-off checkers, by the language the caption is in (its "Position"). */
const SIDE_WORDS: readonly { readonly position: string; readonly bar: string; readonly off: string }[] = [
  { position: 'Позиция', bar: 'на баре', off: 'выброшено' },
  { position: 'პოზიცია', bar: 'ბარზე', off: 'ამოღებულია' },
  { position: 'Position', bar: 'bar', off: 'borne off' },
];

/**
 * The position in the caption's words (`bar 1 24:13 6:2 3:1📌 borne off 1`, or `на баре 1 …
 * выброшено 1` in a Russian caption), written here independently of the app.
 */
export function inWords(side: SideCheckers, caption = ''): string {
  const words = SIDE_WORDS.find((w) => caption.includes(w.position)) ?? SIDE_WORDS[2];
  const parts: string[] = [];
  if (side[25] > 0) parts.push(`${words.bar} ${side[25]}`);
  for (let p = 24; p >= 1; p--) {
    if (side[p] > 0) parts.push(`${p}:${side[p]}`);
    if (side[p] < 0) parts.push(`${p}:1📌`); // plakoto: one pinned checker
  }
  if (side[0] > 0) parts.push(`${words.off} ${side[0]}`);
  return parts.join(' ');
}

/**
 * Follows a match's history with the engine alone: every recorded play must be one of the legal
 * plays of the position before it; the board it leads to is the engine's, not the app's. Gul
 * bara's ladder rungs are followed with the engine's ladder functions: a rung is not a turn, and
 * a rung passed on gives its remaining moves only.
 */
export class EngineReferee {
  private seen = 0;
  private board: Board | undefined;
  private turnsPlayed: [number, number] = [0, 0];
  private rung: LadderRung | undefined;
  private rungSeat = 0;
  plays = 0;
  rungs = 0;

  follow(state: MatchState): void {
    const variant = findVariant(state.settings.variant);
    if (!variant.ok) throw new Error(variant.error.message);
    for (; this.seen < state.history.length; this.seen++) {
      const event = state.history[this.seen];
      if (event.type === 'gameStarted') {
        this.board = startBoard(variant.value);
        this.turnsPlayed = [0, 0];
        this.rung = undefined;
      }
      if (event.type === 'detonated') {
        // docs/rules/variants.md §6 nuclear, written here independently: every single checker on a point goes to its bar.
        this.board = this.board!.map((side) => side.map((n, i) => (i >= 1 && i <= 24 && n === 1 ? 0 : i === 25 ? n + side.slice(1, 25).filter((c) => c === 1).length : n))) as Board;
      }
      if (event.type !== 'played') continue;
      const seat = event.seat;
      const mine = this.board!;
      const board: Board = seat === 0 ? [mine[0], mine[1]] : [mine[1], mine[0]];
      const plays = legalPlays({ variant: state.settings.variant, board, options: state.settings.options },
        [event.dice[0], event.dice[1]], { firstTurn: this.turnsPlayed[seat] === 0, moves: this.rung?.moves });
      const play = plays.find((p) => p.move === event.move);
      if (event.move === 'Ø') {
        expect(plays, `Ø with ${event.dice} is right only when no play is legal`).toEqual([]);
      } else {
        expect(play, `${event.dice}: ${event.move} is a legal play (legal: ${plays.map((p) => p.move).join(', ')})`).toBeDefined();
        this.board = seat === 0 ? [play!.board[0], play!.board[1]] : [play!.board[1], play!.board[0]];
      }
      if (this.rung) {
        expect([seat, ...event.dice], 'a ladder rung is the next double, played by the side the ladder says').toEqual([this.rungSeat, this.rung.die, this.rung.die]);
        this.rungs++;
      } else {
        this.turnsPlayed[seat]++; // a rung is part of a turn, not a turn of its own
      }
      const rung = this.rung ?? ladderStart(variant.value, event.dice, this.turnsPlayed[seat]);
      const next = rung && nextRung(rung, play?.steps.length ?? 0);
      this.rung = next?.rung;
      this.rungSeat = next?.toOpponent ? 1 - seat : seat;
      this.plays++;
    }
  }

  /** The stored game's board (between turns) is where the engine says the plays lead. */
  check(state: MatchState): void {
    const game = state.game;
    if (game === null || game.turn.steps.length > 0 || this.board === undefined) return;
    expect([...game.board[0]]).toEqual([...this.board[0]]);
    expect([...game.board[1]]).toEqual([...this.board[1]]);
  }

  get position(): Board | undefined {
    return this.board;
  }
}

/** A board by seats with the steps of the turn in progress made on it, by the engine. */
function withSteps(position: Board, state: MatchState): Board {
  const turn = state.game!.turn;
  if (turn.steps.length === 0) return position;
  const variant = VARIANTS[state.settings.variant];
  const mover: Board = turn.seat === 0 ? [position[0], position[1]] : [position[1], position[0]];
  const [me, them] = applySteps(mover, turn.steps, variant.family, variant.pinning ? 'pin' : 'hit');
  return turn.seat === 0 ? [me, them] : [them, me];
}

export async function isPictureOf(board: StoredMessage, state: MatchState, version: number): Promise<boolean> {
  for (const lang of ['en', 'ru', 'ka'] as const) {
    const expected = await renderBoard(boardView(state, version, lang, NOW).picture);
    if (expected.ok && Buffer.compare(expected.value, board.photo!.bytes) === 0) return true;
  }
  return false;
}

/** What the players do with the cube: in game 1 the first double is passed, later the first double of a game is taken. */
export interface CubeHabit {
  readonly double: boolean;
  readonly take: boolean;
}

export function cubeHabit(state: MatchState): CubeHabit {
  let games = 0;
  let doublesThisGame = 0;
  for (const e of state.history) {
    if (e.type === 'gameStarted') [games, doublesThisGame] = [games + 1, 0];
    if (e.type === 'doubled') doublesThisGame++;
  }
  return { double: doublesThisGame === 0, take: games > 1 };
}

/** How a player picks among the buttons it was sent: legal progress at random, the cube by habit. */
export function choose(buttons: readonly Pressable[], rng: Rng, cube: CubeHabit | undefined): Pressable {
  const of = (k: string) => buttons.filter((b) => b.token.choice.k === k);
  const pick = (list: readonly Pressable[]) => list[Math.floor(rng() * list.length)];
  if (of('pass').length > 0) return of('pass')[0];
  if (of('take').length > 0) return cube?.take ? of('take')[0] : of('askPass')[0];
  // Nuclear: the bomb, when offered, is detonated now and then — random players who detonated
  // whenever they could would send each other's blots back for thousands of turns.
  if (of('detonate').length > 0 && rng() < 0.05) return of('detonate')[0];
  if (of('roll').length > 0) return cube?.double && of('double').length > 0 ? of('double')[0] : of('roll')[0];
  for (const k of ['confirm', 'play', 'step', 'pick']) if (of(k).length > 0) return pick(of(k));
  throw new Error(`no way forward among ${buttons.map((b) => b.label).join(', ') || 'no buttons'}`);
}

/**
 * Plays a match to its end by pressing the bot's buttons as the player to act; checks the store
 * against the engine and the board message against the store after every press.
 */
export async function playOut(w: ReturnType<typeof world>, gameId: string, cube: boolean, maxPresses: number) {
  const outcome = await play(w, gameId, cube, maxPresses);
  if (outcome.state.phase !== 'finished') throw new Error(`the match ${gameId} did not end within ${maxPresses} presses`);
  return outcome;
}

/**
 * Like `playOut`, with the same checks after every press, but stops after `presses` presses if
 * the match has not ended by then: the opening of a game, where a whole one is left to the long
 * run (tests/long/).
 */
export async function playFor(w: ReturnType<typeof world>, gameId: string, cube: boolean, presses: number) {
  return play(w, gameId, cube, presses);
}

async function play(w: ReturnType<typeof world>, gameId: string, cube: boolean, maxPresses: number) {
  const referee = new EngineReferee();
  const seenKinds = new Set<string>();
  let pictures = 0;
  for (let presses = 0; ; presses++) {
    const { record, state } = await stored(gameId);
    referee.follow(state);
    referee.check(state);
    const board = w.board();
    if (state.phase === 'finished' || presses === maxPresses) return { referee, state, board, seenKinds, presses, pictures };

    const buttons = buttonsOf(board);
    expect(buttons.every((b) => b.token.gameId === gameId && b.token.version === record.version), 'the board shows the stored version').toBe(true);
    const seat = seatToAct(state);
    expect(seat, `someone is to act (stage ${state.game?.turn.stage})`).not.toBeNull();
    const player = USERS.get(state.players[seat!]!.id)!;
    if (referee.position) {
      // The caption's position: the engine's, with the steps of the turn in progress made (the
      // ones a turn begins with by itself, #47 B10, included).
      const [white, black] = [state.players[0]!.name, state.players[1]!.name];
      const shown = withSteps(referee.position, state);
      expect(board.caption).toContain(`${white} ${inWords(shown[0], board.caption)}`);
      expect(board.caption).toContain(`${black} ${inWords(shown[1], board.caption)}`);
    }
    if (presses % 25 === 0 && buttons.every((b) => !['step', 'pass', 'back'].includes(b.token.choice.k))) {
      // The picture is the stored match drawn by the renderer, byte for byte (in the language the
      // app chose: the presser's or the chat's, so any of the three).
      expect(await isPictureOf(board, state, record.version), 'the picture is the stored position').toBe(true);
      pictures++;
    }
    const choice = choose(buttons, w.rng, cube ? cubeHabit(state) : undefined);
    seenKinds.add(choice.token.choice.k);
    await w.press(player, board, choice.data);
    expect(problems, `after pressing "${choice.label}" (${choice.data})`).toEqual([]);
  }
}

/** `/nardy …` replying to the opponent's message, then the opponent accepts; returns the game id. */
export async function challengeAndAccept(w: ReturnType<typeof world>, text: string): Promise<string> {
  await w.say(ANNA, 'сыграем?');
  const annasMessage = api.messages(w.group.id).at(-1)!;
  await w.say(NODAR, text, annasMessage);
  const challenge = w.live().at(-1)!;
  const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept');
  expect(accept, 'the challenge has an Accept button').toBeDefined();
  // Only the invited player may accept: Carol gets a toast and nothing changes.
  const before = (await stored(accept!.token.gameId, w.store)).record.version;
  await w.press(CAROL, challenge, accept!.data);
  expect((await stored(accept!.token.gameId, w.store)).record.version).toBe(before);
  await w.press(ANNA, challenge, accept!.data);
  const { state } = await stored(accept!.token.gameId, w.store);
  expect(state.phase).toBe('playing');
  return accept!.token.gameId;
}

export const VIEW_ONLY = new Set(['pick', 'askPass', 'askResign', 'back']);

/** Presses view-only buttons until the player to act has a button that changes the match; returns it. */
export async function nextMove(w: ReturnType<typeof world>, gameId: string) {
  for (let i = 0; i < 10; i++) {
    const { record, state } = await stored(gameId, w.store);
    const player = USERS.get(state.players[seatToAct(state)!]!.id)!;
    const board = w.board();
    const choice = choose(buttonsOf(board), w.rng, undefined);
    if (!VIEW_ONLY.has(choice.token.choice.k)) return { record, state, player, board, choice };
    await w.press(player, board, choice.data);
  }
  throw new Error('no move button within 10 presses');
}

/**
 * Nodar opens `/nardy` for Anna, picks the variant on the settings keyboard (and, if asked, a
 * single game instead of the variant's default match), Anna accepts.
 */
export async function challengeWithVariant(w: ReturnType<typeof world>, variant: VariantId, singleGame = false): Promise<string> {
  await w.say(ANNA, 'сыграем?');
  await w.say(NODAR, '/nardy', api.messages(w.group.id).at(-1)!);
  const challenge = () => w.live().at(-1)!;
  const press = async (k: string, label?: string) => {
    const button = buttonsOf(challenge()).find((b) => b.token.choice.k === k && (label === undefined || b.label.includes(label)));
    expect(button, `a ${k} button ${label ?? ''}`).toBeDefined();
    await w.press(NODAR, challenge(), button!.data);
  };
  await press('settings');
  await press('variants');
  await press('set', variantButton('ru', variant)); // Nodar reads Russian: the button's name
  const gameId = buttonsOf(challenge())[0].token.gameId;
  const chosen = (await stored(gameId)).state.settings;
  expect(chosen.variant).toBe(variant);
  expect(chosen.matchLength).toBe(VARIANTS[variant].defaultMatchLength ?? 0);
  if (singleGame) await press('set', t('ru', 'match.single'));
  await press('back'); // from the settings keyboard back to the challenge
  await w.press(ANNA, challenge(), buttonsOf(challenge()).find((b) => b.token.choice.k === 'accept')!.data);
  expect((await stored(gameId)).state.phase).toBe('playing');
  return gameId;
}

/**
 * A game of `variant` from the challenge to the result in a group of its own (seeded by `seed`):
 * chosen on the keyboard, played by the bot's buttons, and the finished board checked (the winner
 * named, only Rematch and History left). Returns the final match for the variant's own checks.
 */
export async function playVariantToResult(variant: VariantId, seed: number, singleGame = false): Promise<MatchState> {
  const w = world(-1009000 - seed, seed);
  const gameId = await challengeWithVariant(w, variant, singleGame);
  const { state, board, referee } = await playOut(w, gameId, false, 4000);
  expect(state.phase).toBe('finished');
  expect(state.settings.variant).toBe(variant);
  expect(referee.plays).toBeGreaterThan(0);
  expect(board.caption).toContain(state.players[state.result!.winner!]!.name);
  // Finished: nothing left to play, only a rematch and the history.
  expect(buttonsOf(board).map((b) => b.token.choice.k)).toEqual(['rematch', 'history', 'review']);
  return state;
}
