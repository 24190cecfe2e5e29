/** A board picture drawn now: a plain spec in, a PNG (or the SVG document it is composited from) out. */
import { fail, ok, type Result } from '../lib/index.ts';
import { scenePng } from './bands.ts';
import { sceneSvg } from './picture.ts';
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

/** Returns the SVG document of a board picture (what `renderBoard` draws, composited from cached parts of it). */
export function boardSvg(spec: BoardPicture): Result<string, RenderError> {
  const scene = readScene(spec);
  if (!scene.ok) return fail(scene.error);
  return ok(sceneSvg(scene.value));
}
