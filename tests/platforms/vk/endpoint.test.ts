/**
 * The VK Callback API endpoint through the Lambda streaming handler and the stand-in: the
 * confirmation code, the secret key, `ok` before the work, and an event applied at most once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/index.ts';
import { ANNA, botMessages, boardIn, buttonsOf, NODAR, stored, world, type World } from './harness.ts';

let w: World;
beforeAll(async () => {
  w = await world(50);
});
afterAll(() => w.vk.close());

describe('the VK Callback API endpoint', () => {
  it('answers the confirmation event with the community\'s code, and nothing else of another community', async () => {
    expect(await w.post(JSON.stringify(w.vk.confirmationEvent()))).toMatchObject({ status: 200, body: w.vk.confirmation });
    expect(await w.post(JSON.stringify({ ...w.vk.confirmationEvent(), group_id: 1 }))).toMatchObject({ status: 403 });
    expect(await w.post('not json')).toMatchObject({ status: 400 });
  });

  it('refuses an event without the secret key: 403, nothing done', async () => {
    const event = w.vk.message(NODAR.id, NODAR.id, '/help');
    expect(await w.post(JSON.stringify({ ...event, secret: 'guess' }))).toMatchObject({ status: 403, body: 'bad secret' });
    expect(botMessages(w, NODAR.id)).toEqual([]);
  });

  it('answers ok, then the work: /help in a private chat, in the user\'s language', async () => {
    await w.act(w.vk.message(NODAR.id, NODAR.id, '/help'));
    expect(botMessages(w, NODAR.id).at(-1)!.text).toBe(t('ru', 'help.vk'));
  });

  it('an event sent again is applied once', async () => {
    const event = w.vk.message(ANNA.id, w.chat, '/nardy');
    await w.act(event);
    await w.act(event);
    const challenges = botMessages(w, w.chat).filter((m) => m.text.includes('Anna'));
    expect(challenges).toHaveLength(1);
  });

  it('a challenge accepted, the board sent as an uploaded photo, a press answered and the board edited in place', async () => {
    const challenge = botMessages(w, w.chat).at(-1)!;
    const accept = buttonsOf(challenge).find((b) => b.token?.choice.k === 'accept')!;
    await w.act(w.vk.press(NODAR.id, w.chat, challenge.cmid, accept.payload));
    const board = boardIn(w, w.chat);
    expect(board.attachments[0]!.bytes.subarray(1, 4).toString()).toBe('PNG');
    const play = buttonsOf(board).find((b) => b.token?.choice.k === 'play')!;
    const { state } = await stored(w, play.token!.gameId);
    const mover = state.players[state.game!.turn.seat]!.id === 'vk:11' ? NODAR : ANNA;
    const press = w.vk.press(mover.id, w.chat, board.cmid, play.payload);
    await w.act(press);
    const after = boardIn(w, w.chat);
    expect(after.cmid).toBe(board.cmid);
    expect(after.edits).toBe(1);
    expect(w.vk.pressAnswer(press.object.event_id as string)?.answeredAt).toBeDefined();
    // Another player's press is refused with a snackbar, the board left as it is.
    const next = buttonsOf(after).find((b) => b.token !== undefined)!;
    const wrong = w.vk.press(mover.id, w.chat, after.cmid, next.payload);
    await w.act(wrong);
    expect(w.vk.pressAnswer(wrong.object.event_id as string)?.answer?.text).toBeTruthy();
    expect(w.problems).toEqual([]);
  });
});
