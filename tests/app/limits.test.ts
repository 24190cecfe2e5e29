/**
 * Issue #20, item 3: how often a user and a chat may make the bot work, and how much a spammer can
 * leave in the table — intents in, effects out, dynalite behind, no messenger.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { telegramMessenger } from '../../src/platforms/telegram/index.ts';
import { DEFAULT_LIMITS, handleIntent, type AppDeps, type ChatUser, type Effect } from '../../src/app/index.ts';
import { CLOSED_CHALLENGE_KEPT_MS, openChallenge, runCommand } from '../../src/app/matches.ts';
import { cryptoDice } from '../../src/dice/index.ts';
import { CHALLENGE_TTL_MS } from '../../src/game/index.ts';
import { t } from '../../src/i18n/index.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';
import { transcript } from './transcript.ts';

const group = { platform: 'telegram' as const, chatId: '-2020' };
const spammer: ChatUser = { id: 'telegram:2020', name: 'Spam', language: 'en' };
let table: TestTable;
let clock = 1_900_000_000_000;

beforeAll(async () => {
  table = await freshTable();
});

function deps(): AppDeps {
  return { store: table.store, now: () => clock, dice: cryptoDice(), messengers: { telegram: telegramMessenger('nardy_test_bot') } };
}

const texts = (effects: readonly Effect[]) => effects.flatMap((e) => (e.kind === 'text' ? [e.text] : []));
const slowDown = t('en', 'limits.slowDown');

describe('issue #20: a token bucket per user and per chat', () => {
  it(`a user sending ${DEFAULT_LIMITS.user.capacity + 20} commands at once is answered ${DEFAULT_LIMITS.user.capacity} times, told once to slow down, and the rest is dropped without a word`, async () => {
    const tx = transcript();
    const chat = { ...group, chatId: '-2021' };
    for (let i = 0; i < DEFAULT_LIMITS.user.capacity + 20; i++) await handleIntent(deps(), { kind: 'help', chat, from: spammer, updateKey: `help-${i}` }, tx.emit);
    const said = texts(tx.effects);
    expect(said.filter((s) => s === slowDown)).toHaveLength(1);
    expect(said.filter((s) => s !== slowDown)).toHaveLength(DEFAULT_LIMITS.user.capacity);
    // One token comes back every refill period: one more answer, and no second warning before it.
    clock += DEFAULT_LIMITS.user.refillMs;
    const before = tx.effects.length;
    await handleIntent(deps(), { kind: 'help', chat, from: spammer }, tx.emit);
    await handleIntent(deps(), { kind: 'help', chat, from: spammer }, tx.emit);
    expect(texts(tx.since(before)).filter((s) => s !== slowDown)).toHaveLength(1);
    expect(texts(tx.since(before))).not.toContain(slowDown);
  });

  it(`a chat answers at most ${DEFAULT_LIMITS.chat.capacity} commands at once, whoever sends them`, async () => {
    const tx = transcript();
    const chat = { ...group, chatId: '-2022' };
    clock += 3600_000;
    for (let i = 0; i < DEFAULT_LIMITS.chat.capacity + 10; i++) await handleIntent(deps(), { kind: 'help', chat, from: { id: `telegram:30${i}`, name: `P${i}`, language: 'en' } }, tx.emit);
    expect(texts(tx.effects).filter((s) => s !== slowDown)).toHaveLength(DEFAULT_LIMITS.chat.capacity);
    expect(texts(tx.effects).filter((s) => s === slowDown)).toHaveLength(1);
  });
});

describe('issue #45: commands of different users are never dropped by a race', () => {
  it('50 different users sending /help to one group at the same moment are 50 answered', async () => {
    const tx = transcript();
    const chat = { ...group, chatId: '-4501' };
    clock += 3600_000;
    const users = Array.from({ length: 50 }, (_, i): ChatUser => ({ id: `telegram:4501${i}`, name: `U${i}`, language: 'en' }));
    await Promise.all(users.map((from, i) => handleIntent(deps(), { kind: 'help', chat, from, updateKey: `race-${i}` }, tx.emit)));
    expect(texts(tx.effects).filter((s) => s !== slowDown)).toHaveLength(50);
    expect(texts(tx.effects)).not.toContain(slowDown);
  });

  it(`one user's ${DEFAULT_LIMITS.user.capacity + 20} commands at the same moment: exactly ${DEFAULT_LIMITS.user.capacity} answered and one slow-down, none lost to a race`, async () => {
    const tx = transcript();
    const chat = { ...group, chatId: '-4502' };
    clock += 3600_000;
    const from: ChatUser = { id: 'telegram:45020', name: 'Hasty', language: 'en' };
    await Promise.all(Array.from({ length: DEFAULT_LIMITS.user.capacity + 20 }, (_, i) => handleIntent(deps(), { kind: 'help', chat, from, updateKey: `hasty-${i}` }, tx.emit)));
    expect(texts(tx.effects).filter((s) => s !== slowDown)).toHaveLength(DEFAULT_LIMITS.user.capacity);
    expect(texts(tx.effects).filter((s) => s === slowDown)).toHaveLength(1);
  });

  it("a user past their own limit spends none of the chat's tokens", async () => {
    const tx = transcript();
    const chat = { ...group, chatId: '-4503' };
    clock += 3600_000;
    const spam: ChatUser = { id: 'telegram:45030', name: 'Spam', language: 'en' };
    for (let i = 0; i < 200; i++) await handleIntent(deps(), { kind: 'help', chat, from: spam }, tx.emit);
    const before = tx.effects.length;
    const others = Array.from({ length: DEFAULT_LIMITS.chat.capacity - DEFAULT_LIMITS.user.capacity }, (_, i): ChatUser => ({ id: `telegram:4503${i + 1}`, name: `O${i}`, language: 'en' }));
    await Promise.all(others.map((from) => handleIntent(deps(), { kind: 'help', chat, from }, tx.emit)));
    expect(texts(tx.since(before)).filter((s) => s !== slowDown)).toHaveLength(others.length);
  });
});

describe('issue #20: open challenges are capped and expire', () => {
  it(`a user's ${DEFAULT_LIMITS.openChallengesPerUser + 5} challenges, paced under the bucket, leave ${DEFAULT_LIMITS.openChallengesPerUser} open; the others are refused politely`, async () => {
    const tx = transcript();
    const from: ChatUser = { id: 'telegram:2030', name: 'Eager', language: 'en' };
    const chats = Array.from({ length: DEFAULT_LIMITS.openChallengesPerUser + 5 }, (_, i) => ({ ...group, chatId: `-203${i}` }));
    clock += 3600_000;
    for (const chat of chats) {
      clock += 60_000;
      await handleIntent(deps(), { kind: 'challenge', chat, from }, tx.emit);
    }
    const open = await table.store.listByPlayer(from.id, { status: 'challenge', limit: 100 });
    expect(open.records).toHaveLength(DEFAULT_LIMITS.openChallengesPerUser);
    expect(texts(tx.effects).filter((s) => s === t('en', 'challenge.tooMany', { n: DEFAULT_LIMITS.openChallengesPerUser }))).toHaveLength(5);
  });

  it(`a chat holds at most ${DEFAULT_LIMITS.openChallengesPerChat} open challenges`, async () => {
    const tx = transcript();
    const chat = { ...group, chatId: '-2040' };
    clock += 3600_000;
    for (let i = 0; i < DEFAULT_LIMITS.openChallengesPerChat + 2; i++) {
      clock += 60_000;
      await handleIntent(deps(), { kind: 'challenge', chat, from: { id: `telegram:40${i}`, name: `C${i}`, language: 'en' } }, tx.emit);
    }
    expect((await table.store.listByChat(chat.platform, chat.chatId, { status: 'challenge', limit: 100 })).records).toHaveLength(DEFAULT_LIMITS.openChallengesPerChat);
    expect(texts(tx.effects).at(-1)).toBe(t('en', 'challenge.tooManyInChat', { n: DEFAULT_LIMITS.openChallengesPerChat }));
  });

  it('an unanswered challenge carries a TTL some days after it expires; cancelling it keeps it a few days from then', async () => {
    const tx = transcript();
    const chat = { ...group, chatId: '-2050' };
    const from: ChatUser = { id: 'telegram:2050', name: 'Once', language: 'en' };
    clock += 3600_000;
    await handleIntent(deps(), { kind: 'challenge', chat, from }, tx.emit);
    const [record] = (await table.store.listByPlayer(from.id, { status: 'challenge' })).records;
    expect(record!.expiresAt).toBe(Math.ceil((clock + CHALLENGE_TTL_MS + CLOSED_CHALLENGE_KEPT_MS) / 1000));
    const id = [...tx.messages.keys()].at(-1)!;
    const cancel = tx.find(id, /Cancel/);
    clock += 60_000;
    await handleIntent(deps(), { kind: 'press', chat, from, token: 'token' in cancel ? cancel.token : '', message: { chat, messageId: id } }, tx.emit);
    const closed = await table.store.load(record!.id);
    expect(closed.ok && closed.value.status).toBe('closed');
    expect(closed.ok && closed.value.expiresAt).toBe(Math.ceil((clock + CLOSED_CHALLENGE_KEPT_MS) / 1000));
  });
});

describe('issue #20: /vacation writes only the games it changes', () => {
  it('a second /vacation on changes nothing: no game is saved again, and the player is told it was on already', async () => {
    const tx = transcript();
    const chat = { ...group, chatId: '-2060' };
    const ann: ChatUser = { id: 'telegram:2061', name: 'Ann', language: 'en' };
    const bob = { id: 'telegram:2062', name: 'Bob' };
    clock += 3600_000;
    const clockSettings = { kind: 'correspondence', daysPerMove: 3, poolDays: 0, vacationDays: 5 } as const;
    await openChallenge(deps(), { id: 'vac-1', by: ann, invitee: bob.id, settings: { variant: 'short', clock: clockSettings } }, chat, 'en');
    expect((await runCommand(deps(), 'vac-1', { type: 'accept', by: bob })).ok).toBe(true);
    await handleIntent(deps(), { kind: 'vacation', chat, from: ann, away: true }, tx.emit);
    const after = await table.store.load('vac-1');
    clock += 60_000;
    const before = tx.effects.length;
    await handleIntent(deps(), { kind: 'vacation', chat, from: ann, away: true }, tx.emit);
    expect(texts(tx.since(before))).toEqual([t('en', 'vacation.alreadyOn')]);
    expect(await table.store.load('vac-1')).toEqual(after);
  });
});
