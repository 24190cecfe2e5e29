/**
 * Backgrounds drawn when the package is made, not when a picture first needs one. A background is
 * the board and its point numbers: eight looks (the home's side, the family's numbering, the numbers
 * following the side at the bottom or not). Rasterising one took librsvg 12–25 ms and giving its
 * 860,000 pixels their palette indices as much again in code not yet compiled, both inside a
 * process's first picture: the largest part of a cold start's first answer after the import
 * (bench/local.ts). Here each is read from assets/backgrounds/ (55 KB deflated: its RGB pixels,
 * then its rows as an indexed PNG stores them), with its bands' names and checksums from
 * background-bands.ts. tools/render/make-backgrounds.ts makes both;
 * tests/render/shipped-backgrounds.test.ts fails when they are not what rasterising gives now.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { SHIPPED_BANDS } from './background-bands.ts';
import { HEIGHT, WIDTH } from './geometry.ts';

/** The folder of the shipped backgrounds (beside assets/fonts/ in the source tree and in the package). */
export const BACKGROUNDS_DIR = fileURLToPath(new URL('../../assets/backgrounds/', import.meta.url));

/** A shipped background: its RGB pixels, its rows with filter bytes and palette indices, and per band its name and those rows' Adler-32. */
export interface ShippedBackground {
  readonly pixels: Buffer;
  readonly rows: Buffer;
  readonly bandLooks: readonly string[];
  readonly adlers: readonly number[];
}

/** The file a background's look is shipped in. */
export function backgroundFile(key: string): string {
  return `${key.replaceAll(':', '-')}.bin`;
}

const loaded = new Map<string, Promise<ShippedBackground>>();

/** The shipped background of `key` (`backgroundKey`), read once; undefined when none is shipped for it. */
export function shippedBackground(key: string): Promise<ShippedBackground> | undefined {
  const bands = SHIPPED_BANDS[key];
  if (bands === undefined) return undefined;
  let background = loaded.get(key);
  if (background === undefined) {
    const rgb = WIDTH * HEIGHT * 3;
    // Read and inflated at once, on this thread (1–2 ms), in one piece (zlib's default is 16 KB at
    // a time): through the thread pool, a first picture drawn while the main thread was busy
    // waited for the trips between them (shipped-sprites.ts).
    background = new Promise((resolve) => {
      const data = inflateRawSync(readFileSync(`${BACKGROUNDS_DIR}${backgroundFile(key)}`), { chunkSize: rgb + HEIGHT * (1 + WIDTH) });
      if (data.length !== rgb + HEIGHT * (1 + WIDTH)) throw new Error(`${backgroundFile(key)} holds ${data.length} bytes, not a ${WIDTH} × ${HEIGHT} background: make it again (tools/render/make-backgrounds.ts)`);
      resolve({ pixels: data.subarray(0, rgb), rows: data.subarray(rgb), bandLooks: bands.looks, adlers: bands.adlers });
    });
    background.catch(() => loaded.delete(key));
    loaded.set(key, background);
  }
  return background;
}
