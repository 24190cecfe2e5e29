/**
 * A match equity table of our own: the chance to win a match from a score, computed once by a
 * recursion over games instead of stored. Each game is won by either side with 1/2; a win is a
 * mars (gammon) with `MARS_SHARE`, a koks with `KOKS_SHARE`; a game is played for one point or,
 * with `DOUBLED_SHARE`, for two (the cube turned and taken) — the cube's part of a real match in
 * one number. Crawford: the first game after a side reaches 1-away has no cube; after it the
 * trailer doubles at once, so each post-Crawford game is worth two points (its free drop left out).
 *
 * The three shares are the ones that fit Kazaross-XG2 (the table XG and gnubg use, from rollouts)
 * best by least maximum error over scores up to 11-away: within 1.8 % of it everywhere there
 * (e.g. 2-away/4-away 32.4 % against 33.1 %, 3-away/5-away 34.7 % against 35.2 %).
 */

export const MARS_SHARE = 0.34;
export const KOKS_SHARE = 0.02;
export const DOUBLED_SHARE = 0.74;
/** Scores the table covers (docs/rules/match.md §4: matches up to 25 points; cube values push results further, which count as won). */
const LONGEST = 25;

interface Table {
  /** Pre-Crawford: [a][b], both at least 2-away. */
  readonly pre: Float64Array;
  /** The Crawford game: the leader (1-away) against b-away. */
  readonly crawford: Float64Array;
  /** Post-Crawford: the trailer b-away against the leader at 1-away. */
  readonly post: Float64Array;
}

let table: Table | undefined;

function build(): Table {
  const n = LONGEST;
  const single = 1 - MARS_SHARE - KOKS_SHARE;
  const post = new Float64Array(n + 1);
  const trailer = (b: number) => (b <= 0 ? 1 : post[b]);
  post[1] = 0.5;
  for (let b = 2; b <= n; b++) post[b] = 0.5 * (single * trailer(b - 2) + (MARS_SHARE + KOKS_SHARE) * trailer(b - 4));
  const crawford = new Float64Array(n + 1);
  crawford[1] = 0.5;
  for (let b = 2; b <= n; b++) crawford[b] = 0.5 + 0.5 * (1 - (single * trailer(b - 1) + MARS_SHARE * trailer(b - 2) + KOKS_SHARE * trailer(b - 3)));
  const pre = new Float64Array((n + 1) * (n + 1));
  const t: Table = { pre, crawford, post };
  // Fill by total distance, so every score a game can lead to is known before it is needed.
  for (let sum = 4; sum <= 2 * n; sum++) {
    for (let a = 2; a <= n; a++) {
      const b = sum - a;
      if (b < 2 || b > n) continue;
      let v = 0;
      for (const [stake, share] of [[1, 1 - DOUBLED_SHARE], [2, DOUBLED_SHARE]] as const) {
        const won = single * lookup(t, a - stake, b, false) + MARS_SHARE * lookup(t, a - 2 * stake, b, false) + KOKS_SHARE * lookup(t, a - 3 * stake, b, false);
        const lost = single * lookup(t, a, b - stake, false) + MARS_SHARE * lookup(t, a, b - 2 * stake, false) + KOKS_SHARE * lookup(t, a, b - 3 * stake, false);
        v += share * 0.5 * (won + lost);
      }
      pre[a * (n + 1) + b] = v;
    }
  }
  return t;
}

function lookup(t: Table, a: number, b: number, postCrawford: boolean): number {
  if (a <= 0) return 1;
  if (b <= 0) return 0;
  const n = LONGEST;
  a = Math.min(a, n);
  b = Math.min(b, n);
  if (a === 1 && b === 1) return 0.5;
  if (a === 1) return postCrawford ? 1 - t.post[b] : t.crawford[b];
  if (b === 1) return postCrawford ? t.post[a] : 1 - t.crawford[a];
  return t.pre[a * (n + 1) + b];
}

/**
 * The chance to win the match of a side `a` points away from winning against one `b` away, at the
 * start of a game. `postCrawford`: a 1-away side has already had its Crawford game (or the match
 * has no Crawford rule), so the trailer may double.
 */
export function matchWinChance(a: number, b: number, postCrawford = false): number {
  return lookup((table ??= build()), a, b, postCrawford);
}
