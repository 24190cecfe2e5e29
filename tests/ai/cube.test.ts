/**
 * Issue 19: the strong level's cube decisions from cubeful equity. Janowski's model meets its two
 * limits (a dead cube at x = 0, a live one at x = 1) and its known take points; the decisions move
 * one way as the doubler's chances grow; the match rules that need no equity hold for any
 * chances; beavers only where allowed; our own match equity table stays near Kazaross-XG2.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestAction, cubefulAnswer, cubefulBeaverAnswer, cubefulDouble, doublerEquities, type CubeContext, type DoubleAction, type DoubleAnswer } from '../../src/ai/cube.ts';
import { CONTACT_EFFICIENCY, cashPoint, cubefulEquity, deadEquity, liveEquity, lossValue, raceEfficiency, takePoint, winValue, type CubeOwner } from '../../src/ai/janowski.ts';
import { matchWinChance } from '../../src/ai/met.ts';
import { ComputerPlayer } from '../../src/ai/player.ts';
import { outputsEquity } from '../../src/ai/evaluators.ts';
import { seededRandom } from '../../src/ai/random.ts';
import { isGameOver, legalPlays, startBoard, swapSides, VARIANTS, type Position } from '../../src/engine/index.ts';

const MONEY: CubeContext = { value: 1, matchLength: 0, score: [0, 0] };
const OWNERS: readonly CubeOwner[] = ['centre', 'mine', 'theirs'];

/** Chances from P(win) and the mars and koks shares of wins and of losses (cumulative, as the net gives them). */
function chances(p: number, winMars = 0, winKoks = 0, loseMars = 0, loseKoks = 0): number[] {
  return [p, p * winMars, p * winMars * winKoks, (1 - p) * loseMars, (1 - p) * loseMars * loseKoks];
}

const share = fc.double({ min: 0, max: 0.6, noNaN: true });
const shares = fc.tuple(share, share, share, share);
const win = fc.double({ min: 0.001, max: 0.999, noNaN: true });
const efficiency = fc.double({ min: 0, max: 1, noNaN: true });

const ACTION_ORDER: Record<DoubleAction, number> = { noDouble: 0, double: 1, tooGood: 2 };
const ANSWER_ORDER: Record<DoubleAnswer, number> = { beaver: -1, take: 0, pass: 1 };

describe('issue 19: Janowski\'s cubeful money equity', () => {
  it('is the dead-cube (cubeless) equity at x = 0 and the live-cube equity at x = 1, for every owner', () => {
    fc.assert(fc.property(win, shares, (p, [wm, wk, lm, lk]) => {
      const c = chances(p, wm, wk, lm, lk);
      for (const owner of OWNERS) {
        expect(cubefulEquity(c, 0, owner)).toBeCloseTo(deadEquity(c, true), 9);
        expect(cubefulEquity(c, 1, owner)).toBeCloseTo(liveEquity(p, winValue(c), lossValue(c), owner, false), 9);
      }
    }));
  });

  it('values owning the cube above a centred cube above the opponent\'s', () => {
    fc.assert(fc.property(win, shares, efficiency, (p, [wm, wk, lm, lk], x) => {
      const c = chances(p, wm, wk, lm, lk);
      expect(cubefulEquity(c, x, 'mine')).toBeGreaterThanOrEqual(cubefulEquity(c, x, 'centre') - 1e-9);
      expect(cubefulEquity(c, x, 'centre')).toBeGreaterThanOrEqual(cubefulEquity(c, x, 'theirs') - 1e-9);
    }));
  });

  it('has the known take points: 25 % with a dead cube, 20 % live, 21.4 % at x = 0.68 without gammons', () => {
    expect(takePoint(1, 1, 0)).toBe(0.25);
    expect(takePoint(1, 1, 1)).toBeCloseTo(0.2, 12);
    expect(takePoint(1, 1, CONTACT_EFFICIENCY)).toBeCloseTo(0.2137, 4);
    expect(cashPoint(1, 1, CONTACT_EFFICIENCY)).toBeCloseTo(1 - 0.2137, 4);
    // Gammons the taker may lose raise its take point: (L − ½)/(W + L + ½x).
    expect(takePoint(1, 1.2, CONTACT_EFFICIENCY)).toBeCloseTo(0.7 / 2.54, 12);
  });

  it('takes a gammonless double down to 21.4 % at contact efficiency and passes just below', () => {
    const tp = takePoint(1, 1, CONTACT_EFFICIENCY);
    expect(cubefulAnswer(chances(1 - (tp + 0.001)), CONTACT_EFFICIENCY, MONEY)).toBe('take');
    expect(cubefulAnswer(chances(1 - (tp - 0.001)), CONTACT_EFFICIENCY, MONEY)).toBe('pass');
    // A dead cube: the textbook 25 %.
    expect(cubefulAnswer(chances(0.749), 0, MONEY)).toBe('take');
    expect(cubefulAnswer(chances(0.751), 0, MONEY)).toBe('pass');
  });

  it('doubles a gammonless position inside its window and not below it, never too good without gammons', () => {
    expect(cubefulDouble(chances(0.6), CONTACT_EFFICIENCY, MONEY)).toBe('noDouble');
    expect(cubefulDouble(chances(0.75), CONTACT_EFFICIENCY, MONEY)).toBe('double');
    expect(cubefulDouble(chances(0.95), CONTACT_EFFICIENCY, MONEY)).toBe('double');
    // Many gammons and a pass: play on for them.
    expect(cubefulDouble(chances(0.85, 0.5), CONTACT_EFFICIENCY, MONEY)).toBe('tooGood');
  });

  it('under the Jacoby rule plays no centred cube on for a mars that would not count', () => {
    const c = chances(0.85, 0.5);
    expect(cubefulDouble(c, CONTACT_EFFICIENCY, { ...MONEY, jacoby: true })).toBe('double');
    // Once the cube is turned, gammons count again: holding it, the same position is too good.
    expect(cubefulDouble(c, CONTACT_EFFICIENCY, { ...MONEY, value: 2, owner: 'mine', jacoby: true })).toBe('tooGood');
  });

  it('moves one way as the doubler\'s chances grow: no double, double, too good; take, pass', () => {
    fc.assert(fc.property(win, win, shares, efficiency, fc.boolean(), (p1, p2, [wm, wk, lm, lk], x, centred) => {
      const [lo, hi] = p1 < p2 ? [p1, p2] : [p2, p1];
      const cube: CubeContext = { ...MONEY, owner: centred ? 'centre' : 'mine' };
      const answering: CubeContext = { ...MONEY, owner: centred ? 'centre' : 'theirs' };
      const a = chances(lo, wm, wk, lm, lk), b = chances(hi, wm, wk, lm, lk);
      expect(ACTION_ORDER[cubefulDouble(a, x, cube)]).toBeLessThanOrEqual(ACTION_ORDER[cubefulDouble(b, x, cube)]);
      expect(ANSWER_ORDER[cubefulAnswer(a, x, answering)]).toBeLessThanOrEqual(ANSWER_ORDER[cubefulAnswer(b, x, answering)]);
    }));
  });

  it('beavers over one band of the doubler\'s chances: never a take or pass between two beavers', () => {
    fc.assert(fc.property(fc.tuple(win, win, win), shares, efficiency, (ps, [wm, wk, lm, lk], x) => {
      const [lo, mid, hi] = [...ps].sort((u, v) => u - v).map((p) => cubefulAnswer(chances(p, wm, wk, lm, lk), x, { ...MONEY, beaver: true }));
      if (lo === 'beaver' && hi === 'beaver') expect(mid).toBe('beaver');
    }));
  });

  it('beavers only where the settings allow it: money play with beavers on', () => {
    const weak = chances(0.3); // the doubler is the underdog: the taker's equity after the take is well above 0
    expect(cubefulAnswer(weak, CONTACT_EFFICIENCY, { ...MONEY, beaver: true })).toBe('beaver');
    expect(cubefulAnswer(weak, CONTACT_EFFICIENCY, MONEY)).toBe('take');
    expect(cubefulAnswer(weak, CONTACT_EFFICIENCY, { value: 1, matchLength: 7, score: [2, 2], beaver: true })).toBe('take');
    fc.assert(fc.property(win, shares, efficiency, (p, [wm, wk, lm, lk], x) => {
      expect(cubefulAnswer(chances(p, wm, wk, lm, lk), x, MONEY)).not.toBe('beaver');
    }));
    // A doubler who would pass the beaver (losing 2) when playing on would lose it more: just take.
    const hopeless = chances(0.02, 0, 0, 0.9);
    expect(cubefulAnswer(hopeless, CONTACT_EFFICIENCY, { ...MONEY, beaver: true })).toBe('take');
    // The doubler answers a beaver like a take of twice the cube: it plays on unless hopeless.
    expect(cubefulBeaverAnswer(chances(0.5), CONTACT_EFFICIENCY, MONEY)).toBe('take');
    expect(cubefulBeaverAnswer(chances(0.1), CONTACT_EFFICIENCY, MONEY)).toBe('pass');
  });

  it('reports the equities it decides by: a pass is worth the cube, a take twice the opponent-owned equity', () => {
    const c = chances(0.7, 0.2, 0.05, 0.1);
    const e = { ...doublerEquities(c, 0.68, MONEY) };
    expect(e.doublePass).toBe(1);
    expect(e.doubleTake).toBeCloseTo(2 * cubefulEquity(c, 0.68, 'theirs'), 12);
    expect(e.noDouble).toBeCloseTo(cubefulEquity(c, 0.68, 'centre'), 12);
    expect(bestAction(e)).toBe(cubefulDouble(c, 0.68, MONEY));
  });

  it('gives a race a cube efficiency between 0.6 (short) and 0.7 (long)', () => {
    expect(raceEfficiency(20)).toBe(0.6);
    expect(raceEfficiency(100)).toBeCloseTo(0.675, 12);
    expect(raceEfficiency(160)).toBe(0.7);
  });
});

describe('issue 19: cube decisions in a match', () => {
  const score = fc.integer({ min: 0, max: 24 });
  const matchArb = fc.record({ n: fc.integer({ min: 1, max: 25 }), mine: score, theirs: score, log: fc.integer({ min: 0, max: 3 }), crawford: fc.boolean() })
    .filter(({ n, mine, theirs }) => mine < n && theirs < n);

  it('never doubles when the cube already wins the match, whatever the chances', () => {
    fc.assert(fc.property(matchArb, win, shares, ({ n, theirs, log, crawford }, p, [wm, wk, lm, lk]) => {
      const value = 2 ** log;
      const mine = Math.max(0, n - value); // winning `value` points wins the match
      const cube: CubeContext = { value, matchLength: n, score: [mine, Math.min(theirs, n - 1)], crawford };
      expect(cubefulDouble(chances(p, wm, wk, lm, lk), CONTACT_EFFICIENCY, cube)).not.toBe('double');
    }));
  });

  it('always takes when the pass would lose the match, whatever the chances', () => {
    fc.assert(fc.property(matchArb, win, shares, ({ n, mine, log, crawford }, p, [wm, wk, lm, lk]) => {
      const value = 2 ** log;
      const cube: CubeContext = { value, matchLength: n, score: [mine, Math.max(0, n - value)], crawford };
      expect(cubefulAnswer(chances(p, wm, wk, lm, lk), CONTACT_EFFICIENCY, cube)).toBe('take');
    }));
  });

  it('doubles and passes like money play at a level score far from the end, and doubles earlier when behind', () => {
    const long: CubeContext = { value: 1, matchLength: 25, score: [0, 0], crawford: true };
    expect(cubefulDouble(chances(0.6), CONTACT_EFFICIENCY, long)).toBe('noDouble');
    expect(cubefulDouble(chances(0.75), CONTACT_EFFICIENCY, long)).toBe('double');
    expect(cubefulAnswer(chances(0.7), CONTACT_EFFICIENCY, long)).toBe('take');
    expect(cubefulAnswer(chances(0.85), CONTACT_EFFICIENCY, long)).toBe('pass');
    const behind = (p: number) => cubefulDouble(chances(p, 0.25, 0, 0.2), CONTACT_EFFICIENCY, { value: 1, matchLength: 5, score: [0, 3], crawford: true });
    const ahead = (p: number) => cubefulDouble(chances(p, 0.25, 0, 0.2), CONTACT_EFFICIENCY, { value: 1, matchLength: 5, score: [2, 0], crawford: true });
    expect(behind(0.65)).toBe('double');
    expect(ahead(0.65)).toBe('noDouble');
  });

  it('has a match equity table that is a chance, symmetric, monotone, and near Kazaross-XG2', () => {
    for (let a = 1; a <= 25; a++) {
      for (let b = 1; b <= 25; b++) {
        const m = matchWinChance(a, b);
        expect(m + matchWinChance(b, a)).toBeCloseTo(1, 12);
        if (a < 25) expect(matchWinChance(a + 1, b)).toBeLessThanOrEqual(m);
        if (b < 25) expect(matchWinChance(a, b + 1)).toBeGreaterThanOrEqual(m);
      }
    }
    expect(matchWinChance(0, 3)).toBe(1);
    expect(matchWinChance(3, 0)).toBe(0);
    // Kazaross-XG2 (XG's rollout table): 1-away/2-away at the Crawford game 67.7 %, 2/4 66.9 %, 3/5 64.8 %, 4/7 69.9 %.
    for (const [a, b, kazaross] of [[1, 2, 0.677], [2, 4, 0.669], [3, 5, 0.648], [4, 7, 0.699], [7, 7, 0.5]] as const) {
      expect(Math.abs(matchWinChance(a, b) - kazaross)).toBeLessThan(0.02);
    }
  });
});

describe('issue 19: the strong level\'s chances to roll', () => {
  const player = new ComputerPlayer('strong', 'short');
  const medium = new ComputerPlayer('medium', 'short');

  const sudden = [new ComputerPlayer('strong', 'suddenDeath'), new ComputerPlayer('medium', 'suddenDeath')];

  it('are chances whose cubeless equity is the equity to roll it already reports, at both levels that judge the cube (sudden death\'s shots included)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
      const position = selfPlayPosition(seed);
      // Sudden death has ended at the first hit: nobody is on the bar in its live positions.
      const live = position.board[0][25] === 0 && position.board[1][25] === 0;
      for (const p of [player, medium, ...(live ? sudden : [])]) {
        const c = p.chancesToRoll(position);
        expect(c[0]).toBeGreaterThanOrEqual(0);
        expect(c[0]).toBeLessThanOrEqual(1);
        expect(c[1]).toBeLessThanOrEqual(c[0] + 1e-3);
        expect(c[2]).toBeLessThanOrEqual(c[1] + 1e-3);
        expect(c[3]).toBeLessThanOrEqual(1 - c[0] + 1e-3);
        expect(c[4]).toBeLessThanOrEqual(c[3] + 1e-3);
        expect(outputsEquity(c, true)).toBeCloseTo(p.equityToRoll({ ...position, variant: p.rules.variant.id }), 5);
      }
    }), { numRuns: 20, examples: [[113191]] }); // 113191: a position where the net said P(lose mars) > P(lose)
  });

  it('double a bear-off race the opponent must pass, and pass it as the opponent', () => {
    // The roller has two checkers on its 6-point (off in two rolls, or one double from 3-3), the opponent seven at home.
    const race: Position = { variant: 'short', board: [side([6, 2]), side([6, 4], [5, 3])] };
    expect(player.doubleAction(race, MONEY)).toBe('double');
    expect(player.answerDouble(race, MONEY)).toBe('pass');
    expect(player.cubeEfficiency(race)).toBe(0.6);
  });
});

/** A side with checkers at [point, count] pairs, the rest borne off. */
function side(...at: [number, number][]): number[] {
  const s = new Array<number>(26).fill(0);
  for (const [p, n] of at) s[p] += n;
  s[0] = 15 - at.reduce((a, [, n]) => a + n, 0);
  return s;
}

/** The position before a roll after a seeded number of random plays from the start. */
function selfPlayPosition(seed: number): Position {
  const random = seededRandom(seed);
  let board = startBoard(VARIANTS.short);
  const turns = 4 + Math.floor(random() * 30);
  for (let t = 0; t < turns; t++) {
    const dice: [number, number] = [1 + Math.floor(random() * 6), 1 + Math.floor(random() * 6)];
    const plays = legalPlays({ variant: 'short', board }, dice);
    const next = plays.length > 0 ? plays[Math.floor(random() * plays.length)].board : board;
    if (isGameOver({ variant: 'short', board: next })) break;
    board = swapSides(next);
  }
  return { variant: 'short', board };
}
