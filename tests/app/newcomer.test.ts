/**
 * Issue 16, point 9: what a newcomer hit in the first hour, each as the conversation it happened
 * in — intents in, effects out, dynalite and the reducer behind, no messenger.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { telegramMessenger } from '../../src/platforms/telegram/index.ts';
import { handleIntent, loadMatch, type AppDeps, type Button, type ChatUser, type Effect, type MessageRef } from '../../src/app/index.ts';
import { cryptoDice, fixedDice, type DiceSource } from '../../src/dice/index.ts';
import { t } from '../../src/i18n/index.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';
import { transcript } from './transcript.ts';

const chat = { platform: 'telegram' as const, chatId: '-1016' };
const alice: ChatUser = { id: 'telegram:1611', name: 'Alice', language: 'en' };
const bob: ChatUser = { id: 'telegram:1622', name: 'Bob', language: 'en' };
const carol: ChatUser = { id: 'telegram:1633', name: 'Carol', language: 'en' };
let table: TestTable;
let clock = 1_900_000_000_000;

beforeAll(async () => {
  table = await freshTable();
});

function deps(dice: DiceSource = cryptoDice()): AppDeps {
  return { store: table.store, now: () => (clock += 5000), dice, messengers: { telegram: telegramMessenger('nardy_test_bot') } };
}

async function press(tx: ReturnType<typeof transcript>, who: ChatUser, messageId: string, button: Button, d = deps()): Promise<Effect[]> {
  if (!('token' in button)) throw new Error('not a callback button');
  const before = tx.effects.length;
  const message: MessageRef = { chat, messageId };
  await handleIntent(d, { kind: 'press', chat, from: who, token: button.token, message }, tx.emit);
  return tx.since(before);
}

const texts = (effects: readonly Effect[]) => effects.flatMap((e) => (e.kind === 'text' ? [e.text] : []));
const toasts = (effects: readonly Effect[]) => effects.flatMap((e) => (e.kind === 'toast' ? [e.text] : []));
const gameOf = (button: Button) => ('token' in button ? button.token.split(':')[1] : '');

/** Alice challenges Bob and Bob accepts; returns the board's message id and the game id. */
async function started(tx: ReturnType<typeof transcript>, d = deps()) {
  await handleIntent(d, { kind: 'challenge', chat, from: alice, opponent: bob }, tx.emit);
  const challengeId = [...tx.messages.keys()].at(-1)!;
  await press(tx, bob, challengeId, tx.find(challengeId, /Accept/), d);
  const boardId = [...tx.messages.entries()].filter(([, m]) => m.board).at(-1)![0];
  return { boardId, gameId: gameOf(tx.messages.get(boardId)!.buttons.flat()[0]) };
}

describe('issue 16: the challenge message', () => {
  it('a challenge to Bob still names Bob after Settings → Back (and still refuses Carol)', async () => {
    const tx = transcript();
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, opponent: bob }, tx.emit);
    const id = [...tx.messages.keys()][0];
    const before = tx.messages.get(id)!.text;
    await press(tx, alice, id, tx.find(id, /Settings/));
    await press(tx, alice, id, tx.find(id, /Back/));
    expect(tx.messages.get(id)!.text).toBe(before);
    expect(tx.messages.get(id)!.text).not.toMatch(/anyone/);
    const refused = await press(tx, carol, id, tx.find(id, /Accept/));
    expect(toasts(refused)).toEqual([expect.stringMatching(/not your game/i)]);
  });

  it('joining through the private-chat link edits the group\'s challenge message to say it was accepted', async () => {
    const tx = transcript();
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice }, tx.emit);
    const id = [...tx.messages.keys()][0];
    const gameId = gameOf(tx.find(id, /Accept/));
    await handleIntent(deps(), { kind: 'join', chat: { platform: 'telegram', chatId: '1622' }, from: bob, gameId }, tx.emit);
    expect(tx.messages.get(id)).toMatchObject({ text: t('en', 'challenge.accepted'), buttons: [] });
  });

  it('the invitee pressing a setting is told that only the challenger sets the game', async () => {
    const tx = transcript();
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, opponent: bob }, tx.emit);
    const id = [...tx.messages.keys()][0];
    const out = await press(tx, bob, id, tx.find(id, /Settings/));
    expect(toasts(out)).toEqual([t('en', 'toast.onlyChallengerSets', { name: 'Alice' })]);
    expect(toasts(out)[0]).toMatch(/only Alice/i);
  });
});

describe('issue 16: the words of /nardy', () => {
  it('/nardy foo and /nardy short 99 say which word was not understood and what was used instead', async () => {
    const tx = transcript();
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, args: 'foo' }, tx.emit);
    const [foo] = texts(tx.effects);
    expect(foo).toMatch(/“foo”/);
    expect(foo).toMatch(/long nardy, single game/);
    const n = tx.effects.length;
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, args: 'short 99' }, tx.emit);
    const [short] = texts(tx.since(n));
    expect(short).toMatch(/“99”/);
    expect(short).toMatch(/short nardy, single game/);
    expect(short).not.toMatch(/“short”/);
  });

  it('words it understands (a variant, a length, vs computer, a mention) add no such line', async () => {
    const tx = transcript();
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, args: 'short 3 vs computer' }, tx.emit);
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, opponentUsername: 'bob_k', args: '@bob_k tavla' }, tx.emit);
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, opponent: { id: 'telegram:9', name: 'Bob Smith' }, args: 'Bob Smith long' }, tx.emit);
    expect(texts(tx.effects).filter((x) => /understand/.test(x))).toEqual([]);
  });

  it('the computer plays every variant: tavla against it is offered, no refusal', async () => {
    const tx = transcript();
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, args: 'tavla vs computer' }, tx.emit);
    const [offer] = texts(tx.effects);
    expect(offer).toMatch(/tavla/);
    expect(offer).toMatch(/Computer/i);
    expect(texts(tx.effects)).toHaveLength(1);
  });
});

describe('issue 16: /resign and turn notices', () => {
  it('/resign when it is not your turn posts no second board: it says whose turn it is', async () => {
    const tx = transcript();
    const { gameId } = await started(tx);
    const loaded = await loadMatch(table.store, gameId);
    if (!loaded.ok) throw new Error(loaded.error.kind);
    const waiting = loaded.value.state.players[1 - loaded.value.state.game!.turn.seat]!.id === alice.id ? alice : bob;
    const n = tx.effects.length;
    await handleIntent(deps(), { kind: 'resign', chat, from: waiting }, tx.emit);
    expect(tx.since(n).filter((e) => e.kind === 'board')).toEqual([]);
    expect(texts(tx.since(n))).toEqual([t('en', 'resign.notYourTurn')]);
  });

  it('/resign on your turn asks to confirm on the one board of the game (the old one is taken down)', async () => {
    const tx = transcript();
    const { gameId, boardId } = await started(tx);
    const loaded = await loadMatch(table.store, gameId);
    if (!loaded.ok) throw new Error(loaded.error.kind);
    const mover = loaded.value.state.players[loaded.value.state.game!.turn.seat]!.id === alice.id ? alice : bob;
    await handleIntent(deps(), { kind: 'resign', chat, from: mover }, tx.emit);
    const boards = [...tx.messages.values()].filter((m) => m.board);
    expect(boards).toHaveLength(1);
    expect(tx.messages.has(boardId)).toBe(false);
    expect(boards[0].buttons.flat().map((b) => b.label)).toEqual([t('en', 'button.resign'), t('en', 'button.back')]);
  });

  it('the turn notice in the game\'s chat is in the board\'s language, whoever joined (not "ნინო, ваш ход!")', async () => {
    const nino: ChatUser = { id: 'telegram:1644', name: 'ნინო', language: 'ka' };
    const ivan: ChatUser = { id: 'telegram:1655', name: 'Иван', language: 'ru' };
    const notices: string[] = [];
    // Either opening roll: in one of them Nino moves first and is told so in the group.
    for (const opening of [[6, 1], [1, 6]]) {
      const tx = transcript();
      await handleIntent(deps(), { kind: 'challenge', chat, from: nino }, tx.emit);
      const gameId = gameOf(tx.messages.get([...tx.messages.keys()][0])!.buttons[0][0]);
      await handleIntent(deps(fixedDice([...opening, ...Array.from({ length: 20 }, (_, i) => (i % 5) + 1)])), { kind: 'join', chat: { platform: 'telegram', chatId: '1655' }, from: ivan, gameId }, tx.emit);
      notices.push(...tx.effects.flatMap((e) => (e.kind === 'text' && e.chat.chatId === chat.chatId && e.text.startsWith('ნინო,') ? [e.text] : [])));
    }
    expect(notices.length).toBeGreaterThan(0);
    expect(new Set(notices)).toEqual(new Set([t('ka', 'notify.yourMove', { name: 'ნინო' })]));
  });
});

describe('issue 16: the correspondence clock', () => {
  it('the waiting player\'s clock shows the days per move it will have, not a red 0:00', async () => {
    const tx = transcript();
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, opponent: bob, settings: { clock: 'd1' } }, tx.emit);
    const challengeId = [...tx.messages.keys()].at(-1)!;
    await press(tx, bob, challengeId, tx.find(challengeId, /Accept/));
    const board = tx.effects.filter((e) => e.kind === 'board').at(-1)!;
    if (board.kind !== 'board') throw new Error('no board');
    const { white, black } = board.view.picture.players!;
    const clocks = [white?.clock?.msLeft, black?.clock?.msLeft];
    const waiting = board.view.picture.turn === 'white' ? clocks[1] : clocks[0];
    expect(waiting).toBe(86_400_000);
  });
});
