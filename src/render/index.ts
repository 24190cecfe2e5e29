/**
 * The board picture's one door: a plain spec in (`BoardPicture`), a PNG out. The app decides what
 * to show; nothing here knows about matches, chats or players beyond the spec.
 */

import { renderBoard } from './draw.ts';

export { boardSvg, renderBoard } from './draw.ts';
/** Pictures drawn ahead of their use (a press knows its next board before the write): one render path for every messenger. */
export { prepareBoard, renderPrepared } from './prepared.ts';

/** The short and long nardy starts, each side in its own numbering (for the warm-up pictures). */
const SHORT_START = [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0];
const LONG_START = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15, 0];

/**
 * Loads sharp, lets fontconfig scan the bundled font and draws what most pictures are made of
 * (both families' boards, checkers, dice of both colours, used and not): call once at process start
 * (Lambda INIT) so the first real picture is as fast as the rest.
 */
export async function warmRenderer(): Promise<void> {
  const pictures = await Promise.all([
    renderBoard({ variant: 'short', board: { white: SHORT_START, black: SHORT_START }, turn: 'white', dice: { values: [6, 5] }, players: { white: { name: 'Аа ბბ 0' } } }),
    renderBoard({ variant: 'long', board: { white: LONG_START, black: LONG_START }, turn: 'black', dice: { values: [4, 4], left: [4, 4] } }),
  ]);
  for (const r of pictures) if (!r.ok) throw new Error(r.error.message);
}

// Advanced: the pieces, for tests, tools and the CLI.
export { rasterise } from './raster.ts';
export { FONTS_CONF, FONTS_DIR, useBundledFonts } from './fonts.ts';
export { printableText } from './text.ts';
export type {
  BoardByColour, BoardMoverFirst, BoardPicture, Colour, PictureClock, PictureCube, PictureHighlights, PictureLanguage,
  PicturePlayer, PictureResult, PictureStep, PictureView, RenderError, SideCheckers,
} from './spec.ts';
