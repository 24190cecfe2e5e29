/**
 * The warm pictures' sprites as a process would draw them now, for tools/render/make-sprites.ts to
 * ship and tests/render/shipped-sprites.test.ts to compare with what is shipped.
 */
import { runsOf, spriteOf } from '../../src/render/composite.ts';
import type { ShippedSprite } from '../../src/render/shipped-sprites.ts';
import { warmPieces } from '../../src/render/warm-pictures.ts';

/** Rasterises the warm pictures' pieces (all asked for at once, so drawn on one sheet, as a first picture's are) and finds their runs. */
export async function drawnWarmSprites(): Promise<ShippedSprite[]> {
  const pieces = warmPieces();
  const sprites = await Promise.all(pieces.map((p) => spriteOf(p.svg, p.width, p.height)));
  return pieces.map((p, i) => ({ svg: p.svg, sprite: sprites[i]!, runs: runsOf(sprites[i]!) }));
}
