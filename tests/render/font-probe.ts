/**
 * Run in a child process by tests/render/fonts.test.ts, under whatever fontconfig environment the
 * test gives it: writes the font sample and two pictures that differ only in a name made of
 * characters the font lacks versus no name at all. Usage: tsx font-probe.ts <out dir>.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rasterise, renderBoard, type BoardPicture } from '../../src/render/index.ts';
import { fontSampleSvg } from './font-sample.ts';
import { GOLDEN } from './golden-specs.ts';

const out = process.argv[2];
if (!out) throw new Error('usage: font-probe.ts <out dir>');

const base = GOLDEN['short-start'];
const named = (name: string): BoardPicture => ({ ...base, players: { white: { name }, black: { name: 'Борис' } } });

async function png(spec: BoardPicture): Promise<Buffer> {
  const r = await renderBoard(spec);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

writeFileSync(join(out, 'sample.png'), await rasterise(fontSampleSvg()));
writeFileSync(join(out, 'unsupported-name.png'), await png(named('🎲🇬🇪👨‍👩‍👧 漢字 \u200d\u0007')));
writeFileSync(join(out, 'empty-name.png'), await png(named('')));
