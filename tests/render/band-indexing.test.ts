/**
 * Issue #15 item 7: a band drawn anew gives a palette index only to the pixels its pieces write,
 * over its background's palette rows made once (src/render/bands.ts, `blend` in composite.ts). Its
 * PNG must be the one the whole picture gives when every pixel is indexed, byte for byte: a pixel
 * the pieces wrote but left out, or one too many, shows in the bytes.
 *
 * One thing in a band's bytes is not the picture's: when node's zlib has fewer than 6 bytes of
 * output room left at the flush, zlib writes the flush's empty stored block twice (zlib.h warns of
 * it), so where a compressor's output buffer stands — what it compressed before — adds a second
 * one now and then. Both ways' bands are compared without it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderBoard, type BoardPicture } from '../../src/render/index.ts';
import { bandsDrawn } from '../../src/render/bands.ts';
import { blend, scenePixels, type Sprite } from '../../src/render/composite.ts';
import { HEIGHT, WIDTH } from '../../src/render/geometry.ts';
import { indexRows } from '../../src/render/palette.ts';
import { adler32, assemblePng, changedAdler, compressBand } from '../../src/render/png.ts';
import { readScene } from '../../src/render/scene.ts';
import { gamePictures } from './game-pictures.ts';
import { GOLDEN } from './golden-specs.ts';
import { pictureArb } from './picture-arbitrary.ts';

const BAND_ROWS = 32;

/** The PNG the way before: the whole picture composited, every pixel indexed, every band compressed. */
async function wholePng(spec: BoardPicture): Promise<Buffer> {
  const scene = readScene(spec);
  if (!scene.ok) throw new Error(scene.error.message);
  const { data } = await scenePixels(scene.value);
  const bands = [];
  for (let first = 0; first < HEIGHT; first += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, HEIGHT - first);
    const indexed = Buffer.allocUnsafe(rows * (1 + WIDTH));
    indexRows(data.subarray(first * WIDTH * 3), rows * WIDTH, WIDTH, indexed, 0);
    bands.push(compressBand(indexed));
  }
  return assemblePng(WIDTH, HEIGHT, bands);
}

/** A second empty stored block after the flush's (`00 00 ff ff`, then one byte-aligned: `00 00 00 ff ff`). */
const REPEATED_FLUSH = Buffer.from('0000ffff000000ffff', 'hex');

/** A PNG's chunks as type and data, each band's without a repeated flush. */
function chunksOf(png: Buffer): string[] {
  const chunks: string[] = [png.subarray(0, 8).toString('hex')];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    let data = png.subarray(at + 8, at + 8 + length);
    if (data.subarray(-REPEATED_FLUSH.length).equals(REPEATED_FLUSH)) data = data.subarray(0, -5);
    chunks.push(png.toString('latin1', at + 4, at + 8) + data.toString('hex'));
    at += 12 + length;
  }
  return chunks;
}

/** Draws each picture in bands, in order (each reusing the bands of those before), and returns those whose PNG differs from the whole way's. */
async function differing(specs: readonly BoardPicture[]): Promise<{ differ: string[]; drawn: number }> {
  const differ: string[] = [];
  const before = bandsDrawn();
  for (const spec of specs) {
    const r = await renderBoard(spec);
    if (!r.ok) throw new Error(r.error.message);
    if (chunksOf(r.value).join() !== chunksOf(await wholePng(spec)).join()) differ.push(JSON.stringify(spec).slice(0, 200));
  }
  return { differ, drawn: bandsDrawn() - before };
}

const goldenDrawn = Object.values(GOLDEN).filter((g) => g.result === undefined);

describe('issue #15 item 7: a band indexes only the pixels its pieces write', () => {
  it('the golden pictures, and each with a checker picked, are byte for byte the whole way\'s PNGs', async () => {
    // Each golden picture with a checker of the side to move picked (the first point that has one), its ring and spots over the board.
    const picked = goldenDrawn.flatMap((g) => {
      for (let point = 25; point >= 1; point--) {
        const spec = { ...g, highlights: { ...g.highlights, selected: { point, destinations: [point > 6 ? point - 6 : 0, point > 1 ? point - 1 : 0] } } } as BoardPicture;
        if (readScene(spec).ok) return [spec];
      }
      return [];
    });
    expect(picked.length).toBeGreaterThan(goldenDrawn.length / 2);
    const { differ, drawn } = await differing([...goldenDrawn, ...picked, ...goldenDrawn]);
    expect(differ).toEqual([]);
    expect(drawn).toBeGreaterThan(0);
  });

  it("a game's pictures in order, in both views and with home on either side, are byte for byte the whole way's PNGs", async () => {
    const views: BoardPicture['view'][] = [{ bottom: 'white' }, { bottom: 'turn', home: 'left' }, { bottom: 'black', numbers: 'white' }];
    const { differ, drawn } = await differing(views.flatMap((view, i) => gamePictures(11 + i, 8, view)));
    expect(differ).toEqual([]);
    expect(drawn).toBeGreaterThan(0);
  });

  it("random positions of five variants with random dice, picks, highlights, cube, clocks, names and views are byte for byte the whole way's PNGs", async () => {
    await fc.assert(fc.asyncProperty(pictureArb.filter((spec) => spec.result === undefined && readScene(spec).ok), async (spec) => {
      expect((await differing([spec])).differ).toEqual([]);
    }), { numRuns: 30, seed: 15 });
  });
});

describe('issue #15 item 7: blend indexes exactly the pixels it writes', () => {
  /** A sprite of clear, opaque and half-covered pixels in runs, as pieces' edges are. */
  const spriteArb = fc.record({ width: fc.integer({ min: 1, max: 48 }), height: fc.integer({ min: 1, max: 40 }), seed: fc.integer() }).map(({ width, height, seed }): Sprite => {
    const rgba = Buffer.alloc(width * height * 4);
    let x = seed | 1;
    const next = () => ((x = (x * 1103515245 + 12345) & 0x7fffffff) >> 8) & 255;
    let alpha = 0;
    for (let i = 0; i < width * height; i++) {
      if (next() < 64) alpha = [0, 255, 1 + (next() % 254)][next() % 3];
      rgba.set([next(), next(), next(), alpha > 0 && alpha < 255 ? 1 + (next() % 254) : alpha], i * 4);
    }
    return { rgba, width, height };
  });

  it("laid anywhere over a band, even past the picture's edges, its palette rows are those of its RGB rows, and their Adler-32 follows from the sums it kept", () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(spriteArb, fc.integer({ min: -50, max: WIDTH + 2 }), fc.integer({ min: -42, max: BAND_ROWS + 2 })), { minLength: 1, maxLength: 4 }),
      fc.integer(),
      (sprites, seed) => {
        const first = 64;
        const background = Buffer.alloc(BAND_ROWS * WIDTH * 3);
        for (let i = 0, x = seed | 1; i < background.length; i++) background[i] = (x = (x * 1103515245 + 12345) & 0x7fffffff) >> 23;
        const rows = () => ({ data: Buffer.from(background), stride: WIDTH * 3, offset: 0, first, end: first + BAND_ROWS });
        const indexed = { data: Buffer.alloc(BAND_ROWS * (1 + WIDTH)), stride: 1 + WIDTH, offset: 1, changed: { sum: 0, weighted: 0 } };
        indexRows(background, BAND_ROWS * WIDTH, WIDTH, indexed.data, 0);
        const adlerBefore = adler32(indexed.data);
        const kept = rows();
        const plain = rows();
        for (const [sprite, left, top] of sprites) {
          blend(kept, sprite, left, first + top, indexed);
          blend(plain, sprite, left, first + top);
        }
        const expected = Buffer.alloc(indexed.data.length);
        indexRows(plain.data, BAND_ROWS * WIDTH, WIDTH, expected, 0);
        expect(kept.data.equals(plain.data)).toBe(true);
        expect(indexed.data.equals(expected)).toBe(true);
        expect(changedAdler(adlerBefore, indexed.changed.sum, indexed.changed.weighted)).toBe(adler32(expected));
      },
    ), { numRuns: 300, seed: 15 });
  });
});
