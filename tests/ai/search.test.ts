/**
 * Issue 19: the strong level's 2-ply chooses what a plain reading of its definition chooses — the
 * opponent's best reply (by 0-ply) to each of its 21 rolls, valued by our best answer to each of
 * ours (all 21, or the reduced third; among all our plays, or among the pruning net's best few) —
 * and a budget that stops it compares the plays on the opponent's rolls it got through, at 1-ply
 * on the others.
 */
import { describe, expect, it } from 'vitest';
import { Generator } from '../../src/engine/index.ts';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { netFor, pruneNetFor } from '../../src/ai/player.ts';
import { Pruner } from '../../src/ai/prune.ts';
import { seededRandom, rollDie } from '../../src/ai/random.ts';
import { BOARD, ROLLS, aiRules, generateFrom, swapInto, wonPoints } from '../../src/ai/rules.ts';
import { Searcher, topIndices } from '../../src/ai/search.ts';
import { startBoard } from '../../src/engine/index.ts';

const rules = aiRules('short');
const ev = new NetEvaluator(netFor('short'), rules);
const pruner = new Pruner(pruneNetFor('short', netFor('short'))!, rules);

/**
 * The best 0-ply play's board (mover first) of `roll` on `b` (mover first), or `b` itself when
 * none; with `prune`, the best among the pruning net's `prune` best (ties: the earlier play).
 */
function bestPlay(b: Int8Array, roll: readonly [number, number], prune = 0): Int8Array {
  const gen = new Generator();
  const m = generateFrom(gen, rules, b, 0, [roll[0], roll[1]], false);
  if (m === 0) return b.slice();
  let plays = Array.from({ length: m }, (_, k) => k);
  if (prune > 0 && m > prune) {
    pruner.prepare(b, 0);
    const guess = plays.map((k) => pruner.score(gen.boards, k * BOARD));
    plays = plays.sort((x, y) => guess[y] - guess[x]).slice(0, prune);
  }
  let best = 0, value = -Infinity;
  for (const k of plays) {
    const v = ev.score(gen.boards, k * BOARD);
    if (v > value) { value = v; best = k; }
  }
  return gen.boards.slice(best * BOARD, (best + 1) * BOARD);
}

/**
 * Value for the side that just moved to `after`, of the other side's best play (`prune`: see
 * `bestPlay`) to each roll in `rolls` (indices into ROLLS), valued by `value`.
 */
function expect1(after: Int8Array, rolls: number[], value: (b: Int8Array) => number, prune = 0): number {
  const won = wonPoints(rules, after, 0);
  if (won > 0) return won;
  const turned = new Int8Array(BOARD);
  swapInto(after, 0, turned, 0);
  let sum = 0, weights = 0;
  for (const r of rolls) {
    const [d1, d2, w] = ROLLS[r];
    sum -= w * value(bestPlay(turned, [d1, d2], prune));
    weights += w;
  }
  return sum / weights;
}

const ALL = ROLLS.map((_, r) => r);
/** The reduced 2-ply's thirds, as the search's comment names them (each two doubles and five others). */
const THIRDS = ['11 44 14 16 24 35 36', '22 55 12 13 26 45 56', '33 66 15 23 25 34 46']
  .map((third) => third.split(' ').map((d) => ROLLS.findIndex(([a, b]) => `${a}${b}` === d)));
/** The 2-ply's order of the opponent's rolls, as the search's comment names it. */
const DEEP_ORDER = '11 14 16 22 12 13 33 15 23 44 24 35 55 26 45 66 25 34 36 56 46'.split(' ').map((d) => ROLLS.findIndex(([a, b]) => `${a}${b}` === d));
const onePly = (after: Int8Array) => expect1(after, ALL, (b) => ev.score(b, 0));

/**
 * Per roll r of the opponent's: the value for the side that just moved to `after` of its best
 * reply to r — at 0-ply (the 1-ply's terms), or at 1-ply (the 2-ply's).
 */
function rollTerms(after: Int8Array, deep: boolean, reduced = false, prune = 0): number[] {
  const turned = new Int8Array(BOARD);
  swapInto(after, 0, turned, 0);
  return ROLLS.map(([d1, d2], r) => {
    const reply = bestPlay(turned, [d1, d2]);
    return deep ? -expect1(reply, reduced ? THIRDS[r % 3] : ALL, (b) => ev.score(b, 0), prune) : -ev.score(reply, 0);
  });
}

const twoPly = (after: Int8Array, reduced: boolean, prune = 0) => {
  const won = wonPoints(rules, after, 0);
  if (won > 0) return won;
  return rollTerms(after, true, reduced, prune).reduce((sum, v, r) => sum + ROLLS[r][2] * v, 0) / 36;
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

/** The plays the 2-ply rescores by the strong level's definition: 0-ply, the 1-ply of the best 8 within 0.3, the best 3 by it within 0.05 (best first). */
function deepPlays(board: Int8Array, dice: [number, number]): { one: { i: number; v: number; after: Int8Array }[]; deep: { i: number; v: number; after: Int8Array }[] } {
  const s = new Searcher(rules);
  const n = s.generate(board, 0, dice, false);
  s.scorePlays(n, ev);
  const top = Math.max(...s.scores.subarray(0, n));
  const one = topIndices(s.scores, n, 8).filter((i) => s.scores[i] >= top - 0.3)
    .map((i) => { const after = s.gen.boards.slice(i * BOARD, (i + 1) * BOARD); return { i, v: onePly(after), after }; }).sort((a, b) => b.v - a.v);
  return { one, deep: one.length < 2 ? [] : one.filter((c) => c.v >= one[0].v - 0.05).slice(0, 3) };
}

/** What the strong level's definition chooses. */
function reference(board: Int8Array, dice: [number, number], reduced: boolean, prune = 0): number {
  const { one, deep } = deepPlays(board, dice);
  if (deep.length < 2) return one[0].i;
  let best = deep[0].i, value = -Infinity;
  for (const { i, after } of deep) {
    const v = twoPly(after, reduced, prune);
    if (v > value) { value = v; best = i; }
  }
  return best;
}

describe('issue 19: the strong level\'s 2-ply', () => {
  const spots = positions(5);

  it.each([[false, 0], [true, 0], [false, 6]])('chooses what its definition chooses (reduced: %s, pruned to: %i)', (reduced, prune) => {
    for (const { board, dice } of spots) {
      const s = new Searcher(rules);
      s.pruner = pruner;
      const n = s.generate(board, 0, dice, false);
      const chosen = s.lookahead(n, ev, 8, 0.3, 1e9, { plays: 3, window: 0.05, budget: 1e9, reduced, prune });
      expect(chosen).toBe(reference(board, dice, reduced, prune));
    }
  }, 120_000);

  it('values a play as its definition does, with and without the pruning net', () => {
    let differ = 0;
    for (const { board, dice } of spots.slice(0, 3)) {
      const s = new Searcher(rules);
      s.pruner = pruner;
      const n = s.generate(board, 0, dice, false);
      const after = s.gen.boards.slice(s.scorePlays(n, ev) * BOARD, (s.scorePlays(n, ev) + 1) * BOARD);
      s.replyValue(after, 0, ev, Infinity, 0);
      const [full, pruned] = [0, 6].map((prune) => s.deepValue(after, 0, 0, ev, false, Infinity, prune));
      expect(full).toBeCloseTo(twoPly(after, false, 0), 6);
      expect(pruned).toBeCloseTo(twoPly(after, false, 6), 6);
      if (Math.abs(full - pruned) > 1e-5) differ++;
    }
    expect(differ).toBeGreaterThan(0);
  }, 120_000);

  it('stopped by its budget, compares the plays at 2-ply on the opponent\'s rolls done and at 1-ply on the others', () => {
    let cut = 0;
    for (const { board, dice } of positions(12)) {
      const { one, deep } = deepPlays(board, dice);
      if (deep.length < 2) continue;
      const s = new Searcher(rules);
      const n = s.generate(board, 0, dice, false);
      s.lookahead(n, ev, 8, 0.3, 1e9);
      const onePlyNodes = s.nodes;
      s.generate(board, 0, dice, false);
      s.lookahead(n, ev, 8, 0.3, 1e9, { plays: 3, window: 0.05, budget: 1e9, reduced: true, prune: 0 });
      const all = s.nodes;
      s.generate(board, 0, dice, false);
      const chosen = s.lookahead(n, ev, 8, 0.3, 1e9, { plays: 3, window: 0.05, budget: Math.round(onePlyNodes + 0.4 * (all - onePlyNodes)), reduced: true, prune: 0 });
      const done = new Set(DEEP_ORDER.slice(0, s.deepRolls));
      expect(s.deepRolls).toBeLessThan(21);
      if (s.deepRolls > 0) cut++;
      const mixed = deep.map(({ after }) => {
        const shallow = rollTerms(after, false), deeper = rollTerms(after, true, true);
        return ROLLS.reduce((sum, [, , w], r) => sum + w * (done.has(r) ? deeper[r] : shallow[r]), 0);
      });
      expect(chosen).toBe(deep[mixed.indexOf(Math.max(...mixed))].i);
      expect(one.map((c) => c.i)).toContain(chosen);
    }
    expect(cut).toBeGreaterThan(0);
  }, 120_000);

  it('leaves the 1-ply\'s choice when its budget is spent before a second play gets through', () => {
    for (const { board, dice } of spots) {
      const s = new Searcher(rules);
      const n = s.generate(board, 0, dice, false);
      const one = s.lookahead(n, ev, 8, 0.3, 1e9);
      const oneNodes = s.nodes;
      s.generate(board, 0, dice, false);
      expect(s.lookahead(n, ev, 8, 0.3, 1e9, { plays: 3, window: 0.05, budget: oneNodes + 1, reduced: false, prune: 0 })).toBe(one);
      expect(s.deepRolls).toBe(0);
    }
  });
});
