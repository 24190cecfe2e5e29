/**
 * Choosing a play: every legal play is scored by an evaluator (0-ply); the strong level then looks
 * one roll further for the best few (1-ply: the opponent's 21 rolls, its best reply to each by the
 * same evaluator), and two rolls further for the best few of those (2-ply: each of those replies
 * valued at 1-ply, where a pruning net may pick the plays the evaluator scores). Works on a
 * Generator's result arrays; allocates nothing per play.
 */
import { Generator, type Dice } from '../engine/index.ts';
import type { Evaluator } from './evaluators.ts';
import { type AiRules, BOARD, ROLLS, generateFrom, isFirstTurn, swapInto, wonPoints } from './rules.ts';

/** A ranking's score of a play that wins the game (above any evaluator's own). */
const WINNING_PLAY = 1e12;

/** Every roll, by its index in ROLLS. */
const ALL_ROLLS: readonly number[] = ROLLS.map((_, r) => r);

/**
 * The reduced 2-ply's thirds of the 21 rolls (indices into ROLLS), each worth 12 of 36: two
 * doubles and five others, every die value in each about as often — 1-1 4-4 1-4 1-6 2-4 3-5 3-6,
 * 2-2 5-5 1-2 1-3 2-6 4-5 5-6, 3-3 6-6 1-5 2-3 2-5 3-4 4-6.
 */
export const THIRDS: readonly (readonly number[])[] = [[0, 15, 3, 5, 8, 13, 14], [6, 18, 1, 2, 10, 16, 19], [11, 20, 4, 7, 9, 12, 17]];

/**
 * The order in which the 2-ply goes through the opponent's rolls: a double and two others from
 * each third in turn, so that the rolls done when the clock stops it are a fair sample (a few of
 * each kind) rather than the low ones — 1-1 1-4 1-6 2-2 1-2 1-3 3-3 1-5 2-3 4-4 2-4 3-5 5-5 2-6
 * 4-5 6-6 2-5 3-4 3-6 5-6 4-6.
 */
const DEEP_ORDER: readonly number[] = [0, 3, 5, 6, 1, 2, 11, 4, 7, 15, 8, 13, 18, 10, 16, 20, 9, 12, 14, 19, 17];

/**
 * How far the 2-ply looks: the `plays` best by 1-ply within `window` of the best, until `budget`
 * positions in all. `reduced`: below each of the opponent's 21 rolls only a third of ours (one of
 * `THIRDS` in turn, so that the 21 are all met), as gnubg's "reduced" evaluations do: three times
 * less work, the noise shared by the plays compared.
 */
export interface DeepLimits {
  readonly plays: number;
  readonly window: number;
  readonly budget: number;
  readonly reduced: boolean;
  /**
   * At the 2-ply's innermost rolls, only the `prune` best plays by the searcher's `pruner` are
   * scored by the full evaluator (0, or no pruner: every play). Counted in the budget all the same.
   */
  readonly prune: number;
}

/** Scratch space for one searcher (one per player; not shared across concurrent searches). */
export class Searcher {
  readonly gen = new Generator();
  private readonly reply = new Generator();
  private readonly tmp = new Int8Array(BOARD);
  /** The 2-ply's own generator and board: it runs 1-ply searches below the replies of `reply`. */
  private readonly deep = new Generator();
  private readonly deepTmp = new Int8Array(BOARD);
  /** The opponent's best reply to each of its 21 rolls, per candidate of the 1-ply (the 2-ply's starting points). */
  private replies = new Int8Array(8 * ROLLS.length * BOARD);
  /** Per candidate slot and roll: the value for us of the opponent's best reply to it, at 0-ply (the 1-ply's terms). */
  private rollValues = new Float64Array(8 * ROLLS.length);
  /** Scores of the plays of the last `generate`, by index. */
  scores = new Float64Array(64);
  /** Positions evaluated since the last `lookahead` began (the work budget's unit). */
  nodes = 0;
  /** How many of the opponent's rolls (of `DEEP_ORDER`) the last `lookahead`'s 2-ply got through for every play. */
  deepRolls = 0;
  /** `performance.now()` after which a lookahead stops as if its budget ran out; Infinity: no clock. */
  deadline = Infinity;
  /** A cheap ranking of plays (a pruning net, prune.ts) for the 2-ply's innermost rolls (`DeepLimits.prune`); undefined: none. */
  pruner: Evaluator | undefined;
  /** The plays the pruner keeps, best first, and its scores of them. */
  private pruned = new Int32Array(8);
  private prunedScores = new Float64Array(8);

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
   *
   * With `deep`, the best plays by 1-ply are then rescored at 2-ply: the opponent's reply to each
   * roll (found by the 1-ply) valued by our best answer to each of our 21 rolls. The 2-ply goes
   * roll by roll of the opponent's (`DEEP_ORDER`), through every play at each; a play's value is
   * its 2-ply value on the rolls done and its 1-ply value on the others. So when the budget or the
   * clock stops it, the plays are compared on the same rolls done at 2-ply, the rest at 1-ply
   * (the roll in progress is dropped), and the more time the nearer the full 2-ply.
   */
  lookahead(n: number, ev: Evaluator, keep: number, window: number, budget: number, deep?: DeepLimits): number {
    this.nodes = n;
    this.deepRolls = 0;
    const first = this.scorePlays(n, ev);
    if (n === 1) return first;
    const order = topIndices(this.scores, n, keep);
    this.keepSlots(order.length);
    let best = first, bestValue = -Infinity;
    const top = this.scores[first];
    // The candidates that got through the 1-ply, in the order of `order` (their slot in `replies`).
    const judged: { i: number; slot: number; value: number }[] = [];
    for (let slot = 0; slot < order.length; slot++) {
      const i = order[slot];
      if (this.scores[i] < top - window) continue;
      const v = this.expectReply(this.gen.boards, i * BOARD, ev, budget, this.reply, this.tmp, slot, ALL_ROLLS, 0);
      if (Number.isNaN(v)) break;
      judged.push({ i, slot, value: v });
      if (v > bestValue) { bestValue = v; best = i; }
    }
    if (!deep || judged.length < 2) return best;
    judged.sort((a, c) => c.value - a.value);
    const plays = judged.slice(0, deep.plays).filter((j) => j.value >= bestValue - deep.window);
    if (plays.length < 2) return best;
    // Each play's value times 36, its 1-ply rolls replaced by 2-ply ones as they are done.
    const mixed = plays.map((j) => 36 * j.value);
    // A play that wins at once is worth what it wins, at any depth.
    const wins = plays.map((j) => wonPoints(this.rules, this.gen.boards, j.i * BOARD) > 0);
    const done = new Float64Array(plays.length);
    for (let k = 0; k < DEEP_ORDER.length; k++) {
      const r = DEEP_ORDER[k], weight = ROLLS[r][2];
      for (let c = 0; c < plays.length; c++) {
        const slot = plays[c].slot;
        if (wins[c]) continue;
        const v = this.expectReply(this.replies, (slot * ROLLS.length + r) * BOARD, ev, deep.budget, this.deep, this.deepTmp, -1, deep.reduced ? THIRDS[r % 3] : ALL_ROLLS, deep.prune);
        if (Number.isNaN(v)) return plays[argMax(mixed)].i;
        done[c] = -v;
      }
      for (let c = 0; c < plays.length; c++) if (!wins[c]) mixed[c] += weight * (done[c] - this.rollValues[plays[c].slot * ROLLS.length + r]);
      this.deepRolls = k + 1;
    }
    return plays[argMax(mixed)].i;
  }

  /**
   * Expected value, for the side that just moved to the board at `b[at..]`, of the opponent's
   * best replies; NaN when `nodes` passes `budget` on the way. With `keep` ≥ 0 the best reply to
   * each roll is kept in that slot, for `deepValue` to go on from.
   */
  replyValue(b: Int8Array, at: number, ev: Evaluator, budget = Infinity, keep = -1): number {
    if (keep >= 0) this.keepSlots(keep + 1);
    return this.expectReply(b, at, ev, budget, this.reply, this.tmp, keep, ALL_ROLLS, 0);
  }

  /** Room in `replies` for `n` candidates, keeping what is there. */
  private keepSlots(n: number): void {
    if (this.replies.length >= n * ROLLS.length * BOARD) return;
    const more = new Int8Array(n * ROLLS.length * BOARD);
    more.set(this.replies);
    this.replies = more;
    const values = new Float64Array(n * ROLLS.length);
    values.set(this.rollValues);
    this.rollValues = values;
  }

  /**
   * `replyValue` with the generator and scratch board given (the 2-ply nests one inside the
   * other), over the `rolls` given (indices into ROLLS, weighted among themselves); with
   * `slot` ≥ 0 each roll's best reply is kept in `replies` for the 2-ply; with `prune` > 0 only
   * that many plays of each roll, the best by `pruner`, are scored by `ev`.
   */
  private expectReply(b: Int8Array, at: number, ev: Evaluator, budget: number, gen: Generator, tmp: Int8Array, slot: number, rolls: readonly number[], prune: number): number {
    const won = wonPoints(this.rules, b, at);
    if (won > 0) return won;
    swapInto(b, at, tmp, 0);
    const first = isFirstTurn(this.rules, tmp, 0);
    let sum = 0, weights = 0;
    for (const r of rolls) {
      const [d1, d2, weight] = ROLLS[r];
      weights += weight;
      const m = generateFrom(gen, this.rules, tmp, 0, [d1, d2], first);
      this.nodes += m;
      if (this.nodes > budget || (this.deadline !== Infinity && performance.now() > this.deadline)) return NaN;
      let bestOpp = -Infinity, bestAt = 0;
      if (m === 0) bestOpp = ev.score(tmp, 0);
      else if (prune > 0 && m > prune && this.pruner) {
        const kept = this.prune(gen, tmp, m, prune);
        ev.prepare?.(tmp, 0);
        for (let k = 0; k < kept; k++) {
          const play = this.pruned[k];
          const s = ev.score(gen.boards, play * BOARD);
          if (s > bestOpp) { bestOpp = s; bestAt = play; }
        }
      } else {
        ev.prepare?.(tmp, 0);
        const boards = gen.boards;
        for (let k = 0; k < m; k++) {
          const s = ev.score(boards, k * BOARD);
          if (s > bestOpp) { bestOpp = s; bestAt = k; }
        }
      }
      if (slot >= 0) {
        this.replies.set(m === 0 ? tmp : gen.boards.subarray(bestAt * BOARD, bestAt * BOARD + BOARD), (slot * ROLLS.length + r) * BOARD);
        this.rollValues[slot * ROLLS.length + r] = -bestOpp;
      }
      sum -= weight * bestOpp;
    }
    return sum / weights;
  }

  /** The `keep` best of the `m` plays in `gen` (from the board `before`) by `pruner`, into `pruned` best first; returns how many. */
  private prune(gen: Generator, before: Int8Array, m: number, keep: number): number {
    if (this.pruned.length < keep) { this.pruned = new Int32Array(keep); this.prunedScores = new Float64Array(keep); }
    const pruner = this.pruner!, ids = this.pruned, scores = this.prunedScores;
    pruner.prepare?.(before, 0);
    let kept = 0;
    for (let k = 0; k < m; k++) {
      const s = pruner.score(gen.boards, k * BOARD);
      if (kept === keep && s <= scores[kept - 1]) continue;
      // Insertion into the few kept so far, best first.
      let j = kept < keep ? kept++ : kept - 1;
      while (j > 0 && scores[j - 1] < s) { ids[j] = ids[j - 1]; scores[j] = scores[j - 1]; j--; }
      ids[j] = k; scores[j] = s;
    }
    return kept;
  }

  /**
   * 2-ply value, for the side that just moved to the board at `b[at..]`, from the opponent's
   * replies its 1-ply (`replyValue` with `keep`) kept in `slot`: each valued at 1-ply from the
   * opponent's side (`prune`: see `DeepLimits`). NaN when the budget or the clock runs out on the way.
   */
  deepValue(b: Int8Array, at: number, slot: number, ev: Evaluator, reduced: boolean, budget = Infinity, prune = 0): number {
    const won = wonPoints(this.rules, b, at);
    if (won > 0) return won;
    let sum = 0;
    for (let r = 0; r < ROLLS.length; r++) {
      const v = this.expectReply(this.replies, (slot * ROLLS.length + r) * BOARD, ev, budget, this.deep, this.deepTmp, -1, reduced ? THIRDS[r % 3] : ALL_ROLLS, prune);
      if (Number.isNaN(v)) return NaN;
      sum -= ROLLS[r][2] * v;
    }
    return sum / 36;
  }

  /**
   * 1-ply chances for the cube: the outputs (`ev.last`: P(win), P(win mars+), P(win koks),
   * P(lose mars+), P(lose koks)) of the side to roll on the board at `b[at..]` (the other side
   * first, as after its move), averaged over its 21 rolls (or the `rolls` given, indices into
   * ROLLS) with its best play (by `ev`) to each. Written into `out`.
   */
  rollerChances(b: Int8Array, at: number, ev: Evaluator & { readonly last: ArrayLike<number> }, out: Float64Array, rolls: readonly number[] = ALL_ROLLS): Float64Array {
    const tmp = this.tmp;
    swapInto(b, at, tmp, 0);
    const first = isFirstTurn(this.rules, tmp, 0);
    out.fill(0);
    let weights = 0;
    for (const r of rolls) {
      const weight = ROLLS[r][2];
      weights += weight;
      this.bestPlay(this.reply, tmp, r, first, ev);
      for (let o = 0; o < out.length; o++) out[o] += weight * ev.last[o];
    }
    for (let o = 0; o < out.length; o++) out[o] /= weights;
    return out;
  }

  /**
   * The best play by `ev` of the side to roll on `b[0..]` with the roll `ROLLS[r]`, generated into
   * `gen`: its index in `gen.boards`, or −1 when the roll has no play (the board stays `b`). Leaves
   * that play's outputs in `ev.last`.
   */
  bestPlay(gen: Generator, b: Int8Array, r: number, first: boolean, ev: Evaluator): number {
    const [d1, d2] = ROLLS[r];
    const m = generateFrom(gen, this.rules, b, 0, [d1, d2], first);
    if (m === 0) { ev.score(b, 0); return -1; }
    ev.prepare?.(b, 0);
    let best = -Infinity, bestAt = 0;
    for (let k = 0; k < m; k++) {
      const s = ev.score(gen.boards, k * BOARD);
      if (s > best) { best = s; bestAt = k; }
    }
    if (m > 1) ev.score(gen.boards, bestAt * BOARD); // `last` holds the best play's outputs again
    return bestAt;
  }
}

function argMax(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
  return best;
}

/** The indices of the `keep` highest scores, highest first. */
export function topIndices(scores: Float64Array, n: number, keep: number): number[] {
  const idx: number[] = [];
  for (let i = 0; i < n; i++) idx.push(i);
  idx.sort((a, b) => scores[b] - scores[a]);
  return idx.slice(0, keep);
}
