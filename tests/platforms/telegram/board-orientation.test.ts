/**
 * Issue 16 end to end, through the real webhook and the Bot API stand-in: the board stays put. A
 * group's board keeps the challenger's colour at the bottom whoever is to move; a chatless
 * (inline-mode) game's private boards each show their own player at the bottom; a double offered
 * is drawn on its way to the taker, and the pass confirmation says what passing loses. Each photo
 * is compared byte for byte with a render of the game's picture turned the way the test expects.
 */
import { describe, expect, it } from 'vitest';
import { boardView } from '../../../src/app/index.ts';
import { seatToAct, type MatchState } from '../../../src/game/index.ts';
import { LANGS, t } from '../../../src/i18n/index.ts';
import { privateChatOf, type StoredMessage, type TgChat, type TgUser } from '../../../src/local/telegram-api/index.ts';
import { renderBoard, type BoardPicture, type Colour } from '../../../src/render/index.ts';
import {
  ANNA, NODAR, NOW, SECRET, USERS, api, buttonsOf, challengeAndAccept, nextMove, setupE2e, stored, world,
} from './e2e-harness.ts';

setupE2e();

const COLOUR = ['white', 'black'] as const;

/** Whether the photo is the game's picture with `bottom` at the bottom (and `change` made), in any of the languages. */
async function shows(photo: StoredMessage, state: MatchState, version: number, bottom: Colour, change: Partial<BoardPicture> = {}): Promise<boolean> {
  for (const lang of LANGS) {
    const png = await renderBoard({ ...boardView(state, version, lang, NOW).picture, view: { bottom }, ...change });
    if (png.ok && Buffer.compare(png.value, photo.photo!.bytes) === 0) return true;
  }
  return false;
}

function colourOf(state: MatchState, user: TgUser): Colour {
  return COLOUR[state.players.findIndex((p) => p?.id === `telegram:${user.id}`)];
}

describe('issue 16 end to end: a board that stays put', () => {
  it('a group game\'s boards keep the challenger\'s colour at the bottom through both players\' turns', async () => {
    const w = world(-1016001, 1601);
    const gameId = await challengeAndAccept(w, '/nardy short');
    const challenger = colourOf((await stored(gameId)).state, NODAR);
    const movers = new Set<number>();
    for (let boards = 0; boards < 3 || movers.size < 2; boards++) {
      expect(boards, 'both players moved within 12 boards').toBeLessThan(12);
      const { record, state } = await stored(gameId);
      movers.add(seatToAct(state)!);
      expect(await shows(w.board(), state, record.version, challenger), `board ${boards}: the challenger (${challenger}) at the bottom`).toBe(true);
      const { player, board, choice } = await nextMove(w, gameId);
      await w.press(player, board, choice.data);
    }
    // The comparison can tell: the same board turned the other way is another picture.
    const { record, state } = await stored(gameId);
    expect(await shows(w.board(), state, record.version, challenger === 'white' ? 'black' : 'white')).toBe(false);
  }, 120_000);

  it('an inline game\'s two private boards each show their own player at the bottom, move after move', async () => {
    const w = world(-1016002, 1602);
    const dm = (user: TgUser): TgChat => privateChatOf(user);
    const send = async (user: TgUser, text: string) => expect(await w.post(api.userMessage(user, dm(user), text))).toBe(200);
    await send(ANNA, '/start');
    const query = api.inlineQuery(ANNA, 'short');
    expect(await w.hook({ headers: { 'x-telegram-bot-api-secret-token': SECRET }, body: JSON.stringify(query) }).then((r) => r.status)).toBe(200);
    const link = (api.inlineAnswer(query.inline_query!.id)!.results[0].reply_markup as { inline_keyboard: { url: string }[][] }).inline_keyboard[0][0].url;
    await send(NODAR, `/start ${link.split('start=')[1]}`);
    const boardIn = (user: TgUser) => api.messages(dm(user).id).filter((m) => m.fromBot && !m.deleted && m.photo !== undefined).at(-1)!;
    const gameId = buttonsOf(boardIn(ANNA))[0].token.gameId;
    for (let turn = 0; turn < 2; turn++) {
      const { record, state } = await stored(gameId);
      for (const user of [ANNA, NODAR]) {
        expect(await shows(boardIn(user), state, record.version, colourOf(state, user)), `turn ${turn}: ${user.first_name} at the bottom of their board`).toBe(true);
      }
      // The player to act plays on their own board: the first play offered, or a step at a time.
      const player = USERS.get(state.players[seatToAct(state)!]!.id)!;
      for (let presses = 0; (await stored(gameId)).record.version === record.version; presses++) {
        expect(presses).toBeLessThan(10);
        const board = boardIn(player);
        const choice = buttonsOf(board).find((b) => ['play', 'confirm', 'step', 'pick', 'roll'].includes(b.token.choice.k))!;
        expect(await w.post(api.userPress(player, { chat: { id: dm(player).id }, message_id: board.message_id }, choice.data))).toBe(200);
      }
    }
  }, 120_000);
});

describe('issue 16 end to end: a double offered', () => {
  it('the board shows the cube going to the taker at its new value, and the pass confirmation says what passing loses', async () => {
    const w = world(-1016003, 1603);
    const gameId = await challengeAndAccept(w, '/nardy short 5');
    const challenger = colourOf((await stored(gameId)).state, NODAR);
    for (let i = 0; !buttonsOf(w.board()).some((b) => b.token.choice.k === 'double'); i++) {
      expect(i, 'a double is offered within 20 presses').toBeLessThan(20);
      const { player, board, choice } = await nextMove(w, gameId);
      await w.press(player, board, choice.data);
    }
    const before = await stored(gameId);
    const doubler = before.state.players[seatToAct(before.state)!]!;
    await w.press(USERS.get(doubler.id)!, w.board(), buttonsOf(w.board()).find((b) => b.token.choice.k === 'double')!.data);
    const { record, state } = await stored(gameId);
    const takerSeat = seatToAct(state)!;
    const cube = { value: 1, owner: null, offered: { value: 2, to: COLOUR[takerSeat] } };
    expect(await shows(w.board(), state, record.version, challenger, { cube })).toBe(true);

    const taker = USERS.get(state.players[takerSeat]!.id)!;
    await w.press(taker, w.board(), buttonsOf(w.board()).find((b) => b.token.choice.k === 'askPass')!.data);
    const board = w.board();
    const score = takerSeat === 0 ? [0, 1] : [1, 0];
    const words = { points: 1, a: state.players[0]!.name, sa: score[0], sb: score[1], b: state.players[1]!.name };
    const lang = LANGS.find((l) => board.caption!.includes(t(l, 'confirm.passMatch', words)));
    expect(lang, `the caption says what passing loses: ${board.caption}`).toBeDefined();
    expect(buttonsOf(board).map((b) => b.label)).toEqual([t(lang!, 'button.passLoses', { points: 1 }), t(lang!, 'button.back')]);
  }, 120_000);
});
