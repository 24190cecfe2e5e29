/**
 * Issue 16, point 2, end to end on Discord: `/nardy move play:<text>` through the production
 * endpoint and the API stand-in. No message-content intent is needed: the move is the option. A
 * legal play edits the board in place; an illegal one is answered with the reason, nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalPlays } from '../../../src/engine/index.ts';
import { positionOf, seatToAct, turnContextOf, type MatchState } from '../../../src/game/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { ANNA, boardIn, buttonsOf, NODAR, PEOPLE, publicMessages, stored, whispersTo, world, type World } from './harness.ts';

let w: World;
beforeAll(async () => {
  w = await world(1616);
});
afterAll(() => w.discord.close());

const mover = (state: MatchState) => PEOPLE.get(state.players[seatToAct(state)!]!.id)!;

async function newGame(channel: string): Promise<string> {
  await w.act(w.discord.command(NODAR, channel, 'challenge', { opponent: ANNA, variant: 'short', match: 0, cube: false }));
  const accept = buttonsOf(publicMessages(w, channel).at(-1)!).find((b) => b.token.choice.k === 'accept')!;
  await w.act(w.discord.press(ANNA, publicMessages(w, channel).at(-1)!, accept.customId));
  return accept.token.gameId;
}

describe('issue 16: /nardy move on Discord', () => {
  it('a legal play typed with /nardy move is stored and the board is edited in place', async () => {
    const channel = w.discord.guildChannel();
    const gameId = await newGame(channel);
    const { record, state } = await stored(w, gameId);
    const game = state.game!;
    const play = legalPlays(positionOf(state.settings, game), game.turn.dice!, turnContextOf(game))[0];
    const board = boardIn(w, channel);
    await w.act(w.discord.command(mover(state), channel, 'move', { play: play.move }));
    const after = await stored(w, gameId);
    expect(after.record.version).toBe(record.version + 1);
    expect(after.state.history.some((e) => e.type === 'played' && e.move === play.move)).toBe(true);
    const edited = publicMessages(w, channel).find((m) => m.id === board.id)!;
    expect(buttonsOf(edited).every((b) => b.token.version === after.record.version), 'the board in place shows the stored version').toBe(true);
    expect(w.problems).toEqual([]);
  });

  it('an illegal play is answered with the reason in the mover\'s language; nothing is stored', async () => {
    const channel = w.discord.guildChannel();
    const gameId = await newGame(channel);
    const { record, state } = await stored(w, gameId);
    const person = mover(state);
    await w.act(w.discord.command(person, channel, 'move', { play: '7/1' }));
    const lang = person.locale === 'ru' ? 'ru' : 'en';
    // The reason is the mover's own business: ephemeral, nothing public (#47, B15).
    const posted = publicMessages(w, channel).length;
    expect(whispersTo(w, channel, person).at(-1)!.content).toBe(t(lang, 'move.noChecker', { point: 7 }));
    expect((await stored(w, gameId)).record.version).toBe(record.version);
    await w.act(w.discord.command(person, channel, 'move', { play: 'a good one' }));
    expect(whispersTo(w, channel, person).at(-1)!.content).toBe(t(lang, 'error.invalid-notation'));
    expect(publicMessages(w, channel).length).toBe(posted);
    expect(w.problems).toEqual([]);
  });

  it('"roll" typed out of turn is answered to the sender alone (#47, B15)', async () => {
    const channel = w.discord.guildChannel();
    const gameId = await newGame(channel);
    const { state } = await stored(w, gameId);
    const waiting = mover(state) === ANNA ? NODAR : ANNA;
    const posted = publicMessages(w, channel).length;
    await w.act(w.discord.command(waiting, channel, 'move', { play: 'roll' }));
    expect(whispersTo(w, channel, waiting).at(-1)!.content).toBe(t(waiting.locale === 'ru' ? 'ru' : 'en', 'toast.notYourTurn'));
    expect(publicMessages(w, channel).length).toBe(posted);
    expect(w.problems).toEqual([]);
  });
});
