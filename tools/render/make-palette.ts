/**
 * Makes the board pictures' palette (src/render/palette-colours.ts): 256 colours that stand for
 * every colour a board picture shows, so a picture can be stored as one byte a pixel (an indexed
 * PNG) instead of three. The colours are found once, here, by weighted k-means over the posterised
 * pixels of many pictures — every golden picture and random positions of every variant, with
 * highlights, dice, cubes, clocks (low ones too), scores, both views and all three languages — and
 * written as a table; then the palette is checked on pictures it was not made from (other seeds):
 * at most a hundredth of the share of pixels the golden tests tolerate (tests/render/pixels.ts)
 * may have a channel moved by more than their threshold.
 * Run after a change to the picture's colours: npx tsx tools/render/make-palette.ts
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { VARIANTS, type VariantId } from '../../src/engine/index.ts';
import type { BoardPicture, PictureLanguage } from '../../src/render/index.ts';
import { scenePixels } from '../../src/render/composite.ts';
import { posterise } from '../../src/render/raster.ts';
import { readScene } from '../../src/render/scene.ts';
import { CHANNEL_THRESHOLD, TOLERANCE } from '../../tests/render/pixels.ts';
import { GOLDEN } from '../../tests/render/golden-specs.ts';
import { playRandomGame } from '../../tests/arbitraries.ts';

const OUT = resolve(import.meta.dirname, '../../src/render/palette-colours.ts');
const SIZE = 256;
const LANGUAGES: readonly PictureLanguage[] = ['en', 'ru', 'ka'];

/** Pictures of one random game: the roll, a checker picked, the play made, with the spec's extras varied by `seed`. */
function gamePictures(variant: VariantId, seed: number, count: number): BoardPicture[] {
  const game = playRandomGame(variant, {}, seed, { stopAfter: count });
  const pictures: BoardPicture[] = [];
  for (const { turn, position, dice, play } of game.records) {
    const mover = turn % 2 === 0 ? 'white' : 'black';
    const byColour = (b: readonly (readonly number[])[]) => (mover === 'white' ? { white: [...b[0]!], black: [...b[1]!] } : { white: [...b[1]!], black: [...b[0]!] });
    const k = seed + turn;
    const spec: BoardPicture = {
      variant, board: byColour(position.board), turn: mover, dice: { values: dice }, showPips: k % 2 === 0, language: LANGUAGES[k % 3],
      view: { home: k % 4 === 1 ? 'left' : 'right', ...(k % 5 === 0 ? { bottom: 'white' } : {}) },
      players: { white: { name: 'Анна', score: k % 3, clock: { msLeft: (k % 7) * 20_000 } }, black: { name: 'Bob ნოდარ', ...(k % 2 ? { clock: { msLeft: 3_600_000 } } : {}) } },
      ...(k % 3 === 0 ? { matchLength: 5, cube: { value: 2 ** (k % 4), owner: k % 2 ? null : mover } } : {}),
    };
    pictures.push(spec);
    if (!play || play.steps.length === 0) continue;
    const first = play.steps[0]!;
    pictures.push({ ...spec, highlights: { selected: { point: first.from, destinations: [first.to] } } });
    pictures.push({ ...spec, board: byColour(play.board), dice: { values: dice, left: [] }, highlights: { turnSteps: play.steps.map((x) => ({ from: x.from, to: x.to })) } });
  }
  return pictures;
}

function picturesOf(seeds: readonly number[], count: number): BoardPicture[] {
  return (Object.keys(VARIANTS) as VariantId[]).flatMap((variant, i) => seeds.flatMap((seed) => gamePictures(variant, seed * 100 + i, count)));
}

/** Every pixel of each picture, as a 15-bit colour (five bits a channel: the posterised levels), counted. */
async function colourCounts(pictures: readonly BoardPicture[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const spec of pictures) {
    const scene = readScene(spec);
    // A finished game's picture is drawn as one document and stored in RGB (draw.ts): not ours to cover.
    if (!scene.ok) throw new Error(`${spec.variant}: ${scene.error.message}`);
    if (scene.value.result !== undefined) continue;
    const { data } = await scenePixels(scene.value);
    posterise(data);
    for (let i = 0; i < data.length; i += 3) {
      const key = (level(data[i]!) << 10) | (level(data[i + 1]!) << 5) | level(data[i + 2]!);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

type Colour = { r: number; g: number; b: number };
const level = (v: number): number => Math.round((v * 31) / 255);
const unpack = (key: number): Colour => ({ r: (key >> 10) & 31, g: (key >> 5) & 31, b: key & 31 });
const distance = (a: Colour, b: Colour): number => (a.r - b.r) ** 2 + (a.g - b.g) ** 2 + (a.b - b.b) ** 2;

function nearest(c: Colour, palette: readonly Colour[]): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let j = 0; j < palette.length; j++) {
    const d = distance(c, palette[j]!);
    if (d < bestDistance) [best, bestDistance] = [j, d];
  }
  return best;
}

/**
 * k-means in five-bit space, each colour weighted by the square root of its count (so the rare
 * colours of anti-aliased edges still pull), started from the most common colour and then, one by
 * one, the colour farthest from those chosen (farther counting more for a commoner colour).
 */
function kMeans(counts: Map<number, number>): Colour[] {
  const colours = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([key, n]) => ({ ...unpack(key), n }));
  const palette: Colour[] = [colours[0]!];
  const closest = new Float64Array(colours.length).fill(Infinity);
  while (palette.length < Math.min(SIZE, colours.length)) {
    const last = palette.at(-1)!;
    let pick = 0;
    let score = -1;
    colours.forEach((c, i) => {
      closest[i] = Math.min(closest[i]!, distance(c, last));
      const s = closest[i]! * Math.log2(2 + c.n);
      if (s > score) [pick, score] = [i, s];
    });
    palette.push(colours[pick]!);
  }
  let centres = palette.map(({ r, g, b }) => ({ r, g, b }));
  for (let round = 0; round < 12; round++) {
    const sums = centres.map(() => ({ r: 0, g: 0, b: 0, w: 0 }));
    for (const c of colours) {
      const s = sums[nearest(c, centres)]!;
      const w = Math.sqrt(c.n);
      s.r += c.r * w; s.g += c.g * w; s.b += c.b * w; s.w += w;
    }
    centres = sums.map((s, j) => (s.w === 0 ? centres[j]! : { r: Math.round(s.r / s.w), g: Math.round(s.g / s.w), b: Math.round(s.b / s.w) }));
  }
  return centres;
}

const started = performance.now();
const training = [...Object.values(GOLDEN), ...picturesOf([1, 2], 24)];
const counts = await colourCounts(training);
const palette = kMeans(counts);
console.log(`${training.length} pictures, ${counts.size} colours → ${palette.length} (${((performance.now() - started) / 1000).toFixed(0)} s)`);

// Checked on pictures of other seeds: the largest change of a channel, in 8-bit levels.
const held = await colourCounts(picturesOf([7], 24));
let worst = 0;
let moved = 0;
let beyond = 0;
let pixels = 0;
for (const [key, n] of held) {
  const c = unpack(key);
  const p = palette[nearest(c, palette)]!;
  const change = (Math.max(Math.abs(p.r - c.r), Math.abs(p.g - c.g), Math.abs(p.b - c.b)) * 255) / 31;
  worst = Math.max(worst, change);
  moved += change * n;
  if (change > CHANNEL_THRESHOLD) beyond += n;
  pixels += n;
}
console.log(
  `held-out pictures: ${pixels.toLocaleString('en')} pixels, mean change ${(moved / pixels).toFixed(2)} levels, largest ${worst.toFixed(0)}; ` +
    `${beyond} pixels (${((beyond / pixels) * 100).toFixed(5)} %) beyond the golden tests' ${CHANNEL_THRESHOLD} (they tolerate ${TOLERANCE * 100} %)`,
);
if (beyond / pixels > TOLERANCE / 100) {
  console.error('the palette moves too many pixels more than the golden tests tolerate: not written');
  process.exit(1);
}

const bytes = Buffer.from(palette.flatMap(({ r, g, b }) => [r, g, b].map((v) => Math.round((v * 255) / 31))));
// Every rounded colour's nearest palette colour, found here once rather than by each process.
const nearestOf = Buffer.from(Array.from({ length: 1 << 15 }, (_, key) => nearest(unpack(key), palette)));
writeFileSync(OUT, `// Made by tools/render/make-palette.ts: do not edit by hand (run it again after a change to the picture's colours).

/** The board pictures' 256 colours, RGB, on the posterised levels (raster.ts). */
export const PALETTE_RGB: Uint8Array = Buffer.from('${bytes.toString('base64')}', 'base64');

/** For each colour rounded to five bits a channel (red, green, blue from the high bits), its nearest palette colour. */
export const NEAREST: Uint8Array = Buffer.from('${nearestOf.toString('base64')}', 'base64');
`);
console.log(`wrote ${OUT}`);
