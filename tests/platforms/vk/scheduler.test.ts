/**
 * The scheduler in a VK conversation: its sweep writes through the VK messenger, with no event to
 * answer — a correspondence game's turn reminder names the player to move, and a
 * time-out ends the game, its result told in the conversation and the board edited (or posted anew).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../../src/app/index.ts';
import { ANNA, NODAR, NOW, boardIn, botMessages, buttonsOf, stored, world, type World } from './harness.ts';

let w: World;
beforeAll(async () => {
  w = await world(1818);
});
afterAll(() => w.vk.close());

const DAY = 24 * 3600 * 1000;

describe('the scheduler through VK', () => {
  it('a game of a day a move: a reminder names the player to move, then the time-out ends it in the conversation', async () => {
    await w.act(w.vk.message(NODAR.id, w.chat, `/nardy short [id${ANNA.id}|Anna]`));
    const challenge = botMessages(w, w.chat).at(-1)!;
    const pressWhere = async (who: number, wanted: (b: ReturnType<typeof buttonsOf>[number]) => boolean) => {
      for (let turn = 0; turn < 4; turn++) {
        const message = botMessages(w, w.chat).find((m) => m.cmid === challenge.cmid)!;
        const found = buttonsOf(message).find(wanted) ?? buttonsOf(message).find((b) => b.page !== undefined);
        await w.act(w.vk.press(who, w.chat, challenge.cmid, found!.payload));
        if (found!.page === undefined) return;
      }
      throw new Error('no such button');
    };
    await pressWhere(NODAR.id, (b) => b.token?.choice.k === 'settings');
    await pressWhere(NODAR.id, (b) => b.token?.choice.k === 'set' && b.token.choice.key === 'l' && b.token.choice.value === 'd1');
    await pressWhere(NODAR.id, (b) => b.token?.choice.k === 'back');
    await pressWhere(ANNA.id, (b) => b.token?.choice.k === 'accept');
    const gameId = buttonsOf(boardIn(w, w.chat))[0]!.token!.gameId;
    const { state } = await stored(w, gameId);
    expect(state.settings.clock).toMatchObject({ kind: 'correspondence' });
    const before = botMessages(w, w.chat).length;

    const log = () => {};
    await sweep({ ...w.app, now: () => NOW + 0.9 * DAY, log });
    const later = botMessages(w, w.chat).slice(before).map((m) => m.text);
    const mover = state.players[state.game!.turn.seat]!;
    expect(later.some((text) => text.startsWith('⏰') && text.includes(mover.name)), later.join('\n---\n')).toBe(true);

    await sweep({ ...w.app, now: () => NOW + 3 * DAY, log });
    const ended = await stored(w, gameId);
    expect(ended.state.phase).toBe('finished');
    expect(botMessages(w, w.chat).at(-1)!.text.length).toBeGreaterThan(0);
    expect(w.problems).toEqual([]);
  });
});
