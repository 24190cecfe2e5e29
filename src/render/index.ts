/**
 * The board picture's one door: a plain spec in (`BoardPicture`), a PNG out. The app decides what
 * to show; nothing here knows about matches, chats or players beyond the spec.
 */
import { fail, ok, type Result } from '../engine/index.ts';
import { sceneSvg } from './picture.ts';
import { rasterise } from './raster.ts';
import { readScene } from './scene.ts';
import type { BoardPicture, RenderError } from './spec.ts';

/** Returns the PNG of a board picture, or what is wrong with the spec. */
export async function renderBoard(spec: BoardPicture): Promise<Result<Buffer, RenderError>> {
  const svg = boardSvg(spec);
  if (!svg.ok) return svg;
  return ok(await rasterise(svg.value));
}

/** Returns the SVG document of a board picture (what `renderBoard` rasterises). */
export function boardSvg(spec: BoardPicture): Result<string, RenderError> {
  const scene = readScene(spec);
  if (!scene.ok) return fail(scene.error);
  return ok(sceneSvg(scene.value));
}

/** The short-nardy start, each side in its own numbering (for the warm-up picture). */
const START = [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0];

/**
 * Loads sharp, lets fontconfig scan the bundled font and builds the static layers: call once at
 * process start (Lambda INIT) so the first real picture is as fast as the rest.
 */
export async function warmRenderer(): Promise<void> {
  const r = await renderBoard({ variant: 'short', board: { white: START, black: START }, turn: 'white', players: { white: { name: 'Аа ბბ 0' } } });
  if (!r.ok) throw new Error(r.error.message);
}

// Advanced: the pieces, for tests, tools and the CLI.
export { rasterise } from './raster.ts';
export { FONTS_CONF, FONTS_DIR, useBundledFonts } from './fonts.ts';
export { printableText } from './text.ts';
export type {
  BoardByColour, BoardMoverFirst, BoardPicture, Colour, PictureClock, PictureHighlights, PictureLanguage,
  PicturePlayer, PictureResult, PictureStep, PictureView, RenderError, SideCheckers,
} from './spec.ts';
