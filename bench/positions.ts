/**
 * A fixed set of middle-game (position, dice) vectors per variant, from seeded random self-play:
 * the same on every run, so figures compare across commits.
 */
import { isGameOver, legalPlays, startBoard, swapSides, VARIANTS, type Board, type VariantId } from '../src/engine/index.ts';
import { mulberry32 as seeded } from '../tests/arbitraries.ts';


export interface Vector {
  board: Board;
  dice: [number, number];
  firstTurn: boolean;
}

/** Returns `count` vectors taken from turns 8..40 of seeded random games. */
export function middleGameVectors(variant: VariantId, count: number, seed = 7): Vector[] {
  const rnd = seeded(seed);
  const die = () => 1 + Math.floor(rnd() * 6);
  const out: Vector[] = [];
  while (out.length < count) {
    let board = startBoard(VARIANTS[variant]);
    for (let turn = 0; turn < 40 && out.length < count; turn++) {
      const dice: [number, number] = [die(), die()];
      const firstTurn = turn < 2;
      if (turn >= 8) out.push({ board, dice, firstTurn });
      const plays = legalPlays({ variant, board }, dice, { firstTurn });
      if (plays.length > 0) board = plays[Math.floor(rnd() * plays.length)].board;
      if (isGameOver({ variant, board })) break;
      board = swapSides(board);
    }
  }
  return out;
}
