/** Hand-made sides for rule tests, written the way the rule book talks about them. */
import { BAR, OFF, emptySide, type SideCheckers } from '../../src/engine/index.ts';

/** A side from `{ point: checkers }`, key 0 = borne off, 25 = bar, −1 = one pinned checker (plakoto). All 15 checkers must be placed. */
export function side(points: Record<number, number>): SideCheckers {
  const s = emptySide();
  let total = 0;
  for (const [p, n] of Object.entries(points)) {
    s[Number(p)] = n;
    total += Math.abs(n);
  }
  if (total !== 15) throw new Error(`side ${JSON.stringify(points)} has ${total} checkers, not 15`);
  return s;
}

/** A side written back as `bar:1 24:13 18:2 off:1` (bar, points high to low, then borne off). */
export function spec(s: SideCheckers): string {
  const parts: string[] = [];
  if (s[BAR] > 0) parts.push(`bar:${s[BAR]}`);
  for (let p = 24; p >= 1; p--) if (s[p] > 0) parts.push(`${p}:${s[p]}`);
  if (s[OFF] > 0) parts.push(`off:${s[OFF]}`);
  return parts.join(' ');
}
