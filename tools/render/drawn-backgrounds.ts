/**
 * The backgrounds as a process would draw them now, for tools/render/make-backgrounds.ts to ship
 * and tests/render/shipped-backgrounds.test.ts to compare with what is shipped.
 */
import { adler32 } from '../../src/render/png.ts';
import { BANDS, ROW, bandLooksOf, bandOf } from '../../src/render/bands.ts';
import { backgroundOf } from '../../src/render/composite.ts';
import { HEIGHT, WIDTH } from '../../src/render/geometry.ts';
import { indexRows } from '../../src/render/palette.ts';
import { backgroundKey } from '../../src/render/picture.ts';
import type { Scene } from '../../src/render/scene.ts';

/** A scene for each look a background can have (what `backgroundKey` reads of it). */
export function backgroundLooks(): Scene[] {
  return (['right', 'left'] as const).flatMap((home) => (['long', 'short'] as const).flatMap((family) =>
    [true, false].map((follows) => ({ home, family, bottom: 'white', numbers: follows ? 'white' : 'black' }) as unknown as Scene)));
}

export interface DrawnBackground {
  readonly key: string;
  readonly pixels: Buffer;
  readonly rows: Buffer;
  readonly bandLooks: string[];
  readonly adlers: number[];
}

/** Rasterises a background (composite.ts) and gives its rows their palette indices (palette.ts). */
export async function drawnBackground(scene: Scene): Promise<DrawnBackground> {
  const pixels = await backgroundOf(scene);
  const rows = Buffer.alloc(HEIGHT * ROW);
  indexRows(pixels, WIDTH * HEIGHT, WIDTH, rows, 0);
  const adlers = Array.from({ length: BANDS }, (_, b) => adler32(bandOf(rows, b, ROW)));
  return { key: backgroundKey(scene), pixels, rows, bandLooks: bandLooksOf(pixels), adlers };
}
