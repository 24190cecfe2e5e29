/**
 * Training targets deeper than the net's own 0-ply, shared by the self-play trainer (train.ts)
 * and the target generator (targets.ts): a position after its mover's play, valued by looking
 * ahead over the other side's rolls with the evaluator given. Every result is in the mover's view.
 */
import { Generator } from '../../src/engine/index.ts';
import type { NetEvaluator } from '../../src/ai/evaluators.ts';
import { OUTPUTS, flipOutputs } from '../../src/ai/net.ts';
import { BOARD, ROLLS, isFirstTurn, swapInto, wonPoints, type AiRules } from '../../src/ai/rules.ts';
import { Searcher, THIRDS } from '../../src/ai/search.ts';

const ALL_ROLLS = ROLLS.map((_, r) => r);

export class Lookahead {
  private readonly searcher: Searcher;
  private readonly replyGen = new Generator();
  private readonly replyBoard = new Int8Array(BOARD);
  private readonly chances = new Float64Array(OUTPUTS);
  private readonly inner = new Float64Array(OUTPUTS);

  constructor(private readonly rules: AiRules) {
    this.searcher = new Searcher(rules);
  }

  /** 1-ply: the other side's 21 rolls, its best reply to each by `ev`, averaged. */
  onePly(b: Int8Array, at: number, ev: NetEvaluator, out: Float32Array): Float32Array {
    flipOutputs(out, this.searcher.rollerChances(b, at, ev, this.chances));
    return out;
  }

  /**
   * 2-ply: each of the other side's 21 rolls with its best reply by `ev`, then our 1-ply from
   * there — reduced (the default) over a third of our rolls (`THIRDS`, in turn, as the strong
   * level's reduced 2-ply), else over all 21.
   */
  twoPly(b: Int8Array, at: number, ev: NetEvaluator, out: Float32Array, reduced = true): Float32Array {
    const { searcher, replyGen, replyBoard, inner } = this;
    swapInto(b, at, replyBoard, 0);
    const first = isFirstTurn(this.rules, replyBoard, 0);
    out.fill(0);
    for (let r = 0; r < ROLLS.length; r++) {
      const weight = ROLLS[r][2];
      const k = searcher.bestPlay(replyGen, replyBoard, r, first, ev);
      const boards = k < 0 ? replyBoard : replyGen.boards;
      const bestAt = Math.max(k, 0);
      if (wonPoints(this.rules, boards, bestAt * BOARD) > 0) flipOutputs(inner, ev.last);
      // Our chances as the side to roll after that reply, already in our view.
      else searcher.rollerChances(boards, bestAt * BOARD, ev, inner, reduced ? THIRDS[r % 3] : ALL_ROLLS);
      for (let o = 0; o < OUTPUTS; o++) out[o] += weight * inner[o];
    }
    for (let o = 0; o < OUTPUTS; o++) out[o] /= 36;
    return out;
  }
}
