/**
 * The pictures whose pieces most first pictures show: both families' starting boards, seen from
 * either side (the bots draw a game's boards with one colour at the bottom throughout, and either
 * may be to move), with each die face of both colours once. Their pieces are shipped
 * (shipped-sprites.ts), or rasterised at a process's start where they are not.
 */
import { imageKey, place, type Placed } from './composite.ts';
import { scenePieces } from './picture.ts';
import { readScene } from './scene.ts';
import type { BoardPicture } from './spec.ts';

const STARTS = {
  short: [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0],
  long: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15, 0],
} as const;

export const WARM_PICTURES: readonly BoardPicture[] = (['short', 'long'] as const).flatMap((variant) =>
  (['white', 'black'] as const).flatMap((bottom) => (['white', 'black'] as const).flatMap((mover) =>
    ([[1, 2], [3, 4], [5, 6]] as const).map((values): BoardPicture => ({
      variant, board: { sides: [STARTS[variant], STARTS[variant]], mover }, view: { bottom }, dice: { values },
      players: { white: { name: '' }, black: { name: '' } },
    })))));

/** The warm pictures' pieces, each image once (by its SVG and box). */
export function warmPieces(): Placed[] {
  const byImage = new Map<string, Placed>();
  for (const spec of WARM_PICTURES) {
    const scene = readScene(spec);
    if (!scene.ok) throw new Error(`a warm picture does not draw: ${scene.error.message}`);
    for (const p of scenePieces(scene.value).map(place)) byImage.set(imageKey(p.svg, p.width, p.height), p);
  }
  return [...byImage.values()];
}
