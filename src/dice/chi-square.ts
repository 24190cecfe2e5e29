/**
 * Pearson's chi-square test of dice counts against fair dice: the statistic and its p-value, the
 * chance that fair dice would stray at least this far. The p-value is the upper regularized gamma
 * function Q(k/2, x/2), by its series below a + 1 and its continued fraction above (Numerical
 * Recipes §6.2), with ln Γ by Lanczos' approximation; accurate to about 1e-10, plenty for a p-value.
 */

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9). */
export function logGamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The regularized lower incomplete gamma P(a, x) = γ(a, x) / Γ(a). */
export function gammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  if (x < a + 1) {
    // Series: γ(a, x) = e^-x x^a Σ x^n / (a (a+1) … (a+n)).
    let term = 1 / a, sum = term;
    for (let n = 1; n < 1000 && Math.abs(term) > Math.abs(sum) * 1e-15; n++) { term *= x / (a + n); sum += term; }
    return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
  }
  return 1 - gammaQ(a, x);
}

/** The regularized upper incomplete gamma Q(a, x) = 1 − P(a, x). */
export function gammaQ(a: number, x: number): number {
  if (x < a + 1) return 1 - gammaP(a, x);
  // Lentz's continued fraction for Γ(a, x).
  const tiny = 1e-300;
  let b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b; if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c; if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** The chance that a chi-square variable with `df` degrees of freedom is at least `x`. */
export function chiSquarePValue(x: number, df: number): number {
  return gammaQ(df / 2, x / 2);
}

/** Pearson's statistic of observed counts against expected ones, and its p-value (df = cells − 1). */
export function chiSquare(observed: readonly number[], expected: readonly number[]): { statistic: number; df: number; p: number } {
  let statistic = 0;
  observed.forEach((o, i) => { statistic += (o - expected[i]) ** 2 / expected[i]; });
  const df = observed.length - 1;
  return { statistic, df, p: chiSquarePValue(statistic, df) };
}
