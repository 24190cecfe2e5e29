/**
 * Board picture speed and size: for each golden position (tests/render/golden-specs.ts), the
 * median warm render time (spec → PNG, composited from cached images as the bot draws it), the same
 * picture rasterised as one SVG document (the way before src/render/composite.ts) and the PNG size;
 * then the PNG encoder alternatives over all of them (what src/render/raster.ts chose, and why).
 * Prints figures; asserts nothing.
 * Targets (issue 4): ≤ 30 ms warm, ≤ 80 KB per PNG. Run: npm run bench (or npx tsx bench/render.ts).
 */
import { boardSvg, renderBoard, warmRenderer } from '../src/render/index.ts';
import { loadSharp, posterise, rasterise, rasterisePixels } from '../src/render/raster.ts';
import { GOLDEN } from '../tests/render/golden-specs.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[s.length >> 1];
}

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const v = await f();
  return [performance.now() - t, v];
}

const cold = performance.now();
await warmRenderer();
console.log(`first picture (sharp import, fontconfig scan, static layers): ${(performance.now() - cold).toFixed(0)} ms`);

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
  ['posterised RGB, zlib 6 (chosen)', async (svg) => {
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
