/**
 * Issue #15 item 7 on Discord, end to end through the interactions endpoint and the API stand-in:
 * a board's picture is attached as `board-<look>.png`, so a press that leaves the picture as it is
 * (asking to confirm a resignation, stepping back) edits the content and buttons and keeps the
 * attachment — nothing remembered between requests, the pressed message says what it shows — and
 * a move replaces the attachment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatToAct } from '../../../src/game/index.ts';
import { ANNA, NODAR, PEOPLE, boardIn, buttonsOf, publicMessages, stored, world, type World } from './harness.ts';

let w: World;
beforeAll(async () => {
  w = await world(15);
});
afterAll(() => w.discord.close());

describe('issue #15: a board press edits only what changed', () => {
  it('asking to resign and stepping back keep the attachment; a move replaces it', async () => {
    const channel = '200000000000000015';
    await w.act(w.discord.command(NODAR, channel, 'challenge', { opponent: ANNA }));
    const challenge = publicMessages(w, channel).at(-1)!;
    const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
    await w.act(w.discord.press(ANNA, challenge, accept.customId));
    const gameId = accept.token.gameId;
    const { state } = await stored(w, gameId);
    const player = PEOPLE.get(state.players[seatToAct(state)!]!.id)!;

    const board = boardIn(w, channel);
    const [picture] = board.attachments;
    expect(picture?.filename).toMatch(/^board-[\w-]{22}\.png$/);
    const askResign = buttonsOf(board).find((b) => b.token.choice.k === 'askResign');
    expect(askResign, 'the board has a Resign button').toBeDefined();
    await w.act(w.discord.press(player, board, askResign!.customId));
    const asking = boardIn(w, channel);
    expect(asking.id).toBe(board.id);
    expect(asking.attachments.map((a) => a.id), 'the picture is kept, not uploaded again').toEqual([picture!.id]);
    expect(buttonsOf(asking).map((b) => b.token.choice.k)).toEqual(['resign', 'back']);

    await w.act(w.discord.press(player, asking, buttonsOf(asking).find((b) => b.token.choice.k === 'back')!.customId));
    const back = boardIn(w, channel);
    expect(back.attachments.map((a) => a.id)).toEqual([picture!.id]);
    expect(buttonsOf(back).map((b) => b.customId)).toEqual(buttonsOf(board).map((b) => b.customId));

    const move = buttonsOf(back).find((b) => ['play', 'step', 'pick', 'roll'].includes(b.token.choice.k));
    expect(move, 'the board offers a move').toBeDefined();
    await w.act(w.discord.press(player, back, move!.customId));
    expect(boardIn(w, channel).attachments.map((a) => a.id)).not.toEqual([picture!.id]);
    expect(w.problems).toEqual([]);
  });
});
