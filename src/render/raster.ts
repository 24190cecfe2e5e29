/**
 * SVG → PNG with sharp (librsvg). sharp is loaded on first use, after `useBundledFonts` has pointed
 * fontconfig at the bundled font: the order matters (lovell/sharp#3713).
 *
 * Before encoding, each colour channel is rounded to 32 levels. The picture is flat colours with
 * anti-aliased edges; the rounding keeps them smooth to the eye but makes the rows repeat, which
 * roughly halves the PNG (`npm run bench` prints the measurements: palette mode, libimagequant,
 * is smaller still but three times slower).
 */
import { useBundledFonts } from './fonts.ts';

type Sharp = typeof import('sharp').default;

let loading: Promise<Sharp> | undefined;

/** Returns the sharp module, loading it (after the font setup) on the first call. */
export function loadSharp(): Promise<Sharp> {
  if (!loading) {
    useBundledFonts();
    loading = import('sharp').then((m) => m.default);
  }
  return loading;
}

/** Channel levels kept by `posterise` (32: five bits per channel). */
export const LEVELS = 32;

function roundChannel(v: number): number {
  const step = 255 / (LEVELS - 1);
  return Math.round(Math.round(v / step) * step);
}

/**
 * Two channels at a time: a 64 K table halves the loop (3 ms instead of 6 for a picture). Made on
 * first use: only tools and benches posterise now, and making it at import cost a cold start 4 ms.
 */
let roundPair: Uint16Array | undefined;

function roundPairs(): Uint16Array {
  if (roundPair === undefined) {
    const round = Uint8Array.from({ length: 256 }, (_, v) => roundChannel(v));
    roundPair = new Uint16Array(65536);
    for (let i = 0; i < 65536; i++) roundPair[i] = round[i & 0xff] | (round[i >> 8] << 8);
  }
  return roundPair;
}

/** Rounds every byte of raw pixels to `LEVELS` levels, in place. */
export function posterise(pixels: Uint8Array): void {
  const table = roundPairs();
  const even = pixels.byteOffset % 2 === 0;
  const pairs = even ? pixels.length >> 1 : 0;
  // Endianness does not matter: both bytes of a pair go through the same rounding.
  const view = new Uint16Array(pixels.buffer, pixels.byteOffset, pairs);
  for (let i = 0; i < pairs; i++) view[i] = table[view[i]];
  for (let i = pairs * 2; i < pixels.length; i++) pixels[i] = table[pixels[i]] & 0xff;
}

/** PNG encoder settings for the posterised RGB pixels (chosen by bench/render.ts). */
export const PNG_OPTIONS = { compressionLevel: 6, adaptiveFiltering: false } as const;

/** Returns the RGB pixels of an SVG document (no alpha: the picture is opaque). */
export async function rasterisePixels(svg: string): Promise<{ data: Buffer; width: number; height: number }> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Returns the PNG of an SVG document. */
export async function rasterise(svg: string): Promise<Buffer> {
  return encodePicture(await rasterisePixels(svg));
}

/** Returns the PNG of a picture's RGB pixels, posterising them in place first. */
export async function encodePicture({ data, width, height }: { data: Buffer; width: number; height: number }): Promise<Buffer> {
  const sharp = await loadSharp();
  posterise(data);
  return sharp(data, { raw: { width, height, channels: 3 } }).png(PNG_OPTIONS).toBuffer();
}
