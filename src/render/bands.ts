/**
 * A picture as bands of rows, each drawn and compressed once per look. Compressing the whole
 * picture cost more than drawing it (14 ms of zlib for 2.6 MB of rows), and most of a picture is
 * what the one before showed: picking a checker adds a ring and a few spots, a step moves two
 * checkers. A band's look is its background and the pieces that reach into it, each by its image
 * and place; a band whose look was drawn before reuses its compressed rows, so a press pays for the
 * bands it changed (and a picture drawn again, for none). The bands' pixels are the compositor's
 * (composite.ts), each given its palette colour (palette.ts: the posterised colour's nearest of
 * 256), so a band is stored as one byte a pixel.
 *
 * A band drawn anew does not index all its 30,720 pixels: that was the press's largest cost on the
 * main thread (about 4.4 ms for ten bands), and most of them are the background's. A background's
 * band is indexed once per look (its rows, filter bytes included, kept by the band's name); a band
 * drawn over it starts from a copy of those rows, and `blend` gives a palette index only to the
 * pixels it writes — an opaque run copies the sprite's own indices, made when the sprite was first
 * laid, and an edge pixel is indexed as it is blended — through the same mapping (`paletteIndex`),
 * so the rows are the ones indexing the whole band would give (tests/render/band-indexing.test.ts).
 * Nor is the band read again for its Adler-32: `blend` keeps how its writes moved the background
 * rows' sums (png.ts, `changedAdler`).
 */
import { createHash } from 'node:crypto';
import { HEIGHT, WIDTH } from './geometry.ts';
import { backgroundKey, scenePieces } from './picture.ts';
import { backgroundOf, blend, imageKey, place, spriteOf, type Placed, type Sprite } from './composite.ts';
import { indexRows } from './palette.ts';
import { shippedBackground } from './shipped-backgrounds.ts';
import { keepShippedSprites } from './shipped-sprites.ts';
import { adler32, assemblePng, changedAdler, compressBand, type CompressedBand } from './png.ts';
import type { Scene } from './scene.ts';

/** Rows per band: 32 compress as well as the whole picture did; fewer pay the empty window more often. */
export const BAND_ROWS = 32;
export const BANDS = Math.ceil(HEIGHT / BAND_ROWS);
/** One row as PNG stores it: its filter byte, then a palette index a pixel. */
export const ROW = 1 + WIDTH;
/** A band's RGB pixels while its pieces are laid over them: one for the process, bands are drawn one at a time. */
const canvas = Buffer.allocUnsafe(BAND_ROWS * WIDTH * 3);
/** About 1.5 KB each: a hundred pictures' worth. */
const KEPT_BANDS = 3000;

const bands = new Map<string, Promise<CompressedBand>>();
let drawnSoFar = 0;

/** How many bands this process has drawn and compressed (tests and benches watch it grow). */
export function bandsDrawn(): number {
  return drawnSoFar;
}

/** What the kept bands hold (bench/memory.ts): how many, their compressed bytes, and the bytes of the pieces' names. */
export async function bandMemory(): Promise<{ readonly bands: number; readonly chunkBytes: number; readonly imageIds: number; readonly imageKeyBytes: number; readonly paletteBands: number }> {
  let chunkBytes = 0;
  for (const band of await Promise.all(bands.values())) chunkBytes += band.chunk.length;
  let imageKeyBytes = 0;
  for (const key of imageIds.keys()) imageKeyBytes += key.length;
  return { bands: bands.size, chunkBytes, imageIds: imageIds.size, imageKeyBytes, paletteBands: paletteBands.size };
}

/**
 * Pieces' images by number, so a band's look is short to write. A number is never given to another
 * image: when the table is cleared, the bands keyed by the old numbers simply stop matching.
 */
const imageIds = new Map<string, number>();
let nextImageId = 0;
/** Keys hold the pieces' SVG (a panel's is a few KB): a few pictures' worth of new panels each turn. */
const KEPT_IMAGE_IDS = 2000;

/**
 * Backgrounds' bands as PNG rows (filter bytes and palette indices), by the band's name (a
 * background drawn for the other side to move shares all but its number bands): made once each,
 * the first time pieces are laid over one. Kept for good, as the backgrounds are (composite.ts):
 * 30 KB a band, 28 bands for each of a dozen backgrounds at most.
 */
const paletteBands = new Map<string, PaletteRows>();

/** A band's rows as PNG stores them (filter bytes and palette indices), and their Adler-32. */
interface PaletteRows {
  readonly rows: Buffer;
  readonly adler: number;
}

/** A background's pixels, and a name for each band's rows of it (a hash of their pixels). */
interface Banded {
  readonly pixels: Buffer;
  readonly bandLooks: readonly string[];
}

/**
 * Backgrounds by look, with their bands' names: the board's numbers follow the side to move, so
 * the background changes at every turn, but only in the bands the numbers stand in — the others
 * keep their name, and every band drawn over them before.
 */
const banded = new Map<string, { readonly promise: Promise<Banded>; ready: boolean }>();

function bandedBackground(scene: Scene): { readonly promise: Promise<Banded>; ready: boolean } {
  const key = backgroundKey(scene);
  let entry = banded.get(key);
  if (entry === undefined) {
    // A background shipped in the package (shipped-backgrounds.ts) comes with its bands' rows; one
    // that is not, or cannot be read, is rasterised and its bands named here.
    const rasterised = () => backgroundOf(scene).then((pixels) => ({ pixels, bandLooks: bandLooksOf(pixels) }));
    const shipped = shippedBackground(key)?.then(({ pixels, rows, bandLooks, adlers }) => {
      bandLooks.forEach((look, b) => {
        if (!paletteBands.has(look)) paletteBands.set(look, { rows: bandOf(rows, b, ROW), adler: adlers[b]! });
      });
      return { pixels, bandLooks };
    });
    const promise = shipped === undefined ? rasterised() : shipped.catch(rasterised);
    const made = { promise, ready: false };
    promise.then(() => void (made.ready = true), () => banded.delete(key));
    banded.set(key, made);
    entry = made;
  }
  return entry;
}

/** Band `b` of a picture's rows, each `rowBytes` long. */
export function bandOf(rows: Buffer, b: number, rowBytes: number): Buffer {
  return rows.subarray(b * BAND_ROWS * rowBytes, Math.min(HEIGHT, (b + 1) * BAND_ROWS) * rowBytes);
}

/** The name of each band of a background: a hash of its pixels. */
export function bandLooksOf(pixels: Buffer): string[] {
  return Array.from({ length: BANDS }, (_, b) => createHash('sha256').update(bandOf(pixels, b, WIDTH * 3)).digest('base64url').slice(0, 16));
}

/** Starts rasterising pieces' images (their failures show again where the images are laid). */
function askFor(pieces: readonly Placed[]): void {
  for (const p of pieces) void spriteOf(p.svg, p.width, p.height).catch(() => undefined);
}

let shippedKept: Promise<void> | undefined;

/** Returns the PNG of a scene (one without a result card), drawing and compressing only the bands not drawn before. */
export async function scenePng(scene: Scene): Promise<Buffer> {
  const background = bandedBackground(scene);
  // The shipped pieces are kept before any piece is asked for, or a first picture would rasterise them again.
  shippedKept ??= keepShippedSprites().then(() => undefined, () => undefined);
  await shippedKept;
  const placed = scenePieces(scene).map(place);
  // Each piece by its image and place, written once for the bands it reaches.
  const named = placed.map((p) => `${imageId(p)}@${p.left},${p.top}`);
  // A background not drawn yet (the process's first picture of this view): its pieces are drawn meanwhile.
  if (!background.ready) askFor(placed);
  const { pixels, bandLooks } = await background.promise;
  const looks = new Array<Promise<CompressedBand>>(BANDS);
  const missing: { key: string; b: number; inBand: number[] }[] = [];
  for (let b = 0; b < BANDS; b++) {
    const first = b * BAND_ROWS;
    const end = Math.min(HEIGHT, first + BAND_ROWS);
    const inBand: number[] = [];
    let key = `${bandLooks[b]}#${b}:`;
    for (let i = 0; i < placed.length; i++) {
      if (placed[i].top >= end || placed[i].top + placed[i].height <= first) continue;
      key += inBand.length === 0 ? named[i] : `;${named[i]}`;
      inBand.push(i);
    }
    const band = bands.get(key);
    if (band === undefined) {
      missing.push({ key, b, inBand });
      continue;
    }
    // The most recently used go last, so the first ones are the ones to drop.
    bands.delete(key);
    bands.set(key, band);
    looks[b] = band;
  }
  if (missing.length > 0) {
    // Every image is asked for at once, so the new ones are rasterised together (composite.ts);
    // each band is drawn as soon as its own are there: the bands of kept images while librsvg
    // draws the new ones (a first picture's names, a new pip count).
    const images = new Map<number, Promise<Sprite>>();
    for (const { inBand } of missing) {
      for (const i of inBand) if (!images.has(i)) images.set(i, spriteOf(placed[i].svg, placed[i].width, placed[i].height));
    }
    drawnSoFar += missing.length;
    for (const { key, b, inBand } of missing) {
      const first = b * BAND_ROWS;
      const band = Promise.all(inBand.map((i) => images.get(i)!)).then((sprites) => {
        const drawn = drawBand(pixels, bandLooks[b], inBand.map((i, k) => [placed[i], sprites[k]!] as const), first, Math.min(HEIGHT, first + BAND_ROWS));
        return compressBand(drawn.rows, drawn.adler);
      });
      band.catch(() => bands.delete(key));
      bands.set(key, band);
      looks[b] = band;
    }
    for (const old of bands.keys()) {
      if (bands.size <= KEPT_BANDS) break;
      bands.delete(old);
    }
  }
  return assemblePng(WIDTH, HEIGHT, await Promise.all(looks));
}

/**
 * Returns the filtered palette rows `first`..`end` − 1, the background's with the band's pieces
 * over them in order, and their Adler-32. Only the pixels the pieces write are given a palette
 * index here, and only those move the Adler-32 from the background's; the background's rows were
 * given theirs once (`paletteBand`).
 */
function drawBand(background: Buffer, look: string, pieces: readonly (readonly [Placed, Sprite])[], first: number, end: number): PaletteRows {
  const under = paletteBand(background, look, first, end);
  const out = Buffer.allocUnsafe(under.rows.length);
  under.rows.copy(out);
  // The pieces' half-covered edges blend with the background's colours.
  background.copy(canvas, 0, first * WIDTH * 3, end * WIDTH * 3);
  const rows = { data: canvas, stride: WIDTH * 3, offset: 0, first, end };
  const indexed = { data: out, stride: ROW, offset: 1, changed: { sum: 0, weighted: 0 } };
  for (const [p, image] of pieces) blend(rows, image, p.left, p.top, indexed);
  return { rows: out, adler: changedAdler(under.adler, indexed.changed.sum, indexed.changed.weighted) };
}

function paletteBand(background: Buffer, look: string, first: number, end: number): PaletteRows {
  let band = paletteBands.get(look);
  if (band === undefined) {
    const rows = Buffer.allocUnsafe((end - first) * ROW);
    indexRows(background.subarray(first * WIDTH * 3, end * WIDTH * 3), (end - first) * WIDTH, WIDTH, rows, 0);
    band = { rows, adler: adler32(rows) };
    paletteBands.set(look, band);
  }
  return band;
}

function imageId(p: Placed): number {
  const key = imageKey(p.svg, p.width, p.height);
  let id = imageIds.get(key);
  if (id === undefined) {
    if (imageIds.size >= KEPT_IMAGE_IDS) imageIds.clear();
    id = nextImageId++;
    imageIds.set(key, id);
  }
  return id;
}
