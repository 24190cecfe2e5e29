/**
 * Issue 7: the scheduler's sweep with a fake clock, dynalite behind the store and the Telegram Bot
 * API stand-in in front (telegraf over real HTTP, sharp pictures). Failures are injected in the
 * stand-in (429); races are staged by running a real move at a chosen point of the sweep.
 */
import { Telegram } from 'telegraf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  boardView, decodeToken, handleIntent, loadMatch, openChallenge, runCommand, sweep, type AppDeps, type ChatUser, type Emit, type SweepDeps, type SweepReport,
} from '../../src/app/index.ts';
import type { DiceSource } from '../../src/dice/index.ts';
import { legalPlays } from '../../src/engine/index.ts';
import { positionOf, seatToAct, type MatchState } from '../../src/game/index.ts';
import { t } from '../../src/i18n/index.ts';
import { startTelegramApi, type StoredMessage, type TelegramApi, type TgUser } from '../../src/local/telegram-api/index.ts';
import { telegramMessenger } from '../../src/platforms/telegram/index.ts';
import { telegramEmit } from '../../src/platforms/telegram/send.ts';
import type { GameRecord, GameStore } from '../../src/store/index.ts';
import { mulberry32, rollDie } from '../arbitraries.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';
import { faultyTable, type Fault, type FaultyTable } from '../store/faults.ts';

const TOKEN = '7007:sweep-test';
const BOT = { id: 7007, username: 'nardy_bot', first_name: 'Nardy' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 2, 2, 9);

let api: TelegramApi;
let table: TestTable;
let now = START;
let nextUser = 500;
let nextGroup = -1_000_700;
const problems: Record<string, unknown>[] = [];

beforeAll(async () => {
  api = await startTelegramApi({ token: TOKEN, bot: BOT });
});
// A table per test: a sweep sees every due game, and each test counts what its own games did.
beforeEach(async () => {
  table = await freshTable();
  problems.length = 0;
});
afterAll(() => api.close());

function dice(): DiceSource {
  const rng = mulberry32(7);
  return { die: () => rollDie(rng) };
}

/** The Telegram emitter the scheduler uses: real HTTP to the stand-in; 429 waits are not slept. */
function telegram(): Emit {
  return telegramEmit(new Telegram(TOKEN, { apiRoot: api.apiRoot }), {
    sleep: async () => {},
    log: (e) => void (e.level === 'error' ? problems.push({ ...e }) : undefined),
  });
}

function sweepDeps(store: GameStore = table.store): SweepDeps {
  return { store, now: () => now, dice: dice(), messengers: { telegram: telegramMessenger(BOT.username, telegram()) }, log: (e) => void (e.level === 'error' ? problems.push({ ...e }) : undefined) };
}

/** The board message noted on a game. */
async function boardNote(id: string): Promise<{ messageId: string }> {
  const loaded = await table.store.load(id);
  return (loaded.ok ? loaded.value.notes?.board : undefined) as { messageId: string };
}

function appDeps(store: GameStore = table.store): AppDeps {
  return { store, now: () => now, dice: dice(), messengers: { telegram: telegramMessenger(BOT.username) } };
}

/** Two players who started the bot (so reminders can reach them privately) and their group. */
async function players() {
  const users = [nextUser++, nextUser++].map((id): TgUser => ({ id, is_bot: false, first_name: `P${id}`, language_code: 'en' }));
  const group = { id: nextGroup--, type: 'supergroup' as const, title: 'Nardy club' };
  api.addChat(group);
  const people: ChatUser[] = [];
  for (const u of users) {
    api.addChat({ id: u.id, type: 'private', first_name: u.first_name });
    const person: ChatUser = { id: `telegram:${u.id}`, name: u.first_name, language: 'en' };
    await handleIntent(appDeps(), { kind: 'start', chat: { platform: 'telegram', chatId: String(u.id) }, from: person }, telegram());
    people.push(person);
  }
  return { people, users, group, chat: { platform: 'telegram' as const, chatId: String(group.id) } };
}

type Clock = { daysPerMove: number; poolDays: number; vacationDays: number };

/** A correspondence game, accepted at `now`: its id and who is to move. */
async function correspondenceGame(clock: Clock = { daysPerMove: 1, poolDays: 0, vacationDays: 0 }) {
  const world = await players();
  const [a, b] = world.people;
  const id = `sw${Math.random().toString(36).slice(2, 10)}`;
  const opened = await openChallenge(appDeps(), { id, by: a, invitee: b.id, settings: { variant: 'long', clock: { kind: 'correspondence', ...clock } } }, world.chat, 'en');
  expect(opened.ok).toBe(true);
  const accepted = await runCommand(appDeps(), id, { type: 'accept', by: { id: b.id, name: b.name } });
  if (!accepted.ok) throw new Error(accepted.error.kind);
  // The board in the group, as the conversation posts it after an accept.
  const board = await telegram()({ kind: 'board', chat: world.chat, view: boardView(accepted.value.state, accepted.value.record.version, 'en', now) });
  await table.store.setNotes(id, { board });
  return { ...world, id, ...actor(accepted.value.state, world) };
}

function actor(state: MatchState, world: { people: ChatUser[]; users: TgUser[] }) {
  const seat = seatToAct(state)!;
  const index = world.people.findIndex((p) => p.id === state.players[seat]!.id);
  return { mover: world.people[index], moverChat: world.users[index].id, waiter: world.people[1 - index], waiterChat: world.users[1 - index].id };
}

async function match(id: string): Promise<{ record: GameRecord; state: MatchState }> {
  const loaded = await loadMatch(table.store, id);
  if (!loaded.ok) throw new Error(loaded.error.kind);
  return loaded.value;
}

const reminders = (chatId: number): StoredMessage[] => api.messages(chatId).filter((m) => m.fromBot && !m.deleted && (m.text ?? '').startsWith('⏰'));

/** Sweeps every `step` of fake time until `until`; returns when each reminder of `chatId` arrived. */
async function sweepUntil(until: number, step: number, chatId: number): Promise<number[]> {
  const arrivals: number[] = [];
  while (now < until) {
    now = Math.min(until, now + step);
    const before = reminders(chatId).length;
    await sweep(sweepDeps());
    for (let i = before; i < reminders(chatId).length; i++) arrivals.push(now);
  }
  return arrivals;
}

/** A legal whole play for the player to move, by the buttons' own commands: rolls, then the first listed play. */
async function moveOnce(id: string, by: ChatUser, deps: AppDeps = appDeps()): Promise<void> {
  const { state } = await match(id);
  const command = state.game!.turn.stage === 'decide' ? { type: 'roll' as const, by: by.id } : undefined;
  if (command) {
    const rolled = await runCommand(deps, id, command);
    if (!rolled.ok) throw new Error(rolled.error.kind);
  }
  const { state: rolled } = await match(id);
  if (seatToAct(rolled) === null || rolled.players[seatToAct(rolled)!]!.id !== by.id) return;
  const game = rolled.game!;
  const play = legalPlays(positionOf(rolled.settings, game), game.turn.dice!, { firstTurn: game.turnsPlayed[game.turn.seat] === 0 })[0];
  const played = await runCommand(deps, id, { type: 'play', by: by.id, move: play.move });
  if (!played.ok) throw new Error(played.error.kind);
}

function total(r: SweepReport): number {
  return r.reminded + r.timedOut + r.expired + r.abandoned + r.announced;
}

describe('issue 7: reminders and time-outs on a fake clock, through the Telegram stand-in', () => {
  it('a player who goes quiet is reminded at half and near the end of a day per move, then loses on time; both players and the chat are told', async () => {
    now = START;
    const g = await correspondenceGame();
    const arrivals = await sweepUntil(START + DAY + 30 * MINUTE, 10 * MINUTE, g.moverChat);
    // Sweeps run every 10 minutes: half of the day is swept at 12:00, nine tenths (21:36) at 21:40.
    expect(arrivals).toEqual([START + 12 * HOUR, START + 21 * HOUR + 40 * MINUTE]);
    expect(reminders(g.moverChat)[0].text).toMatch(/your move in long nardy: .* 12 h 0 min left/);
    // The group is a supergroup: the reminder links to its board.
    const boardRef = (await boardNote(g.id));
    expect(reminders(g.moverChat)[0].reply_markup?.inline_keyboard).toEqual([[{ text: 'Open the board', url: `https://t.me/c/${String(g.group.id).slice(4)}/${boardRef.messageId}` }]]);
    expect(reminders(g.waiterChat)).toEqual([]);
    const { record, state } = await match(g.id);
    expect(state.phase).toBe('finished');
    expect(state.result).toEqual({ winner: state.players[0]!.id === g.mover.id ? 1 : 0, reason: 'timeout' });
    // Told: the game is due again only when its names fade (docs/privacy.md).
    expect(record.dueAt).toBe(record.updatedAt + 30 * DAY);
    const told = (chatId: number) => api.messages(chatId).filter((m) => m.fromBot && (m.text ?? '').includes(`${g.mover.name} ran out of time`));
    expect(told(g.group.id)).toHaveLength(1);
    expect(told(g.moverChat)).toHaveLength(1);
    expect(told(g.waiterChat)).toHaveLength(1);
    const board = api.messages(g.group.id).filter((m) => m.photo !== undefined && !m.deleted).at(-1)!;
    expect(board.caption).toContain(`${g.mover.name} ran out of time`);
    // The finished board offers only a rematch and the history.
    expect(board.reply_markup?.inline_keyboard.flat().map((b) => decodeToken(String(b.callback_data))?.choice.k)).toEqual(['rematch', 'history', 'review']);
    // Nothing more is due: later sweeps send nothing.
    const sent = api.callsOf('sendMessage').length;
    await sweepUntil(now + HOUR, 10 * MINUTE, g.moverChat);
    expect(api.callsOf('sendMessage').length).toBe(sent);
    expect(problems).toEqual([]);
  });

  it('a real-time clock (Fischer) runs out the same way: no reminders, the time-out at the end of the bank', async () => {
    now = START + 5 * DAY;
    const w = await players();
    const [a, b] = w.people;
    const opened = await openChallenge(appDeps(), { id: 'fischer1', by: a, invitee: b.id, settings: { variant: 'short', clock: { kind: 'fischer', bankMinutes: 15, incrementSeconds: 15 } } }, w.chat, 'en');
    expect(opened.ok).toBe(true);
    const accepted = await runCommand(appDeps(), 'fischer1', { type: 'accept', by: { id: b.id, name: b.name } });
    if (!accepted.ok) throw new Error(accepted.error.kind);
    const { moverChat } = actor(accepted.value.state, w);
    expect(accepted.value.record.dueAt).toBe(now + 15 * MINUTE);
    await sweepUntil(now + 14 * MINUTE, MINUTE, moverChat);
    expect((await match('fischer1')).state.phase).toBe('playing');
    await sweepUntil(now + 2 * MINUTE, MINUTE, moverChat);
    const { state } = await match('fischer1');
    expect(state.result?.reason).toBe('timeout');
    expect(reminders(moverChat)).toEqual([]);
    expect(api.messages(w.group.id).at(-1)!.text).toMatch(/ran out of time/);
  });

  it('vacation postpones the reminders and the time-out by the vacation days', async () => {
    now = START + 10 * DAY;
    const began = now;
    const g = await correspondenceGame({ daysPerMove: 1, poolDays: 0, vacationDays: 3 });
    now += HOUR;
    await handleIntent(appDeps(), { kind: 'vacation', chat: { platform: 'telegram', chatId: String(g.moverChat) }, from: g.mover }, telegram());
    expect(api.messages(g.moverChat).at(-1)!.text).toMatch(/Vacation is on in 1 of your games/);
    expect(api.messages(g.group.id).filter((m) => m.photo).at(-1)!.caption).toContain(`${g.mover.name} is on vacation`);
    await handleIntent(appDeps(), { kind: 'games', chat: { platform: 'telegram', chatId: String(g.waiterChat) }, from: g.waiter }, telegram());
    expect(api.messages(g.waiterChat).at(-1)!.text).toMatch(new RegExp(`to move, 3 d 23 h left, ${g.mover.name} on vacation`));
    // Without vacation this would have been the time-out.
    await sweepUntil(began + DAY + HOUR, 30 * MINUTE, g.moverChat);
    expect((await match(g.id)).state.phase).toBe('playing');
    // The turn is four days long now: its first reminder is at two days.
    expect(reminders(g.moverChat)).toEqual([]);
    await sweepUntil(began + 4 * DAY + HOUR, 30 * MINUTE, g.moverChat);
    const { state } = await match(g.id);
    expect(state.phase).toBe('finished');
    expect(state.result?.reason).toBe('timeout');
    expect(state.history.find((e) => e.type === 'timedOut')!.at).toBe(began + 4 * DAY);
    expect(reminders(g.moverChat)).toHaveLength(2);
  });

  it('two sweeps at once send each reminder exactly once', async () => {
    now = START + 20 * DAY;
    const games = await Promise.all([1, 2, 3, 4].map(() => correspondenceGame()));
    for (const at of [12 * HOUR, 22 * HOUR]) {
      now = START + 20 * DAY + at;
      const reports = await Promise.all([sweep(sweepDeps()), sweep(sweepDeps()), sweep(sweepDeps())]);
      expect(reports.reduce((n, r) => n + r.reminded, 0)).toBe(games.length);
    }
    for (const g of games) expect(reminders(g.moverChat)).toHaveLength(2);
  });

  it('a 429 from Telegram delays a reminder but does not lose it', async () => {
    now = START + 30 * DAY;
    const g = await correspondenceGame();
    now += 12 * HOUR;
    // The private message and the chat fallback both meet a 429 longer than the wait budget.
    api.failNext('sendMessage', { status: 429, retryAfter: 60 }, 2);
    const first = await sweep(sweepDeps());
    expect(first).toMatchObject({ reminded: 0, retried: 1 });
    expect(reminders(g.moverChat)).toHaveLength(0);
    expect(reminders(g.group.id)).toHaveLength(0);
    now += MINUTE;
    expect(await sweep(sweepDeps())).toMatchObject({ reminded: 1 });
    now += MINUTE;
    expect(total(await sweep(sweepDeps()))).toBe(0);
    expect(reminders(g.moverChat)).toHaveLength(1);
    // A short 429 is waited out within the same sweep.
    now += 10 * HOUR;
    api.failNext('sendMessage', { status: 429, retryAfter: 2 });
    expect(await sweep(sweepDeps())).toMatchObject({ reminded: 1, retried: 0 });
    expect(reminders(g.moverChat)).toHaveLength(2);
  });

  it('a sweep that dies after claiming a reminder leaves it to the next sweep once its claim runs out', async () => {
    now = START + 33 * DAY;
    const g = await correspondenceGame();
    now += 12 * HOUR;
    // The process dies while sending: the emitter throws, nothing is marked.
    const dying = { ...sweepDeps(), messengers: { telegram: telegramMessenger(BOT.username, async () => { throw new Error('killed'); }) }, log: () => {} };
    expect(await sweep(dying)).toMatchObject({ reminded: 0, retried: 1 });
    expect((await match(g.id)).record.alarm?.sendingUntil).toBe(now + 2 * MINUTE);
    now += MINUTE;
    expect(await sweep(sweepDeps())).toMatchObject({ due: 0 });
    now += MINUTE;
    expect(await sweep(sweepDeps())).toMatchObject({ reminded: 1 });
    expect(reminders(g.moverChat)).toHaveLength(1);
  });

  it('a game on a platform this process cannot write to is logged, not retried every minute', async () => {
    now = START + 35 * DAY;
    const g = await correspondenceGame();
    now += 12 * HOUR;
    const warnings: Record<string, unknown>[] = [];
    const silent = { ...sweepDeps(), messengers: { telegram: telegramMessenger(BOT.username) }, log: (e: Record<string, unknown>) => void warnings.push({ ...e }) };
    expect(await sweep(silent)).toMatchObject({ reminded: 0, retried: 0, rescheduled: 1 });
    expect(warnings).toContainEqual({ level: 'warn', event: 'sweep-no-emitter', platform: 'telegram', game: g.id });
    now += MINUTE;
    expect(await sweep(silent)).toMatchObject({ due: 0 });
  });

  it('a move arriving while the sweep sends a reminder is stored once and resets the reminders', async () => {
    now = START + 40 * DAY;
    const g = await correspondenceGame();
    now += 12 * HOUR;
    const { record: before, state: stateBefore } = await match(g.id);
    const plays = stateBefore.history.filter((e) => e.type === 'played').length;
    const base = telegram();
    let moved = false;
    // The mover plays exactly while their reminder is on its way.
    const racing: Emit = async (effect) => {
      if (!moved && effect.kind === 'text' && effect.text.startsWith('⏰')) {
        moved = true;
        await moveOnce(g.id, g.mover);
      }
      return base(effect);
    };
    const report = await sweep({ ...sweepDeps(), messengers: { telegram: telegramMessenger(BOT.username, racing) } });
    expect(report.reminded).toBe(1);
    const { record, state } = await match(g.id);
    expect(state.history.filter((e) => e.type === 'played').length).toBe(plays + 1);
    expect(record.version).toBeGreaterThan(before.version);
    // The new turn's schedule starts afresh for the other player.
    expect(record.alarm).toBeUndefined();
    expect(seatToAct(state) !== null && state.players[seatToAct(state)!]!.id).toBe(g.waiter.id);
    now += 12 * HOUR + MINUTE;
    expect(await sweep(sweepDeps())).toMatchObject({ reminded: 1 });
    expect(reminders(g.waiterChat)).toHaveLength(1);
    expect(reminders(g.moverChat)).toHaveLength(1);
  });

  it('a move and the time-out meeting at the deadline: whichever is stored first wins, the other is refused, nothing is counted twice', async () => {
    now = START + 50 * DAY;
    const g = await correspondenceGame();
    // The move was read just before the deadline; the sweep's time-out is stored first.
    now += DAY - MINUTE;
    const { state: stateBefore } = await match(g.id);
    const plays = stateBefore.history.filter((e) => e.type === 'played').length;
    let releaseMove!: () => void;
    let moveAtSave!: () => void;
    const moveMayWrite = new Promise<void>((resolve) => (releaseMove = resolve));
    const moveReachedSave = new Promise<void>((resolve) => (moveAtSave = resolve));
    // The move is held at its write (read and decided, not yet stored) until the sweep is done.
    const heldStore: GameStore = Object.assign(Object.create(table.store) as GameStore, {
      save: async (r: GameRecord, v: number) => {
        moveAtSave();
        await moveMayWrite;
        return table.store.save(r, v);
      },
    });
    const move = moveOnce(g.id, g.mover, appDeps(heldStore)).then(() => 'stored', (e: Error) => e.message);
    await moveReachedSave;
    now += 2 * MINUTE;
    const report = await sweep(sweepDeps());
    expect(report.timedOut).toBe(1);
    releaseMove();
    expect(await move).toBe('stale-version');
    const { state } = await match(g.id);
    expect(state.result?.reason).toBe('timeout');
    expect(state.history.filter((e) => e.type === 'played').length).toBe(plays);

    // The other order: the move is stored first, the sweep's time-out is refused.
    now = START + 60 * DAY;
    const h = await correspondenceGame();
    now += DAY - MINUTE;
    const { record: read } = await match(h.id);
    await moveOnce(h.id, h.mover);
    now += 2 * MINUTE;
    // The sweep read the game before the move was stored.
    const staleRead: GameStore = Object.assign(Object.create(table.store) as GameStore, {
      listDue: async () => ({ records: [{ ...read, dueAt: read.dueAt }], corrupt: [] }),
    });
    expect(await sweep(sweepDeps(staleRead))).toMatchObject({ timedOut: 0, raced: 1 });
    const after = await match(h.id);
    expect(after.state.phase).toBe('playing');
    expect(after.state.history.filter((e) => e.type === 'timedOut')).toEqual([]);
  });

  it('an unanswered challenge expires and its message says so', async () => {
    now = START + 70 * DAY;
    const w = await players();
    await handleIntent(appDeps(), { kind: 'challenge', chat: w.chat, from: w.people[0] }, telegram());
    const message = api.messages(w.group.id).at(-1)!;
    expect(message.reply_markup).toBeDefined();
    now += DAY + MINUTE;
    expect(await sweep(sweepDeps())).toMatchObject({ expired: 1 });
    const edited = api.message(w.group.id, message.message_id)!;
    expect(edited.text).toMatch(/expired/);
    expect(edited.reply_markup).toBeUndefined();
  });

  it('a game without a clock that nobody touched for 30 days is closed with a message, and stays viewable', async () => {
    now = START + 80 * DAY;
    const w = await players();
    const [a, b] = w.people;
    const opened = await openChallenge(appDeps(), { id: 'abandon1', by: a, invitee: b.id, settings: { variant: 'short' } }, w.chat, 'en');
    expect(opened.ok).toBe(true);
    await runCommand(appDeps(), 'abandon1', { type: 'accept', by: { id: b.id, name: b.name } });
    now += 29 * DAY;
    expect(total(await sweep(sweepDeps()))).toBe(0);
    now += DAY + MINUTE;
    expect(await sweep(sweepDeps())).toMatchObject({ abandoned: 1 });
    expect(api.messages(w.group.id).at(-1)!.text).toMatch(/Nobody has moved .* for 30 days/);
    // Its board says it is closed and offers no move any more (#48): only its history.
    const board = api.messages(w.group.id).filter((m) => m.photo !== undefined).at(-1)!;
    expect(board.caption).toContain(t('en', 'caption.closedAbandoned'));
    expect((board.reply_markup?.inline_keyboard ?? []).flat().map((b) => decodeToken(b.callback_data!)?.choice.k)).toEqual(['history']);
    const { record, state } = await match('abandon1');
    expect(record.status).toBe('closed');
    expect(record.dueAt).toBe(record.updatedAt + 30 * DAY);
    expect(state.phase).toBe('playing');
    // Closed for good: a late press on the old board is refused and does not reopen the game.
    const mover = state.players[seatToAct(state)!]!;
    const late = await runCommand(appDeps(), 'abandon1', { type: 'roll', by: mover.id });
    expect(late.ok ? 'stored' : late.error.kind).toBe('game-closed');
    expect((await match('abandon1')).record).toMatchObject({ status: 'closed', version: record.version });
  });
});

describe('issue 15: the sweep through DynamoDB faults (injected on the wire, the real client and its retries)', () => {
  /** A correspondence game out of time, on a table behind the fault proxy (this test's table until it ends). */
  async function overdueOnFaultyTable(day: number, run: (faulty: FaultyTable, g: Awaited<ReturnType<typeof correspondenceGame>>, before: GameRecord) => Promise<void>) {
    const faulty = await faultyTable();
    table = faulty;
    try {
      now = START + day * DAY;
      const g = await correspondenceGame();
      now += DAY + MINUTE;
      await run(faulty, g, (await match(g.id)).record);
    } finally {
      await faulty.close();
    }
  }

  const faults: Fault[] = ['throughput', 'server-error', 'hang', 'answer-lost'];
  for (const fault of faults) {
    it(`a time-out whose write fails (${fault}, every attempt) is stored and told exactly once by the next sweeps`, () => overdueOnFaultyTable(40, async (faulty, g, before) => {
      faulty.fail('UpdateItem', fault, 3);
      const first = await sweep({ ...sweepDeps(), log: () => {} });
      expect(first.timedOut).toBe(0);
      const after = await match(g.id);
      // Nothing half-written: either the time-out was not stored, or (its answer lost) stored whole, with its announcement pending.
      if (fault === 'answer-lost') expect([after.record.version, after.state.phase, after.record.alarm?.step]).toEqual([before.version + 1, 'finished', 0]);
      else expect(after.record).toEqual(before);
      for (let i = 0; i < 3; i++) {
        now += MINUTE;
        await sweep(sweepDeps());
      }
      const { state } = await match(g.id);
      expect(state.result).toMatchObject({ reason: 'timeout' });
      const told = api.messages(g.group.id).filter((m) => m.fromBot && (m.text ?? '').includes(`${g.mover.name} ran out of time`));
      expect(told, 'the chat is told once').toHaveLength(1);
      expect(problems).toEqual([]);
    }), 60_000);
  }

  it('the due index cannot be read (throttled): the sweep throws (the scheduler runs again), nothing is written', () => overdueOnFaultyTable(45, async (faulty, g, before) => {
    faulty.fail('Query', 'throughput', 3);
    await expect(sweep(sweepDeps())).rejects.toThrow(/injected/);
    expect((await match(g.id)).record).toEqual(before);
    now += MINUTE;
    expect(await sweep(sweepDeps())).toMatchObject({ timedOut: 1 });
  }), 60_000);
});

describe('issue 7: the commands around correspondence games', () => {
  const inChat = (user: { id: number }) => ({ platform: 'telegram' as const, chatId: String(user.id) });
  const lastText = (chatId: number) => api.messages(chatId).filter((m) => m.fromBot).at(-1)!.text ?? '';

  it('/games lists my games across chats, my turn first, with the time left; "bring board down" re-posts the board and deletes the old one', async () => {
    now = START + 90 * DAY;
    const first = await correspondenceGame();
    now += HOUR;
    const second = await correspondenceGame({ daysPerMove: 3, poolDays: 0, vacationDays: 0 });
    // A player of the first game is in the second one too: the waiter of the first, taking the second's seat.
    const me = first.waiter;
    const meChat = first.waiterChat;
    const id = 'mixed01';
    const opened = await openChallenge(appDeps(), { id, by: me, invitee: second.mover.id, settings: { variant: 'short', clock: { kind: 'correspondence', daysPerMove: 3, poolDays: 0, vacationDays: 0 } } }, second.chat, 'en');
    expect(opened.ok).toBe(true);
    const accepted = await runCommand(appDeps(), id, { type: 'accept', by: { id: second.mover.id, name: second.mover.name } });
    if (!accepted.ok) throw new Error(accepted.error.kind);
    const board = await telegram()({ kind: 'board', chat: second.chat, view: boardView(accepted.value.state, accepted.value.record.version, 'en', now) });
    await table.store.setNotes(id, { board });
    const mineToMove = seatToAct(accepted.value.state) !== null && accepted.value.state.players[seatToAct(accepted.value.state)!]!.id === me.id;

    await handleIntent(appDeps(), { kind: 'games', chat: inChat({ id: meChat }), from: me }, telegram());
    const list = api.messages(meChat).filter((m) => m.fromBot).at(-1)!;
    const lines = list.text!.split('\n').filter((l) => l.startsWith('•'));
    expect(lines).toHaveLength(2);
    // Neither or one is my move: mine first; otherwise the least time left first.
    expect(lines[0]).toMatch(mineToMove ? /short nardy: .* your move, 3 d 0 h left$/ : /long nardy: .* to move, 23 h 0 min left$/);
    expect(lines[1]).toMatch(mineToMove ? /long nardy: .* to move, 23 h 0 min left$/ : /short nardy: .* to move, 3 d 0 h left$/);

    const down = list.reply_markup!.inline_keyboard.flat().find((b) => 'callback_data' in b && b.text.includes(`${first.people[0].name}`))! as { callback_data: string };
    const firstBoard = (await boardNote(first.id));
    await handleIntent(appDeps(), { kind: 'press', chat: inChat({ id: meChat }), from: me, token: down.callback_data, message: { chat: inChat({ id: meChat }), messageId: String(list.message_id) } }, telegram());
    const moved = (await boardNote(first.id));
    expect(moved.messageId).not.toBe(firstBoard.messageId);
    expect(api.message(first.group.id, Number(firstBoard.messageId))!.deleted).toBe(true);
    const latest = api.messages(first.group.id).filter((m) => !m.deleted).at(-1)!;
    expect(latest.message_id).toBe(Number(moved.messageId));
    expect(latest.photo).toBeDefined();
  });

  it('/remind and /quiet are read and kept per player; /remind off silences the reminders but not the result', async () => {
    now = START + 100 * DAY;
    const g = await correspondenceGame();
    const say = (intent: { kind: 'remind'; mode?: string } | { kind: 'quiet'; args: string }) =>
      handleIntent(appDeps(), { ...intent, chat: inChat({ id: g.moverChat }), from: g.mover }, telegram());
    await say({ kind: 'remind', mode: 'sometimes' });
    expect(lastText(g.moverChat)).toMatch(/\/remind off, \/remind default or \/remind frequent/);
    await say({ kind: 'remind', mode: 'off' });
    expect(lastText(g.moverChat)).toMatch(/Reminders are off/);
    await say({ kind: 'quiet', args: 'late' });
    expect(lastText(g.moverChat)).toMatch(/\/quiet 23-7 \+3/);
    await say({ kind: 'quiet', args: '10-20 +5:30' });
    expect(lastText(g.moverChat)).toBe('Quiet hours: 10:00–20:00 at UTC+5:30. Reminders wait until they end, unless your time would run out first.');
    // Off: no reminder all day, yet the time-out is announced.
    await sweepUntil(START + 100 * DAY + DAY, 30 * MINUTE, g.moverChat);
    expect(reminders(g.moverChat)).toEqual([]);
    expect(lastText(g.moverChat)).toMatch(/ran out of time/);
  });

  it('/vacation says so when no game of mine has vacation days', async () => {
    now = START + 110 * DAY;
    const g = await correspondenceGame();
    await handleIntent(appDeps(), { kind: 'vacation', chat: inChat({ id: g.moverChat }), from: g.mover, away: true }, telegram());
    expect(lastText(g.moverChat)).toBe('None of your games in play has vacation days.');
  });
});
