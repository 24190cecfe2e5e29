/**
 * Matches with checkable dice for the tests: the reducer driven with the match's own derived dice
 * from its stored roll index, as the app draws them (src/app/matches.ts `diceOf`).
 */
import { derivedDice } from '../../src/dice/fair.ts';
import { legalPlays } from '../../src/engine/index.ts';
import { apply, createChallenge, positionOf, seatToAct, turnContextOf, type Command, type MatchState } from '../../src/game/index.ts';
import type { Rng } from '../arbitraries.ts';
import { ANN, BOB, T0 } from '../game/fixture.ts';

export const SEED = '00'.repeat(31) + '2a';

/** The command applied with the match's own dice, as the app draws them (src/app/matches.ts `diceOf`). */
export function run(state: MatchState, command: Command): MatchState {
  const fair = state.fair!;
  const seeds = fair.seeds ?? ['ann seed', ''];
  const seeded = { ...state, fair: { ...fair, seeds } };
  const dice = derivedDice({ serverSeed: fair.serverSeed, matchId: state.id, seeds }, fair.rolls, command.type === 'accept' && state.settings.colour === 'random');
  const applied = apply(seeded, command, T0, dice);
  if (!applied.ok) throw new Error(applied.error.message);
  return applied.value.state;
}

/** A match played to its end (or `maxCommands`) with random legal plays and, now and then, a resignation. */
export function randomFairMatch(rng: Rng, variant: 'short' | 'long', colour: 'random' | 'white', serverSeed = SEED, maxCommands = 400): MatchState {
  const created = createChallenge({ id: `m${Math.floor(rng() * 1e9)}`, by: ANN, invitee: BOB.id, settings: { variant, colour, matchLength: 1 }, serverSeed }, T0);
  if (!created.ok) throw new Error(created.error.message);
  let state = run(created.value.state, { type: 'accept', by: BOB });
  for (let n = 0; n < maxCommands && state.phase === 'playing'; n++) {
    const seat = seatToAct(state)!;
    const by = state.players[seat]!.id;
    const game = state.game!;
    if (rng() < 0.003) { state = run(state, { type: 'resign', by, kind: 'oin' }); continue; }
    if (game.turn.stage === 'decide') { state = run(state, { type: 'roll', by }); continue; }
    const plays = legalPlays(positionOf(state.settings, game), game.turn.dice!, turnContextOf(game));
    state = run(state, { type: 'play', by, move: plays[Math.floor(rng() * plays.length)]?.move ?? 'Ø' });
  }
  return state;
}

