/**
 * Cubeful money equity from cubeless game chances, by Rick Janowski's model ("Take-Points in
 * Money Games", 1993): the equity of a real cube lies between that of a dead cube (nobody ever
 * doubles again: the cubeless equity) and that of a perfectly live cube (equity moves without
 * jumps, so every double comes exactly at the opponent's take point), in the proportion x, the
 * cube efficiency. Equities are per unit of the cube, from the view of the side the chances are.
 *
 * Live cube (x = 1), with W and L the average points of a win and of a loss (gammons included),
 * the take point is (L − ½)/(W + L + ½) and the cash point (L + 1)/(W + L + ½); the live equity
 * is piecewise linear in P(win) between (0, −L), those points and (1, W). Mixing it with the dead
 * cube gives Janowski's general take point (L − ½)/(W + L + ½x): 25 % for x = 0 without gammons,
 * 20 % for x = 1, 21.4 % at the usual contact efficiency 0.68.
 *
 * Chances are the net's five outputs (docs/rules/short.md §3 scoring): P(win), P(win mars or koks),
 * P(win koks), P(lose mars or koks), P(lose koks); a koks counts 3, so W = 1 + (wm + wk)/p.
 */

/** Who holds the cube, seen from the side whose equity is asked. */
export type CubeOwner = 'centre' | 'mine' | 'theirs';

/** Cube efficiency in contact positions (Janowski's and gnubg's usual figure). */
export const CONTACT_EFFICIENCY = 0.68;

/**
 * Cube efficiency of a race: its cube is nearly as live as a contact position's when long, more
 * dead when short (few rolls left to use it). Linear in the roller's pip count, 0.6 at 40 pips and
 * below, 0.7 from 120 (the race defaults gnubg documents as its "cube efficiency" settings).
 */
export function raceEfficiency(pips: number): number {
  return Math.min(0.7, Math.max(0.6, 0.55 + 0.00125 * pips));
}

/** Below this P(win) (or above 1 − it) W or L is not defined: the cube is as good as dead. */
const CERTAIN = 1e-7;

/** Janowski's take point (P(win) of the taker) for its W, L and cube efficiency x. */
export function takePoint(w: number, l: number, x: number): number {
  return (l - 0.5) / (w + l + 0.5 * x);
}

/** Janowski's cash point (P(win) of the doubler; the opponent's take point seen from the doubler). */
export function cashPoint(w: number, l: number, x: number): number {
  return 1 - takePoint(l, w, x);
}

/**
 * Live-cube equity (x = 1) at P(win) p with average win W and loss L. `jacoby`: with the cube
 * centred gammons do not count, so a game that ends before anyone doubles is worth ±1.
 */
export function liveEquity(p: number, w: number, l: number, owner: CubeOwner, jacoby: boolean): number {
  const tp = takePoint(w, l, 1);
  const cp = cashPoint(w, l, 1);
  const low = owner === 'centre' && jacoby ? -1 : l;
  const high = owner === 'centre' && jacoby ? 1 : w;
  if (owner !== 'mine' && p < tp) return -low + (low - 1) * p / tp; // (0, −L) to (TP, −1): the opponent cashes there
  if (owner !== 'theirs' && p > cp) return 1 + (high - 1) * (p - cp) / (1 - cp); // (CP, 1) to (1, W): too good to double
  if (owner === 'centre') return -1 + 2 * (p - tp) / (cp - tp);
  if (owner === 'mine') return -l + (1 + l) * p / cp; // (0, −L) to (CP, 1)
  return -1 + (w + 1) * (p - tp) / (1 - tp); // theirs: (TP, −1) to (1, W)
}

/** The cubeless equity of the chances; with `gammons` false, a win or a loss counts one point. */
export function deadEquity(c: ArrayLike<number>, gammons: boolean): number {
  const e = 2 * c[0] - 1;
  return gammons ? e + c[1] - c[3] + c[2] - c[4] : e;
}

/**
 * Janowski's cubeful equity (per unit of the cube) at P(win) p with average win W and loss L, cube
 * efficiency `x` and the cube held by `owner`; `centredJacoby`: the cube is centred under the
 * Jacoby rule, so a game that ends before it is turned counts single.
 */
export function janowskiEquity(p: number, w: number, l: number, x: number, owner: CubeOwner, centredJacoby = false): number {
  const dead = centredJacoby ? 2 * p - 1 : p * w - (1 - p) * l;
  if (p < CERTAIN || p > 1 - CERTAIN) return dead;
  return (1 - x) * dead + x * liveEquity(p, w, l, owner, centredJacoby);
}

/** The average points of a win (W) of the chances `c`, 1 when it cannot win. */
export function winValue(c: ArrayLike<number>): number {
  return c[0] < CERTAIN ? 1 : 1 + (c[1] + c[2]) / c[0];
}

/** The average points of a loss (L) of the chances `c`, 1 when it cannot lose. */
export function lossValue(c: ArrayLike<number>): number {
  return c[0] > 1 - CERTAIN ? 1 : 1 + (c[3] + c[4]) / (1 - c[0]);
}

/**
 * Janowski's cubeful money equity (per unit of the cube) of the chances `c` with cube efficiency
 * `x` and the cube held by `owner`; `jacoby`: the Jacoby rule is in force (gammons count only once
 * the cube has been turned).
 */
export function cubefulEquity(c: ArrayLike<number>, x: number, owner: CubeOwner, jacoby = false): number {
  const centredJacoby = jacoby && owner === 'centre';
  if (c[0] < CERTAIN || c[0] > 1 - CERTAIN) return deadEquity(c, !centredJacoby);
  return janowskiEquity(c[0], winValue(c), lossValue(c), x, owner, centredJacoby);
}
