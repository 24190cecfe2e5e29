/**
 * Issue #45, item 1: every input a chat member can send has a budget. The buttons anyone may press
 * under a finished board (📊 📜 🍀 🔍 🔐) and ⬇️ Bring down post once a while per chat; a match is
 * reviewed once; heavy work holds the chat's one slot; refused typed lines are answered within a
 * budget — intents in, effects out, dynalite behind.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, encodeToken, handleIntent, recordOf, type AppDeps, type ChatUser, type Choice, type Effect } from '../../src/app/index.ts';
import { POSTED_STANDS_MS } from '../../src/app/posted.ts';
import { cryptoDice } from '../../src/dice/index.ts';
import type { MatchState } from '../../src/game/index.ts';
import { t, type Lang } from '../../src/i18n/index.ts';
import { telegramMessenger } from '../../src/platforms/telegram/index.ts';
import { mulberry32 } from '../arbitraries.ts';
import { randomFairMatch } from '../dice/fixture.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';
import { transcript } from './transcript.ts';

let table: TestTable;
let clock = 1_950_000_000_000;

beforeAll(async () => {
  table = await freshTable();
});

function deps(): AppDeps {
  return { store: table.store, now: () => clock, dice: cryptoDice(), messengers: { telegram: telegramMessenger('nardy_test_bot') } };
}

/** A finished long-nardy match with checkable dice (long: its review is the quicker), stored as the game of `chatId`. */
async function finishedIn(chatId: string, seed: number): Promise<{ chat: { platform: 'telegram'; chatId: string }; state: MatchState }> {
  const chat = { platform: 'telegram' as const, chatId };
  const state = randomFairMatch(mulberry32(seed), 'long', 'white');
  expect(state.phase).toBe('finished');
  const created = await table.store.create(recordOf(state, 1, clock, chat, 'en'));
  expect(created.ok).toBe(true);
  return { chat, state };
}

/** Ann challenges Bob in `chat` and Bob accepts: the game in play. */
async function gameBetween(chat: { platform: 'telegram'; chatId: string }, ann: ChatUser, bob: ChatUser, tx: ReturnType<typeof transcript>) {
  await handleIntent(deps(), { kind: 'challenge', chat, from: ann, opponent: bob }, tx.emit);
  const challenge = [...tx.messages.entries()].find(([, m]) => m.buttons.flat().some((b) => /Accept/.test(b.label)))!;
  const accept = tx.find(challenge[0], /Accept/);
  await handleIntent(deps(), { kind: 'press', chat, from: bob, token: 'token' in accept ? accept.token : '', message: { chat, messageId: challenge[0] } }, tx.emit);
  const [game] = (await table.store.listByChat(chat.platform, chat.chatId, { status: 'active' })).records;
  return game!;
}

const bystander = (i: number): ChatUser => ({ id: `telegram:4590${i}`, name: `Frank${i}`, language: 'en' });
const press = (chat: { platform: 'telegram'; chatId: string }, from: ChatUser, state: MatchState, choice: Choice, i: number) => ({
  kind: 'press' as const, chat, from, updateKey: `flood-${state.id}-${choice.k}-${i}-${clock}`, message: { chat, messageId: '1' },
  token: encodeToken({ surface: 'board', gameId: state.id, version: 1, choice }),
});
/** What went into the chat: every effect but the press's own toast. */
const posts = (effects: readonly Effect[]) => effects.filter((e) => e.kind === 'text' || e.kind === 'board' || e.kind === 'document' || e.kind === 'editText');
const toasts = (effects: readonly Effect[]) => effects.flatMap((e) => (e.kind === 'toast' ? [e.text] : []));

describe('issue #45: the buttons anyone may press post once a while per chat', () => {
  it('150 bystander presses of 📊 📜 🍀 🔍 🔐 under a finished board make at most 20 bot messages; the others are pointed at the first', async () => {
    const { chat, state } = await finishedIn('-45901', 901);
    const tx = transcript();
    const kinds: Choice[] = [{ k: 'review' }, { k: 'history' }, { k: 'luck', n: 1 }, { k: 'verify' }, { k: 'dice' }];
    for (let i = 0; i < 30; i++) {
      for (const choice of kinds) await handleIntent(deps(), press(chat, bystander(i % 7), state, choice, i), tx.emit);
    }
    const posted = posts(tx.effects);
    expect(posted.length).toBeLessThanOrEqual(20);
    // Each kind was posted once: the review (and its pictures), the history with its files, the luck, the transcript.
    expect(posted.filter((e) => e.kind === 'text' && e.text.startsWith('📊'))).toHaveLength(1);
    expect(posted.filter((e) => e.kind === 'text' && e.text.startsWith(t('en', 'history.title', { game: '' }).split(' ')[0]!))).toHaveLength(1);
    expect(posted.filter((e) => e.kind === 'text' && e.text.startsWith('🍀'))).toHaveLength(1);
    for (const kind of ['review', 'history', 'luck', 'verify'] as const) expect(toasts(tx.effects).filter((s) => s === t('en', `posted.${kind}`))).toHaveLength(29);
    // 🔐 answered each presser alone, in an alert with the whole commitment.
    const alerts = tx.effects.filter((e) => e.kind === 'toast' && e.alert === true && e.text.includes(state.fair!.commitment));
    expect(alerts).toHaveLength(30);
  });

  it('after the window, one press posts again; the review is not computed again', async () => {
    const { chat, state } = await finishedIn('-45902', 902);
    const tx = transcript();
    await handleIntent(deps(), press(chat, bystander(1), state, { k: 'review' }, 1), tx.emit);
    expect(posts(tx.effects).filter((e) => e.kind === 'text' && e.text === t('en', 'review.working'))).toHaveLength(1);
    expect(await table.store.recall(`review#${state.id}`)).toBeDefined();
    clock += POSTED_STANDS_MS + 1000;
    const before = tx.effects.length;
    await handleIntent(deps(), press(chat, bystander(2), state, { k: 'review' }, 2), tx.emit);
    const again = posts(tx.since(before));
    expect(again.filter((e) => e.kind === 'text' && e.text.startsWith('📊 Review'))).toHaveLength(1);
    // Kept: posted at once, no "Reviewing…" (nothing computed).
    expect(again.filter((e) => e.kind === 'text' && e.text === t('en', 'review.working'))).toHaveLength(0);
  });

  it("/review by a player gives the kept review: in the window it points above, after it the same text, not computed again", async () => {
    const { chat, state } = await finishedIn('-45903', 903);
    const tx = transcript();
    await handleIntent(deps(), press(chat, bystander(1), state, { k: 'review' }, 1), tx.emit);
    const first = posts(tx.effects).find((e) => e.kind === 'editText');
    const player: ChatUser = { id: state.players[0]!.id, name: state.players[0]!.name, language: 'en' };
    let before = tx.effects.length;
    await handleIntent(deps(), { kind: 'review', chat, from: player }, tx.emit);
    expect(posts(tx.since(before))).toEqual([{ kind: 'text', chat, text: t('en', 'posted.review') }]);
    clock += POSTED_STANDS_MS + 1000;
    before = tx.effects.length;
    await handleIntent(deps(), { kind: 'review', chat, from: player }, tx.emit);
    const second = posts(tx.since(before));
    expect(second.filter((e) => e.kind === 'text' && e.text === t('en', 'review.working'))).toHaveLength(0);
    expect(second.find((e) => e.kind === 'text' && e.text.startsWith('📊 Review'))).toMatchObject({ text: first && 'text' in first ? first.text : '' });
  });

  it('two reviews at once in one chat: one computes, the other is told to wait and may press again', async () => {
    const [a, b] = [await finishedIn('-45904', 904), { ...(await finishedIn('-45904', 905)) }];
    const tx = transcript();
    await Promise.all([
      handleIntent(deps(), press(a.chat, bystander(1), a.state, { k: 'review' }, 1), tx.emit),
      handleIntent(deps(), press(b.chat, bystander(2), b.state, { k: 'review' }, 2), tx.emit),
    ]);
    expect(toasts(tx.effects)).toContain(t('en', 'posted.busy'));
    expect(posts(tx.effects).filter((e) => e.kind === 'text' && e.text === t('en', 'review.working'))).toHaveLength(1);
    expect(toasts(tx.effects).filter((s) => s === t('en', 'posted.busy'))).toHaveLength(1);
    // The one told to wait was not counted as posted: pressed again, it is reviewed (the other is pointed above).
    const before = tx.effects.length;
    for (const [g, i] of [[a, 3], [b, 4]] as const) await handleIntent(deps(), press(g.chat, bystander(i), g.state, { k: 'review' }, i), tx.emit);
    expect(posts(tx.since(before)).filter((e) => e.kind === 'text' && e.text.startsWith('📊 Review'))).toHaveLength(1);
  });
});

describe('issue #45: 🔐 to the presser alone', () => {
  it.each(['en', 'ru', 'ka'] as const)('%s: the alert keeps the whole commitment and fits Telegram\'s 200 characters with the longest seed', async (lang: Lang) => {
    const { chat, state } = await finishedIn(`-4591${lang.length}${lang.charCodeAt(0)}`, 910 + lang.charCodeAt(1));
    const seeded: ChatUser = { id: `telegram:4591${lang.charCodeAt(0)}`, name: 'Seedy', language: lang };
    await table.store.remember(`seed#${seeded.id}`, 'x'.repeat(64), clock);
    const tx = transcript();
    await handleIntent(deps(), press(chat, seeded, state, { k: 'dice' }, 1), tx.emit);
    const [alert] = tx.effects.filter((e) => e.kind === 'toast');
    expect(alert).toMatchObject({ alert: true });
    const text = alert!.kind === 'toast' ? alert!.text : '';
    expect(text).toContain(state.fair!.commitment);
    expect(text.length).toBeLessThanOrEqual(200);
    expect(posts(tx.effects)).toEqual([]);
  });
});

describe('issue #45: refused typed lines are answered within a budget', () => {
  it(`a player typing "roll" 100 times out of turn gets ${DEFAULT_LIMITS.refusals.capacity} answers, then one each ${DEFAULT_LIMITS.refusals.refillMs / 1000} s`, async () => {
    const chat = { platform: 'telegram' as const, chatId: '-45920' };
    const ann: ChatUser = { id: 'telegram:459201', name: 'Ann', language: 'en' };
    const bob: ChatUser = { id: 'telegram:459202', name: 'Bob', language: 'en' };
    const tx = transcript();
    const game = await gameBetween(chat, ann, bob, tx);
    const waiting = (game.summary as { toAct?: string }).toAct === ann.id ? bob : ann;
    const before = tx.effects.length;
    for (let i = 0; i < 100; i++) await handleIntent(deps(), { kind: 'move', chat, from: waiting, text: 'roll', updateKey: `roll-${i}` }, tx.emit);
    const answered = posts(tx.since(before));
    expect(answered).toHaveLength(DEFAULT_LIMITS.refusals.capacity);
    expect(answered.every((e) => e.kind === 'text' && e.text === t('en', 'toast.notYourTurn'))).toBe(true);
    clock += DEFAULT_LIMITS.refusals.refillMs;
    const later = tx.effects.length;
    for (let i = 0; i < 5; i++) await handleIntent(deps(), { kind: 'move', chat, from: waiting, text: 'roll', updateKey: `roll-later-${i}` }, tx.emit);
    expect(posts(tx.since(later))).toHaveLength(1);
  });
});

describe('issue #45: ⬇️ Bring down', () => {
  it('brings the board down once a minute per move: a second press meanwhile is told the board is the latest', async () => {
    const chat = { platform: 'telegram' as const, chatId: '-45930' };
    const ann: ChatUser = { id: 'telegram:459301', name: 'Ann', language: 'en' };
    const bob: ChatUser = { id: 'telegram:459302', name: 'Bob', language: 'en' };
    const tx = transcript();
    const game = await gameBetween(chat, ann, bob, tx);
    const own = { platform: 'telegram' as const, chatId: '459301' };
    const bringDown = (i: number) => handleIntent(deps(), {
      kind: 'press', chat: own, from: ann, updateKey: `down-${i}`, message: { chat: own, messageId: '900' },
      token: encodeToken({ surface: 'text', gameId: game.id, version: game.version, choice: { k: 'bringDown' } }),
    }, tx.emit);
    let before = tx.effects.length;
    for (let i = 0; i < 10; i++) await bringDown(i);
    expect(tx.since(before).filter((e) => e.kind === 'board' && !e.replace)).toHaveLength(1);
    expect(toasts(tx.since(before)).filter((s) => s === t('en', 'posted.bringDown'))).toHaveLength(9);
    clock += 61_000;
    before = tx.effects.length;
    await bringDown(10);
    expect(tx.since(before).filter((e) => e.kind === 'board' && !e.replace)).toHaveLength(1);
  });
});
