/**
 * Issue #18: the computer never reads the dice's seed or future rolls. Its command at every point
 * of a match against it is the same with the server seed replaced, or with no seed at all.
 */
import { describe, expect, it } from 'vitest';
import * as ai from '../../src/ai/index.ts';
import { computerCommand, computerToAct } from '../../src/app/computer.ts';
import { COMPUTER_ID, createChallenge, seatToAct, positionOf, turnContextOf } from '../../src/game/index.ts';
import { legalPlays } from '../../src/engine/index.ts';
import { run } from '../dice/fixture.ts';
import { ANN, T0 } from '../game/fixture.ts';

const SEED = '5e'.repeat(32);
const OTHER = '00'.repeat(32);
/**
 * The brain without the app's time cap on a move (MOVE_TIME_LIMIT_MS): with it, a move cut short on
 * a busy machine differs from the same move given its whole budget, whatever the seed. The seed is
 * what is compared here, so each decision gets its whole budget.
 */
const brain = { ...ai, MOVE_TIME_LIMIT_MS: undefined } as unknown as typeof ai;

describe('the computer and the seed', () => {
  // The beginner's random choices are seeded from the match: a seed mixed into them would show.
  it.each([['short', 'strong'], ['long', 'strong'], ['short', 'beginner']] as const)('%s, %s: every decision is the same with the seed replaced or gone', (variant, level) => {
    const created = createChallenge({ id: `cpu${variant}${level}`, by: ANN, invitee: null, settings: { variant, computer: level, doubling: variant === 'short', matchLength: 3 }, serverSeed: SEED }, T0);
    if (!created.ok) throw new Error(created.error.message);
    let state = run(created.value.state, { type: 'accept', by: { id: COMPUTER_ID, name: 'Computer' } });
    let compared = 0;
    for (let n = 0; n < 80 && state.phase === 'playing'; n++) {
      if (computerToAct(state) !== null) {
        const command = computerCommand(state, brain)!;
        expect(computerCommand({ ...state, fair: { ...state.fair!, serverSeed: OTHER } }, brain)).toEqual(command);
        const { fair: _fair, ...noSeed } = state;
        expect(computerCommand(noSeed, brain)).toEqual(command);
        compared++;
        state = run(state, command);
        continue;
      }
      const game = state.game!;
      const by = state.players[seatToAct(state)!]!.id;
      if (game.turn.stage === 'decide') { state = run(state, { type: 'roll', by }); continue; }
      if (game.turn.stage === 'doubled') { state = run(state, { type: 'take', by }); continue; }
      const plays = legalPlays(positionOf(state.settings, game), game.turn.dice!, turnContextOf(game));
      state = run(state, { type: 'play', by, move: plays[0]?.move ?? 'Ø' });
    }
    expect(compared).toBeGreaterThan(10);
  });
});
