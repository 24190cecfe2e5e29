/**
 * The board picture's one door: a plain spec in (`BoardPicture`), a PNG out. The app decides what
 * to show; nothing here knows about matches, chats or players beyond the spec.
 */

import { spriteOf } from './composite.ts';
import { FONT_FAMILY } from './fonts.ts';
import { rasterisePixels } from './raster.ts';
import { keepShippedSprites } from './shipped-sprites.ts';
import { warmPieces } from './warm-pictures.ts';

export { boardSvg, pictureLook, renderBoard } from './draw.ts';
/** Pictures drawn ahead of their use (a press knows its next board before the write): one render path for every messenger. */
export { prepareBoard, preparedLook, renderPrepared } from './prepared.ts';

/**
 * Starts loading what every picture needs — sharp, fontconfig's scan of the bundled font (the
 * first text drawn), and the images of the pieces most first pictures show (shipped-sprites.ts;
 * rasterised by librsvg on sharp's threads if they cannot be read) — and returns at once: call it
 * at process start (Lambda INIT) so the loading overlaps the rest of INIT and the first update's
 * DynamoDB round trips instead of preceding them. The first picture waits for whatever is not
 * loaded yet; what it costs then is its own bands (bands.ts) and its players' names.
 */
export function warmRenderer(): Promise<void> {
  const shipped = keepShippedSprites();
  // Pixels only: encoding a PNG of it would make posterise's table, which no picture needs.
  const warming = rasterisePixels(`<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text x="0" y="8" font-family="${FONT_FAMILY}" font-size="8">0</text></svg>`)
    .then(() => shipped)
    .then(() => undefined, () => {
      // Not shipped, or unreadable: drawn here instead, on sharp's threads, nothing laid or compressed.
      for (const p of warmPieces()) void spriteOf(p.svg, p.width, p.height).catch(() => undefined);
    });
  // A failure here shows again, where it matters, when the first picture is drawn.
  warming.catch(() => undefined);
  return warming;
}

/** What the renderer's caches hold now (bench/memory.ts). */
export async function rendererMemory(): Promise<Record<string, number>> {
  const [{ spriteMemory }, { bandMemory }] = await Promise.all([import('./composite.ts'), import('./bands.ts')]);
  return { ...spriteMemory(), ...(await bandMemory()) };
}

// Advanced: the pieces, for tests, tools and the CLI.
export { rasterise } from './raster.ts';
export { FONTS_CONF, FONTS_DIR, useBundledFonts } from './fonts.ts';
export { printableText } from './text.ts';
export type {
  BoardByColour, BoardMoverFirst, BoardPicture, Colour, PictureClock, PictureCube, PictureHighlights, PictureLanguage,
  PicturePlayer, PictureResult, PictureStep, PictureView, RenderError, SideCheckers,
} from './spec.ts';
