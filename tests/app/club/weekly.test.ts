/**
 * Issue 17: the weekly post, sent by the scheduler's sweep through the Telegram stand-in, at most
 * once a week per chat (two sweeps at once post it once), in the chat's language: the week's
 * rated games, each family's leader (a new one said so), the biggest win.
 */
import { Telegram } from 'telegraf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleIntent, sweep, type AppDeps, type ChatUser } from '../../../src/app/index.ts';
import { rateMatch } from '../../../src/app/club/rate.ts';
import { apply, createChallenge, positionOf, seatToAct, type MatchState } from '../../../src/game/index.ts';
import { legalPlays } from '../../../src/engine/index.ts';
import { fixedDice } from '../../../src/dice/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { startTelegramApi, type TelegramApi } from '../../../src/local/telegram-api/index.ts';
import { telegramMessenger } from '../../../src/platforms/telegram/index.ts';
import { telegramEmit } from '../../../src/platforms/telegram/send.ts';
import { freshTable, type TestTable } from '../../store/fixture.ts';

const TOKEN = '7017:weekly-test';
const BOT = { id: 7017, username: 'nardy_bot', first_name: 'Nardy' };
const DAY = 24 * 3600_000;
const START = Date.UTC(2026, 2, 2, 9);
const group = { id: -1_017_100, type: 'supergroup' as const, title: 'Nardy club' };
const chat = { platform: 'telegram', chatId: String(group.id) };
const anna: ChatUser = { id: 'telegram:901', name: 'Anna', language: 'en' };
const nodar: ChatUser = { id: 'telegram:902', name: 'Nodar', language: 'ru' };
let api: TelegramApi;
let table: TestTable;
let now = START;

beforeAll(async () => {
  [api, table] = await Promise.all([startTelegramApi({ token: TOKEN, bot: BOT }), freshTable()]);
  api.addChat(group);
});
afterAll(() => api.close());

const emit = () => telegramEmit(new Telegram(TOKEN, { apiRoot: api.apiRoot }), { sleep: async () => {} });
const deps = (): AppDeps => ({ store: table.store, now: () => now, dice: fixedDice([1]), messengers: { telegram: telegramMessenger(BOT.username, emit()) } });

/** A match in the group the loser resigns: `winner` wins it. */
async function played(id: string, winner: ChatUser, loser: ChatUser): Promise<void> {
  const created = createChallenge({ id, by: winner, invitee: loser.id, settings: { variant: 'long' } }, now);
  if (!created.ok) throw new Error(created.error.message);
  const dice = fixedDice(Array.from({ length: 100 }, (_, i) => [5, 3, 6, 1][i % 4]!));
  let state: MatchState = created.value.state;
  const accepted = apply(state, { type: 'accept', by: loser }, now, dice);
  if (!accepted.ok) throw new Error(accepted.error.message);
  state = accepted.value.state;
  // The loser resigns on their first turn; until then the winner plays their first legal play.
  while (state.phase === 'playing') {
    const on = state.players[seatToAct(state)!]!;
    const game = state.game!;
    const move = on.id === loser.id ? undefined : legalPlays(positionOf(state.settings, game), game.turn.dice!, { firstTurn: game.turnsPlayed[game.turn.seat] === 0 })[0]!.move;
    const next = move === undefined ? apply(state, { type: 'resign', by: loser.id }, now, dice) : apply(state, { type: 'play', by: on.id, move }, now, dice);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  await rateMatch(table.store, { id, version: 9, state: {}, status: 'finished', players: [winner.id, loser.id], updatedAt: now, chat }, state, now);
}

const posts = () => api.messages(group.id).filter((m) => m.fromBot && (m.text ?? '').startsWith(t('ru', 'weekly.title')));

describe('issue 17: the weekly post', () => {
  it('posts the week once, a week after it is switched on, in the chat\'s language; two sweeps at once post it once', async () => {
    await handleIntent(deps(), { kind: 'lang', chat, from: nodar, lang: 'ru', shared: true, isAdmin: true }, emit());
    await handleIntent(deps(), { kind: 'weekly', chat, from: nodar, on: true, shared: true }, emit());
    now = START + 3600_000;
    await played('wk1', anna, nodar);
    now += DAY;
    await played('wk2', anna, nodar);
    await played('wk3', nodar, anna);
    now = START + 6 * DAY;
    expect((await sweep(deps())).weekly).toBe(0);
    now = START + 7 * DAY + 60_000;
    const [a, b] = await Promise.all([sweep(deps()), sweep(deps())]);
    expect(a.weekly + b.weekly).toBe(1);
    expect(posts()).toHaveLength(1);
    const lines = posts()[0]!.text!.split('\n');
    expect(lines[1]).toBe(t('ru', 'weekly.games', { n: 3 }));
    const [leader] = await table.store.club.topRatings('long#telegram:-1017100', 1);
    expect(lines[2]).toBe(t('ru', 'weekly.newLeader', { family: t('ru', 'family.long'), name: (leader!.value as { name: string }).name, rating: Math.round(leader!.rating) }));
    expect(lines[3]).toMatch(/^Самая крупная победа: (Anna|Nodar), \+\d+ \(длинные нарды\)\.$/);
    // The next week: nothing played, the same leader, and again only one post.
    now += 7 * DAY;
    await Promise.all([sweep(deps()), sweep(deps())]);
    expect(posts()).toHaveLength(2);
    expect(posts()[1]!.text).toBe([t('ru', 'weekly.title'), t('ru', 'weekly.quiet')].join('\n'));
    expect(lines[2]).toContain('новый лидер');
    // Switched off: no more posts.
    await handleIntent(deps(), { kind: 'weekly', chat, from: nodar, on: false, shared: true }, emit());
    now += 7 * DAY;
    await sweep(deps());
    expect(posts()).toHaveLength(2);
  });
});
