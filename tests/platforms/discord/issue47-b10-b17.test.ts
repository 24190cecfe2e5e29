/**
 * Issue #47, B10 and B17 on Discord, through the production endpoint (signed interactions, the API
 * stand-in over real HTTP, dynalite, sharp): a turn that must begin with one step begins with it
 * made and said; a double on offer shows its value and who decides, a take is said; the
 * correspondence deadline is in the board's words (reviews-2026-12-06/newcomer.md §8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnProgress, type Step } from '../../../src/engine/index.ts';
import { positionOf, seatToAct, turnContextOf, type MatchState } from '../../../src/game/index.ts';
import { t, type MessageKey } from '../../../src/i18n/index.ts';
import { escapeMarkdown } from '../../../src/platforms/discord/content.ts';
import { mulberry32 } from '../../arbitraries.ts';
import { ANNA, boardIn, buttonsOf, NODAR, PEOPLE, publicMessages, stored, world, type World } from './harness.ts';

let w: World;

beforeAll(async () => {
  w = await world(4710);
});
afterAll(() => w.discord.close());

/** The steps a turn must begin with, each the only legal step where it stands (the engine's step API). */
function stepsWithoutChoice(state: MatchState): Step[] {
  const game = state.game!;
  const made: Step[] = [];
  for (;;) {
    const progress = turnProgress(positionOf(state.settings, game), game.turn.dice!, made, turnContextOf(game));
    if (!progress.ok || progress.value.complete || progress.value.next.length !== 1 || progress.value.playCount <= 1) return made;
    made.push(progress.value.next[0]);
  }
}

const written = (steps: readonly Step[]) => steps.map((s) => `${s.from === 25 ? 'bar' : s.from}/${s.to === 0 ? 'off' : s.to}${s.hit ? '*' : ''}`).join(' ');

/** The game speaks its challenger's language, Nodar's Russian; Discord's content is escaped Markdown (a hit's `*` is `\\*`). */
const said = (content: string, key: MessageKey, params: Record<string, string | number>) => content.includes(escapeMarkdown(t('ru', key, params)));

describe('#47 B10, B17 on Discord: what was played for the player, the cube on offer, the deadline', () => {
  it('short nardy to 3, cube, one day a move: the forced entry is made and said; the double and the take are said; the deadline is a date (UTC)', async () => {
    const channel = w.discord.guildChannel();
    expect((await w.deliver(w.discord.command(NODAR, channel, 'challenge', { opponent: ANNA, variant: 'short', match: 3, cube: true, clock: 'd1' }))).status).toBe(200);
    const challenge = publicMessages(w, channel).at(-1)!;
    const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
    await w.act(w.discord.press(ANNA, challenge, accept.customId));
    const gameId = accept.token.gameId;
    expect((await stored(w, gameId)).state.settings).toMatchObject({ doubling: true, clock: { kind: 'correspondence', daysPerMove: 1 } });

    const rng = mulberry32(17);
    let forcedSeen = 0;
    let doubled = false;
    for (let presses = 0; presses < 2000 && (forcedSeen === 0 || !doubled); presses++) {
      const { state } = await stored(w, gameId);
      if (state.phase !== 'playing') break;
      const board = boardIn(w, channel);
      const seat = seatToAct(state)!;
      // The deadline, written here from the stored clock: a day from the turn's start, plus the pool (none here).
      const deadline = new Date(state.clock!.since + 86_400_000 + state.clock!.bank[seat]);
      expect(board.content, 'the deadline: its day and time (UTC)').toMatch(new RegExp(`⏰ ${state.players[seat]!.name}: .*\\b${deadline.getUTCDate()}\\b.*${deadline.toISOString().slice(11, 16)} UTC`));
      const turn = state.game!.turn;
      const forced = turn.stage === 'moving' && turn.dice ? stepsWithoutChoice(state) : [];
      if (forced.length > 0 && turn.steps.length <= forced.length) {
        forcedSeen++;
        expect(turn.steps).toEqual(forced);
        expect(said(board.content, 'caption.forcedSteps', { name: state.players[turn.seat]!.name, steps: written(forced) }), board.content).toBe(true);
        expect(buttonsOf(board).map((b) => b.token.choice.k)).not.toContain('undo');
      }
      const buttons = buttonsOf(board);
      const person = PEOPLE.get(state.players[seat]!.id)!;
      const double = buttons.find((b) => b.token.choice.k === 'double');
      if (double && !doubled) {
        doubled = true;
        await w.act(w.discord.press(person, board, double.customId));
        const offered = boardIn(w, channel).content;
        const taker = state.players[seat === 0 ? 1 : 0]!.name;
        expect(said(offered, 'caption.cubeOffered', { value: state.game!.cube.value * 2, name: taker }), offered).toBe(true);
        expect(said(offered, 'caption.cubeCentred', { value: state.game!.cube.value }), 'the cube as it stood').toBe(false);
        const again = await stored(w, gameId);
        const takeButton = buttonsOf(boardIn(w, channel)).find((b) => b.token.choice.k === 'take')!;
        await w.act(w.discord.press(PEOPLE.get(again.state.players[seatToAct(again.state)!]!.id)!, boardIn(w, channel), takeButton.customId));
        const after = boardIn(w, channel).content;
        expect(said(after, 'caption.taken', { name: taker, value: state.game!.cube.value * 2 }), after).toBe(true);
        continue;
      }
      const of = (k: string) => buttons.filter((b) => b.token.choice.k === k);
      const moves = ['confirm', 'play', 'step', 'pick'].map(of).find((list) => list.length > 0) ?? [];
      const choice = of('take')[0] ?? of('roll')[0] ?? moves[Math.floor(rng() * moves.length)];
      expect(choice, `a way forward among ${buttons.map((b) => b.label).join(', ')}`).toBeDefined();
      await w.act(w.discord.press(person, board, choice!.customId));
    }
    expect(forcedSeen, 'turns that began with a step the rules chose').toBeGreaterThan(0);
    expect(doubled).toBe(true);
    expect(w.problems).toEqual([]);
  }, 600_000);
});
