/**
 * A picture's pixels without rasterising the whole picture each time. Rasterising one 960 × 896
 * SVG document cost librsvg 14–17 ms per picture, a third of it for the empty canvas alone, and
 * almost all of it for things drawn before: the board, the numbers, the same few checkers and dice.
 * Here the background is rasterised once per view, and each piece once per look (a white checker,
 * a black one with "7" on it, a used 5…) into an image of its own box; a picture copies its
 * background and lays its pieces' images over it in order, blending their edges as librsvg would.
 * New pieces (a panel with a new clock reading) are rasterised together, in parallel. A finished
 * game's picture is the exception: its result card dims the whole board, so every pixel would be
 * blended; librsvg draws that one faster as one document.
 *
 * A piece drawn at the corner of its own image comes out as it would in the whole document
 * whenever it stands on whole pixels, which every piece does (tests/render/composite.test.ts
 * compares the two ways over the golden pictures and random positions).
 */
import { HEIGHT, WIDTH } from './geometry.ts';
import { backgroundKey, backgroundSvg, sceneSvg, scenePieces, svgDocument, OUTPUT_WIDTH } from './picture.ts';
import type { Piece } from './pieces.ts';
import { indexRun, paletteIndex } from './palette.ts';
import { loadSharp, rasterisePixels } from './raster.ts';
import type { Scene } from './scene.ts';

/** Raw RGB pixels of a whole picture. */
export interface Pixels {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

/** A piece rasterised: unpremultiplied RGBA over the pixel box it covers. */
export interface Sprite {
  readonly rgba: Buffer;
  readonly width: number;
  readonly height: number;
}

if (OUTPUT_WIDTH !== WIDTH) throw new Error('the compositor draws the design at one pixel per unit');

const backgrounds = new Map<string, Promise<Buffer>>();

/**
 * Keeps rasterised sprites up to this many bytes, least recently used out first. A sprite costs
 * more than its RGBA: the runs `runsOf` makes when it is first laid hold its pixels again as RGB
 * and palette indices, and a view object on V8's heap for each opaque run (about 90 bytes each,
 * a text has hundreds), and those are counted too (`countRuns`). Counting RGBA alone, 24 MB of it
 * meant about 60 MB of memory, reached only after tens of thousands of presses: each new clock
 * reading, pip count or name is a sprite, and the cache grew by about 2 MB a thousand presses all
 * that while (bench/memory.ts; issue #46). A press's pieces are a few dozen, most of them shipped
 * (kept apart, below): 12 MB holds about a hundred of the others (a panel's pieces are wide), enough
 * that presses were no slower in the same turns as with the old budget, and an evicted one costs a
 * librsvg call when it is shown again.
 */
const SPRITE_BYTES = 12 * 1024 * 1024;
/** A sprite bigger than this is drawn each time, not kept (a panel is 292 KB). */
const LARGEST_KEPT = 512 * 1024;
/** What a typed-array view costs on V8's heap (measured in heap snapshots: about 90 bytes), for `countRuns`. */
const VIEW_BYTES = 96;
/**
 * Kept sprites by their SVG and box. `bytes` is what the entry holds: 0 for a shipped sprite
 * (`keepSprite`), which is never evicted — all of them are views into the one inflated file, so
 * dropping one would free nothing and cost a librsvg call the next time it is shown.
 */
interface Kept {
  readonly image: Promise<Sprite>;
  bytes: number;
  readonly pinned: boolean;
}
const sprites = new Map<string, Kept>();
/** Each kept rasterised sprite's entry, so that its runs are counted with it when made. */
const keptOf = new WeakMap<Sprite, { readonly key: string; readonly kept: Kept }>();
let spriteBytes = 0;

/** Returns the RGB pixels of a scene. */
export async function scenePixels(scene: Scene): Promise<Pixels> {
  if (scene.result !== undefined) return rasterisePixels(sceneSvg(scene));
  const placed = scenePieces(scene).map(place);
  const [background, images] = await Promise.all([backgroundOf(scene), Promise.all(placed.map(({ svg, width, height }) => spriteOf(svg, width, height)))]);
  const data = Buffer.allocUnsafe(background.length);
  background.copy(data);
  const rows = { data, stride: WIDTH * 3, offset: 0, first: 0, end: HEIGHT };
  for (let i = 0; i < placed.length; i++) blend(rows, images[i], placed[i].left, placed[i].top);
  return { data, width: WIDTH, height: HEIGHT };
}

/** A piece's whole-pixel box and its SVG drawn relative to the box's top-left corner. */
export interface Placed {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly svg: string;
}

/** Returns where a piece's image goes and what it draws. */
export function place(p: Piece): Placed {
  // One pixel more on each side for the anti-aliased edge.
  const left = Math.floor(p.x + p.box[0]) - 1;
  const top = Math.floor(p.y + p.box[1]) - 1;
  const width = Math.ceil(p.x + p.box[2]) + 1 - left;
  const height = Math.ceil(p.y + p.box[3]) + 1 - top;
  return { left, top, width, height, svg: p.draw(p.x - left, p.y - top) };
}

/** Returns the RGB pixels of a scene's background (rasterised once per look). */
export function backgroundOf(scene: Scene): Promise<Buffer> {
  const key = backgroundKey(scene);
  let background = backgrounds.get(key);
  if (background === undefined) {
    background = rasterisePixels(svgDocument(backgroundSvg(scene))).then((pixels) => pixels.data);
    background.catch(() => backgrounds.delete(key));
    backgrounds.set(key, background);
  }
  return background;
}

let rasterisedSoFar = 0;

/** How many pieces' images this process has rasterised (tests watch it grow). */
export function spritesRasterised(): number {
  return rasterisedSoFar;
}

/** What a piece's image is known by: its box and its SVG (two pieces drawing the same at the same size share one). */
export function imageKey(svg: string, width: number, height: number): string {
  return `${width}×${height}${svg}`;
}

/** Returns a piece's image (rasterised once per look, while it is kept). */
export function spriteOf(svg: string, width: number, height: number): Promise<Sprite> {
  const key = imageKey(svg, width, height);
  const kept = sprites.get(key);
  if (kept !== undefined) {
    // The most recently used go last, so the first ones are the ones to drop.
    sprites.delete(key);
    sprites.set(key, kept);
    return kept.image;
  }
  const image = rasteriseSprite(svg, width, height);
  rasterisedSoFar += 1;
  const bytes = width * height * 4;
  if (bytes > LARGEST_KEPT) return image;
  const entry = { image, bytes, pinned: false };
  sprites.set(key, entry);
  spriteBytes += bytes;
  image.then((sprite) => void keptOf.set(sprite, { key, kept: entry }), () => forget(key));
  trimSprites();
  return image;
}

/** Drops the least recently used rasterised sprites until the kept ones fit `SPRITE_BYTES`. */
function trimSprites(): void {
  for (const [old, kept] of sprites) {
    if (spriteBytes <= SPRITE_BYTES) break;
    if (!kept.pinned) forget(old);
  }
}

/** Counts a kept sprite's runs (`runsOf`) with it: their RGB, indices, tables and views. */
function countRuns(sprite: Sprite, runs: Runs): void {
  const entry = keptOf.get(sprite);
  // Dropped meanwhile (or drawn anew under the same key): nothing of it is kept to count.
  if (entry === undefined || sprites.get(entry.key) !== entry.kept) return;
  const { kept } = entry;
  const bytes = runs.rgb.length + runs.index.length + runs.runs.byteLength + runs.indexSums.byteLength + runs.rowStart.byteLength +
    (runs.rgbRuns.length + runs.indexRuns.length) * VIEW_BYTES;
  kept.bytes += bytes;
  spriteBytes += bytes;
  trimSprites();
}

/** What the kept pieces' images hold (bench/memory.ts): how many, the bytes counted against `SPRITE_BYTES` (shipped ones are not), and their keys' length. */
export function spriteMemory(): { readonly sprites: number; readonly spriteBytes: number; readonly keyBytes: number } {
  let keyBytes = 0;
  for (const key of sprites.keys()) keyBytes += key.length;
  return { sprites: sprites.size, spriteBytes, keyBytes };
}

function forget(key: string): void {
  const kept = sprites.get(key);
  if (kept === undefined) return;
  sprites.delete(key);
  spriteBytes -= kept.bytes;
}

/** Sprites asked for in the same turn of the event loop, drawn together (`drawTogether`). */
let asked: { readonly svg: string; readonly width: number; readonly height: number; readonly done: (s: Promise<Sprite>) => void }[] = [];

/**
 * Rasterises a sprite's SVG document; the sprites asked for in the same turn of the event loop
 * (a picture's new pieces) are drawn in one document. librsvg's set-up and sharp's round trip
 * cost about a millisecond a call whatever the size, so a first picture's forty pieces took
 * forty of those; together they take one.
 */
function rasteriseSprite(svg: string, width: number, height: number): Promise<Sprite> {
  return new Promise((done) => {
    if (asked.length === 0) queueMicrotask(drawAsked);
    asked.push({ svg, width, height, done });
  });
}

function drawAsked(): void {
  const batch = asked;
  asked = [];
  if (batch.length === 1) return batch[0]!.done(rasteriseOne(batch[0]!.svg, batch[0]!.width, batch[0]!.height));
  const sheet = drawTogether(batch);
  batch.forEach((sprite, i) => sprite.done(sheet.then((sprites) => sprites[i]!)));
}

async function rasteriseOne(svg: string, width: number, height: number): Promise<Sprite> {
  const sharp = await loadSharp();
  const document = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${svg}</svg>`;
  const { data, info } = await sharp(Buffer.from(document)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { rgba: data, width: info.width, height: info.height };
}

/** Space between sprites on a sheet: nothing drawn at one sprite's edge reaches the next. */
const GAP = 2;

/**
 * Draws sprites on one sheet, in rows as wide as the picture, each in a nested viewport of its own
 * at whole-pixel coordinates (clipped to its box, as its own document would be), then cuts them out.
 */
async function drawTogether(batch: readonly { readonly svg: string; readonly width: number; readonly height: number }[]): Promise<Sprite[]> {
  const sharp = await loadSharp();
  const sheetWidth = Math.max(WIDTH, ...batch.map((s) => s.width));
  const at: { x: number; y: number }[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const s of batch) {
    if (x > 0 && x + s.width > sheetWidth) [x, y, rowHeight] = [0, y + rowHeight + GAP, 0];
    at.push({ x, y });
    x += s.width + GAP;
    rowHeight = Math.max(rowHeight, s.height);
  }
  const sheetHeight = y + rowHeight;
  const body = batch.map((s, i) => `<svg x="${at[i]!.x}" y="${at[i]!.y}" width="${s.width}" height="${s.height}" viewBox="0 0 ${s.width} ${s.height}">${s.svg}</svg>`).join('');
  const document = `<svg xmlns="http://www.w3.org/2000/svg" width="${sheetWidth}" height="${sheetHeight}" viewBox="0 0 ${sheetWidth} ${sheetHeight}">${body}</svg>`;
  const { data } = await sharp(Buffer.from(document)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return batch.map((s, i) => {
    const rgba = Buffer.allocUnsafe(s.width * s.height * 4);
    for (let row = 0; row < s.height; row++) {
      const from = ((at[i]!.y + row) * sheetWidth + at[i]!.x) * 4;
      data.copy(rgba, row * s.width * 4, from, from + s.width * 4);
    }
    return { rgba, width: s.width, height: s.height };
  });
}

/** Rows of RGB pixels being drawn: picture rows `first`..`end` − 1, each `stride` bytes after the last, from `offset` in `data`. */
export interface Rows {
  readonly data: Buffer;
  readonly stride: number;
  readonly offset: number;
  readonly first: number;
  readonly end: number;
}

/**
 * Palette rows drawn alongside `Rows` (the same picture rows): pixel x of a row at `offset + x`,
 * each row `stride` bytes after the last. Given them, `blend` gives every pixel it writes its
 * palette index there, leaves the others alone, and adds to `changed` how its writes moved the
 * two sums Adler-32 is made of (unreduced): the bytes' sum, and their sum weighted by how many
 * bytes of `data` are left from each, itself included. So the rows' Adler-32 follows from the
 * one before without reading them all again (png.ts, `changedAdler`).
 */
export interface IndexedRows {
  readonly data: Buffer;
  readonly stride: number;
  readonly offset: number;
  readonly changed: { sum: number; weighted: number };
}

/**
 * A sprite's rows as runs: opaque pixels (copied, from `rgb`) and half-covered ones (blended);
 * the clear ones in between are skipped without being looked at. A checker is mostly one opaque
 * run a row, a text mostly clear: both are laid faster than pixel by pixel.
 */
export interface Runs {
  /** The sprite's pixels as RGB, for copying opaque runs whole. */
  readonly rgb: Buffer;
  /** The palette indices of its opaque pixels, for copying opaque runs whole into palette rows. */
  readonly index: Buffer;
  /** Per run: its first x, its end x, and 1 for opaque or 0 for half-covered. */
  readonly runs: Int32Array;
  /**
   * Per run, its pixels in `rgb` and `index` as views kept for copying (empty for a half-covered
   * run): `set` from a kept view costs a fifth of `Buffer.copy`, which makes a view each call,
   * and a band copies a hundred runs or more.
   */
  readonly rgbRuns: readonly Uint8Array[];
  readonly indexRuns: readonly Uint8Array[];
  /** Per run, two sums of its indices (for `IndexedRows.changed`): theirs, and theirs weighted as `weightedSums` weighs them. */
  readonly indexSums: Int32Array;
  /** Where each row's runs begin in `runs` (in entries of three); `height + 1` of them. */
  readonly rowStart: Int32Array;
}

const NO_RUN = new Uint8Array(0);
/** The sums of the indices an opaque run replaces (`weightedSums`), for `blend`. */
const replaced = new Int32Array(2);

const runsOfSprite = new WeakMap<Sprite, Runs>();

/** A sprite's runs, found once per sprite (and kept with it). */
export function runsOf(sprite: Sprite): Runs {
  let found = runsOfSprite.get(sprite);
  if (found !== undefined) return found;
  const stored = storedRunsOf.get(sprite);
  if (stored !== undefined) {
    found = runsFrom(sprite, stored);
    runsOfSprite.set(sprite, found);
    return found;
  }
  const { rgba, width, height } = sprite;
  // Zeroed: only opaque pixels are written, and a shipped sprite's file must not hold leftover memory.
  const rgb = Buffer.alloc(width * height * 3);
  const index = Buffer.alloc(width * height);
  const list: number[] = [];
  const rgbRuns: Uint8Array[] = [];
  const indexRuns: Uint8Array[] = [];
  const rowStart = new Int32Array(height + 1);
  for (let y = 0; y < height; y++) {
    rowStart[y] = list.length / 3;
    for (let x = 0; x < width;) {
      const a = rgba[(y * width + x) * 4 + 3];
      if (a === 0) {
        x++;
        continue;
      }
      const opaque = a === 255;
      const from = x;
      for (; x < width; x++) {
        const s = (y * width + x) * 4;
        const b = rgba[s + 3];
        if (b === 0 || (b === 255) !== opaque) break;
        rgb[(y * width + x) * 3] = rgba[s];
        rgb[(y * width + x) * 3 + 1] = rgba[s + 1];
        rgb[(y * width + x) * 3 + 2] = rgba[s + 2];
      }
      if (opaque) indexRun(rgb, (y * width + from) * 3, x - from, index, y * width + from);
      list.push(from, x, opaque ? 1 : 0);
      rgbRuns.push(opaque ? rgb.subarray((y * width + from) * 3, (y * width + x) * 3) : NO_RUN);
      indexRuns.push(opaque ? index.subarray(y * width + from, y * width + x) : NO_RUN);
    }
  }
  rowStart[height] = list.length / 3;
  const indexSums = new Int32Array((list.length / 3) * 2);
  indexRuns.forEach((run, k) => weightedSums(run, 0, run.length, indexSums, k * 2));
  found = { rgb, index, runs: Int32Array.from(list), rgbRuns, indexRuns, indexSums, rowStart };
  runsOfSprite.set(sprite, found);
  countRuns(sprite, found);
  return found;
}

/** What a sprite's runs are stored as (shipped-sprites.ts): the rest of `Runs` is views into these. */
export type StoredRuns = Pick<Runs, 'rgb' | 'index' | 'runs' | 'indexSums' | 'rowStart'>;

/** Runs kept with sprites made elsewhere (`keepSprite`), made into `Runs` when the sprite is first laid. */
const storedRunsOf = new WeakMap<Sprite, StoredRuns>();

function runsFrom(sprite: Sprite, stored: StoredRuns): Runs {
  const { rgb, index, runs, rowStart } = stored;
  const rgbRuns: Uint8Array[] = [];
  const indexRuns: Uint8Array[] = [];
  for (let y = 0; y < sprite.height; y++) {
    const at = y * sprite.width;
    for (let r = rowStart[y]! * 3, end = rowStart[y + 1]! * 3; r < end; r += 3) {
      const opaque = runs[r + 2] === 1;
      rgbRuns.push(opaque ? rgb.subarray((at + runs[r]!) * 3, (at + runs[r + 1]!) * 3) : NO_RUN);
      indexRuns.push(opaque ? index.subarray(at + runs[r]!, at + runs[r + 1]!) : NO_RUN);
    }
  }
  return { ...stored, rgbRuns, indexRuns };
}

/**
 * Keeps a sprite made elsewhere (a shipped one, shipped-sprites.ts) with its runs, as if this
 * process had rasterised it: `spriteOf` then finds it under its SVG and box.
 */
export function keepSprite(svg: string, sprite: Sprite, runs: StoredRuns): void {
  const key = imageKey(svg, sprite.width, sprite.height);
  if (sprites.has(key)) return;
  storedRunsOf.set(sprite, runs);
  sprites.set(key, { image: Promise.resolve(sprite), bytes: 0, pinned: true });
}

/**
 * Lays a sprite over rows of RGB pixels with its top-left corner at (left, top) of the picture,
 * clipped to the rows; and, given `indexed`, gives the pixels it writes their palette index there.
 */
export function blend(rows: Rows, sprite: Sprite, left: number, top: number, indexed?: IndexedRows): void {
  const { rgba, width, height } = sprite;
  const { rgb: spriteRgb, index, runs, rgbRuns, indexRuns, indexSums, rowStart } = runsOf(sprite);
  const rgb = rows.data;
  const out = indexed?.data;
  const n = out?.length ?? 0;
  // How this sprite's writes move the palette rows' sums (`IndexedRows.changed`).
  let sum = 0;
  let weighted = 0;
  const x0 = Math.max(0, -left);
  const x1 = Math.min(width, WIDTH - left);
  const y0 = Math.max(0, rows.first - top);
  const y1 = Math.min(height, rows.end - top);
  for (let y = y0; y < y1; y++) {
    const row = top + y - rows.first;
    const rowAt = row * rows.stride + rows.offset + left * 3;
    const indexAt = indexed === undefined ? 0 : row * indexed.stride + indexed.offset + left;
    for (let r = rowStart[y] * 3, end = rowStart[y + 1] * 3; r < end; r += 3) {
      const from = Math.max(runs[r], x0);
      const to = Math.min(runs[r + 1], x1);
      if (from >= to) continue;
      if (runs[r + 2] === 1) {
        if (from === runs[r] && to === runs[r + 1]) {
          rgb.set(rgbRuns[r / 3], rowAt + from * 3);
          if (out === undefined) continue;
          // The run's new indices' sums were made with the sprite; the ones they replace are read.
          const at = indexAt + from;
          weightedSums(out, at, at + to - from, replaced, 0);
          out.set(indexRuns[r / 3], at);
          const moved = indexSums[(r / 3) * 2] - replaced[0];
          sum += moved;
          weighted += (n - at - (to - from)) * moved + indexSums[(r / 3) * 2 + 1] - replaced[1];
          continue;
        }
        // Clipped at the picture's edge.
        spriteRgb.copy(rgb, rowAt + from * 3, (y * width + from) * 3, (y * width + to) * 3);
        if (out === undefined) continue;
        for (let x = from; x < to; x++) {
          const value = index[y * width + x];
          const moved = value - out[indexAt + x];
          out[indexAt + x] = value;
          sum += moved;
          weighted += (n - indexAt - x) * moved;
        }
        continue;
      }
      for (let x = from, s = (y * width + from) * 4, d = rowAt + from * 3; x < to; x++, s += 4, d += 3) {
        const a = rgba[s + 3];
        const b = 255 - a;
        const red = ((rgba[s] * a + rgb[d] * b + 127) / 255) | 0;
        const green = ((rgba[s + 1] * a + rgb[d + 1] * b + 127) / 255) | 0;
        const blue = ((rgba[s + 2] * a + rgb[d + 2] * b + 127) / 255) | 0;
        rgb[d] = red;
        rgb[d + 1] = green;
        rgb[d + 2] = blue;
        if (out === undefined) continue;
        const value = paletteIndex(red, green, blue);
        const moved = value - out[indexAt + x];
        out[indexAt + x] = value;
        sum += moved;
        weighted += (n - indexAt - x) * moved;
      }
    }
  }
  if (indexed === undefined) return;
  indexed.changed.sum += sum;
  indexed.changed.weighted += weighted;
}

/**
 * Writes into `sums` at `at` the sum of `bytes` from..end − 1 and their sum weighted by how many
 * of them are left from each, itself included (the last counts once, the first end − from times),
 * summed as Adler-32 sums them: each byte into a running sum, the running sum into the weighted one.
 */
function weightedSums(bytes: Uint8Array, from: number, end: number, sums: Int32Array, at: number): void {
  let running = 0;
  let weighted = 0;
  for (let i = from; i < end; i++) {
    running += bytes[i];
    weighted += running;
  }
  sums[at] = running;
  sums[at + 1] = weighted;
}
