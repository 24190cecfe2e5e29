/**
 * One SVG document per picture: the cached static layers, then the checkers, highlights, dice,
 * cube, panels and, for a finished game, the result banner.
 */
import { boardLayer, numbersLayer } from './board-layer.ts';
import { bombLayer } from './bomb.ts';
import { checkersLayer } from './checkers.ts';
import { cubeLayer, diceLayer } from './dice-cube.ts';
import { HEIGHT, WIDTH } from './geometry.ts';
import { highlightsLayer } from './highlights.ts';
import { matchLayer, panelsLayer } from './panels.ts';
import { resultLayer } from './result-banner.ts';
import type { Scene } from './scene.ts';

/** The output width in pixels; the design is drawn in a 960-unit-wide viewBox and scaled to it. */
export const OUTPUT_WIDTH = 960;

/** Returns the SVG document of a scene, `width` pixels wide. */
export function sceneSvg(scene: Scene, width = OUTPUT_WIDTH): string {
  const height = Math.round((HEIGHT * width) / WIDTH);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    boardLayer(scene.home) +
    numbersLayer(scene.home, scene.family, scene.numbers === scene.bottom) +
    checkersLayer(scene) +
    highlightsLayer(scene) +
    diceLayer(scene) +
    cubeLayer(scene) +
    bombLayer(scene) +
    panelsLayer(scene) +
    matchLayer(scene) +
    resultLayer(scene) +
    '</svg>'
  );
}
