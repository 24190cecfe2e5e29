/**
 * Rollouts: a position after its mover's play valued by playing it out to the end many times, both
 * sides choosing by the net at 0-ply, and counting how the games end. Every result is in the
 * mover's view, as the net's outputs (win, win mars, win koks, lose mars, lose koks).
 *
 * Why a teacher the net's own search is not: a 1-ply or 2-ply ends on the net's own judgement of
 * positions a roll or two later, so whatever the net misjudges about a kind of position (a wall's
 * worth, timing, a race's mars chances) its lookahead misjudges the same way — four retrains on such
 * targets gained nothing past the first. A rollout ends on real results: only the play along the way
 * is the net's.
 *
 * The first roll of the trials goes through the 36 in turn (trial k rolls k mod 36), so that a
 * roll's luck does not weigh on the mean; a trial that reaches a bear-off race ends on the table's
 * chance (no mars is left to happen there). `seed` fixes the dice: the plays of one roll rolled out
 * with the same seed meet the same dice, so their difference is far less noisy than each value.
 */
import { bearoffWinChance, isBearoffRace } from '../../src/ai/bearoff.ts';
import type { NetEvaluator } from '../../src/ai/evaluators.ts';
import { OUTPUTS } from '../../src/ai/net.ts';
import { rollDie, seededRandom } from '../../src/ai/random.ts';
import { BOARD, isFirstTurn, swapInto, wonPoints, type AiRules } from '../../src/ai/rules.ts';
import { Searcher } from '../../src/ai/search.ts';
import { MAX_TURNS } from './self-play.ts';

export class Rollout {
  private readonly searcher: Searcher;
  private readonly pos = new Int8Array(BOARD);
  private readonly sum = new Float64Array(OUTPUTS);
  /** Turns played by the last `value`, all trials together. */
  turns = 0;

  constructor(private readonly rules: AiRules, private readonly ev: NetEvaluator) {
    this.searcher = new Searcher(rules);
  }

  /** The mean result of `trials` games from the board at `b[at..]` (the mover first; the other side rolls next), into `out`. */
  value(b: Int8Array, at: number, trials: number, seed: number, out: Float32Array): Float32Array {
    const { rules, searcher, pos, sum, ev } = this;
    const random = seededRandom(seed);
    sum.fill(0);
    this.turns = 0;
    const won = wonPoints(rules, b, at);
    if (won > 0) {
      out[0] = 1; out[1] = won >= 2 ? 1 : 0; out[2] = won >= 3 ? 1 : 0; out[3] = 0; out[4] = 0;
      return out;
    }
    for (let trial = 0; trial < trials; trial++) {
      swapInto(b, at, pos, 0);
      // Whether the side that has just moved to `pos` is the rolled-out position's mover: it was, and each play hands over.
      let mover = true;
      for (let t = 0; ; t++) {
        let d1: number, d2: number;
        if (t === 0) { d1 = 1 + Math.floor((trial % 36) / 6); d2 = 1 + (trial % 6); }
        else { d1 = rollDie(random); d2 = rollDie(random); }
        const n = searcher.generate(pos, 0, [d1, d2], isFirstTurn(rules, pos, 0));
        if (n > 0) {
          const best = searcher.scorePlays(n, ev);
          pos.set(searcher.gen.boards.subarray(best * BOARD, best * BOARD + BOARD));
        }
        mover = !mover;
        this.turns++;
        const w = wonPoints(rules, pos, 0);
        if (w > 0) {
          if (mover) { sum[0] += 1; if (w >= 2) sum[1] += 1; if (w >= 3) sum[2] += 1; }
          else { if (w >= 2) sum[3] += 1; if (w >= 3) sum[4] += 1; }
          break;
        }
        if (isBearoffRace(pos, 0)) {
          const p = bearoffWinChance(pos, 0);
          sum[0] += mover ? p : 1 - p;
          break;
        }
        if (t === MAX_TURNS) { sum[0] += 0.5; break; }
        swapInto(pos, 0, pos, 0);
      }
    }
    for (let o = 0; o < OUTPUTS; o++) out[o] = sum[o] / trials;
    return out;
  }
}
