/**
 * Issue #47 item 5, batch A end to end on Telegram (webhook → Bot API stand-in, dynalite, sharp):
 * what the newcomer's review (reviews-2026-12-06/newcomer.md §8) saw in the chat itself.
 */
import { describe, expect, it } from 'vitest';
import { legalPlays, turnProgress, type Step } from '../../../src/engine/index.ts';
import { positionOf, seatToAct, turnContextOf, type MatchState } from '../../../src/game/index.ts';
import { LANGS, t, type MessageKey } from '../../../src/i18n/index.ts';
import { ANNA, NODAR, USERS, api, buttonsOf, challengeAndAccept, choose, problems, setupE2e, stored, world } from './e2e-harness.ts';

setupE2e();

describe('#47 B16: the first board comes before the turn notice that refers to it', () => {
  it('"Нодар, ваш ход!" gets a higher message id than the board it is about', async () => {
    let notices = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const w = world(-1047160 - seed, seed);
      await w.say(ANNA, 'сыграем?');
      await w.say(NODAR, '/nardy short', api.messages(w.group.id).at(-1)!);
      const challenge = w.live().at(-1)!;
      const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
      await w.press(ANNA, challenge, accept.data);
      expect((await stored(accept.token.gameId)).state.phase).toBe('playing');
      const posted = w.live().filter((m) => m.message_id > challenge.message_id);
      // The notice names the player to move (Nodar, in the group's Russian): "…, ваш ход!".
      const noticeOf = posted.find((m) => m.photo === undefined && m.text === t('ru', 'notify.yourMove', { name: NODAR.first_name }));
      if (!noticeOf) continue;
      notices++;
      const board = posted.find((m) => m.photo !== undefined);
      expect(board, 'a board was posted').toBeDefined();
      expect(board!.message_id, 'the board is posted before the notice').toBeLessThan(noticeOf.message_id);
    }
    expect(notices, 'in some of these games the challenger, who did not press, moves first').toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});

/** The steps a turn must begin with, each the only legal step where it stands: walked here with the engine's step API. */
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
const inAnyLanguage = (caption: string | undefined, key: MessageKey, params: Record<string, string | number>) => LANGS.some((lang) => caption?.includes(t(lang, key, params)));

describe('#47 B10: what the rules leave no choice about is played for you, a turn\'s first step too', () => {
  it('short nardy: a roll that can only begin one way (a checker entering from the bar) is shown with that step made and said, offering what is left', async () => {
    const w = world(-1047101, 4710);
    const gameId = await challengeAndAccept(w, '/nardy short');
    let seen = 0;
    for (let presses = 0; presses < 1500 && seen < 4; presses++) {
      const { state } = await stored(gameId);
      if (state.phase !== 'playing') break;
      const turn = state.game!.turn;
      const forced = turn.stage === 'moving' && turn.dice ? stepsWithoutChoice(state) : [];
      if (forced.length > 0 && turn.steps.length <= forced.length) {
        seen++;
        // Made by the write that rolled the dice: nobody pressed it, and it is no one's to undo.
        expect(turn.steps, 'the steps the rules chose are made').toEqual(forced);
        const board = w.board();
        expect(inAnyLanguage(board.caption, 'caption.forcedSteps', { name: state.players[turn.seat]!.name, steps: written(forced) }), board.caption).toBe(true);
        const buttons = buttonsOf(board);
        expect(buttons.map((b) => b.token.choice.k)).not.toContain('undo');
        const next = turnProgress(positionOf(state.settings, state.game!), turn.dice!, forced, turnContextOf(state.game!));
        if (!next.ok) throw new Error(next.error.message);
        for (const b of buttons) {
          const c = b.token.choice;
          if (c.k === 'step') expect(next.value.next.some((s) => s.from === c.from && s.to === c.to), `${b.label} goes on from the steps made`).toBe(true);
        }
        // Or, when few, the whole plays, each the steps made and what may follow them: every legal play of the roll.
        const plays = buttons.filter((b) => b.token.choice.k === 'play').map((b) => b.label);
        if (plays.length > 0) expect(plays.sort()).toEqual(legalPlays(positionOf(state.settings, state.game!), turn.dice!, turnContextOf(state.game!)).map((p) => p.move).sort());
        expect(buttons.some((b) => ['step', 'pick', 'play'].includes(b.token.choice.k)), 'the board offers the rest of the turn').toBe(true);
      }
      const player = USERS.get(state.players[seatToAct(state)!]!.id)!;
      await w.press(player, w.board(), choose(buttonsOf(w.board()), w.rng, undefined).data);
    }
    expect(seen, 'turns that began with a step the rules chose').toBeGreaterThan(0);
    expect(problems).toEqual([]);
  }, 300_000);
});

describe('#47 B17: the caption says what the cube and the clock wait for', () => {
  it('short nardy to 3, cube and a 15+15 clock: a double shows its value and who decides, a take is said, and the deadline is a moment (UTC)', async () => {
    const w = world(-1047171, 4717);
    await w.say(ANNA, 'сыграем?');
    await w.say(NODAR, '/nardy short 3', api.messages(w.group.id).at(-1)!);
    const challenge = () => w.live().at(-1)!;
    const pressOn = async (k: string, extra: (b: ReturnType<typeof buttonsOf>[number]) => boolean = () => true) => {
      const button = buttonsOf(challenge()).find((b) => b.token.choice.k === k && extra(b));
      expect(button, `a ${k} button`).toBeDefined();
      await w.press(k === 'accept' ? ANNA : NODAR, challenge(), button!.data);
      return button!;
    };
    await pressOn('settings');
    const { token } = await pressOn('set', (b) => b.token.choice.k === 'set' && b.token.choice.key === 'l' && b.token.choice.value === 'f');
    await pressOn('back');
    await pressOn('accept');
    const gameId = token.gameId;
    expect((await stored(gameId)).state.settings).toMatchObject({ doubling: true, clock: { kind: 'fischer', bankMinutes: 15 } });

    // The deadline, written here from the stored clock: the seat to act's bank from the moment its turn began.
    const deadlineIn = (state: MatchState) => {
      const seat = seatToAct(state)!;
      return { name: state.players[seat]!.name, time: `${new Date(state.clock!.since + state.clock!.bank[seat]).toISOString().slice(11, 19)} UTC` };
    };
    let doubled = false;
    for (let presses = 0; presses < 300 && !doubled; presses++) {
      const { state } = await stored(gameId);
      expect(state.phase).toBe('playing');
      const board = w.board();
      expect(inAnyLanguage(board.caption, 'caption.deadline', deadlineIn(state)), board.caption).toBe(true);
      const buttons = buttonsOf(board);
      const player = USERS.get(state.players[seatToAct(state)!]!.id)!;
      const double = buttons.find((b) => b.token.choice.k === 'double');
      if (double) {
        await w.press(player, board, double.data);
        doubled = true;
      } else {
        await w.press(player, board, choose(buttons, w.rng, undefined).data);
      }
    }
    expect(doubled, 'a double was offered').toBe(true);
    const offered = await stored(gameId);
    const taker = offered.state.players[seatToAct(offered.state)!]!;
    const value = offered.state.game!.cube.value * 2;
    const caption = w.board().caption;
    expect(inAnyLanguage(caption, 'caption.cubeOffered', { value, name: taker.name }), caption).toBe(true);
    expect(inAnyLanguage(caption, 'caption.cubeCentred', { value: offered.state.game!.cube.value }), 'the cube as it stood before the double').toBe(false);
    expect(inAnyLanguage(caption, 'caption.deadline', deadlineIn(offered.state)), 'the taker\'s deadline').toBe(true);

    await w.press(USERS.get(taker.id)!, w.board(), buttonsOf(w.board()).find((b) => b.token.choice.k === 'take')!.data);
    const taken = await stored(gameId);
    expect(taken.state.game!.cube).toEqual({ value, owner: seatToAct(offered.state) });
    const after = w.board().caption;
    expect(inAnyLanguage(after, 'caption.taken', { name: taker.name, value }), after).toBe(true);
    expect(inAnyLanguage(after, 'caption.deadline', deadlineIn(taken.state)), 'the doubler\'s deadline, now theirs to move').toBe(true);
    expect(problems).toEqual([]);
  }, 300_000);
});
