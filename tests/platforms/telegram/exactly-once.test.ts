/**
 * Issue 15, points 1, 2 and 4, end to end through the real webhook, the Bot API stand-in and
 * dynalite: every press is applied exactly once — through DynamoDB failing (throttled, a 500, a
 * hang, an answer lost after the write), through the process dying before or after its write, and
 * through a burst of presses of one board — and the board left in the chat shows the stored game.
 * DynamoDB's failures are injected on the wire (`tests/store/faults.ts`), a crash by a store that
 * throws around its real write; the SDK, its retries and the store are the real ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToken } from '../../../src/app/index.ts';
import { t } from '../../../src/i18n/index.ts';
import type { TgUpdate } from '../../../src/local/telegram-api/index.ts';
import type { GameStore } from '../../../src/store/index.ts';
import { faultyTable, type Fault, type FaultyTable } from '../../store/faults.ts';
import { USERS, api, buttonsOf, challengeAndAccept, nextMove, problems, setupE2e, stored, world } from './e2e-harness.ts';
import { legalPlays } from '../../../src/engine/index.ts';
import { positionOf, seatToAct, turnContextOf } from '../../../src/game/index.ts';

setupE2e();
let table: FaultyTable;
beforeAll(async () => {
  table = await faultyTable();
});
afterAll(() => table.close());

type World = ReturnType<typeof world>;

/** A game in play and the first press on its board that changes the match, not yet sent. */
async function gameWithMove(groupId: number, store: GameStore | 'the run\'s table' = table.store) {
  const w = world(groupId, -groupId, store === 'the run\'s table' ? {} : { store });
  const gameId = await challengeAndAccept(w, '/nardy');
  const move = await nextMove(w, gameId);
  const update = api.userPress(move.player, { chat: { id: w.group.id }, message_id: move.board.message_id }, move.choice.data);
  return { w, gameId, update, before: move.record.version };
}

/** The version the board left in the chat offers its buttons for. */
function boardVersion(w: World): number {
  const versions = new Set(buttonsOf(w.board()).map((b) => decodeToken(b.data)!.version));
  expect(versions.size, 'all buttons of one board are for one version').toBe(1);
  return [...versions][0]!;
}

async function deliver(w: World, update: TgUpdate): Promise<number> {
  return w.post(update);
}

/** After the redelivery: the press made exactly one version, and the board shows it. */
async function appliedOnce(w: World, gameId: string, before: number): Promise<void> {
  const after = await stored(gameId, w.store);
  expect(after.record.version, 'the press is applied exactly once').toBe(before + 1);
  expect(boardVersion(w), 'the board in the chat shows the stored game').toBe(after.record.version);
}

describe('issue 15: a press whose write failed is applied when Telegram delivers it again', () => {
  const faults: Fault[] = ['throughput', 'throttling', 'server-error', 'hang'];
  for (const [i, fault] of faults.entries()) {
    it(`the write fails (${fault}, every attempt of the SDK): 500, nothing stored; the redelivery applies it once`, async () => {
      const { w, gameId, update, before } = await gameWithMove(-1015100 - i);
      table.fail('UpdateItem', fault, 3);
      expect(await deliver(w, update), 'Telegram is asked to deliver it again').toBe(500);
      expect((await stored(gameId, w.store)).record.version, 'nothing half-written').toBe(before);
      expect(await deliver(w, update)).toBe(200);
      await appliedOnce(w, gameId, before);
      // A third delivery (Telegram resends a slow answer too) changes nothing.
      expect(await deliver(w, update)).toBe(200);
      await appliedOnce(w, gameId, before);
    }, 60_000);
  }

  it('the read fails (throttled): the press is answered "try again", 500, nothing stored; the redelivery applies it once', async () => {
    const { w, gameId, update, before } = await gameWithMove(-1015110);
    table.fail('BatchGetItem', 'throughput', 3);
    expect(await deliver(w, update)).toBe(500);
    const lang = update.callback_query!.from.language_code as 'ru' | 'en' | 'ka';
    expect(api.callbackAnswer(update.callback_query!.id)?.text).toBe(t(lang, 'error.generic'));
    expect((await stored(gameId, w.store)).record.version).toBe(before);
    expect(await deliver(w, update)).toBe(200);
    await appliedOnce(w, gameId, before);
  }, 60_000);

  it('the write is stored but its answer is lost: the SDK\'s retry finds its own update id and counts it done', async () => {
    const { w, gameId, update, before } = await gameWithMove(-1015111);
    table.fail('UpdateItem', 'answer-lost', 1);
    expect(await deliver(w, update)).toBe(200);
    await appliedOnce(w, gameId, before);
  }, 60_000);

  it('the write is stored and every answer lost: 500, and the redelivery finds it applied (once) and shows the board', async () => {
    const { w, gameId, update, before } = await gameWithMove(-1015112);
    table.fail('UpdateItem', 'answer-lost', 3);
    expect(await deliver(w, update)).toBe(500);
    expect((await stored(gameId, w.store)).record.version, 'the first attempt was stored').toBe(before + 1);
    expect(await deliver(w, update)).toBe(200);
    await appliedOnce(w, gameId, before);
  }, 60_000);
});

/** A store whose process "dies" around its real write of a game: before it (nothing written) or after it (written, no answer). */
function crashingStore(real: GameStore, when: 'before' | 'after'): GameStore & { armed: boolean } {
  const store = Object.create(real) as GameStore & { armed: boolean };
  store.armed = false;
  store.save = async (...args) => {
    if (!store.armed) return real.save(...args);
    store.armed = false;
    if (when === 'after') await real.save(...args);
    throw Object.assign(new Error(`the process died ${when} the write`), { code: 'ECONNRESET' });
  };
  return store;
}

describe('issue 15: a press being handled when the process died is applied once when Telegram redelivers it', () => {
  for (const [i, when] of (['before', 'after'] as const).entries()) {
    it(`a crash ${when} the game's write`, async () => {
      const store = crashingStore(table.store, when);
      const { w, gameId, update, before } = await gameWithMove(-1015120 - i, store);
      store.armed = true;
      expect(await deliver(w, update)).toBe(500);
      expect((await stored(gameId, w.store)).record.version).toBe(when === 'after' ? before + 1 : before);
      expect(await deliver(w, update)).toBe(200);
      await appliedOnce(w, gameId, before);
    }, 60_000);
  }
});

describe('issue 15: a burst of presses of one board', () => {
  it('60 presses of one button at once (10 of them one update delivered twice): one is applied, and the board shows the stored version', async () => {
    // The run's table without faults: 60 presses at once queue up in dynalite, longer than the faulty table's short timeout.
    const { w, gameId, update, before } = await gameWithMove(-1015130, 'the run\'s table');
    const data = update.callback_query!.data!;
    const message = { chat: { id: w.group.id }, message_id: update.callback_query!.message!.message_id };
    const presses = Array.from({ length: 50 }, () => api.userPress(update.callback_query!.from, message, data));
    const statuses = await Promise.all([...presses, ...presses.slice(0, 10)].map((p) => deliver(w, p)));
    expect(statuses.filter((s) => s !== 200), JSON.stringify(problems.slice(0, 2))).toEqual([]);
    await appliedOnce(w, gameId, before);
  }, 60_000);
});

describe('issue 15: a typed move delivered twice', () => {
  it('is applied once: the second delivery finds its update id stored with the move', async () => {
    const w = world(-1015140, 1015140, { store: table.store });
    const gameId = await challengeAndAccept(w, '/nardy short');
    const { record, state } = await stored(gameId, w.store);
    const game = state.game!;
    const play = legalPlays(positionOf(state.settings, game), game.turn.dice!, turnContextOf(game))[0]!;
    const mover = USERS.get(state.players[seatToAct(state)!]!.id)!;
    const update = api.userMessage(mover, w.group, play.move);
    expect(await deliver(w, update)).toBe(200);
    expect(await deliver(w, update)).toBe(200);
    const after = await stored(gameId, w.store);
    expect(after.record.version).toBe(record.version + 1);
    expect(after.state.history.filter((e) => e.type === 'played')).toHaveLength(state.history.filter((e) => e.type === 'played').length + 1);
  }, 60_000);
});
