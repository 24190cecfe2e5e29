/**
 * Issue 10: the computer at the table, below the platforms. Only the computer can accept a
 * challenge to the computer (and it accepts nothing else); at every stage where the match waits
 * for it, `computerCommand` gives a command the reducer accepts, and in clear positions the one a
 * player would: double a won race the opponent should pass, take a beaver when ahead, pass a
 * hopeless double, accept a resignation worth what it would win.
 */
import { describe, expect, it } from 'vitest';
import { computerCommand, computerToAct, loadComputer } from '../../src/app/computer.ts';
import { COMPUTER_ID, type Command, type MatchState } from '../../src/game/index.ts';
import { ANN, BOB, act, board, challenge, reject, step, withGame } from '../game/fixture.ts';

const brain = await loadComputer();

const COMPUTER = { id: COMPUTER_ID, name: 'Computer' };

/** Ann (White, seat 0) against the computer (seat 1); Ann opens with 6-1 (opening throw 6 / 1). */
function againstComputer(settings: Parameters<typeof challenge>[0] = {}): MatchState {
  return step(challenge({ variant: 'short', computer: 'strong', ...settings }, undefined, null), { type: 'accept', by: COMPUTER }, [6, 1]);
}

/** Applies the computer's command (it must have one, and the reducer must accept it). */
function computerActs(state: MatchState, faces: number[] = []): { command: Command; state: MatchState } {
  const command = computerCommand(state, brain);
  expect(command, `the computer acts at stage ${state.game?.turn.stage}`).toBeDefined();
  return { command: command!, state: act(state, command!, faces).state };
}

// A bear-off race: the computer (seat 1) needs about two rolls, Ann about four.
const computerAhead = board([[6, 4], [5, 3], [0, 8]], [[6, 2], [0, 13]]);

describe('issue 10: the computer at the table', () => {
  it('only the computer accepts a challenge to the computer, and it accepts no other', () => {
    expect(reject(challenge({ variant: 'short', computer: 'strong' }, undefined, null), { type: 'accept', by: BOB }).kind).toBe('not-a-player');
    expect(reject(challenge({ variant: 'short' }, undefined, null), { type: 'accept', by: COMPUTER }).kind).toBe('not-a-player');
    const state = againstComputer();
    expect(state.players[1]).toEqual(COMPUTER);
    expect(computerToAct(state)).toBeNull(); // Ann opens
  });

  it('rejects an unknown level in the settings', () => {
    const created = challenge({ variant: 'short' }, undefined, null);
    expect(reject(created, { type: 'configure', by: ANN.id, settings: { variant: 'short', computer: 'grandmaster' as never } }).kind).toBe('invalid-settings');
  });

  it('doubles a race it should win, and takes the beaver', () => {
    const decide = withGame(againstComputer({ beaver: true }), { board: computerAhead, turn: { seat: 1, stage: 'decide', dice: null, steps: [] } });
    const doubled = computerActs(decide);
    expect(doubled.command.type).toBe('double');
    const beavered = step(doubled.state, { type: 'beaver', by: ANN.id });
    const answer = computerActs(beavered, [6, 5]); // after the take the computer rolls
    expect(answer.command.type).toBe('take');
    expect(answer.state.game!.cube.value).toBe(4);
  });

  it('passes a hopeless double and takes a double it is favourite in', () => {
    const behind = board([[6, 2], [0, 13]], [[6, 4], [5, 3], [0, 8]]);
    const hopeless = withGame(againstComputer(), { board: behind, turn: { seat: 0, stage: 'doubled', dice: null, steps: [] } });
    const passed = computerActs(hopeless);
    expect(passed.command.type).toBe('pass');
    expect(passed.state.game === null || passed.state.game.ended !== null || passed.state.phase === 'finished').toBe(true);
    const early = withGame(againstComputer(), { turn: { seat: 0, stage: 'doubled', dice: null, steps: [] } });
    expect(computerActs(early, [3, 1]).command.type).toBe('take'); // then Ann rolls
  });

  it('issue 19: beavers a double it is the favourite in where beavers are on, only takes it where they are off, and does not beaver a double it would rather play on', () => {
    const annBehind = board([[6, 3], [5, 3], [0, 9]], [[6, 2], [5, 2], [0, 11]]);
    const annDoubles = (beaver: boolean, at = annBehind) => withGame(againstComputer({ beaver }), { board: at, turn: { seat: 0, stage: 'doubled', dice: null, steps: [] } });
    const beavered = computerActs(annDoubles(true));
    expect(beavered.command.type).toBe('beaver');
    expect(beavered.state.game!.turn.stage).toBe('beavered');
    expect(computerCommand(annDoubles(false), brain)?.type).toBe('take');
    // Far ahead, a beaver only makes Ann pass for 2: taking and playing on is worth more.
    expect(computerCommand(annDoubles(true, computerAhead), brain)?.type).toBe('take');
  });

  it('plays its roll, and accepts a resignation worth what it would win', () => {
    const moving = withGame(againstComputer(), { board: computerAhead, turn: { seat: 1, stage: 'moving', dice: [6, 5], steps: [] } });
    const played = computerActs(moving);
    expect(played.command).toMatchObject({ type: 'play', move: '6/1 6/off' });
    expect(played.state.game!.board[1][0]).toBe(14);
    const offered = withGame(againstComputer(), { board: computerAhead, turn: { seat: 0, stage: 'resignOffered', dice: null, steps: [], offer: 'mars' } });
    expect(computerActs(offered).command.type).toBe('acceptResign');
  });
});
