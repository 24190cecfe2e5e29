/**
 * A picture is its background (the board and the point numbers, which depend only on the view)
 * under its pieces in order: checkers, highlights, dice, cube, bomb, panels, match length and, for
 * a finished game, the result banner. As one SVG document (`sceneSvg`) or composited from cached
 * images (composite.ts): both read the same pieces.
 */
import { boardLayer, numbersLayer } from './board-layer.ts';
import { bombPieces } from './bomb.ts';
import { checkerPieces } from './checkers.ts';
import { cubePieces, dicePieces } from './dice-cube.ts';
import { HEIGHT, WIDTH } from './geometry.ts';
import { highlightPieces } from './highlights.ts';
import { matchPieces, panelPieces } from './panels.ts';
import { piecesSvg, type Piece } from './pieces.ts';
import { resultPieces } from './result-banner.ts';
import type { Scene } from './scene.ts';

/** The output width in pixels; the design is drawn in a 960-unit-wide viewBox and scaled to it. */
export const OUTPUT_WIDTH = 960;

/** Returns the board and its point numbers: everything under the pieces. */
export function backgroundSvg(scene: Scene): string {
  return boardLayer(scene.home) + numbersLayer(scene.home, scene.family, scene.numbers === scene.bottom);
}

/** Returns what the background's look depends on. */
export function backgroundKey(scene: Scene): string {
  return `${scene.home}:${scene.family}:${scene.numbers === scene.bottom}`;
}

/** Returns every piece of a scene, in the order they are drawn. */
export function scenePieces(scene: Scene): Piece[] {
  return [
    ...checkerPieces(scene), ...highlightPieces(scene), ...dicePieces(scene), ...cubePieces(scene), ...bombPieces(scene),
    ...panelPieces(scene), ...matchPieces(scene), ...resultPieces(scene),
  ];
}

/** Returns an SVG document `width` pixels wide of a design drawn in the picture's own units. */
export function svgDocument(body: string, width = OUTPUT_WIDTH): string {
  const height = Math.round((HEIGHT * width) / WIDTH);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`;
}

/** Returns the SVG document of a scene, `width` pixels wide. */
export function sceneSvg(scene: Scene, width = OUTPUT_WIDTH): string {
  return svgDocument(backgroundSvg(scene) + piecesSvg(scenePieces(scene)), width);
}
