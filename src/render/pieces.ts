/**
 * The parts of a picture that change from one board to the next (checkers, markers, dice, cube,
 * panels…), each as a piece: where it stands, the box its ink stays in, and its SVG drawn at any
 * place. The SVG document draws every piece where it stands; the compositor (composite.ts) draws
 * each one once, at the corner of its own small image, and pastes that image wherever the piece
 * stands — so a checker is rasterised once per process, not once per picture.
 */

/** Left, top, right, bottom of a piece's ink relative to where it stands, strokes included. */
export type Box = readonly [number, number, number, number];

export interface Piece {
  /** Where the piece stands, in design units. */
  readonly x: number;
  readonly y: number;
  readonly box: Box;
  /** The piece's SVG standing at (x, y). */
  draw(x: number, y: number): string;
}

export function piece(x: number, y: number, box: Box, draw: (x: number, y: number) => string): Piece {
  return { x, y, box, draw };
}

/** A piece drawn once in the picture's own coordinates (a panel, the result card): it stands at (0, 0). */
export function fixed(box: Box, svg: string): Piece {
  return piece(0, 0, box, (x, y) => (x === 0 && y === 0 ? svg : `<g transform="translate(${x} ${y})">${svg}</g>`));
}

/** The box of a round piece of radius `r` (stroke included) standing at its centre. */
export function round(r: number): Box {
  return [-r, -r, r, r];
}

/** The box of a w × h rectangle standing at its top-left corner, with a stroke of `stroke` units. */
export function rectBox(w: number, h: number, stroke = 0): Box {
  return [-stroke / 2, -stroke / 2, w + stroke / 2, h + stroke / 2];
}

/**
 * The box of a line of text of width `w` centred on the piece's x, its digits and capitals
 * centred on the piece's y (`middleBaseline`); generous above and below for any script's marks.
 */
export function centredTextBox(w: number, size: number): Box {
  return [-w / 2 - 3, -0.75 * size, w / 2 + 3, 0.75 * size];
}

/** Returns the pieces drawn where they stand, in order. */
export function piecesSvg(pieces: readonly Piece[]): string {
  let out = '';
  for (const p of pieces) out += p.draw(p.x, p.y);
  return out;
}
