/**
 * Issue 20, item 9: 30 days after a game is over, the scheduler's sweep fades its personal fields —
 * the players' names become neutral and every note (where to reach each player, the boards, the
 * invitee's handle) goes — while the moves, the result and the players' ids stay. Real parts: the
 * sweep on a fake clock, dynalite behind the store, the Bot API stand-in for the notices.
 */
import { Telegram } from 'telegraf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMatch, openChallenge, runCommand, sweep, type ChatUser, type SweepDeps } from '../../src/app/index.ts';
import { seatToAct } from '../../src/game/index.ts';
import { t } from '../../src/i18n/index.ts';
import { startTelegramApi, type TelegramApi } from '../../src/local/telegram-api/index.ts';
import { telegramMessenger } from '../../src/platforms/telegram/index.ts';
import { telegramEmit } from '../../src/platforms/telegram/send.ts';
import { mulberry32, rollDie } from '../arbitraries.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';

const TOKEN = '7020:fading-test';
const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 4, 4, 9);

let api: TelegramApi;
let table: TestTable;
let now = START;

beforeAll(async () => {
  [api, table] = await Promise.all([startTelegramApi({ token: TOKEN, bot: { id: 7020, username: 'nardy_bot', first_name: 'Nardy' } }), freshTable()]);
});
afterAll(() => api.close());

function deps(): SweepDeps {
  const rng = mulberry32(3);
  const emit = telegramEmit(new Telegram(TOKEN, { apiRoot: api.apiRoot }), { sleep: async () => {} });
  return { store: table.store, now: () => now, dice: { die: () => rollDie(rng) }, messengers: { telegram: telegramMessenger('nardy_bot', emit) } };
}

describe('issue 20: a finished game fades after 30 days', () => {
  it('keeps names and notes for 30 days after it ended, then only what results and history need', async () => {
    const group = { id: -1_020_100, type: 'supergroup' as const, title: 'Nardy club' };
    api.addChat(group);
    const chat = { platform: 'telegram', chatId: String(group.id) };
    const [anna, bob]: ChatUser[] = [{ id: 'telegram:2001', name: 'Anna Petrova' }, { id: 'telegram:2002', name: 'Bob Stone' }];
    expect((await openChallenge(deps(), { id: 'fade1', by: anna, invitee: bob.id, settings: { variant: 'short', matchLength: 1 } }, chat, 'en', { invitee: 'bobstone', addressee: 'Bob Stone' })).ok).toBe(true);
    expect((await runCommand(deps(), 'fade1', { type: 'accept', by: bob })).ok).toBe(true);
    await table.store.setNotes('fade1', { [`reach@${bob.id}`]: { lang: 'en', chat: { platform: 'telegram', chatId: '2002' } } });
    const loaded = await loadMatch(table.store, 'fade1');
    const mover = loaded.ok ? loaded.value.state.players[seatToAct(loaded.value.state)!]! : undefined;
    const resigned = await runCommand(deps(), 'fade1', { type: 'resign', by: mover!.id });
    expect(resigned.ok && resigned.value.state.phase).toBe('finished');
    const ended = resigned.ok ? resigned.value.record : undefined;
    expect(ended!.dueAt).toBe(now + 30 * DAY);

    now += 30 * DAY - 60_000;
    expect((await sweep(deps())).faded).toBe(0);
    const kept = await loadMatch(table.store, 'fade1');
    expect(kept.ok && kept.value.state.players.map((p) => p!.name).sort()).toEqual([anna.name, bob.name].sort());
    expect(kept.ok && Object.keys(kept.value.record.notes ?? {}).sort()).toEqual(['addressee', 'invitee', `reach@${bob.id}`].sort());

    now += 2 * 60_000;
    expect((await sweep(deps())).faded).toBe(1);
    const faded = await loadMatch(table.store, 'fade1');
    if (!faded.ok) throw new Error(faded.error.kind);
    const { record, state } = faded.value;
    expect(state.players.map((p) => p!.name)).toEqual([t('en', 'privacy.player', { n: 1 }), t('en', 'privacy.player', { n: 2 })]);
    expect(JSON.stringify(record)).not.toMatch(/Anna|Bob|bobstone/);
    expect(record.notes ?? {}).toEqual({});
    expect(record.dueAt).toBeUndefined();
    // What results and history need stays: who played, the moves, the result.
    expect(record.players.sort()).toEqual([anna.id, bob.id].sort());
    expect(state.history.map((e) => e.type)).toEqual((resigned.ok ? resigned.value.state : state).history.map((e) => e.type));
    expect(state.result).toEqual(resigned.ok ? resigned.value.state.result : null);
    // Faded once: later sweeps find nothing due.
    now += 60 * DAY;
    expect((await sweep(deps())).due).toBe(0);
  });
});
