/**
 * The compositor (src/render/composite.ts) must give the picture librsvg gives for the whole SVG
 * document: over every golden picture and random positions of several variants with random dice,
 * highlights, cube, clocks, names, views and results, the two ways' raw pixels (before the
 * posterising) may differ only by the rounding of blending edges one image at a time. A piece box
 * that clips its ink, or a piece that does not stand on whole pixels, shows up here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoardPicture } from '../../src/render/index.ts';
import { scenePixels } from '../../src/render/composite.ts';
import { sceneSvg } from '../../src/render/picture.ts';
import { rasterisePixels } from '../../src/render/raster.ts';
import { readScene } from '../../src/render/scene.ts';
import { GOLDEN } from './golden-specs.ts';
import { pictureArb } from './picture-arbitrary.ts';

/** The largest channel difference allowed: blending an edge in 8 bits, unpremultiplied, rounds differently from cairo. */
const ROUNDING = 3;

async function compare(spec: BoardPicture): Promise<{ maxDelta: number; differing: number }> {
  const scene = readScene(spec);
  if (!scene.ok) throw new Error(scene.error.message);
  const [composited, whole] = await Promise.all([scenePixels(scene.value), rasterisePixels(sceneSvg(scene.value))]);
  expect([composited.width, composited.height]).toEqual([whole.width, whole.height]);
  let maxDelta = 0;
  let differing = 0;
  for (let i = 0; i < whole.data.length; i++) {
    const d = Math.abs(composited.data[i] - whole.data[i]);
    if (d > maxDelta) maxDelta = d;
    if (d > 0) differing++;
  }
  return { maxDelta, differing };
}

describe('issue 8: composited pictures are the SVG document\'s pictures', () => {
  for (const [name, spec] of Object.entries(GOLDEN)) {
    it(`golden ${name}`, async () => {
      const { maxDelta } = await compare(spec);
      expect(maxDelta).toBeLessThanOrEqual(ROUNDING);
    });
  }

  it('random positions of five variants with random dice, highlights, cube, clocks, names, views and results', async () => {
    await fc.assert(fc.asyncProperty(pictureArb, async (spec) => {
      const scene = readScene(spec);
      fc.pre(scene.ok);
      const { maxDelta } = await compare(spec);
      expect(maxDelta).toBeLessThanOrEqual(ROUNDING);
    }), { numRuns: 100, seed: 8 });
  });
});
