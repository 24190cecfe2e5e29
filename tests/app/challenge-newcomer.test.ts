/**
 * Issue #47, B3 and B9: a challenge in a chat is accepted in the chat — no "Join the game" link
 * out of it — and a challenge to a handle says whose it is to whoever else presses Accept.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handleIntent, type AppDeps, type Button, type ChatUser } from '../../src/app/index.ts';
import { cryptoDice } from '../../src/dice/index.ts';
import { t } from '../../src/i18n/index.ts';
import { telegramMessenger } from '../../src/platforms/telegram/index.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';
import { transcript } from './transcript.ts';

const chat = { platform: 'telegram' as const, chatId: '-4701' };
const alice: ChatUser = { id: 'telegram:47011', name: 'Alice', language: 'en', username: 'alice_plays' };
const carol: ChatUser = { id: 'telegram:47012', name: 'Carol', language: 'en', username: 'carol_103' };
let table: TestTable;
let clock = 1_960_000_000_000;

beforeAll(async () => {
  table = await freshTable();
});

function deps(): AppDeps {
  return { store: table.store, now: () => (clock += 1000), dice: cryptoDice(), messengers: { telegram: telegramMessenger('nardy_test_bot') } };
}

const challengeIn = (tx: ReturnType<typeof transcript>) => [...tx.messages.entries()].filter(([, m]) => m.buttons.flat().some((b) => /Accept/.test(b.label))).at(-1)!;
const tokenOf = (b: Button) => ('token' in b ? b.token : '');

describe('#47: challenges a newcomer can follow', () => {
  it('B9: a chat\'s challenge has no link out of the chat, only its buttons', async () => {
    const tx = transcript();
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice }, tx.emit);
    const [, message] = challengeIn(tx);
    expect(message.buttons.flat().filter((b) => 'url' in b)).toEqual([]);
  });

  it('B3: Accept on a challenge to @carol_103 by someone else says whose it is; Carol accepts it', async () => {
    const tx = transcript();
    const stranger: ChatUser = { id: 'telegram:47013', name: 'Carol', language: 'en' };
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, opponentUsername: 'carol_103' }, tx.emit);
    const [id, message] = challengeIn(tx);
    const accept = message.buttons.flat().find((b) => /Accept/.test(b.label))!;
    const before = tx.effects.length;
    await handleIntent(deps(), { kind: 'press', chat, from: stranger, token: tokenOf(accept), message: { chat, messageId: id } }, tx.emit);
    expect(tx.since(before)).toEqual([{ kind: 'toast', text: t('en', 'toast.forHandle', { handle: 'carol_103' }), alert: true }]);
    await handleIntent(deps(), { kind: 'press', chat, from: carol, token: tokenOf(accept), message: { chat, messageId: id } }, tx.emit);
    expect((await table.store.listByChat(chat.platform, chat.chatId, { status: 'active' })).records).toHaveLength(1);
  });
});
