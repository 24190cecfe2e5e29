/** The chi-square p-value against published table values (and the closed forms of 2 degrees of freedom). */
import { describe, expect, it } from 'vitest';
import { chiSquare, chiSquarePValue, gammaP, logGamma } from '../../src/dice/chi-square.ts';

describe('chi-square', () => {
  it('ln Γ matches factorials and Γ(1/2) = √π', () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(11)).toBeCloseTo(Math.log(3628800), 10);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });

  it('p-values match the tables', () => {
    // Critical values: P(X ≥ x) for df degrees of freedom (NIST/SEMATECH e-Handbook, table 1.3.6.7.4).
    expect(chiSquarePValue(11.070, 5)).toBeCloseTo(0.05, 4);
    expect(chiSquarePValue(15.086, 5)).toBeCloseTo(0.01, 4);
    expect(chiSquarePValue(9.236, 5)).toBeCloseTo(0.10, 4);
    expect(chiSquarePValue(49.802, 35)).toBeCloseTo(0.05, 4);
    expect(chiSquarePValue(3.841, 1)).toBeCloseTo(0.05, 4);
    expect(chiSquarePValue(1.145, 5)).toBeCloseTo(0.95, 3);
    // df = 2: P(X ≥ x) = e^(−x/2) exactly.
    for (const x of [0.1, 1, 4, 10, 40]) expect(chiSquarePValue(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
    expect(gammaP(1, 2)).toBeCloseTo(1 - Math.exp(-2), 12);
  });

  it('fair counts give p = 1, lopsided ones a tiny p', () => {
    expect(chiSquare([10, 10, 10, 10, 10, 10], [10, 10, 10, 10, 10, 10])).toEqual({ statistic: 0, df: 5, p: 1 });
    expect(chiSquare([100, 0, 0, 0, 0, 20], Array(6).fill(20)).p).toBeLessThan(1e-10);
  });
});
