/** A board picture drawn now: a plain spec in, a PNG (or the SVG document it is composited from) out. */
import { createHash } from 'node:crypto';
import { fail, ok, type Result } from '../lib/index.ts';
import { scenePng } from './bands.ts';
import { backgroundKey, scenePieces, sceneSvg } from './picture.ts';
import { encodePicture, rasterisePixels } from './raster.ts';
import { readScene } from './scene.ts';
import type { BoardPicture, RenderError } from './spec.ts';

/** Returns the PNG of a board picture, or what is wrong with the spec. */
export async function renderBoard(spec: BoardPicture): Promise<Result<Buffer, RenderError>> {
  const scene = readScene(spec);
  if (!scene.ok) return fail(scene.error);
  // A result card dims the whole board: every band would be new, and librsvg draws it faster as one document.
  if (scene.value.result !== undefined) return ok(await encodePicture(await rasterisePixels(sceneSvg(scene.value))));
  return ok(await scenePng(scene.value));
}

/**
 * Returns a short name for what a board picture looks like: two specs with the same look draw the
 * same pixels (their background and every piece's drawing and place agree), whatever else differs
 * in them (a clock's milliseconds within the same displayed second, say). Undefined for a spec
 * that does not draw. A messenger that remembers which look a message shows can leave its picture
 * alone when the next view has the same look.
 */
export function pictureLook(spec: BoardPicture): string | undefined {
  const scene = readScene(spec);
  if (!scene.ok) return undefined;
  const hash = createHash('sha256').update(backgroundKey(scene.value));
  if (scene.value.result !== undefined) hash.update(sceneSvg(scene.value));
  else for (const p of scenePieces(scene.value)) hash.update(`\n${p.x},${p.y},${p.box.join(',')}:${p.draw(p.x, p.y)}`);
  return hash.digest('base64url').slice(0, 22);
}

/** Returns the SVG document of a board picture (what `renderBoard` draws, composited from cached parts of it). */
export function boardSvg(spec: BoardPicture): Result<string, RenderError> {
  const scene = readScene(spec);
  if (!scene.ok) return fail(scene.error);
  return ok(sceneSvg(scene.value));
}
