/**
 * The checkers: stacks on the points (a stack taller than fits shows its count on its last
 * checker), checkers on the bar, and borne-off checkers as slabs in the trays with their count.
 * A pinned checker (plakoto, −1 in its side) lies at the edge under its pinner's stack, ringed.
 */
import { PINNED, opponentPoint } from '../engine/index.ts';
import {
  BAR_MAX, CHECKER_R, FIELD_BOTTOM, FIELD_TOP, STACK_MAX, TRAY_W, barCentre, stackCentre, trayX, type Home,
} from './geometry.ts';
import type { Scene } from './scene.ts';
import type { Colour } from './spec.ts';
import { centredTextBox, piece, rectBox, round, type Piece } from './pieces.ts';
import { circle, middleBaseline, rect, text } from './svg.ts';
import { textWidth } from './text.ts';
import { CHECKER, THEME } from './theme.ts';

const SLAB_H = 13;
const SLAB_STEP = 15;

/** Returns one checker; with `count`, the number written on it. */
export function checker(colour: Colour, x: number, y: number, count?: number): string {
  const c = CHECKER[colour];
  let out = circle(x, y, CHECKER_R - 1.5, c.face, `stroke="${c.rim}" stroke-width="3"`);
  out += circle(x, y, CHECKER_R * 0.6, 'none', `stroke="${c.inner}" stroke-width="2"`);
  if (count !== undefined) {
    const size = count >= 10 ? 26 : 30;
    out += text(x, middleBaseline(y, size), String(count), { size, fill: c.count, bold: true, anchor: 'middle' });
  }
  return out;
}

/** Returns the slot (bottom player's numbering) of a colour's own point. */
export function slotOf(scene: Scene, colour: Colour, point: number): number {
  return colour === scene.bottom ? point : opponentPoint(scene.family, point);
}

/** Returns 1 when a colour's stack on its point stands on an opposing checker it pins (plakoto), else 0. */
export function pinOffset(scene: Scene, colour: Colour, point: number): number {
  if (point < 1 || point > 24) return 0;
  return scene.sides[colour === 'white' ? 'black' : 'white'][opponentPoint(scene.family, point)] === PINNED ? 1 : 0;
}

/** Returns every checker on the board, the bar and in the trays, as pieces. */
export function checkerPieces(scene: Scene): Piece[] {
  const pieces: Piece[] = [];
  for (const colour of ['white', 'black'] as const) {
    const side = scene.sides[colour];
    for (let p = 1; p <= 24; p++) {
      if (side[p] === PINNED) pieces.push(pinned(colour, slotOf(scene, colour, p), scene.home));
      if (side[p] > 0) stack(pieces, colour, slotOf(scene, colour, p), side[p], scene.home, pinOffset(scene, colour, p));
    }
    if (side[25] > 0) barStack(pieces, colour, colour === scene.bottom, side[25], scene.home);
    if (side[0] > 0) borneOff(pieces, colour, colour === scene.bottom, side[0], scene.home);
  }
  return pieces;
}

/** The box of a checker standing at its centre: the face's radius and half its rim. */
const CHECKER_BOX = round(CHECKER_R);

function checkerPiece(colour: Colour, at: { x: number; y: number }, count?: number): Piece {
  return piece(at.x, at.y, CHECKER_BOX, (x, y) => checker(colour, x, y, count));
}

/** A pinned checker: at the edge of the point, with a red ring so that it reads as caught. */
function pinned(colour: Colour, slot: number, home: Home): Piece {
  const { x, y } = stackCentre(slot, 0, home);
  return piece(x, y, CHECKER_BOX, (cx, cy) => checker(colour, cx, cy) + circle(cx, cy, CHECKER_R - 4, 'none', `stroke="${THEME.pinned}" stroke-width="7" stroke-dasharray="10 5"`));
}

/** A stack of n checkers from place `from` outwards (1 above a checker it pins). */
function stack(pieces: Piece[], colour: Colour, slot: number, n: number, home: Home, from = 0): void {
  const shown = Math.min(n, STACK_MAX - from);
  for (let k = 0; k < shown; k++) pieces.push(checkerPiece(colour, stackCentre(slot, from + k, home), k === shown - 1 && n > shown ? n : undefined));
}

function barStack(pieces: Piece[], colour: Colour, isBottom: boolean, n: number, home: Home): void {
  const shown = Math.min(n, BAR_MAX);
  for (let i = 0; i < shown; i++) pieces.push(checkerPiece(colour, barCentre(isBottom, i, home), i === shown - 1 && n > BAR_MAX ? n : undefined));
}

/** Returns the y of the i-th borne-off slab's top edge (from the tray's outer end). */
export function slabY(isBottom: boolean, i: number): number {
  return isBottom ? FIELD_BOTTOM - 6 - SLAB_H - i * SLAB_STEP : FIELD_TOP + 6 + i * SLAB_STEP;
}

const SLAB_W = TRAY_W - 16;
const SLAB_BOX = rectBox(SLAB_W, SLAB_H, 1.5);

function borneOff(pieces: Piece[], colour: Colour, isBottom: boolean, n: number, home: Home): void {
  const c = CHECKER[colour];
  const x = trayX(home) + 8;
  for (let i = 0; i < n; i++) {
    pieces.push(piece(x, slabY(isBottom, i), SLAB_BOX, (sx, sy) => rect(sx, sy, SLAB_W, SLAB_H, c.face, `rx="3" stroke="${c.slabRim}" stroke-width="1.5"`)));
  }
  const labelY = isBottom ? slabY(true, n - 1) - 20 : slabY(false, n - 1) + SLAB_H + 20;
  const label = String(n);
  pieces.push(piece(x + SLAB_W / 2, labelY, centredTextBox(textWidth(label, 24, 'bold'), 24), (lx, ly) => text(lx, middleBaseline(ly, 24), label, { size: 24, fill: THEME.text, bold: true, anchor: 'middle' })));
}
