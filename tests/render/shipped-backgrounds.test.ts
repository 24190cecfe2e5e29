/**
 * The backgrounds shipped in assets/backgrounds/ (src/render/shipped-backgrounds.ts) are what
 * rasterising the board and its numbers gives now, pixel for pixel, with the same palette rows,
 * band names and checksums; and every look a picture can ask for is shipped. When this fails after
 * a change to the board, the palette, the font or sharp: npx tsx tools/render/make-backgrounds.ts
 */
import { describe, expect, it } from 'vitest';
import { SHIPPED_BANDS } from '../../src/render/background-bands.ts';
import { backgroundKey } from '../../src/render/picture.ts';
import { shippedBackground } from '../../src/render/shipped-backgrounds.ts';
import { backgroundLooks, drawnBackground } from '../../tools/render/drawn-backgrounds.ts';

const REMAKE = 'the shipped background is stale: npx tsx tools/render/make-backgrounds.ts';

describe('shipped backgrounds', () => {
  it('one for each look a background can have, and no other', () => {
    expect(Object.keys(SHIPPED_BANDS).sort()).toEqual(backgroundLooks().map(backgroundKey).sort());
  });

  it.each(backgroundLooks().map((scene) => [backgroundKey(scene), scene] as const))('%s is what rasterising gives now', async (key, scene) => {
    const [drawn, shipped] = await Promise.all([drawnBackground(scene), shippedBackground(key)]);
    expect(drawn.key).toBe(key);
    expect(shipped, `${key} is not shipped`).toBeDefined();
    expect(shipped!.pixels.equals(drawn.pixels), REMAKE).toBe(true);
    expect(shipped!.rows.equals(drawn.rows), REMAKE).toBe(true);
    expect(shipped!.bandLooks, REMAKE).toEqual(drawn.bandLooks);
    expect(shipped!.adlers, REMAKE).toEqual(drawn.adlers);
  });
});
