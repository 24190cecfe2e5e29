/**
 * `npm run render:golden`: rewrites the reference PNGs of tests/render/golden/ after a deliberate
 * change to the picture. Look at every changed image before committing it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rasterise, renderBoard } from '../../src/render/index.ts';
import { fontSampleSvg } from './font-sample.ts';
import { GOLDEN } from './golden-specs.ts';

const dir = join(import.meta.dirname, 'golden');
mkdirSync(dir, { recursive: true });
for (const [name, spec] of Object.entries(GOLDEN)) {
  const r = await renderBoard(spec);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  writeFileSync(join(dir, `${name}.png`), r.value);
  process.stdout.write(`${name}.png ${(r.value.length / 1024).toFixed(1)} KB\n`);
}
writeFileSync(join(dir, 'font-sample.png'), await rasterise(fontSampleSvg()));
process.stdout.write('font-sample.png\n');
