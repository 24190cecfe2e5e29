/**
 * Board picture speed and size: for each golden position (tests/render/golden-specs.ts), the
 * median warm render time (spec → PNG as the bot draws it: after the first round every band is
 * reused, so this is the cost of a picture drawn again), the same picture rasterised as one SVG
 * document (the way before src/render/composite.ts) and the PNG size; then the PNG encoder
 * alternatives over all of them (the fixed palette that src/render/palette.ts chose, and why); then a game's pictures
 * in order, drawn whole (as before src/render/bands.ts) and in bands.
 * Prints figures; asserts nothing.
 * Targets (issue 4): ≤ 30 ms warm, ≤ 80 KB per PNG. Run: npm run bench (or npx tsx bench/render.ts).
 */
import { boardSvg, renderBoard, warmRenderer, type BoardPicture } from '../src/render/index.ts';
import { bandsDrawn } from '../src/render/bands.ts';
import { scenePixels } from '../src/render/composite.ts';
import { indexRows } from '../src/render/palette.ts';
import { assemblePng, compressBand, type CompressedBand } from '../src/render/png.ts';
import { encodePicture, loadSharp, posterise, rasterise, rasterisePixels } from '../src/render/raster.ts';
import { readScene } from '../src/render/scene.ts';
import { gamePictures } from '../tests/render/game-pictures.ts';
import { GOLDEN } from '../tests/render/golden-specs.ts';
import { median } from './stats.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const v = await f();
  return [performance.now() - t, v];
}

const cold = performance.now();
await warmRenderer();
console.log(`renderer loaded (sharp import, fontconfig scan of the font): ${(performance.now() - cold).toFixed(0)} ms`);

const sharp = await loadSharp();
const svgs: string[] = [];
console.log(`${'position'.padEnd(28)} ${'median'.padStart(8)} ${'one SVG'.padStart(9)} ${'PNG'.padStart(9)}`);
for (const [name, spec] of Object.entries(GOLDEN)) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const [ms, r] = await timed(() => renderBoard(spec));
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
    times.push(ms);
    size = r.value.length;
  }
  const svg = boardSvg(spec);
  if (!svg.ok) throw new Error(`${name}: ${svg.error.message}`);
  svgs.push(svg.value);
  const whole: number[] = [];
  for (let i = 0; i < Math.max(3, ROUNDS / 3); i++) whole.push((await timed(() => rasterise(svg.value)))[0]);
  console.log(`${name.padEnd(28)} ${median(times).toFixed(1).padStart(5)} ms ${median(whole).toFixed(1).padStart(6)} ms ${(size / 1024).toFixed(1).padStart(6)} KB`);
}

type Encoder = [string, (svg: string) => Promise<Buffer>];
const encoders: Encoder[] = [
  ['fixed palette, zlib 3 (chosen)', async (svg) => {
    const { data, width, height } = await rasterisePixels(svg);
    const bands: CompressedBand[] = [];
    for (let first = 0; first < height; first += 32) {
      const rows = Math.min(32, height - first);
      const indexed = Buffer.allocUnsafe(rows * (1 + width));
      indexRows(data.subarray(first * width * 3), rows * width, width, indexed, 0);
      bands.push(compressBand(indexed));
    }
    return assemblePng(width, height, bands);
  }],
  ['posterised RGB, zlib 6 (before)', async (svg) => {
    const { data, width, height } = await rasterisePixels(svg);
    posterise(data);
    return sharp(data, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer();
  }],
  ['RGBA as rendered, zlib 6', (svg) => sharp(Buffer.from(svg)).png().toBuffer()],
  ['RGB, zlib 9', (svg) => sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 9 }).toBuffer()],
  ['palette (libimagequant), effort 1', (svg) => sharp(Buffer.from(svg)).png({ palette: true, effort: 1 }).toBuffer()],
  ['palette, default effort', (svg) => sharp(Buffer.from(svg)).png({ palette: true }).toBuffer()],
];
console.log(`\nencoders over the ${svgs.length} positions: median time, mean and largest PNG`);
for (const [name, encode] of encoders) {
  const times: number[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < Math.max(3, ROUNDS / 3); i++) {
    for (const svg of svgs) {
      const [ms, png] = await timed(() => encode(svg));
      times.push(ms);
      if (i === 0) sizes.push(png.length);
    }
  }
  const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
  console.log(`${name.padEnd(36)} ${median(times).toFixed(1).padStart(5)} ms ${(mean / 1024).toFixed(1).padStart(6)} KB ${(Math.max(...sizes) / 1024).toFixed(1).padStart(6)} KB max`);
}

// A game's pictures as a chat sees them (tests/render/game-pictures.ts), drawn in bands as the bot
// draws them (src/render/bands.ts) and whole (every pixel composited, posterised and compressed, as before) in the same run.
const pictures = gamePictures(7, 40);
const cpuMs = (from: NodeJS.CpuUsage) => { const c = process.cpuUsage(from); return (c.user + c.system) / 1000; };
const ways: [string, (spec: BoardPicture) => Promise<unknown>][] = [
  ['whole (before)', async (spec) => { const scene = readScene(spec); if (scene.ok) await encodePicture(await scenePixels(scene.value)); }],
  ['in bands (now)', (spec) => renderBoard(spec)],
];
console.log(`\na game's ${pictures.length} pictures in order (dice, a checker picked, the play): median per picture, all threads' CPU`);
for (const [name, draw] of ways) {
  const walls: number[] = [];
  const cpus: number[] = [];
  const bandsBefore = bandsDrawn();
  for (const spec of pictures) {
    const cpu = process.cpuUsage();
    const [ms] = await timed(() => draw(spec));
    cpus.push(cpuMs(cpu));
    walls.push(ms);
  }
  const bands = bandsDrawn() - bandsBefore;
  console.log(`${name.padEnd(20)} ${median(walls).toFixed(1).padStart(5)} ms wall ${median(cpus).toFixed(1).padStart(6)} ms CPU${bands > 0 ? `   ${(bands / pictures.length).toFixed(1)} of 28 bands drawn per picture` : ''}`);
}
