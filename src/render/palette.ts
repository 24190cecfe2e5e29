/**
 * The board pictures' fixed palette: 256 colours (palette-colours.ts, made by
 * tools/render/make-palette.ts from thousands of pictures) that stand for every colour a board
 * shows, so a picture is stored as one byte a pixel — an indexed PNG — instead of three. A third of
 * the bytes to compress, and a smaller PNG (about 43 KB instead of 66): the picture is flat colours
 * with anti-aliased edges between them, about 1,900 colours once posterised, and the palette moves
 * a held-out picture's pixels by a third of a level on average (at most about 3 of the 32 levels,
 * the golden tests' tolerance).
 *
 * A pixel is first rounded to the 32 levels a channel that `posterise` keeps, then mapped to the
 * nearest palette colour; the nearest colour of each of the 32,768 rounded colours is found when it
 * is first seen (a picture has a few thousand), not all at start.
 */
import { PALETTE_RGB } from './palette-colours.ts';
import { LEVELS } from './raster.ts';

const COLOURS = PALETTE_RGB.length / 3;
if (COLOURS !== 256 || LEVELS !== 32) throw new Error('the palette is 256 colours on 32 levels a channel: make it again (tools/render/make-palette.ts)');

/** The palette's colours as levels (0..31), for finding the nearest. */
const PALETTE_LEVELS = Uint8Array.from(PALETTE_RGB, (v) => Math.round((v * (LEVELS - 1)) / 255));
/** A channel's value → its level, as `posterise` rounds it. */
const LEVEL_OF = Uint8Array.from({ length: 256 }, (_, v) => Math.round((v * (LEVELS - 1)) / 255));
/** A rounded colour (five bits a channel) → its palette index; −1 until first seen. */
const INDEX_OF = new Int16Array(1 << 15).fill(-1);

function nearest(key: number): number {
  const r = key >> 10;
  const g = (key >> 5) & 31;
  const b = key & 31;
  let best = 0;
  let bestDistance = Infinity;
  for (let j = 0, p = 0; j < COLOURS; j++, p += 3) {
    const d = (PALETTE_LEVELS[p] - r) ** 2 + (PALETTE_LEVELS[p + 1] - g) ** 2 + (PALETTE_LEVELS[p + 2] - b) ** 2;
    if (d < bestDistance) {
      best = j;
      bestDistance = d;
    }
  }
  INDEX_OF[key] = best;
  return best;
}

/** The palette as a PNG's PLTE chunk holds it. */
export const PALETTE: Uint8Array = PALETTE_RGB;

/**
 * Writes the palette indices of `pixels` RGB pixels from `rgb` into `out` from `at`, one row of
 * `width` at a time, each after a filter byte (0: none).
 */
export function indexRows(rgb: Uint8Array, pixels: number, width: number, out: Uint8Array, at: number): void {
  let s = 0;
  let d = at;
  // Flat colours come in long runs: a pixel like the one before it takes that one's index.
  let last = -1;
  let lastIndex = 0;
  for (let done = 0; done < pixels; done += width) {
    out[d++] = 0;
    for (let x = 0; x < width; x++, s += 3) {
      const colour = (rgb[s] << 16) | (rgb[s + 1] << 8) | rgb[s + 2];
      if (colour !== last) {
        const key = (LEVEL_OF[rgb[s]] << 10) | (LEVEL_OF[rgb[s + 1]] << 5) | LEVEL_OF[rgb[s + 2]];
        const index = INDEX_OF[key];
        lastIndex = index >= 0 ? index : nearest(key);
        last = colour;
      }
      out[d++] = lastIndex;
    }
  }
}

/** Replaces each RGB pixel by its palette colour, in place: what a picture's PNG shows (for tests and tools). */
export function toPaletteColours(rgb: Uint8Array): void {
  for (let s = 0; s < rgb.length; s += 3) {
    const key = (LEVEL_OF[rgb[s]] << 10) | (LEVEL_OF[rgb[s + 1]] << 5) | LEVEL_OF[rgb[s + 2]];
    const index = INDEX_OF[key] >= 0 ? INDEX_OF[key] : nearest(key);
    rgb[s] = PALETTE_RGB[index * 3];
    rgb[s + 1] = PALETTE_RGB[index * 3 + 1];
    rgb[s + 2] = PALETTE_RGB[index * 3 + 2];
  }
}
