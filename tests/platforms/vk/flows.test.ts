/**
 * VK end to end beyond the buttons: typed moves replying to the board, a flood of commands held by
 * the app's buckets, a board too old to edit posted anew, VK's "too many requests" retried, the
 * scheduler's messages (no event to answer) and /lang in a conversation, which only its admins may set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalPlays } from '../../../src/engine/index.ts';
import { positionOf, turnContextOf } from '../../../src/game/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { connect, NO_PACE, vkChat, vkClient, vkEmit } from '../../../src/platforms/vk/index.ts';
import { ANNA, CAROL, NODAR, boardIn, botMessages, buttonsOf, stored, world, type World } from './harness.ts';

let w: World;
beforeAll(async () => {
  w = await world(5050);
  it('a flood of commands: the app\'s bucket answers once "slow down", then nothing, and VK is called no more', async () => {
    const before = botMessages(w, w.chat).length;
    for (let i = 0; i < 30; i++) await w.act(w.vk.message(CAROL.id, w.chat, '/games'));
    const answered = botMessages(w, w.chat).slice(before);
    expect(answered.length).toBeLessThanOrEqual(21);
    expect(answered.filter((m) => m.text === t('en', 'limits.slowDown'))).toHaveLength(1);
  });
});
afterAll(() => w.vk.close());

async function newGame(): Promise<string> {
  await w.act(w.vk.message(NODAR.id, w.chat, `/nardy short [id${ANNA.id}|Anna]`));
  const challenge = botMessages(w, w.chat).at(-1)!;
  const accept = buttonsOf(challenge).find((b) => b.token?.choice.k === 'accept')!;
  await w.act(w.vk.press(ANNA.id, w.chat, challenge.cmid, accept.payload));
  return accept.token!.gameId;
}

describe('VK flows', () => {
  it('a typed move replying to the board is played, and the board edited in place', async () => {
    const gameId = await newGame();
    const { state } = await stored(w, gameId);
    const mover = state.players[state.game!.turn.seat]!.id === `vk:${NODAR.id}` ? NODAR : ANNA;
    const board = boardIn(w, w.chat);
    // A legal whole play as a player would type it (the engine's notation), or the roll.
    const game = state.game!;
    const typed = game.turn.dice == null ? 'roll' : legalPlays(positionOf(state.settings, game), game.turn.dice, turnContextOf(game))[0]!.move;
    const { record } = await stored(w, gameId);
    await w.act(w.vk.message(mover.id, w.chat, typed!, { replyTo: board.cmid }));
    const after = await stored(w, gameId);
    expect(after.record.version).toBeGreaterThan(record.version);
    expect(boardIn(w, w.chat).cmid).toBe(board.cmid);
    expect(boardIn(w, w.chat).edits).toBeGreaterThan(0);
  });

  it('a board VK no longer lets the bot edit (error 909, a day old) is posted anew', async () => {
    const gameId = await newGame();
    const board = boardIn(w, w.chat);
    const { state } = await stored(w, gameId);
    const mover = state.players[state.game!.turn.seat]!.id === `vk:${NODAR.id}` ? NODAR : ANNA;
    w.vk.failNext('messages.edit', { code: 909, message: "Can't edit this message, because it's too old" });
    const play = buttonsOf(board).find((b) => ['play', 'step', 'roll'].includes(b.token?.choice.k ?? ''))!;
    await w.act(w.vk.press(mover.id, w.chat, board.cmid, play.payload));
    expect(boardIn(w, w.chat).cmid).toBeGreaterThan(board.cmid);
  });

  it('a picture that fails to draw (a bug, logged) leaves the board its photo, with the new caption and buttons', async () => {
    const board = boardIn(w, w.chat);
    const photo = board.attachments[0]!;
    const logged: Record<string, unknown>[] = [];
    const client = vkClient({ token: w.vk.token, apiRoot: w.vk.apiRoot, pace: NO_PACE });
    const painter = { look: async () => undefined, draw: async () => ({ ok: false as const, error: { kind: 'broken' } as never }), prepare: () => {} };
    const emit = vkEmit({ client, painter, log: (e) => void logged.push({ ...e }) });
    const view = { gameId: 'g', caption: 'the position in words', picture: {} as never, buttons: [] };
    expect(await emit({ kind: 'board', chat: vkChat(w.chat), view, replace: { chat: vkChat(w.chat), messageId: String(board.cmid) } })).toEqual({ chat: vkChat(w.chat), messageId: String(board.cmid) });
    expect(boardIn(w, w.chat)).toMatchObject({ cmid: board.cmid, text: 'the position in words', attachments: [photo] });
    expect(logged.map((e) => e.event)).toEqual(['render-failed']);
  });

  it('VK\'s "too many requests per second" (error 6) is waited out and the call made again', async () => {
    w.vk.failNext('messages.send', { code: 6, message: 'Too many requests per second' });
    await w.act(w.vk.message(CAROL.id, CAROL.id, '/rules'));
    expect(botMessages(w, CAROL.id).at(-1)!.text.length).toBeGreaterThan(100);
  });


  it('/lang in a conversation: only its admins set it (asked of VK), others are told who may', async () => {
    await w.act(w.vk.message(ANNA.id, w.chat, '/lang ru'));
    expect(botMessages(w, w.chat).at(-1)!.text).not.toMatch(/[а-я]{4}/i);
    await w.act(w.vk.message(CAROL.id, w.chat, '/lang ka'));
    expect(botMessages(w, w.chat).at(-1)!.text).toMatch(/[\u10D0-\u10FF]/);
  });

  it('the scheduler writes through the messenger with no event to answer', async () => {
    const { messenger } = connect({ groupId: w.vk.groupId, token: w.vk.token, apiRoot: w.vk.apiRoot, pace: NO_PACE, log: () => {} }, () => { throw new Error('not used'); });
    const sent = await messenger.unprompted!({ kind: 'text', chat: vkChat(NODAR.id), text: `${messenger.mention({ id: `vk:${NODAR.id}`, name: 'Нодар' })}, your move` });
    expect(sent).toEqual({ chat: vkChat(NODAR.id), messageId: String(botMessages(w, NODAR.id).at(-1)!.cmid) });
    expect(botMessages(w, NODAR.id).at(-1)!.text).toBe(`[id${NODAR.id}|Нодар], your move`);
    expect(w.problems.filter((p) => p.event !== 'vk-api-failed')).toEqual([]);
  });
  it('a flood of commands: the app\'s bucket answers once "slow down", then nothing, and VK is called no more', async () => {
    const before = botMessages(w, w.chat).length;
    for (let i = 0; i < 30; i++) await w.act(w.vk.message(CAROL.id, w.chat, '/games'));
    const answered = botMessages(w, w.chat).slice(before);
    expect(answered.length).toBeLessThanOrEqual(21);
    expect(answered.filter((m) => m.text === t('en', 'limits.slowDown'))).toHaveLength(1);
  });
});
