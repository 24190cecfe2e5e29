/**
 * Makes the shipped backgrounds (src/render/shipped-backgrounds.ts): each of the eight looks of the
 * board and its numbers rasterised as a picture's background is, its pixels given their palette
 * indices, written deflated to assets/backgrounds/, and its bands' names and Adler-32 sums to
 * src/render/background-bands.ts. Run after a change to the board, its numbers, the palette, the
 * font or sharp: npx tsx tools/render/make-backgrounds.ts (tests/render/shipped-backgrounds.test.ts
 * says when).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { backgroundLooks, drawnBackground } from './drawn-backgrounds.ts';
import { BACKGROUNDS_DIR, backgroundFile } from '../../src/render/shipped-backgrounds.ts';

const MANIFEST = resolve(import.meta.dirname, '../../src/render/background-bands.ts');

mkdirSync(BACKGROUNDS_DIR, { recursive: true });
const bands: Record<string, { looks: string[]; adlers: number[] }> = {};
for (const scene of backgroundLooks()) {
  const drawn = await drawnBackground(scene);
  const file = deflateRawSync(Buffer.concat([drawn.pixels, drawn.rows]), { level: 9 });
  writeFileSync(`${BACKGROUNDS_DIR}${backgroundFile(drawn.key)}`, file);
  bands[drawn.key] = { looks: drawn.bandLooks, adlers: drawn.adlers };
  console.log(`${backgroundFile(drawn.key)}: ${(file.length / 1024).toFixed(1)} KB`);
}
writeFileSync(MANIFEST, `/**
 * Made by tools/render/make-backgrounds.ts: do not edit. Each shipped background's bands
 * (assets/backgrounds/), by background look: their names (a hash of their pixels) and the
 * Adler-32 of their rows as an indexed PNG stores them.
 */
export const SHIPPED_BANDS: Readonly<Record<string, { readonly looks: readonly string[]; readonly adlers: readonly number[] }>> = {
${Object.entries(bands).map(([key, b]) => `  ${JSON.stringify(key)}: {
    looks: ${JSON.stringify(b.looks)},
    adlers: ${JSON.stringify(b.adlers)},
  },
`).join('')}};
`);
console.log(`wrote ${MANIFEST}`);
