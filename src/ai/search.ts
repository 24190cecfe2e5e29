/**
 * Choosing a play: every legal play is scored by an evaluator (0-ply); the strong level then looks
 * one roll further for the best few (1-ply: the opponent's 21 rolls, its best reply to each by the
 * same evaluator). Works on a Generator's result arrays; allocates nothing per play.
 */
import { Generator, type Dice } from '../engine/index.ts';
import type { Evaluator } from './evaluators.ts';
import { type AiRules, BOARD, ROLLS, generateFrom, isFirstTurn, swapInto, wonPoints } from './rules.ts';

/** A ranking's score of a play that wins the game (above any evaluator's own). */
const WINNING_PLAY = 1e12;

/** Scratch space for one searcher (one per player; not shared across concurrent searches). */
export class Searcher {
  readonly gen = new Generator();
  private readonly reply = new Generator();
  private readonly tmp = new Int8Array(BOARD);
  /** Scores of the plays of the last `generate`, by index. */
  scores = new Float64Array(64);
  /** Positions evaluated since the last `lookahead` began (the work budget's unit). */
  nodes = 0;
  /** `performance.now()` after which a lookahead stops as if its budget ran out; Infinity: no clock. */
  deadline = Infinity;

  constructor(readonly rules: AiRules) {}

  /** Generates the plays of `dice` for the board at `b[at..]` (mover first); returns their number. `moves`: see `generateFrom`. */
  generate(b: Int8Array, at: number, dice: Dice, firstTurn: boolean, moves?: number): number {
    return generateFrom(this.gen, this.rules, b, at, dice, firstTurn, moves);
  }

  /**
   * Scores every play left in `gen` with `ev` (0-ply); returns the index of the best. A ranking
   * evaluator does not know every variant's ends (a hit in sudden death, a pinned mother in
   * plakoto), so a play that wins outranks every other whatever it says.
   */
  scorePlays(n: number, ev: Evaluator): number {
    if (this.scores.length < n) this.scores = new Float64Array(n * 2);
    ev.prepare?.(this.gen.b, 0);
    let best = 0;
    const boards = this.gen.boards;
    for (let i = 0; i < n; i++) {
      const won = ev.equity ? 0 : wonPoints(this.rules, boards, i * BOARD);
      const s = won > 0 ? WINNING_PLAY + won : ev.score(boards, i * BOARD);
      this.scores[i] = s;
      if (s > this.scores[best]) best = i;
    }
    return best;
  }

  /**
   * 1-ply: rescores the `keep` best plays (and only those within `window` of the best) by the
   * opponent's best reply to each of its 21 rolls; returns the index of the best play. Once
   * `budget` positions have been evaluated the candidate in progress is dropped and no other is
   * started, so the work per move is bounded (and deterministic). The same happens once the clock
   * passes `deadline` when one is set (the app's moves on a loaded machine: then the choice depends
   * on the machine's speed). `ev` must score equities.
   */
  lookahead(n: number, ev: Evaluator, keep: number, window: number, budget: number): number {
    this.nodes = n;
    const first = this.scorePlays(n, ev);
    if (n === 1) return first;
    const order = topIndices(this.scores, n, keep);
    let best = first, bestValue = -Infinity;
    const top = this.scores[first];
    for (const i of order) {
      if (this.scores[i] < top - window) continue;
      const v = this.replyValue(this.gen.boards, i * BOARD, ev, budget);
      if (Number.isNaN(v)) break;
      if (v > bestValue) { bestValue = v; best = i; }
    }
    return best;
  }

  /**
   * Expected value, for the side that just moved to the board at `b[at..]`, of the opponent's
   * best replies; NaN when `nodes` passes `budget` on the way.
   */
  replyValue(b: Int8Array, at: number, ev: Evaluator, budget = Infinity): number {
    const won = wonPoints(this.rules, b, at);
    if (won > 0) return won;
    const tmp = this.tmp;
    swapInto(b, at, tmp, 0);
    const first = isFirstTurn(this.rules, tmp, 0);
    let sum = 0;
    for (const [d1, d2, weight] of ROLLS) {
      const m = generateFrom(this.reply, this.rules, tmp, 0, [d1, d2], first);
      this.nodes += m;
      if (this.nodes > budget || (this.deadline !== Infinity && performance.now() > this.deadline)) return NaN;
      let bestOpp = -Infinity;
      if (m === 0) bestOpp = ev.score(tmp, 0);
      else {
        ev.prepare?.(tmp, 0);
        const boards = this.reply.boards;
        for (let k = 0; k < m; k++) {
          const s = ev.score(boards, k * BOARD);
          if (s > bestOpp) bestOpp = s;
        }
      }
      sum -= weight * bestOpp;
    }
    return sum / 36;
  }

  /**
   * 1-ply chances for the cube: the outputs (`ev.last`: P(win), P(win mars+), P(win koks),
   * P(lose mars+), P(lose koks)) of the side to roll on the board at `b[at..]` (the other side
   * first, as after its move), averaged over its 21 rolls with its best play (by `ev`) to each.
   * Written into `out`.
   */
  rollerChances(b: Int8Array, at: number, ev: Evaluator & { readonly last: ArrayLike<number> }, out: Float64Array): Float64Array {
    const tmp = this.tmp;
    swapInto(b, at, tmp, 0);
    const first = isFirstTurn(this.rules, tmp, 0);
    out.fill(0);
    for (const [d1, d2, weight] of ROLLS) {
      const m = generateFrom(this.reply, this.rules, tmp, 0, [d1, d2], first);
      const boards = m === 0 ? tmp : this.reply.boards;
      if (m > 0) ev.prepare?.(tmp, 0);
      let best = -Infinity, bestAt = 0;
      for (let k = 0; k < Math.max(m, 1); k++) {
        const s = ev.score(boards, k * BOARD);
        if (s > best) { best = s; bestAt = k; }
      }
      if (m > 1) ev.score(boards, bestAt * BOARD); // `last` holds the best play's outputs again
      for (let o = 0; o < out.length; o++) out[o] += weight * ev.last[o];
    }
    for (let o = 0; o < out.length; o++) out[o] /= 36;
    return out;
  }
}

/** The indices of the `keep` highest scores, highest first. */
export function topIndices(scores: Float64Array, n: number, keep: number): number[] {
  const idx: number[] = [];
  for (let i = 0; i < n; i++) idx.push(i);
  idx.sort((a, b) => scores[b] - scores[a]);
  return idx.slice(0, keep);
}
