/**
 * Issue #45, item 2 ("no lockouts"): the caps count what really keeps others from playing, so a
 * member or two cannot shut a chat — intents in, effects out, dynalite behind.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { telegramMessenger } from '../../src/platforms/telegram/index.ts';
import { DEFAULT_LIMITS, handleIntent, sweep, type AppDeps, type ChatRef, type ChatUser, type Effect, type Emit } from '../../src/app/index.ts';
import { OPEN_TOURNAMENTS_PER_CHAT } from '../../src/app/limits.ts';
import { SIGNUP_TTL_MS } from '../../src/app/tournament/model.ts';
import { tournamentOfToken } from '../../src/app/tournament/buttons.ts';
import { loadTournament } from '../../src/app/tournament/stored.ts';
import { cryptoDice } from '../../src/dice/index.ts';
import { t } from '../../src/i18n/index.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';
import { transcript } from './transcript.ts';

let table: TestTable;
let clock = 1_950_000_000_000;

beforeAll(async () => {
  table = await freshTable();
});

/** The app; `unprompted`: where the scheduler's sweep writes. */
function deps(unprompted?: Emit): AppDeps {
  return { store: table.store, now: () => clock, dice: cryptoDice(), messengers: { telegram: telegramMessenger('nardy_test_bot', unprompted) } };
}

/** What the bot said in words, not the challenge messages (those come with buttons). */
const said = (effects: readonly Effect[]) => effects.flatMap((e) => (e.kind === 'text' && e.buttons === undefined ? [e.text] : []));
const member = (id: number, name: string): ChatUser => ({ id: `telegram:${id}`, name, language: 'en', username: name.toLowerCase() });
const group = (id: number): ChatRef => ({ platform: 'telegram', chatId: `-${id}` });

/** A `/nardy` a minute after the last command, so no token bucket runs dry. */
async function nardy(chat: ChatRef, from: ChatUser, extra: { opponent?: ChatUser; opponentUsername?: string; args?: string } = {}, tx = transcript()) {
  clock += 60_000;
  const before = tx.effects.length;
  await handleIntent(deps(), { kind: 'challenge', chat, from, ...extra }, tx.emit);
  return said(tx.since(before));
}

async function openOf(player: ChatUser): Promise<number> {
  return (await table.store.listByPlayer(player.id, { status: 'challenge', limit: 100 })).records.length;
}

describe('issue #45: challenges to a member take no room of the chat', () => {
  it('two members with 10 challenges each addressed to each other and to handles nobody holds leave the chat open to a third', async () => {
    const chat = group(4510);
    const erin = member(4511, 'Erin');
    const hank = member(4512, 'Hank');
    const ivan = member(4513, 'Ivan');
    for (const [from, to] of [[erin, hank], [hank, erin]] as const) {
      for (let i = 0; i < 3; i++) await nardy(chat, from, { opponent: to });
      for (let i = 0; i < 7; i++) await nardy(chat, from, { opponentUsername: `ghost${i}_of_${from.name}` });
    }
    expect(await openOf(erin)).toBe(DEFAULT_LIMITS.openChallengesPerUser);
    expect(await openOf(hank)).toBe(DEFAULT_LIMITS.openChallengesPerUser);
    expect(await nardy(chat, ivan)).toEqual([]);
    expect(await nardy(chat, ivan, { args: 'vs computer' })).toEqual([]);
    expect(await openOf(ivan)).toBe(2);
  });

  it(`a member may have ${DEFAULT_LIMITS.openChallengesPerPair} challenges open to the same member at once; the next is refused, one to someone else is not`, async () => {
    const chat = group(4520);
    const ann = member(4521, 'Ann');
    const bob = member(4522, 'Bob');
    const cid = member(4523, 'Cid');
    for (let i = 0; i < DEFAULT_LIMITS.openChallengesPerPair; i++) expect(await nardy(chat, ann, { opponent: bob })).toEqual([]);
    expect(await nardy(chat, ann, { opponent: bob })).toEqual([t('en', 'challenge.tooManyToThem', { n: DEFAULT_LIMITS.openChallengesPerPair, name: 'Bob' })]);
    for (let i = 0; i < DEFAULT_LIMITS.openChallengesPerPair; i++) expect(await nardy(chat, ann, { opponentUsername: 'nobody_here' })).toEqual([]);
    expect(await nardy(chat, ann, { opponentUsername: 'Nobody_Here' })).toEqual([t('en', 'challenge.tooManyToThem', { n: DEFAULT_LIMITS.openChallengesPerPair, name: '@Nobody_Here' })]);
    expect(await nardy(chat, ann, { opponent: cid })).toEqual([]);
  });
});

describe('issue #45: the chat\'s room for challenges to anyone is shared', () => {
  it(`one member holds at most ${DEFAULT_LIMITS.openChallengesInChatPerUser} challenges to anyone in a chat; elsewhere, and to a member, they may go on`, async () => {
    const chat = group(4530);
    const dan = member(4531, 'Dan');
    for (let i = 0; i < DEFAULT_LIMITS.openChallengesInChatPerUser; i++) expect(await nardy(chat, dan)).toEqual([]);
    expect(await nardy(chat, dan)).toEqual([t('en', 'challenge.tooManyHere', { n: DEFAULT_LIMITS.openChallengesInChatPerUser })]);
    expect(await nardy(group(4539), dan)).toEqual([]);
    expect(await nardy(chat, dan, { opponent: member(4532, 'Eve') })).toEqual([]);
    expect(await openOf(dan)).toBe(DEFAULT_LIMITS.openChallengesInChatPerUser + 2);
  });

  it(`a chat full of ${DEFAULT_LIMITS.openChallengesPerChat} challenges to anyone turns a newcomer's /nardy to them, but never their /nardy vs computer`, async () => {
    const chat = group(4540);
    const share = DEFAULT_LIMITS.openChallengesInChatPerUser;
    for (let i = 0; i < DEFAULT_LIMITS.openChallengesPerChat; i++) await nardy(chat, member(45400 + Math.floor(i / share), `Host${Math.floor(i / share)}`));
    const newcomer = member(4549, 'Newcomer');
    expect(await nardy(chat, newcomer)).toEqual([t('en', 'challenge.tooManyInChat', { n: DEFAULT_LIMITS.openChallengesPerChat })]);
    expect(await nardy(chat, newcomer, { args: 'vs computer' })).toEqual([]);
    expect(await nardy(chat, newcomer, { opponent: member(45400, 'Host0') })).toEqual([]);
    expect(await openOf(newcomer)).toBe(2);
  });

  it('a challenge to the computer is refused only by its challenger\'s own cap', async () => {
    const chat = group(4550);
    const solo = member(4551, 'Solo');
    for (let i = 0; i < DEFAULT_LIMITS.openChallengesPerUser; i++) expect(await nardy(chat, solo, { args: 'vs computer' })).toEqual([]);
    expect(await nardy(chat, solo, { args: 'vs computer' })).toEqual([t('en', 'challenge.tooMany', { n: DEFAULT_LIMITS.openChallengesPerUser })]);
  });
});

describe('issue #45: a chat\'s admin may cancel anyone\'s open challenge', () => {
  /** A challenge by `from` in `chat`, its message's id and Cancel button's token. */
  async function challengeIn(chat: ChatRef, from: ChatUser, tx: ReturnType<typeof transcript>, extra: { opponent?: ChatUser } = {}) {
    expect(await nardy(chat, from, extra, tx)).toEqual([]);
    const id = [...tx.messages.keys()].at(-1)!;
    const cancel = tx.find(id, /Cancel/);
    const [record] = (await table.store.listByPlayer(from.id, { status: 'challenge', limit: 1 })).records;
    return { id, token: 'token' in cancel ? cancel.token : '', gameId: record!.id };
  }

  it('an admin\'s Cancel under a challenge to someone else closes it, and the message says an admin cancelled it', async () => {
    const tx = transcript();
    const chat = group(4560);
    const { id, token, gameId } = await challengeIn(chat, member(4561, 'Erin'), tx, { opponent: member(4562, 'Hank') });
    const alice = member(4563, 'Alice');
    const before = tx.effects.length;
    await handleIntent(deps(), { kind: 'press', chat, from: alice, token, message: { chat, messageId: id }, isAdmin: true }, tx.emit);
    expect(tx.since(before)[0]).toEqual({ kind: 'toast', text: '' });
    expect(tx.messages.get(id)!.text).toBe(t('en', 'challenge.cancelledByAdmin', { name: 'Alice' }));
    const stored = await table.store.load(gameId);
    expect(stored.ok && stored.value.status).toBe('closed');
  });

  it('anyone else\'s Cancel is refused as before, and the challenge stays open', async () => {
    const tx = transcript();
    const chat = group(4570);
    const { id, token, gameId } = await challengeIn(chat, member(4571, 'Erin'), tx);
    const before = tx.effects.length;
    await handleIntent(deps(), { kind: 'press', chat, from: member(4572, 'Frank'), token, message: { chat, messageId: id }, isAdmin: false }, tx.emit);
    expect(tx.since(before)).toEqual([{ kind: 'toast', text: t('en', 'toast.notYourGame'), alert: false }]);
    const stored = await table.store.load(gameId);
    expect(stored.ok && stored.value.status).toBe('challenge');
  });

  it('an admin of another chat has no say over a challenge pressed there', async () => {
    const tx = transcript();
    const chat = group(4580);
    const { id, token, gameId } = await challengeIn(chat, member(4581, 'Erin'), tx);
    const elsewhere = group(4589);
    await handleIntent(deps(), { kind: 'press', chat: elsewhere, from: member(4582, 'Mallory'), token, message: { chat: elsewhere, messageId: id }, isAdmin: true }, tx.emit);
    const stored = await table.store.load(gameId);
    expect(stored.ok && stored.value.status).toBe('challenge');
  });

  it('the challenger\'s own Cancel asks no question and says it was cancelled, as before', async () => {
    const tx = transcript();
    const chat = group(4590);
    const erin = member(4591, 'Erin');
    const { id, token } = await challengeIn(chat, erin, tx);
    await handleIntent(deps(), { kind: 'press', chat, from: erin, token, message: { chat, messageId: id } }, tx.emit, { isChatAdmin: () => Promise.reject(new Error('asked for nothing')) });
    expect(tx.messages.get(id)!.text).toBe(t('en', 'challenge.cancelled'));
  });
});

describe('issue #45: tournaments — one open per organiser, an admin may cancel any sign-up, sign-ups expire', () => {
  /** `/tournament` from `from` a minute after the last command: its answer in words, and the sign-up message's id if one was posted. */
  async function tournament(chat: ChatRef, from: ChatUser, tx: ReturnType<typeof transcript>) {
    clock += 60_000;
    const before = tx.effects.length;
    await handleIntent(deps(), { kind: 'tournament', chat, from, shared: true }, tx.emit);
    const posted = tx.since(before).find((e) => e.kind === 'text' && e.buttons !== undefined);
    return { said: said(tx.since(before)), signup: posted === undefined ? undefined : [...tx.messages.keys()].at(-1)! };
  }
  const cancelOf = (tx: ReturnType<typeof transcript>, signup: string) => {
    const b = tx.find(signup, new RegExp(t('en', 'button.tournament.cancel').replace(/[^\p{L} ]/gu, '.')));
    return 'token' in b ? b.token : '';
  };
  const phaseOf = async (token: string) => (await loadTournament(table.store, tournamentOfToken(token)!.id))!.tournament.phase;

  it(`a member may have one tournament open in a chat; ${OPEN_TOURNAMENTS_PER_CHAT} members fill it, and the next is told so`, async () => {
    const tx = transcript();
    const chat = group(4600);
    const first = member(46000, 'Org0');
    expect((await tournament(chat, first, tx)).signup).toBeDefined();
    expect((await tournament(chat, first, tx)).said).toEqual([t('en', 'tournament.oneAtATime')]);
    for (let i = 1; i < OPEN_TOURNAMENTS_PER_CHAT; i++) expect((await tournament(chat, member(46000 + i, `Org${i}`), tx)).signup).toBeDefined();
    expect((await tournament(chat, member(4609, 'Late'), tx)).said).toEqual([t('en', 'tournament.tooMany', { n: OPEN_TOURNAMENTS_PER_CHAT })]);
  });

  it('an admin\'s Cancel under someone else\'s sign-up closes it, saying which admin did; a member\'s is refused', async () => {
    const tx = transcript();
    const chat = group(4610);
    const { signup } = await tournament(chat, member(4611, 'Fz24'), tx);
    const token = cancelOf(tx, signup!);
    const message = { chat, messageId: signup! };
    let before = tx.effects.length;
    await handleIntent(deps(), { kind: 'tournament', chat, from: member(4612, 'Bob'), token, message, isAdmin: false }, tx.emit);
    expect(tx.since(before)).toEqual([{ kind: 'toast', text: t('en', 'tournament.onlyOrganiserOrAdmin', { name: 'Fz24' }) }]);
    expect(await phaseOf(token)).toBe('signup');
    before = tx.effects.length;
    await handleIntent(deps(), { kind: 'tournament', chat, from: member(4613, 'Alice'), token, message, isAdmin: true }, tx.emit);
    expect(tx.messages.get(signup!)!.text).toBe(t('en', 'tournament.cancelledByAdmin', { name: 'Alice' }));
    expect(await phaseOf(token)).toBe('cancelled');
  });

  it('a sign-up nobody starts within a week is closed by the scheduler, its message saying so, and holds no room from then', async () => {
    const tx = transcript();
    const chat = group(4620);
    const org = member(4621, 'Slow');
    const { signup } = await tournament(chat, org, tx);
    const token = cancelOf(tx, signup!);
    // The sweep also closes what the other tests left in the table: only this chat's messages are kept.
    const here: Emit = async (e) => ('chat' in e ? e.chat : e.kind === 'editText' || e.kind === 'delete' ? e.message.chat : undefined)?.chatId === chat.chatId ? tx.emit(e) : undefined;
    clock += SIGNUP_TTL_MS - 120_000;
    await sweep(deps(here));
    expect(await phaseOf(token)).toBe('signup');
    clock += 120_000;
    await sweep(deps(here));
    expect(await phaseOf(token)).toBe('cancelled');
    expect(tx.messages.get(signup!)).toMatchObject({ text: t('en', 'tournament.expired', { days: 7 }), buttons: [] });
    expect((await tournament(chat, org, tx)).signup).toBeDefined();
  });

  it('a sign-up past its week holds no room even before the scheduler closes it', async () => {
    const tx = transcript();
    const chat = group(4630);
    const org = member(4631, 'Stale');
    await tournament(chat, org, tx);
    clock += SIGNUP_TTL_MS;
    expect((await tournament(chat, org, tx)).signup).toBeDefined();
  });
});
