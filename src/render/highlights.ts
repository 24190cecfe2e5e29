/**
 * Markers over the checkers: where a play came from (dashed ghosts where the checkers stood) and
 * where it went (rings round the checkers that arrived), for the last play (gold) and for the
 * steps of the turn in progress (blue); a selected checker (green ring) and its legal
 * destinations (green spots; "off" lights the tray).
 */
import { BAR_MAX, CHECKER_R, STACK_MAX, TRAY_W, barCentre, stackCentre, trayHalf, trayX } from './geometry.ts';
import { pinOffset, slabY, slotOf } from './checkers.ts';
import type { Scene } from './scene.ts';
import type { Colour, PictureStep } from './spec.ts';
import { piece, rectBox, round, type Piece } from './pieces.ts';
import { circle, rect } from './svg.ts';
import { THEME } from './theme.ts';

/** Returns every highlight of the scene, as pieces. */
export function highlightPieces(scene: Scene): Piece[] {
  const h = scene.highlights;
  const parts: Piece[] = [];
  if (h.lastPlay) steps(parts, scene, h.lastPlay.by, h.lastPlay.steps, THEME.lastPlay);
  if (h.turnSteps && scene.turn) steps(parts, scene, scene.turn, h.turnSteps, THEME.turnSteps);
  if (h.selected && scene.turn) {
    const { point, destinations } = h.selected;
    const count = scene.sides[scene.turn][point];
    parts.push(ring(spot(scene, scene.turn, point, Math.max(count - 1, 0)), THEME.destination, 7));
    for (const d of destinations) parts.push(destination(scene, scene.turn, d));
  }
  return parts;
}

/** Returns the centre of the i-th checker of a colour's point (25 = its bar). */
function spot(scene: Scene, colour: Colour, point: number, i: number): { x: number; y: number } {
  if (point === 25) return barCentre(colour === scene.bottom, Math.min(i, BAR_MAX - 1), scene.home);
  return stackCentre(slotOf(scene, colour, point), Math.min(i + pinOffset(scene, colour, point), STACK_MAX - 1), scene.home);
}

/** Strokes are thick enough to see on a phone, where the picture shows at about 40 %. */
function ring(at: { x: number; y: number }, colour: string, width = 6): Piece {
  return piece(at.x, at.y, round(CHECKER_R - 1 + width / 2), (x, y) => circle(x, y, CHECKER_R - 1, 'none', `stroke="${colour}" stroke-width="${width}"`));
}

function dashedRing(at: { x: number; y: number }, colour: string): Piece {
  return piece(at.x, at.y, round(CHECKER_R - 1 + 3), (x, y) => circle(x, y, CHECKER_R - 1, 'none', `stroke="${colour}" stroke-width="6" stroke-dasharray="9 6"`));
}

function ghost(at: { x: number; y: number }, colour: string): Piece {
  return piece(at.x, at.y, round(CHECKER_R - 3 + 2.5), (x, y) => circle(x, y, CHECKER_R - 3, colour, `fill-opacity="0.2" stroke="${colour}" stroke-width="5" stroke-dasharray="9 6"`));
}

/** Marks the net effect of steps: points that lost checkers get ghosts, points that gained them get rings. */
function steps(parts: Piece[], scene: Scene, colour: Colour, list: readonly PictureStep[], ink: string): void {
  const net = new Array<number>(26).fill(0);
  for (const s of list) {
    net[s.from]--;
    net[s.to]++;
  }
  const side = scene.sides[colour];
  for (let p = 1; p <= 25; p++) {
    for (let k = 0; k < -net[p]; k++) {
      // A stack already at its tallest has no free place for a ghost: ring its top checker instead.
      const full = side[p] + k >= (p === 25 ? BAR_MAX : STACK_MAX);
      parts.push(full ? dashedRing(spot(scene, colour, p, side[p] + k), ink) : ghost(spot(scene, colour, p, side[p] + k), ink));
    }
    for (let k = 0; k < net[p]; k++) parts.push(ring(spot(scene, colour, p, Math.max(side[p] - 1 - k, 0)), ink));
  }
  if (net[0] > 0) parts.push(offMarker(scene, colour, side[0] - net[0], side[0], ink));
}

/** Outlines borne-off slabs `from`..`to` − 1 of a colour (the ones just borne off). */
function offMarker(scene: Scene, colour: Colour, from: number, to: number, ink: string): Piece {
  const isBottom = colour === scene.bottom;
  const ys = [slabY(isBottom, Math.max(from, 0)), slabY(isBottom, to - 1)];
  const top = Math.min(...ys) - 4;
  const h = Math.max(...ys) + 13 + 4 - top;
  return piece(trayX(scene.home) + 3, top, rectBox(TRAY_W - 6, h, 5), (x, y) => rect(x, y, TRAY_W - 6, h, 'none', `rx="5" stroke="${ink}" stroke-width="5"`));
}

function destination(scene: Scene, colour: Colour, point: number): Piece {
  if (point === 0) {
    const { y, h } = trayHalf(colour === scene.bottom);
    return piece(trayX(scene.home) + 2, y + 2, rectBox(TRAY_W - 4, h - 4, 4), (tx, ty) => rect(tx, ty, TRAY_W - 4, h - 4, THEME.destination, `rx="6" fill-opacity="0.12" stroke="${THEME.destination}" stroke-width="4"`));
  }
  const own = scene.sides[colour][point];
  // A point with a lone opposing checker (a hit in the short family) is landed on at its edge.
  const at = spot(scene, colour, point, own);
  return piece(at.x, at.y, round(CHECKER_R - 6 + 2), (x, y) => circle(x, y, CHECKER_R - 6, THEME.destination, `fill-opacity="0.7" stroke="#0c3d1b" stroke-width="4"`));
}
