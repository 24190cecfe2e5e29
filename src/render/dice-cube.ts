/**
 * The dice of the current roll (in the mover's half, used ones dimmed; doubles as four dice) and
 * the doubling cube (on the bar: in the middle while centred, at its owner's end once owned, at
 * the taker's end while a double is offered).
 */
import { BAR_W, BAR_X, CUBE_SIZE, DIE_SIZE, FIELD_BOTTOM, FIELD_MID, FIELD_TOP, diceCentreX, mirrorX } from './geometry.ts';
import type { Scene } from './scene.ts';
import type { Colour } from './spec.ts';
import { piece, rectBox, type Piece } from './pieces.ts';
import { circle, middleBaseline, rect, text } from './svg.ts';
import { textWidth } from './text.ts';
import { THEME } from './theme.ts';

const DIE_GAP = 12;
const DIE_FACE: Record<Colour, { face: string; pip: string; edge: string }> = {
  white: { face: '#fbf6ea', pip: '#2a1c12', edge: '#8a7152' },
  black: { face: '#2b2523', pip: '#f8efdc', edge: '#9a8c7c' },
};

/** Pip positions of each face on a 3 × 3 grid (0, 1, 2 per axis). */
const PIPS: Record<number, readonly (readonly [number, number])[]> = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

function die(value: number, x: number, y: number, colour: Colour, used: boolean): string {
  const f = DIE_FACE[colour];
  const dim = used ? ' opacity="0.35"' : '';
  const pips = PIPS[value].map(([i, j]) => circle(x + DIE_SIZE * (0.25 + 0.25 * i), y + DIE_SIZE * (0.25 + 0.25 * j), 5.2, f.pip)).join('');
  return `<g${dim}>${rect(x, y, DIE_SIZE, DIE_SIZE, f.face, `rx="9" stroke="${f.edge}" stroke-width="2"`)}${pips}</g>`;
}

const DIE_BOX = rectBox(DIE_SIZE, DIE_SIZE, 2);

/** Returns the dice of the roll, as pieces standing at their top-left corners. */
export function dicePieces(scene: Scene): Piece[] {
  if (scene.dice.length === 0) return [];
  const roller = scene.turn ?? scene.bottom;
  const centre = diceCentreX(roller === scene.bottom, scene.home);
  const total = scene.dice.length * DIE_SIZE + (scene.dice.length - 1) * DIE_GAP;
  const y = FIELD_MID - DIE_SIZE / 2;
  return scene.dice.map((d, i) => piece(centre - total / 2 + i * (DIE_SIZE + DIE_GAP), y, DIE_BOX, (dx, dy) => die(d.value, dx, dy, roller, d.used)));
}

/**
 * Returns the doubling cube as a piece standing at its top-left corner (none when the game has no
 * cube). A double offered moves the cube to the taker's end of the bar at its new value, in gold,
 * so the picture tells an offer from a cube already owned there.
 */
export function cubePieces(scene: Scene): Piece[] {
  const cube = scene.cube;
  if (!cube) return [];
  const x = mirrorX(BAR_X, BAR_W, scene.home) + (BAR_W - CUBE_SIZE) / 2;
  const at = (side: Colour | null) => (side === null ? FIELD_MID - CUBE_SIZE / 2 : side === scene.bottom ? FIELD_BOTTOM - CUBE_SIZE - 4 : FIELD_TOP + 4);
  if (cube.offered) return [piece(x, at(cube.offered.to), rectBox(CUBE_SIZE, CUBE_SIZE, 3), cubeFace(String(cube.offered.value), THEME.accent, '#2a1c12'))];
  const label = cube.owner === null && cube.value === 1 ? '64' : String(cube.value);
  return [piece(x, at(cube.owner), rectBox(CUBE_SIZE, CUBE_SIZE, 3), cubeFace(label, '#f3e9d2', THEME.accent))];
}

function cubeFace(label: string, face: string, edge: string): (x: number, y: number) => string {
  const size = Math.min(32, Math.floor((32 * (CUBE_SIZE - 12)) / textWidth(label, 32, 'bold')));
  return (cx, cy) => (
    rect(cx, cy, CUBE_SIZE, CUBE_SIZE, face, `rx="8" stroke="${edge}" stroke-width="3"`) +
    text(cx + CUBE_SIZE / 2, middleBaseline(cy + CUBE_SIZE / 2, size), label, { size, fill: '#2a1c12', bold: true, anchor: 'middle' })
  );
}
