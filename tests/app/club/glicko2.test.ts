/**
 * Issue 17: Glicko-2 as Glickman's paper works it ("Example of the Glicko-2 system", 2012), and
 * the club's weighting of a game (`weight`: as many identical games).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEWCOMER, update, type Glicko } from '../../../src/app/club/glicko2.ts';

const player: Glicko = { rating: 1500, deviation: 200, volatility: 0.06 };
const paper = [
  { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
  { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
  { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
];

describe('issue 17: Glicko-2', () => {
  it("reproduces the paper's example: 1500/200/0.06 against three opponents → 1464.06 / 151.52 / 0.05999", () => {
    const after = update(player, paper, 0.5);
    // The paper rounds its intermediate values (μ′ = −0.2069); exact arithmetic gives 1464.0507.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.015);
    expect(after.rating).toBeCloseTo(1464.0507, 3);
    expect(after.deviation).toBeCloseTo(151.52, 2);
    expect(Math.abs(after.volatility - 0.05999)).toBeLessThan(0.00001);
  });

  it('a period without games only widens the deviation', () => {
    const after = update(player, []);
    expect(after.rating).toBe(1500);
    expect(after.deviation).toBeCloseTo(173.7178 * Math.sqrt((200 / 173.7178) ** 2 + 0.06 ** 2), 6);
  });

  it('a game of weight 2 is two identical games in the period', () => {
    const one = paper[0]!;
    expect(update(player, [{ ...one, weight: 2 }])).toEqual(update(player, [one, one]));
  });

  it('a win never lowers a rating, a loss never raises it, the deviation shrinks after a game, and weight says more', () => {
    const rating = fc.record({ rating: fc.double({ min: 800, max: 2400, noNaN: true }), deviation: fc.double({ min: 30, max: 350, noNaN: true }), volatility: fc.constant(0.06) });
    fc.assert(fc.property(rating, rating, fc.double({ min: 1, max: 5, noNaN: true }), (a, b, w) => {
      const won = update(a, [{ opponent: b, score: 1 }]);
      const lost = update(a, [{ opponent: b, score: 0 }]);
      const wonMore = update(a, [{ opponent: b, score: 1, weight: w }]);
      expect(won.rating).toBeGreaterThanOrEqual(a.rating);
      expect(lost.rating).toBeLessThanOrEqual(a.rating);
      // At most the pre-period widening by the new volatility (step 6): the game itself only narrows it.
      expect(won.deviation).toBeLessThanOrEqual(Math.sqrt(a.deviation ** 2 + (173.7178 * won.volatility) ** 2) + 1e-9);
      expect(wonMore.rating).toBeGreaterThanOrEqual(won.rating - 1e-9);
    }), { numRuns: 200 });
  });

  it('a newcomer who beats a newcomer gains what the other loses', () => {
    const a = update(NEWCOMER, [{ opponent: NEWCOMER, score: 1 }]);
    const b = update(NEWCOMER, [{ opponent: NEWCOMER, score: 0 }]);
    expect(a.rating - 1500).toBeCloseTo(1500 - b.rating, 6);
    expect(a.rating).toBeGreaterThan(1600);
  });
});
