/**
 * The pieces most first pictures show, drawn when the package is made, not when a process's first
 * picture needs them: both families' starting checkers, every die face of both colours, the panels'
 * checkers and lit backdrops (`WARM_PICTURES`). Rasterising them cost librsvg about 20 ms on
 * sharp's threads during INIT, while the main thread needed the same two cores, and finding their
 * runs and palette indices (composite.ts, `runsOf`) about 25 ms of the first picture's main thread
 * in code not yet compiled — half of it for the lit panel's 962 × 78 backdrop
 * (bench/local.ts, its cold profile). Here they are read from assets/sprites/pieces.bin (deflated:
 * each sprite's pixels and runs as `runsOf` makes them) and kept as if drawn here; a first picture
 * rasterises only what is new in it (its players' names, a pip count). tools/render/make-sprites.ts
 * makes the file; tests/render/shipped-sprites.test.ts fails when it is not what rasterising gives
 * now. A piece whose drawing changed is simply not found under its new SVG, and drawn as before.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { deflateRaw, inflateRawSync } from 'node:zlib';
import { keepSprite, type Sprite, type StoredRuns } from './composite.ts';

/** The shipped sprites' file (beside assets/backgrounds/ in the source tree and in the package). */
export const SPRITES_FILE = fileURLToPath(new URL('../../assets/sprites/pieces.bin', import.meta.url));

const MAGIC = 'NSP1';

/** A sprite as shipped: the SVG it was drawn from, its pixels, and its runs. */
export interface ShippedSprite {
  readonly svg: string;
  readonly sprite: Sprite;
  readonly runs: StoredRuns;
}

interface Header {
  readonly sprites: readonly { readonly svg: string; readonly width: number; readonly height: number; readonly runs: number }[];
}

/** Each section starts at a multiple of 4, so the Int32 ones are read where they lie (in the machine's byte order: x64 and arm64 are both little-endian). */
const padded = (n: number) => (n + 3) & ~3;

/** The file's bytes for these sprites (for the tool that makes it). */
export async function encodeSprites(shipped: readonly ShippedSprite[]): Promise<Buffer> {
  const header: Header = { sprites: shipped.map(({ svg, sprite, runs }) => ({ svg, width: sprite.width, height: sprite.height, runs: runs.runs.length / 3 })) };
  const json = Buffer.from(JSON.stringify(header));
  const parts: Buffer[] = [uint32(json.length), json, Buffer.alloc(padded(json.length) - json.length)];
  const section = (bytes: Uint8Array | Int32Array) => {
    const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    parts.push(b, Buffer.alloc(padded(b.length) - b.length));
  };
  for (const { sprite, runs } of shipped) {
    section(sprite.rgba);
    section(runs.rgb);
    section(runs.index);
    section(runs.runs);
    section(runs.indexSums);
    section(runs.rowStart);
  }
  const data = Buffer.concat(parts);
  // The magic and the inflated size stay outside the deflated stream, so it is inflated in one piece.
  return Buffer.concat([Buffer.from(MAGIC), uint32(data.length), await promisify(deflateRaw)(data, { level: 9 })]);
}

function uint32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

/** The sprites in a file's bytes, decoded at once (on the calling thread); rejects when they are not a file of this format. */
export async function decodeSprites(file: Buffer): Promise<ShippedSprite[]> {
  if (file.length < 8 || file.subarray(0, 4).toString() !== MAGIC) throw new Error(`${SPRITES_FILE} is not a file of shipped sprites: make it again (tools/render/make-sprites.ts)`);
  // In one piece (zlib's default is 16 KB at a time), and on this thread: the first picture waits
  // for these, and inflating them on zlib's thread pool took trips through a main thread busy
  // with the process's start, the first picture waiting 20 ms more for them (bench/versus-bare.ts,
  // BENCH_VERSUS_TRACE); the inflating itself is 4–8 ms.
  let data = inflateRawSync(file.subarray(8), { chunkSize: Math.max(64, file.readUInt32LE(4)) });
  // Views of Int32 need an aligned start.
  if (data.byteOffset % 4 !== 0) data = Buffer.from(data);
  const jsonLength = data.readUInt32LE(0);
  const header = JSON.parse(data.subarray(4, 4 + jsonLength).toString()) as Header;
  let at = 4 + padded(jsonLength);
  const bytes = (n: number) => {
    const b = data.subarray(at, at + n);
    at += padded(n);
    return b;
  };
  const ints = (n: number) => {
    const v = new Int32Array(data.buffer, data.byteOffset + at, n);
    at += n * 4;
    return v;
  };
  const shipped = header.sprites.map(({ svg, width, height, runs: count }) => {
    const sprite = { rgba: bytes(width * height * 4), width, height };
    const runs = { rgb: bytes(width * height * 3), index: bytes(width * height), runs: ints(count * 3), indexSums: ints(count * 2), rowStart: ints(height + 1) };
    return { svg, sprite, runs };
  });
  if (at !== data.length) throw new Error(`${SPRITES_FILE} holds ${data.length} bytes, not the ${at} its header lists: make it again (tools/render/make-sprites.ts)`);
  return shipped;
}

let loading: Promise<number> | undefined;

/**
 * Reads the shipped sprites once, at once (the process's INIT calls it), and keeps them for
 * `spriteOf` to find; resolves with how many were kept. A missing or unreadable file rejects (the
 * caller rasterises instead).
 */
export function keepShippedSprites(): Promise<number> {
  loading ??= (async () => {
    const shipped = await decodeSprites(readFileSync(SPRITES_FILE));
    for (const { svg, sprite, runs } of shipped) keepSprite(svg, sprite, runs);
    return shipped.length;
  })();
  return loading;
}
