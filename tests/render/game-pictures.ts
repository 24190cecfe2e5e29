/**
 * A game's pictures in the order a chat sees them: each turn its dice, a checker picked (a
 * view-only press) and the play made, in one view throughout (the point numbers follow the side
 * to move unless the view fixes them, app/views.ts). For the band tests and bench/render.ts.
 */
import type { BoardPicture } from '../../src/render/index.ts';
import { playRandomGame } from '../arbitraries.ts';

export function gamePictures(seed: number, turns: number, view: BoardPicture['view'] = { bottom: 'white' }): BoardPicture[] {
  const game = playRandomGame('short', {}, seed, { stopAfter: turns });
  const pictures: BoardPicture[] = [];
  for (const { turn, position, dice, play } of game.records) {
    const mover = turn % 2 === 0 ? 'white' : 'black';
    const byColour = (b: readonly (readonly number[])[]) => (mover === 'white' ? { white: [...b[0]], black: [...b[1]] } : { white: [...b[1]], black: [...b[0]] });
    const spec: BoardPicture = { variant: 'short', board: byColour(position.board), turn: mover, dice: { values: dice }, showPips: true, view, players: { white: { name: 'Анна' }, black: { name: 'Bob' } } };
    pictures.push(spec);
    if (!play) continue;
    const first = play.steps[0];
    pictures.push({ ...spec, highlights: { selected: { point: first.from, destinations: [first.to] } } });
    pictures.push({ ...spec, board: byColour(play.board), dice: { values: dice, left: [] }, highlights: { turnSteps: play.steps.map((x) => ({ from: x.from, to: x.to })) } });
  }
  return pictures;
}
