/**
 * Nuclear backgammon's bomb (docs/rules/variants.md §6): a black ball with a lit fuse. While centred it lies in
 * the middle of the half away from the home, clear of the dice; once held it sits in its holder's
 * panel, beside the pips, like a badge.
 */
import { FIELD_MID, HALF_W, LEFT_HALF_X, mirrorX } from './geometry.ts';
import type { Scene } from './scene.ts';
import { piece, type Box, type Piece } from './pieces.ts';
import { circle, polygon } from './svg.ts';
import { THEME } from './theme.ts';

const R = 20;

/** Returns the bomb drawn round (cx, cy). */
export function bombIcon(cx: number, cy: number): string {
  return (
    circle(cx, cy, R, '#1b1714', `stroke="${THEME.accent}" stroke-width="3"`) +
    circle(cx - R / 3, cy - R / 3, R / 4, '#5a534d') +
    polygon([[cx + R * 0.5, cy - R * 0.75], [cx + R * 0.95, cy - R * 1.2], [cx + R * 0.8, cy - R * 0.55]], '#8a7152') +
    circle(cx + R * 1.05, cy - R * 1.3, 6, THEME.accent)
  );
}

/** The box of the bomb round its centre: the ball with its rim, and the spark up and to the right. */
const BOMB_BOX: Box = [-R - 1.5, -R * 1.3 - 6, R * 1.05 + 6, R + 1.5];

/** Returns the centred bomb as a piece standing at its centre (none when there is none or it is held). */
export function bombPieces(scene: Scene): Piece[] {
  if (!scene.bomb || scene.bomb.owner !== null) return [];
  // The dice of either side are centred in their half; four dice leave about 70 units at each end.
  const x = mirrorX(LEFT_HALF_X, HALF_W, scene.home) + (scene.home === 'right' ? R + 14 : HALF_W - R - 14);
  return [piece(x, FIELD_MID, BOMB_BOX, bombIcon)];
}

/** Draws the held bomb in a panel ending at `right`; returns where the next item may end. */
export function bombBadge(parts: string[], right: number, mid: number): number {
  parts.push(bombIcon(right - R - 4, mid + 4));
  return right - 2 * R - 22;
}
