/**
 * png.ts compresses a band on one compressor kept for the process, through the synchronous handle
 * node's own `deflateRawSync` uses: the bytes are what `deflateRawSync` gives (a full flush at the
 * end, so a band stands alone), on this node the kept compressor is the one used, and the
 * compressed bands of many calls in turn each inflate back to their rows.
 */
import { randomBytes } from 'node:crypto';
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressBand, compressesOnHandle } from '../../src/render/png.ts';

/** The deflated bytes inside an IDAT chunk (length, type, data, CRC). */
const dataOf = (chunk: Buffer) => chunk.subarray(8, 8 + chunk.readUInt32BE(0));

function band(seed: number, bytes = 32 * 961): Buffer {
  const rows = Buffer.alloc(bytes);
  let x = seed;
  for (let i = 0; i < rows.length; i++) {
    // Runs of a few colours with some noise: as a board's rows, mostly flat.
    if (i % 37 === 0) x = (x * 1103515245 + 12345) >>> 0;
    rows[i] = (x >>> 24) % 7 === 0 ? (x >>> 16) & 0xff : (x >>> 28) * 9;
  }
  return rows;
}

describe('compressBand', () => {
  it('uses the kept compressor on this node (a node without its handle falls back to deflateRawSync, slower)', () => {
    expect(compressesOnHandle()).toBe(true);
  });

  it("gives deflateRawSync's bytes, each band standing alone, call after call", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rows = band(seed);
      const data = dataOf(compressBand(rows).chunk);
      expect(data.equals(deflateRawSync(rows, { level: 3, finishFlush: constants.Z_FULL_FLUSH })), `band ${seed}`).toBe(true);
      expect(inflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH }).equals(rows), `band ${seed}`).toBe(true);
    }
  });

  it('a band larger than the output room (random bytes do not compress) comes out whole', () => {
    const noise = randomBytes(200_000);
    const data = dataOf(compressBand(noise).chunk);
    expect(data.length).toBeGreaterThan(64 * 1024);
    expect(inflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH }).equals(noise)).toBe(true);
  });
});
