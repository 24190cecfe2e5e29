/**
 * The board picture's one door: a plain spec in (`BoardPicture`), a PNG out. The app decides what
 * to show; nothing here knows about matches, chats or players beyond the spec.
 */

import { FONT_FAMILY, fontMetrics } from './fonts.ts';
import { rasterise } from './raster.ts';

export { boardSvg, pictureLook, renderBoard } from './draw.ts';
/** Pictures drawn ahead of their use (a press knows its next board before the write): one render path for every messenger. */
export { prepareBoard, renderPrepared } from './prepared.ts';

/**
 * Starts loading what every picture needs — sharp, fontconfig's scan of the bundled font (the
 * first text drawn) and the font's widths — and returns at once: call it at process start (Lambda INIT) so the loading
 * overlaps the rest of INIT and the first update's DynamoDB round trips instead of preceding them.
 * The first picture waits for whatever is not loaded yet. Drawing whole pictures here (as before)
 * made INIT pay for two pictures the first update did not need; what a first picture costs now is
 * its own bands (bands.ts).
 */
export function warmRenderer(): Promise<void> {
  const warming = rasterise(`<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text x="0" y="8" font-family="${FONT_FAMILY}" font-size="8">0</text></svg>`).then(() => {
    // The font's widths (for the panels' names and badges), read while INIT waits on I/O rather than inside the first picture.
    fontMetrics('regular');
    fontMetrics('bold');
  });
  // A failure here shows again, where it matters, when the first picture is drawn.
  warming.catch(() => undefined);
  return warming;
}

// Advanced: the pieces, for tests, tools and the CLI.
export { rasterise } from './raster.ts';
export { FONTS_CONF, FONTS_DIR, useBundledFonts } from './fonts.ts';
export { printableText } from './text.ts';
export type {
  BoardByColour, BoardMoverFirst, BoardPicture, Colour, PictureClock, PictureCube, PictureHighlights, PictureLanguage,
  PicturePlayer, PictureResult, PictureStep, PictureView, RenderError, SideCheckers,
} from './spec.ts';
