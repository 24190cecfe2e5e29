/**
 * An indexed PNG put together from bands of rows compressed one by one. Each band is deflated on
 * its own, ending in a full flush (byte-aligned, no back-reference into another band), so a band
 * that did not change since the last picture keeps its compressed bytes: a picture is the
 * signature, the header, the palette (palette.ts), one IDAT chunk per band and the zlib stream's
 * end (the Adler-32 of every row, combined from the bands' own). Rows use filter 0 (none), as the
 * PNG specification advises for palette pictures: differences of palette indices mean nothing.
 */
import { constants, crc32, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';
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
 * Compresses the filtered rows of one band (each row its filter byte, then a palette index a
 * pixel), ending them with a full flush: the flush empties the window, so no band refers back into
 * another; `adler`, their Adler-32 when the caller knows it without reading them (`changedAdler`).
 *
 * On the main thread, as the band is drawn. zlib's thread pool (two streams, a band at a time)
 * took more CPU in all (about 0.14–0.17 ms a band against 0.10–0.14 here) and a trip through the
 * main thread between one band and the next: a first picture's 28 bands, drawn while the main
 * thread was busy, were compressed only once it was free, 24 ms after the last was drawn
 * (bench/versus-bare.ts, BENCH_VERSUS_TRACE). And Lambda gives a 1,024 MB function 0.58 of a
 * core: threads there share it, they do not add to it.
 */
export function compressBand(rows: Buffer, adler = adler32(rows)): CompressedBand {
  return { chunk: chunk('IDAT', deflateBand(rows)), adler, length: rows.length };
}

/** What node's zlib stream holds that its own synchronous calls use (lib/zlib.js, `processChunkSync`). */
interface StreamInternals {
  readonly _handle?: { writeSync?: (flush: number, input: Buffer, inOff: number, inLen: number, out: Buffer, outOff: number, outLen: number) => void };
  readonly _writeState?: Uint32Array;
}

/** Output room for one band: more than a band of 32 rows can ever take (deflate's bound is about the input). */
const OUT = Buffer.allocUnsafeSlow(64 * 1024);
let compressor: (DeflateRaw & StreamInternals) | undefined;

/** Whether bands are compressed on the kept compressor's handle (`deflateBand`), as they should be on this node (tests). */
export function compressesOnHandle(): boolean {
  deflateBand(Buffer.alloc(1));
  const internals = compressor as StreamInternals | undefined;
  return typeof internals?._handle?.writeSync === 'function' && internals._writeState instanceof Uint32Array;
}

/**
 * Returns the deflated bytes of `rows`, ending in a full flush; valid until the next call (they may
 * be the output room itself: `chunk` copies them).
 *
 * One compressor kept for the process, used synchronously through the handle node's own
 * `deflateRawSync` uses (its `writeSync` and the state it answers in): `deflateRawSync` itself makes
 * a stream and sets up zlib's 256 KB of tables for every call, about 0.14 ms a band more at a cold
 * start (28 bands: 4 ms). Where node no longer has that handle, or it fails, `deflateRawSync`.
 */
function deflateBand(rows: Buffer): Buffer {
  try {
    if (compressor === undefined) {
      compressor = createDeflateRaw({ level: LEVEL }) as DeflateRaw & StreamInternals;
      // Its handle's failures throw here; unlistened, the stream's own error event would end the process.
      compressor.on('error', () => undefined);
    }
    const write = compressor._handle?.writeSync;
    const state = compressor._writeState;
    if (write !== undefined && state instanceof Uint32Array) {
      const parts: Buffer[] = [];
      for (let at = 0; ;) {
        write.call(compressor._handle, constants.Z_FULL_FLUSH, rows, at, rows.length - at, OUT, 0, OUT.length);
        const [outLeft, inLeft] = [state[0]!, state[1]!];
        const out = OUT.subarray(0, OUT.length - outLeft);
        // Done unless the output room is full (zlib has more to give for the same flush).
        if (outLeft !== 0) return parts.length === 0 ? out : Buffer.concat([...parts, out]);
        parts.push(Buffer.from(out));
        at = rows.length - inLeft;
      }
    }
  } catch {
    // A compressor that failed is not used again.
    compressor = undefined;
  }
  return deflateRawSync(rows, { level: LEVEL, finishFlush: constants.Z_FULL_FLUSH });
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
