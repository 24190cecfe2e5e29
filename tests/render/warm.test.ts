/**
 * `warmRenderer` (src/render/index.ts), called at a process's start, rasterises the pieces most
 * first pictures show: a first picture of a game just begun then rasterises only its players'
 * panels, not its checkers or dice.
 */
import { describe, expect, it } from 'vitest';
import { renderBoard, warmRenderer, type BoardPicture } from '../../src/render/index.ts';
import { spritesRasterised } from '../../src/render/composite.ts';
import { GOLDEN } from './golden-specs.ts';

async function newPieces(spec: BoardPicture): Promise<number> {
  const before = spritesRasterised();
  const r = await renderBoard(spec);
  expect(r.ok).toBe(true);
  return spritesRasterised() - before;
}

const start = GOLDEN['short-start']!;
const named = (white: string, black: string) => ({ white: { name: white }, black: { name: black } });

describe('warmRenderer', () => {
  it('leaves a first picture of a game just begun only its panels to rasterise', async () => {
    await warmRenderer();
    // The warm-up asks for its pieces once the font is read: let them reach the rasteriser.
    await new Promise((done) => setTimeout(done, 100));
    const first = await newPieces({ ...start, board: { ...start.board, mover: 'black' }, players: named('Zoe', 'Yan'), dice: { values: [4, 2] } });
    // The same board with other names: what is new is only the names' panel parts.
    const names = await newPieces({ ...start, board: { ...start.board, mover: 'black' }, players: named('Ann', 'Bo'), dice: { values: [4, 2] } });
    expect(names).toBeGreaterThan(0);
    expect(first).toBe(names);
  });
});
