/**
 * An indexed PNG put together from bands of rows compressed one by one. Each band is deflated on
 * its own, ending in a sync flush (byte-aligned, no back-reference into another band), so a band
 * that did not change since the last picture keeps its compressed bytes: a picture is the
 * signature, the header, the palette (palette.ts), one IDAT chunk per band and the zlib stream's
 * end (the Adler-32 of every row, combined from the bands' own). Rows use filter 0 (none), as the
 * PNG specification advises for palette pictures: differences of palette indices mean nothing.
 */
import { constants, crc32, createDeflateRaw, type ZlibOptions } from 'node:zlib';
import { PALETTE } from './palette.ts';

/** A band ready to be laid into a picture: its IDAT chunk, and the Adler-32 and length of its rows. */
export interface CompressedBand {
  readonly chunk: Buffer;
  readonly adler: number;
  readonly length: number;
}

/**
 * Level 3: over a game's new bands (bench/render.ts), level 6 took about three times its
 * compressor time for 14 % fewer bytes (1.73 against 2.02 KB a band; level 1, 2.18 KB). A press's
 * picture is compressed on the two cores that also run the store's and the Bot API's round trips,
 * and a few KB more of upload cost less than that; the pixels are the same (lossless), and
 * Telegram re-encodes a photo anyway.
 */
const LEVEL = 3;
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The zlib header (deflate, 32 KB window) and the end: an empty final block of fixed codes. */
const ZLIB_HEADER = chunk('IDAT', Buffer.from([0x78, 0x9c]));
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const IEND = chunk('IEND', Buffer.alloc(0));
const PLTE = chunk('PLTE', Buffer.from(PALETTE));

/**
 * Two compressors for the process, each taking a band at a time and ending it with a full flush:
 * the flush empties the window, so no band refers back into another. A compressor per band cost
 * more to set up (its 256 KB of tables, on the main thread) than compressing a band of a step's
 * picture; two let a picture with many new bands (the first one) use two cores. Every write ends
 * in the flush (`flush`), so a band is one trip to zlib's thread, not a write and then a flush.
 */
const lanes = [0, 1].map(() => ({
  // A band compresses to a few KB: the readable side holds all of it until it is read.
  compressor: createDeflateRaw({ level: LEVEL, flush: constants.Z_FULL_FLUSH, readableHighWaterMark: 1 << 22 } as ZlibOptions),
  queue: Promise.resolve() as Promise<unknown>,
  waiting: 0,
}));
// A compressor that fails fails its band's write (the picture's promise rejects); unlistened, the error would end the process.
for (const { compressor } of lanes) compressor.on('error', () => undefined);

function deflateBand(rows: Buffer): Promise<Buffer> {
  const lane = lanes.reduce((a, b) => (b.waiting < a.waiting ? b : a));
  const { compressor } = lane;
  lane.waiting++;
  const run = lane.queue.then(() => new Promise<Buffer>((done, fail) => {
    compressor.write(rows, (error) => {
      if (error) return fail(error);
      const parts: Buffer[] = [];
      for (let part: Buffer | null; (part = compressor.read() as Buffer | null) !== null;) parts.push(part);
      done(Buffer.concat(parts));
    });
  })).finally(() => void lane.waiting--);
  lane.queue = run.catch(() => undefined);
  return run;
}

/**
 * Compresses the filtered rows of one band (each row its filter byte, then a palette index a
 * pixel); `adler`, their Adler-32 when the caller knows it without reading them (`changedAdler`).
 */
export async function compressBand(rows: Buffer, adler = adler32(rows)): Promise<CompressedBand> {
  const data = await deflateBand(rows);
  return { chunk: chunk('IDAT', data), adler, length: rows.length };
}

/** Returns the PNG of a palette picture `width` × `height` made of `bands`, top to bottom. */
export function assemblePng(width: number, height: number, bands: readonly CompressedBand[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8);
  let adler = 1;
  for (const band of bands) adler = combineAdler(adler, band.adler, band.length);
  const end = Buffer.alloc(6);
  FINAL_BLOCK.copy(end);
  end.writeUInt32BE(adler, 2);
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), PLTE, ZLIB_HEADER, ...bands.map((b) => b.chunk), chunk('IDAT', end), IEND]);
}

function chunk(type: string, data: Buffer): Buffer {
  // Its own memory, not a slice of node's shared 8 KB pool: a band's chunk (1–2 KB) is kept for
  // hundreds of presses (bands.ts), and a slice kept alive keeps its whole pool alive with it.
  const out = Buffer.allocUnsafeSlow(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  // zlib's own CRC-32 (node 20.15+): a picture's first chunks were CRC'd by JavaScript the JIT had not compiled yet.
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const BASE = 65521;
/** The most bytes summed before the sums must be reduced (zlib's NMAX). */
const NMAX = 5552;

/** Adler-32, eight bytes a turn of the loop (half the time of one a turn). */
export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length;) {
    const end = Math.min(bytes.length, i + NMAX);
    for (const end8 = end - ((end - i) & 7); i < end8; i += 8) {
      a += bytes[i]; b += a; a += bytes[i + 1]; b += a; a += bytes[i + 2]; b += a; a += bytes[i + 3]; b += a;
      a += bytes[i + 4]; b += a; a += bytes[i + 5]; b += a; a += bytes[i + 6]; b += a; a += bytes[i + 7]; b += a;
    }
    for (; i < end; i++) {
      a += bytes[i];
      b += a;
    }
    a %= BASE;
    b %= BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/**
 * The Adler-32 of bytes whose Adler-32 was `adler` before some of them changed: by `sum` in all,
 * and by `weighted` when each change is counted once for every byte from it to the end, itself
 * included. Adler-32 is those two sums of the bytes (plus 1, and the length), each mod 65521.
 */
export function changedAdler(adler: number, sum: number, weighted: number): number {
  const a = ((((adler & 0xffff) + sum) % BASE) + BASE) % BASE;
  const b = ((((adler >>> 16) + weighted) % BASE) + BASE) % BASE;
  return ((b << 16) | a) >>> 0;
}

/** The Adler-32 of two byte runs one after the other, from each one's (zlib's adler32_combine). */
function combineAdler(first: number, second: number, secondLength: number): number {
  const rem = secondLength % BASE;
  let a = first & 0xffff;
  let b = (rem * a) % BASE;
  a += (second & 0xffff) + BASE - 1;
  b += (first >>> 16) + (second >>> 16) + BASE - rem;
  if (a >= BASE) a -= BASE;
  if (a >= BASE) a -= BASE;
  if (b >= 2 * BASE) b -= 2 * BASE;
  if (b >= BASE) b -= BASE;
  return ((b << 16) | a) >>> 0;
}
