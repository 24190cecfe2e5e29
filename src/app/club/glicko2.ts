/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012): a rating, its deviation and
 * its volatility, updated once per rating period from the games of that period. Written here, pure
 * and small, because no package can be added; it reproduces the paper's worked example (tested).
 *
 * One generalisation: each game of a period carries a weight `w` (1 for the paper's games). A game
 * of weight `w` adds `w` times its terms to the sums of the variance `v` and the improvement `Δ`,
 * exactly as `w` identical games would; the club uses it to let a longer match say more
 * (`families.ts`).
 */

/** A player's rating on the Glicko scale: 1500 / 350 / 0.06 for someone new. */
export interface Glicko {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

/** One game of the period: the opponent before it, the score (1 win, 0.5 draw, 0 loss) and its weight. */
export interface GameOutcome {
  readonly opponent: Glicko;
  readonly score: number;
  readonly weight?: number;
}

/** Where a new player starts (FIBS-style 1500, Glickman's recommended deviation and volatility). */
export const NEWCOMER: Glicko = { rating: 1500, deviation: 350, volatility: 0.06 };

/** The system constant τ: how much volatility may change in one period (Glickman: 0.3–1.2; 0.5 as in his example). */
export const TAU = 0.5;

/** The deviation never grows past a newcomer's. */
const MAX_DEVIATION = 350;
/** Glicko-2's scale factor between the two scales. */
const SCALE = 173.7178;
/** The convergence tolerance of the volatility iteration (the paper's ε). */
const EPSILON = 0.000001;

const g = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number): number => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/**
 * Returns the player's rating after one rating period with these games (the paper's steps 1–8).
 * A period without games only widens the deviation (step 6 alone).
 * @example update({ rating: 1500, deviation: 200, volatility: 0.06 }, [{ opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 }, …])
 */
export function update(player: Glicko, games: readonly GameOutcome[], tau: number = TAU): Glicko {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (games.length === 0) return { ...player, deviation: Math.min(MAX_DEVIATION, SCALE * Math.sqrt(phi * phi + sigma * sigma)) };
  let inverseV = 0;
  let improvement = 0;
  for (const game of games) {
    const w = game.weight ?? 1;
    const muJ = (game.opponent.rating - 1500) / SCALE;
    const phiJ = game.opponent.deviation / SCALE;
    const e = expected(mu, muJ, phiJ);
    inverseV += w * g(phiJ) ** 2 * e * (1 - e);
    improvement += w * g(phiJ) * (game.score - e);
  }
  const v = 1 / inverseV;
  const delta = v * improvement;
  const newSigma = volatility(delta, phi, v, sigma, tau);
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * improvement;
  return { rating: SCALE * newMu + 1500, deviation: Math.min(MAX_DEVIATION, SCALE * newPhi), volatility: newSigma };
}

/** Step 5: the new volatility, by the Illinois algorithm on f(x) (the paper's iteration, as written). */
function volatility(delta: number, phi: number, v: number, sigma: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}
