/**
 * The engine's answers about a turn in play, worked out once per game value. A press asks the same
 * questions several times — the command's play by its number, the picture's dice left and picked
 * checker, the buttons' steps — for the board it prepares while the write travels and again for
 * the board it shows; each answer runs the move generator. Game values are never changed in place
 * (the reducer makes new ones), so one game value has one answer for good.
 */
import { legalPlays, turnProgress, type Play, type Result, type TurnProgress } from '../engine/index.ts';
import { forcedSteps, positionOf, turnContextOf, type GameState, type MatchSettings } from '../game/index.ts';

const progresses = new WeakMap<GameState, Result<TurnProgress>>();
const plays = new WeakMap<GameState, readonly Play[]>();
const forced = new WeakMap<GameState, number>();

/** The turn's progress after its steps so far (`turnProgress`); the game's turn must have dice. */
export function progressOf(settings: MatchSettings, game: GameState): Result<TurnProgress> {
  let progress = progresses.get(game);
  if (progress === undefined) {
    progress = turnProgress(positionOf(settings, game), game.turn.dice!, game.turn.steps, turnContextOf(game));
    progresses.set(game, progress);
  }
  return progress;
}

/** Every legal play of the turn's roll (`legalPlays`); the game's turn must have dice. */
export function playsOf(settings: MatchSettings, game: GameState): readonly Play[] {
  let found = plays.get(game);
  if (found === undefined) {
    found = legalPlays(positionOf(settings, game), game.turn.dice!, turnContextOf(game));
    plays.set(game, found);
  }
  return found;
}

/** How many of the turn's first steps the rules chose (`forcedSteps`): made by the reducer, no one's to undo. */
export function forcedOf(settings: MatchSettings, game: GameState): number {
  let found = forced.get(game);
  if (found === undefined) {
    found = forcedSteps(settings, game);
    forced.set(game, found);
  }
  return found;
}
