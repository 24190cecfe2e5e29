/**
 * The board picture's one door: a plain spec in (`BoardPicture`), a PNG out. The app decides what
 * to show; nothing here knows about matches, chats or players beyond the spec.
 */

import { FONT_FAMILY, fontMetrics } from './fonts.ts';
import { rasterise } from './raster.ts';
import { warmPieces } from './bands.ts';
import { readScene } from './scene.ts';
import type { BoardPicture } from './spec.ts';

export { boardSvg, pictureLook, renderBoard } from './draw.ts';
/** Pictures drawn ahead of their use (a press knows its next board before the write): one render path for every messenger. */
export { prepareBoard, renderPrepared } from './prepared.ts';

/** Both families' starting boards, each die face of both colours once: the pieces most first pictures show. */
const WARM_PICTURES: readonly BoardPicture[] = (['short', 'long'] as const).flatMap((variant) => {
  const start = variant === 'short' ? [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0] : [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15, 0];
  return (['white', 'black'] as const).flatMap((mover) => ([[1, 2], [3, 4], [5, 6]] as const).map((values): BoardPicture => ({
    variant, board: { sides: [start, start], mover }, dice: { values }, players: { white: { name: '' }, black: { name: '' } },
  })));
});

/**
 * Starts loading what every picture needs — sharp, fontconfig's scan of the bundled font (the
 * first text drawn), the font's widths, and the images of the pieces most first pictures show
 * (`WARM_PICTURES`: rasterised by librsvg on sharp's threads, nothing laid or compressed) — and
 * returns at once: call it at process start (Lambda INIT) so the loading overlaps the rest of INIT
 * and the first update's DynamoDB round trips instead of preceding them. The first picture waits
 * for whatever is not loaded yet. Drawing whole pictures here (as before) made INIT pay for two
 * pictures the first update did not need, on the main thread; what a first picture costs now is
 * its own bands (bands.ts) and its players' panels.
 */
export function warmRenderer(): Promise<void> {
  const warming = rasterise(`<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text x="0" y="8" font-family="${FONT_FAMILY}" font-size="8">0</text></svg>`).then(() => {
    // The font's widths (for the panels' names and badges), read while INIT waits on I/O rather than inside the first picture.
    fontMetrics('regular');
    fontMetrics('bold');
    warmPieces(WARM_PICTURES.flatMap((spec) => {
      const scene = readScene(spec);
      return scene.ok ? [scene.value] : [];
    }));
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
