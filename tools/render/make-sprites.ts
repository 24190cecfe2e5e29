/**
 * Makes the shipped sprites (src/render/shipped-sprites.ts): the pieces of the warm pictures
 * (src/render/warm-pictures.ts) rasterised as a process rasterises them, with their runs, written to
 * assets/sprites/pieces.bin. Run after a change to the pieces' drawing, the palette, the font or
 * sharp: npx tsx tools/render/make-sprites.ts (tests/render/shipped-sprites.test.ts says when).
 */
import { writeFileSync } from 'node:fs';
import { drawnWarmSprites } from './drawn-sprites.ts';
import { SPRITES_FILE, encodeSprites } from '../../src/render/shipped-sprites.ts';

const shipped = await drawnWarmSprites();
const file = await encodeSprites(shipped);
writeFileSync(SPRITES_FILE, file);
const pixels = shipped.reduce((sum, s) => sum + s.sprite.width * s.sprite.height, 0);
console.log(`${SPRITES_FILE}: ${shipped.length} sprites, ${pixels} pixels, ${(file.length / 1024).toFixed(1)} KB`);
