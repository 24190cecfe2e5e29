/**
 * Issue 16, point 1, end to end in a Telegram group through the real webhook and the Bot API
 * stand-in: a step that leaves one way to end the turn ends it at once (the default), and with
 * `/confirm on` the same step lays the rest out and the turn waits for Confirm, Undo still there.
 * Long nardy, where the head rule makes such rests common (one checker off the head, then the
 * other die must move it on).
 */
import { describe, expect, it } from 'vitest';
import { turnProgress, type Step } from '../../../src/engine/index.ts';
import { positionOf, seatToAct, turnContextOf, type MatchState } from '../../../src/game/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { USERS, buttonsOf, challengeAndAccept, choose, problems, setupE2e, stored, world, type Pressable } from './e2e-harness.ts';

setupE2e();

/** A step button on the board whose step leaves a forced rest of at least one more step, if any (often within doubles). */
function stepWithForcedRest(state: MatchState, buttons: readonly Pressable[]): { button: Pressable; rest: readonly Step[]; move: string } | undefined {
  const game = state.game!;
  if (game.turn.stage !== 'moving') return undefined;
  const position = positionOf(state.settings, game);
  const made = game.turn.steps;
  const first = turnProgress(position, game.turn.dice!, made, turnContextOf(game));
  if (!first.ok) return undefined;
  for (const button of buttons) {
    const c = button.token.choice;
    if (c.k !== 'step') continue;
    const step = first.value.next.find((s) => s.from === c.from && s.to === c.to && s.die === c.die)!;
    const after = turnProgress(position, game.turn.dice!, [...made, step], turnContextOf(game));
    if (after.ok && after.value.rest && after.value.rest.steps.length > 0) return { button, rest: after.value.rest.steps, move: after.value.rest.play.move };
  }
  return undefined;
}

/** Plays random offered buttons until the player to move may press a step with a forced rest; returns it. */
async function untilForcedRest(w: ReturnType<typeof world>, gameId: string) {
  let boards = 0;
  for (let presses = 0; presses < 400; presses++) {
    const { record, state } = await stored(gameId);
    if (state.phase !== 'playing') throw new Error(`the game ended before a step with a forced rest (${boards} boards with steps)`);
    if (buttonsOf(w.board()).some((b) => b.token.choice.k === 'step')) boards++;
    const board = w.board();
    const found = stepWithForcedRest(state, buttonsOf(board));
    const player = USERS.get(state.players[seatToAct(state)!]!.id)!;
    if (found) return { ...found, record, state, player };
    await w.press(player, board, choose(buttonsOf(board), w.rng, undefined).data);
  }
  throw new Error('no step with a forced rest in 400 presses');
}

describe('issue 16: a turn in the fewest presses', () => {
  it('by default the step that leaves one way to end the turn ends it, with the whole play recorded', async () => {
    const w = world(-1016101, 161);
    const gameId = await challengeAndAccept(w, '/nardy');
    const { button, move, record, state, player } = await untilForcedRest(w, gameId);
    await w.press(player, w.board(), button.data);
    const after = await stored(gameId);
    expect(after.record.version).toBe(record.version + 1);
    const played = after.state.history.filter((e) => e.type === 'played').at(-1);
    expect(played).toMatchObject({ seat: state.game!.turn.seat, move, forced: false });
    expect(buttonsOf(w.board()).some((b) => b.token.choice.k === 'confirm')).toBe(false);
    expect(problems).toEqual([]);
  }, 120_000);

  it('with /confirm on the rest is laid out, Undo takes a step back, and Confirm ends the turn', async () => {
    const w = world(-1016102, 162);
    const gameId = await challengeAndAccept(w, '/nardy');
    const { button, rest, move, record, state, player } = await untilForcedRest(w, gameId);
    const lang = player.language_code === 'ru' ? 'ru' : player.language_code === 'ka' ? 'ka' : 'en';
    await w.say(player, '/confirm');
    expect(w.live().at(-1)!.text).toBe(t(lang, 'confirm.isOff'));
    await w.say(player, '/confirm on');
    expect(w.live().at(-1)!.text).toBe(t(lang, 'confirm.on'));

    await w.press(player, w.board(), button.data);
    const laid = await stored(gameId);
    expect(laid.state.game!.turn.steps.slice(-rest.length).map((s) => `${s.from}/${s.to}`)).toEqual(rest.map((s) => `${s.from}/${s.to}`));
    expect(laid.state.history.filter((e) => e.type === 'played')).toEqual(state.history.filter((e) => e.type === 'played'));
    const kinds = buttonsOf(w.board()).map((b) => b.token.choice.k);
    expect(kinds).toEqual(expect.arrayContaining(['undo', 'confirm']));

    await w.press(player, w.board(), buttonsOf(w.board()).find((b) => b.token.choice.k === 'undo')!.data);
    const made = laid.state.game!.turn.steps.length;
    expect((await stored(gameId)).state.game!.turn.steps).toHaveLength(made - 1);
    // The step taken back is offered again, and it lays the same rest out; Confirm ends the turn.
    const again = buttonsOf(w.board()).find((b) => b.token.choice.k === 'step' && b.token.choice.from === rest.at(-1)!.from && b.token.choice.to === rest.at(-1)!.to);
    expect(again, 'the undone step is offered again').toBeDefined();
    await w.press(player, w.board(), again!.data);
    await w.press(player, w.board(), buttonsOf(w.board()).find((b) => b.token.choice.k === 'confirm')!.data);
    const confirmed = await stored(gameId);
    expect(confirmed.record.version).toBeGreaterThan(record.version + 3);
    expect(confirmed.state.history.filter((e) => e.type === 'played').at(-1)).toMatchObject({ move });
    expect(problems).toEqual([]);
  }, 120_000);
});
