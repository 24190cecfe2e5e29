/**
 * Where things sit on the picture, in design units (the SVG viewBox; `raster.ts` scales it to the
 * output size). The bottom player's numbering places the points: its 1..6 in the bottom corner on
 * the home side, 7..12 on the rest of the bottom row, 13..24 along the top row back to the home
 * side. `home: 'left'` mirrors every x.
 */

/** The picture's width and height in design units. */
export const WIDTH = 960;
export const PANEL_H = 76;
export const FRAME = 16;
export const NUMBERS_H = 40;
export const POINT_W = 64;
export const CHECKER_R = 30;
export const BAR_W = 64;
export const TRAY_W = 80;
/** How many checkers a point shows before it shows a count instead of more checkers. */
export const STACK_MAX = 5;
/** How many checkers the bar shows per side. */
export const BAR_MAX = 4;
export const GAP_H = 64;
export const CUBE_SIZE = 52;
export const DIE_SIZE = 52;
export const POINT_L = STACK_MAX * 2 * CHECKER_R;

export const HALF_W = 6 * POINT_W;
/** Top and bottom of the playing field (inside the frame and the number bands). */
export const FIELD_TOP = PANEL_H + NUMBERS_H;
export const FIELD_H = 2 * POINT_L + GAP_H;
export const FIELD_BOTTOM = FIELD_TOP + FIELD_H;
export const FIELD_MID = FIELD_TOP + FIELD_H / 2;
export const HEIGHT = FIELD_BOTTOM + NUMBERS_H + PANEL_H;

/** Left edges (home right, before mirroring) of the halves, the bar and the tray. */
export const LEFT_HALF_X = FRAME;
export const BAR_X = FRAME + HALF_W;
export const RIGHT_HALF_X = BAR_X + BAR_W;
export const TRAY_X = RIGHT_HALF_X + HALF_W + FRAME;

export type Home = 'right' | 'left';

/** Returns the x of a box of width `w` whose left edge is `x` with home right, mirrored for home left. */
export function mirrorX(x: number, w: number, home: Home): number {
  return home === 'right' ? x : WIDTH - x - w;
}

/** Returns whether a slot (1..24, bottom player's numbering) is on the top row. */
export function isTopRow(slot: number): boolean {
  return slot >= 13;
}

/** Returns the left edge of a point's column for a slot in the bottom player's numbering. */
export function pointX(slot: number, home: Home): number {
  const column = slot >= 13 ? slot - 13 : 12 - slot; // 0..11 from the left, home right
  const x = column < 6 ? LEFT_HALF_X + column * POINT_W : RIGHT_HALF_X + (column - 6) * POINT_W;
  return mirrorX(x, POINT_W, home);
}

/** Returns the centre of the i-th checker (0 = at the edge) of a slot's stack. */
export function stackCentre(slot: number, i: number, home: Home): { x: number; y: number } {
  const x = pointX(slot, home) + POINT_W / 2;
  const level = Math.min(i, STACK_MAX - 1);
  const y = isTopRow(slot) ? FIELD_TOP + CHECKER_R + level * 2 * CHECKER_R : FIELD_BOTTOM - CHECKER_R - level * 2 * CHECKER_R;
  return { x, y };
}

/** Returns the centre of the i-th checker on the bar of the bottom (entering at the top) or top player. */
export function barCentre(isBottomPlayer: boolean, i: number, home: Home): { x: number; y: number } {
  const x = mirrorX(BAR_X, BAR_W, home) + BAR_W / 2;
  const level = Math.min(i, BAR_MAX - 1);
  const offset = CUBE_SIZE / 2 + 6 + CHECKER_R + level * 2 * CHECKER_R; // clear of a centred cube
  return { x, y: isBottomPlayer ? FIELD_MID - offset : FIELD_MID + offset };
}

/** Returns the tray's left edge (after mirroring). */
export function trayX(home: Home): number {
  return mirrorX(TRAY_X, TRAY_W, home);
}

/** The gap between the two halves of a tray, where the match length stands. */
export const TRAY_GAP = 40;

/** Returns the top and height of the tray half holding a player's borne-off checkers. */
export function trayHalf(isBottomPlayer: boolean): { y: number; h: number } {
  const h = FIELD_H / 2 - TRAY_GAP;
  return { y: isBottomPlayer ? FIELD_MID + TRAY_GAP : FIELD_TOP, h };
}

/** Returns the centre x of the half where a player's dice lie: the bottom player's on the home side. */
export function diceCentreX(isBottomPlayer: boolean, home: Home): number {
  const x = isBottomPlayer ? RIGHT_HALF_X : LEFT_HALF_X;
  return mirrorX(x, HALF_W, home) + HALF_W / 2;
}
