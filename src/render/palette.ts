/**
 * The board pictures' fixed palette: 256 colours (palette-colours.ts, made by
 * tools/render/make-palette.ts from thousands of pictures) that stand for every colour a board
 * shows, so a picture is stored as one byte a pixel — an indexed PNG — instead of three. A third of
 * the bytes to compress, and a smaller PNG (about 38 KB instead of 62): the picture is flat colours
 * with anti-aliased edges between them, about 1,900 colours once posterised, and the palette moves
 * a held-out picture's pixels by a third of a level on average (at most about 3 of the 32 levels,
 * the golden tests' tolerance).
 *
 * A pixel is first rounded to the 32 levels a channel that `posterise` keeps, then mapped to the
 * nearest palette colour, from a table of all 32,768 rounded colours made with the palette (a
 * process's first picture would otherwise search the palette for each of its colours, in code not
 * yet compiled). A picture's pixels are indexed where they are made: a background's band once
 * (`indexRows`, bands.ts), a piece's opaque pixels once per sprite and its blended edges as they are
 * laid (`blend`, composite.ts), all through `paletteIndex`.
 */
import { NEAREST, PALETTE_RGB } from './palette-colours.ts';
import { LEVELS } from './raster.ts';

if (PALETTE_RGB.length !== 256 * 3 || NEAREST.length !== 1 << 15 || LEVELS !== 32) {
  throw new Error('the palette is 256 colours on 32 levels a channel: make it again (tools/render/make-palette.ts)');
}

/** A channel's value → its level, as `posterise` rounds it. */
const LEVEL_OF = Uint8Array.from({ length: 256 }, (_, v) => Math.round((v * (LEVELS - 1)) / 255));

/** The palette as a PNG's PLTE chunk holds it. */
export const PALETTE: Uint8Array = PALETTE_RGB;

/**
 * Writes the palette indices of `pixels` RGB pixels from `rgb` into `out` from `at`, one row of
 * `width` at a time, each after a filter byte (0: none): a background's bands, once each (bands.ts).
 */
export function indexRows(rgb: Uint8Array, pixels: number, width: number, out: Uint8Array, at: number): void {
  for (let done = 0, s = 0, d = at; done < pixels; done += width, s += width * 3, d += 1 + width) {
    out[d] = 0;
    indexRun(rgb, s, width, out, d + 1);
  }
}

/** The palette index of a colour: its channels rounded as `posterise` rounds them, then the nearest palette colour. */
export function paletteIndex(red: number, green: number, blue: number): number {
  return NEAREST[(LEVEL_OF[red] << 10) | (LEVEL_OF[green] << 5) | LEVEL_OF[blue]];
}

/** Writes the palette indices of `pixels` RGB pixels from `rgb` at `from` into `out` from `at`. */
export function indexRun(rgb: Uint8Array, from: number, pixels: number, out: Uint8Array, at: number): void {
  // Flat colours come in long runs: a pixel like the one before it takes that one's index.
  let last = -1;
  let lastIndex = 0;
  for (let s = from, d = at, end = at + pixels; d < end; d++, s += 3) {
    const colour = (rgb[s] << 16) | (rgb[s + 1] << 8) | rgb[s + 2];
    if (colour !== last) {
      lastIndex = paletteIndex(rgb[s], rgb[s + 1], rgb[s + 2]);
      last = colour;
    }
    out[d] = lastIndex;
  }
}

/** Replaces each RGB pixel by its palette colour, in place: what a picture's PNG shows (for tests and tools). */
export function toPaletteColours(rgb: Uint8Array): void {
  for (let s = 0; s < rgb.length; s += 3) {
    const index = paletteIndex(rgb[s], rgb[s + 1], rgb[s + 2]);
    rgb[s] = PALETTE_RGB[index * 3];
    rgb[s + 1] = PALETTE_RGB[index * 3 + 1];
    rgb[s + 2] = PALETTE_RGB[index * 3 + 2];
  }
}
