/**
 * Pixel comparison of PNGs for the golden tests: both decoded with sharp `.raw()` (loaded through
 * the renderer, so the font setup comes first) and compared channel by channel.
 */
import { loadSharp } from '../../src/render/raster.ts';

export interface PixelDiff {
  /** The images have the same width and height. */
  readonly sameSize: boolean;
  /** Share of pixels (0..1) with some channel off by more than the threshold. */
  readonly differing: number;
  /** The largest channel difference seen (0..255). */
  readonly maxDelta: number;
}

/** The channel difference up to which two pixels count as the same (anti-aliasing noise). */
export const CHANNEL_THRESHOLD = 24;
/** The share of differing pixels a golden image tolerates (0.1 %). */
export const TOLERANCE = 0.001;

async function decode(png: Buffer | string): Promise<{ data: Buffer; width: number; height: number }> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Returns how far apart two PNGs (buffers or file paths) are. */
export async function pixelDiff(a: Buffer | string, b: Buffer | string): Promise<PixelDiff> {
  const [x, y] = await Promise.all([decode(a), decode(b)]);
  if (x.width !== y.width || x.height !== y.height) return { sameSize: false, differing: 1, maxDelta: 255 };
  let differing = 0;
  let maxDelta = 0;
  for (let i = 0; i < x.data.length; i += 3) {
    const d = Math.max(Math.abs(x.data[i] - y.data[i]), Math.abs(x.data[i + 1] - y.data[i + 1]), Math.abs(x.data[i + 2] - y.data[i + 2]));
    if (d > maxDelta) maxDelta = d;
    if (d > CHANNEL_THRESHOLD) differing++;
  }
  return { sameSize: true, differing: differing / (x.width * x.height), maxDelta };
}
