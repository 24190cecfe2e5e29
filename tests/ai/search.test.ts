/**
 * Issue 19: the strong level's 2-ply chooses what a plain reading of its definition chooses — the
 * opponent's best reply (by 0-ply) to each of its 21 rolls, valued by our best answer to each of
 * ours (all 21, or the reduced third) — and a budget that stops it leaves the 1-ply's choice.
 */
import { describe, expect, it } from 'vitest';
import { Generator } from '../../src/engine/index.ts';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { netFor } from '../../src/ai/player.ts';
import { seededRandom, rollDie } from '../../src/ai/random.ts';
import { BOARD, ROLLS, aiRules, generateFrom, swapInto, wonPoints } from '../../src/ai/rules.ts';
import { Searcher, topIndices } from '../../src/ai/search.ts';
import { startBoard } from '../../src/engine/index.ts';

const rules = aiRules('short');
const ev = new NetEvaluator(netFor('short'), rules);

/** The best 0-ply play's board (mover first) of `roll` on `b` (mover first), or `b` itself when none. */
function bestPlay(b: Int8Array, roll: readonly [number, number]): Int8Array {
  const gen = new Generator();
  const m = generateFrom(gen, rules, b, 0, [roll[0], roll[1]], false);
  if (m === 0) return b.slice();
  let best = 0, value = -Infinity;
  for (let k = 0; k < m; k++) {
    const v = ev.score(gen.boards, k * BOARD);
    if (v > value) { value = v; best = k; }
  }
  return gen.boards.slice(best * BOARD, (best + 1) * BOARD);
}

/** Value for the side that just moved to `after`, of the other side's best play to each roll in `rolls` (indices into ROLLS), valued by `value`. */
function expect1(after: Int8Array, rolls: number[], value: (b: Int8Array) => number): number {
  const won = wonPoints(rules, after, 0);
  if (won > 0) return won;
  const turned = new Int8Array(BOARD);
  swapInto(after, 0, turned, 0);
  let sum = 0, weights = 0;
  for (const r of rolls) {
    const [d1, d2, w] = ROLLS[r];
    sum -= w * value(bestPlay(turned, [d1, d2]));
    weights += w;
  }
  return sum / weights;
}

const ALL = ROLLS.map((_, r) => r);
/** The reduced 2-ply's thirds, as the search's comment names them (each two doubles and five others). */
const THIRDS = ['11 44 14 16 24 35 36', '22 55 12 13 26 45 56', '33 66 15 23 25 34 46']
  .map((third) => third.split(' ').map((d) => ROLLS.findIndex(([a, b]) => `${a}${b}` === d)));
const onePly = (after: Int8Array) => expect1(after, ALL, (b) => ev.score(b, 0));
const twoPly = (after: Int8Array, reduced: boolean) => {
  const won = wonPoints(rules, after, 0);
  if (won > 0) return won;
  const turned = new Int8Array(BOARD);
  swapInto(after, 0, turned, 0);
  let sum = 0;
  ROLLS.forEach(([d1, d2, w], r) => {
    const rolls = reduced ? THIRDS[r % 3] : ALL;
    sum -= w * expect1(bestPlay(turned, [d1, d2]), rolls, (b) => ev.score(b, 0));
  });
  return sum / 36;
};

/** Middle-game positions of seeded games between 0-ply players, each with a roll. */
function positions(count: number): { board: Int8Array; dice: [number, number] }[] {
  const random = seededRandom(2026);
  const s = startBoard(rules.variant);
  const out: { board: Int8Array; dice: [number, number] }[] = [];
  const searcher = new Searcher(rules);
  while (out.length < count) {
    const pos = new Int8Array(BOARD);
    for (let i = 0; i < 26; i++) { pos[i] = s[0][i]; pos[26 + i] = s[1][i]; }
    for (let t = 0; t < 30; t++) {
      const dice: [number, number] = [rollDie(random), rollDie(random)];
      if (t === 0) while (dice[0] === dice[1]) dice[1] = rollDie(random);
      const n = searcher.generate(pos, 0, dice, false);
      if (t >= 8 && t % 7 === 1 && n >= 2) out.push({ board: pos.slice(), dice });
      if (n === 0) { swapInto(pos, 0, pos, 0); continue; }
      const i = random() < 0.3 ? Math.floor(random() * n) : searcher.scorePlays(n, ev);
      if (wonPoints(rules, searcher.gen.boards, i * BOARD) > 0) break;
      swapInto(searcher.gen.boards, i * BOARD, pos, 0);
    }
  }
  return out.slice(0, count);
}

/** What the strong level's definition chooses: 0-ply, the 1-ply of the best 8 within 0.3, the 2-ply of the best 3 by it within 0.05. */
function reference(board: Int8Array, dice: [number, number], reduced: boolean): number {
  const s = new Searcher(rules);
  const n = s.generate(board, 0, dice, false);
  s.scorePlays(n, ev);
  const top = Math.max(...s.scores.subarray(0, n));
  const one = topIndices(s.scores, n, 8).filter((i) => s.scores[i] >= top - 0.3)
    .map((i) => ({ i, v: onePly(s.gen.boards.slice(i * BOARD, (i + 1) * BOARD)) })).sort((a, b) => b.v - a.v);
  if (one.length < 2) return one[0].i;
  const deep = one.filter((c) => c.v >= one[0].v - 0.05).slice(0, 3);
  if (deep.length < 2) return one[0].i;
  let best = deep[0].i, value = -Infinity;
  for (const { i } of deep) {
    const v = twoPly(s.gen.boards.slice(i * BOARD, (i + 1) * BOARD), reduced);
    if (v > value) { value = v; best = i; }
  }
  return best;
}

describe('issue 19: the strong level\'s 2-ply', () => {
  const spots = positions(5);

  it.each([false, true])('chooses what its definition chooses (reduced: %s)', (reduced) => {
    for (const { board, dice } of spots) {
      const s = new Searcher(rules);
      const n = s.generate(board, 0, dice, false);
      const chosen = s.lookahead(n, ev, 8, 0.3, 1e9, { plays: 3, window: 0.05, budget: 1e9, reduced, prune: 0 });
      expect(chosen).toBe(reference(board, dice, reduced));
    }
  }, 60_000);

  it('leaves the 1-ply\'s choice when its budget is spent before a second play gets through', () => {
    for (const { board, dice } of spots) {
      const s = new Searcher(rules);
      const n = s.generate(board, 0, dice, false);
      const one = s.lookahead(n, ev, 8, 0.3, 1e9);
      const oneNodes = s.nodes;
      s.generate(board, 0, dice, false);
      expect(s.lookahead(n, ev, 8, 0.3, 1e9, { plays: 3, window: 0.05, budget: oneNodes + 1, reduced: false, prune: 0 })).toBe(one);
    }
  });
});
