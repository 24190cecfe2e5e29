/**
 * The sprites shipped in assets/sprites/ (src/render/shipped-sprites.ts) are what rasterising the
 * warm pictures' pieces gives now, pixel for pixel, with the same runs; and a picture drawn with
 * them is the picture drawn without. When this fails after a change to the pieces, the palette,
 * the font or sharp: npx tsx tools/render/make-sprites.ts
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { imageKey } from '../../src/render/composite.ts';
import { renderBoard } from '../../src/render/index.ts';
import { loadSharp } from '../../src/render/raster.ts';
import { SPRITES_FILE, decodeSprites, encodeSprites } from '../../src/render/shipped-sprites.ts';
import { WARM_PICTURES } from '../../src/render/warm-pictures.ts';
import { drawnWarmSprites } from '../../tools/render/drawn-sprites.ts';

const REMAKE = 'the shipped sprites are stale: npx tsx tools/render/make-sprites.ts';

describe('shipped sprites', () => {
  it('are the warm pictures\' pieces as rasterising gives them now, with their runs', async () => {
    // Drawn before anything reads the shipped file: this process has kept none of them yet.
    const drawn = await drawnWarmSprites();
    const shipped = await decodeSprites(readFileSync(SPRITES_FILE));
    const keys = (sprites: typeof drawn) => sprites.map((s) => imageKey(s.svg, s.sprite.width, s.sprite.height));
    expect(keys(shipped), REMAKE).toEqual(keys(drawn));
    shipped.forEach((s, i) => {
      const d = drawn[i]!;
      expect(s.sprite.rgba.equals(d.sprite.rgba), `${REMAKE} (pixels of ${s.svg.slice(0, 60)}…)`).toBe(true);
      expect(s.runs.rgb.equals(d.runs.rgb) && s.runs.index.equals(d.runs.index), REMAKE).toBe(true);
      expect([...s.runs.runs], REMAKE).toEqual([...d.runs.runs]);
      expect([...s.runs.indexSums], REMAKE).toEqual([...d.runs.indexSums]);
      expect([...s.runs.rowStart], REMAKE).toEqual([...d.runs.rowStart]);
    });
  });

  it('read back from their file as they were written', async () => {
    const drawn = (await drawnWarmSprites()).slice(0, 3);
    const back = await decodeSprites(await encodeSprites(drawn));
    expect(back.map((s) => [s.svg, s.sprite.width, s.sprite.height, [...s.runs.runs]])).toEqual(drawn.map((s) => [s.svg, s.sprite.width, s.sprite.height, [...s.runs.runs]]));
    await expect(decodeSprites(Buffer.from('not deflated'))).rejects.toThrow();
  });

  it('leave a fresh process nothing of the warm pictures to rasterise, and draw the pictures rasterised sprites draw', async () => {
    // This module instance rasterised every warm piece above; its pictures are drawn from those.
    const rasterised = await Promise.all(WARM_PICTURES.map((spec) => renderBoard(spec)));
    vi.resetModules();
    const fresh = { render: await import('../../src/render/index.ts'), composite: await import('../../src/render/composite.ts') };
    await fresh.render.warmRenderer();
    // Pixels, not PNG bytes: a band's compressed bytes may carry zlib's repeated empty flush block or not, by what its compressor did before (docs/board-picture.md).
    const pixelsOf = async (png: Buffer) => (await loadSharp())(png).raw().toBuffer();
    for (const [i, spec] of WARM_PICTURES.entries()) {
      const png = await fresh.render.renderBoard(spec);
      const expected = rasterised[i]!;
      if (!png.ok || !expected.ok) throw new Error(`warm picture ${i} did not draw`);
      expect((await pixelsOf(png.value)).equals(await pixelsOf(expected.value)), `warm picture ${i}`).toBe(true);
    }
    expect(fresh.composite.spritesRasterised()).toBe(0);
  });
});
