/**
 * A picture's new pieces are rasterised together on one sheet (composite.ts `drawTogether`): each
 * must come out as it would in a document of its own, edges and all, whatever stands beside it.
 */
import { describe, expect, it } from 'vitest';
import { place, spriteOf } from '../../src/render/composite.ts';
import { scenePieces } from '../../src/render/picture.ts';
import { readScene } from '../../src/render/scene.ts';
import { GOLDEN } from './golden-specs.ts';

describe('sprites drawn together on one sheet', () => {
  it('are the sprites drawn one at a time, for every piece of the golden pictures', async () => {
    for (const [name, spec] of Object.entries(GOLDEN)) {
      const scene = readScene(spec);
      if (!scene.ok) throw new Error(scene.error.message);
      // A comment makes each look new to the sprite cache, once for the sheet and once alone.
      const placed = scenePieces(scene.value).map(place);
      const together = await Promise.all(placed.map((p) => spriteOf(`${p.svg}<!--${name} sheet-->`, p.width, p.height)));
      for (const [i, p] of placed.entries()) {
        const alone = await spriteOf(`${p.svg}<!--${name} alone-->`, p.width, p.height);
        expect([together[i]!.width, together[i]!.height]).toEqual([alone.width, alone.height]);
        let largest = 0;
        for (let k = 0; k < alone.rgba.length; k++) largest = Math.max(largest, Math.abs(alone.rgba[k]! - together[i]!.rgba[k]!));
        expect(largest, `${name}, piece ${i} (${p.width}×${p.height})`).toBe(0);
      }
    }
  });
});
