/**
 * Luck in equity, the measure gnubg calls luck: a roll's value for the mover (the strong net's
 * equity after the best play of it, 0-ply) minus the average value of every roll that could have
 * come. Summed over a player's rolls, it says how much the dice gave them, in points per game.
 */
import type { Dice, Position } from '../engine/index.ts';
import { NetEvaluator } from './evaluators.ts';
import { loadInto, netFor } from './player.ts';
import { aiRules, BOARD, ROLLS } from './rules.ts';
import { Searcher } from './search.ts';

/** The 15 non-doubles, each twice out of 30: the rolls an opening throw can be (a tie is thrown again). */
export const OPENING_ROLLS: readonly (readonly [number, number, number])[] = ROLLS.filter(([a, b]) => a !== b);

/** Measures the luck of rolls in one variant (short or long nardy, whose nets are trained). Holds scratch space. */
export class LuckMeter {
  private readonly searcher: Searcher;
  private readonly net: NetEvaluator;
  private readonly board = new Int8Array(BOARD);

  constructor(position: Pick<Position, 'variant' | 'options'>) {
    const rules = aiRules(position.variant, position.options);
    this.searcher = new Searcher(rules);
    this.net = new NetEvaluator(netFor(position.variant), rules);
  }

  /** The mover's equity after the best play of `dice` in `position` (board[0] to move). */
  value(position: Position, dice: Dice, firstTurn: boolean): number {
    loadInto(this.board, position);
    const n = this.searcher.generate(this.board, 0, dice, firstTurn);
    if (n === 0) return this.net.score(this.board, 0);
    const best = this.searcher.scorePlays(n, this.net);
    return this.searcher.scores[best];
  }

  /** The luck of `dice`: its value minus the weighted average over `rolls` (all 21 by default, the 15 non-doubles for an opening throw). */
  luck(position: Position, dice: Dice, firstTurn: boolean, rolls: readonly (readonly [number, number, number])[] = ROLLS): number {
    let sum = 0, weights = 0, rolled: number | undefined;
    const [lo, hi] = dice[0] <= dice[1] ? dice : [dice[1], dice[0]];
    for (const [a, b, w] of rolls) {
      const v = this.value(position, [a, b], firstTurn);
      if (a === lo && b === hi) rolled = v;
      sum += w * v; weights += w;
    }
    return (rolled ?? this.value(position, dice, firstTurn)) - sum / weights;
  }
}
