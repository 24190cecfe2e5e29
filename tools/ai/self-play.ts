/**
 * One self-play game of a net against itself at 0-ply, shared by train.ts and targets.ts: the
 * boards after every turn (the mover first, each in its mover's view) into `states`.
 */
import { startBoard } from '../../src/engine/index.ts';
import type { NetEvaluator } from '../../src/ai/evaluators.ts';
import { rollDie } from '../../src/ai/random.ts';
import { BOARD, swapInto, wonPoints, type AiRules } from '../../src/ai/rules.ts';
import { Searcher } from '../../src/ai/search.ts';

/** A game this long is stopped (no real game comes near). */
export const MAX_TURNS = 3000;

export class SelfPlay {
  readonly states = new Int8Array(MAX_TURNS * BOARD);
  /** Its generator holds the plays of the last roll, and `scores` their values, when `turn` is called. */
  readonly searcher: Searcher;
  private readonly start = new Int8Array(BOARD);
  private readonly pos = new Int8Array(BOARD);

  constructor(private readonly rules: AiRules, private readonly random: () => number) {
    this.searcher = new Searcher(rules);
    const s = startBoard(rules.variant);
    for (let i = 0; i < 26; i++) { this.start[i] = s[0][i]; this.start[26 + i] = s[1][i]; }
  }

  /**
   * Plays a game by `ev`'s best plays — its second best in a share `explore` of the turns, so that
   * the positions greedy play avoids are seen too — calling `turn(at, plays)` after each turn's
   * board is in `states` at `at` (`plays`: how many the roll had, in `searcher`). Returns the
   * number of turns.
   */
  play(ev: NetEvaluator, explore = 0, turn?: (at: number, plays: number) => void): number {
    const { rules, random, searcher, states, pos } = this;
    pos.set(this.start);
    const firstTurn = [true, true];
    let side = 0, t = 0;
    for (;;) {
      let d1 = rollDie(random), d2 = rollDie(random);
      if (t === 0 && rules.short) while (d1 === d2) { d1 = rollDie(random); d2 = rollDie(random); }
      const n = searcher.generate(pos, 0, [d1, d2], firstTurn[side]);
      firstTurn[side] = false;
      const at = t * BOARD;
      if (n === 0) states.set(pos, at);
      else {
        let best = searcher.scorePlays(n, ev);
        if (explore > 0 && n > 1 && random() < explore) best = secondBest(searcher.scores, n, best);
        states.set(searcher.gen.boards.subarray(best * BOARD, best * BOARD + BOARD), at);
      }
      turn?.(at, n);
      t++;
      if (wonPoints(rules, states, at) > 0 || t === MAX_TURNS) return t;
      swapInto(states, at, pos, 0);
      side ^= 1;
    }
  }
}

function secondBest(scores: Float64Array, n: number, best: number): number {
  let second = best === 0 ? 1 : 0;
  for (let i = 0; i < n; i++) if (i !== best && scores[i] > scores[second]) second = i;
  return second;
}
