/**
 * Issue #15 item 7, end to end through the real webhook and the Bot API stand-in: a press that
 * leaves the picture as it is (asking to confirm a resignation, stepping back from it) edits only
 * the board's caption and buttons — no drawing, no upload — because the press names the photo the
 * board shows and this process drew that photo with the same look. A press that changes the
 * picture (a move; a checker picked, which rings it) still replaces it.
 */
import { describe, expect, it } from 'vitest';
import { seatToAct } from '../../../src/game/index.ts';
import type { StoredMessage } from '../../../src/local/telegram-api/index.ts';
import { USERS, api, buttonsOf, challengeAndAccept, problems, setupE2e, stored, world } from './e2e-harness.ts';

setupE2e();

function photoOf(message: StoredMessage): string | undefined {
  return message.photo?.sizes.at(-1)?.file_unique_id;
}

describe('issue #15: a board press edits only what changed', () => {
  it('asking to resign and stepping back keep the picture and edit the caption and buttons only; a move replaces the picture', async () => {
    const w = world(-1001500000001, 15);
    const gameId = await challengeAndAccept(w, '/nardy');
    const { state } = await stored(gameId);
    const player = USERS.get(state.players[seatToAct(state)!]!.id)!;
    const media = () => api.callsOf('editMessageMedia').length;
    const captions = () => api.callsOf('editMessageCaption').length;

    const board = w.board();
    const shown = photoOf(board);
    const askResign = buttonsOf(board).find((b) => b.token.choice.k === 'askResign');
    expect(askResign, 'the board has a Resign button').toBeDefined();
    const [mediaBefore, captionsBefore] = [media(), captions()];
    await w.press(player, board, askResign!.data);
    expect(media(), 'no new picture uploaded').toBe(mediaBefore);
    expect(captions()).toBe(captionsBefore + 1);
    const asking = w.board();
    expect(asking.message_id).toBe(board.message_id);
    expect(photoOf(asking)).toBe(shown);
    expect(buttonsOf(asking).map((b) => b.token.choice.k)).toEqual(['resign', 'back']);

    await w.press(player, asking, buttonsOf(asking).find((b) => b.token.choice.k === 'back')!.data);
    expect(media()).toBe(mediaBefore);
    expect(captions()).toBe(captionsBefore + 2);
    const back = w.board();
    expect(photoOf(back)).toBe(shown);
    expect(buttonsOf(back).map((b) => b.data)).toEqual(buttonsOf(board).map((b) => b.data));

    const play = buttonsOf(back).find((b) => b.token.choice.k === 'play' || b.token.choice.k === 'step' || b.token.choice.k === 'pick');
    expect(play, 'the board offers a move').toBeDefined();
    await w.press(player, back, play!.data);
    expect(media(), 'a move is drawn on the picture').toBe(mediaBefore + 1);
    expect(photoOf(w.board())).not.toBe(shown);
    expect(problems).toEqual([]);
  });
});
