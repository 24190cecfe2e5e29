/**
 * Issue #45, item 2 ("no lockouts"): the caps count what really keeps others from playing, so a
 * member or two cannot shut a chat — intents in, effects out, dynalite behind.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { telegramMessenger } from '../../src/platforms/telegram/index.ts';
import { DEFAULT_LIMITS, handleIntent, type AppDeps, type ChatRef, type ChatUser, type Effect } from '../../src/app/index.ts';
import { cryptoDice } from '../../src/dice/index.ts';
import { t } from '../../src/i18n/index.ts';
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
