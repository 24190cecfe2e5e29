/**
 * Strict notation output (docs/rules/README.md §0, Magriel): `13/7* then /5 24/18 8/4(2)`, `bar/22`, `6/off`, `Ø`.
 */
import type { Step } from './board.ts';

interface Journey {
  from: number;
  to: number;
  hitOnTo: boolean;
  hitsOnTheWay: number[];
}

function pointName(p: number): string {
  return p === 25 ? 'bar' : p === 0 ? 'off' : String(p);
}

/**
 * Joins steps into journeys, keeping intermediate hits visible. Steps are taken from the back of
 * the board first, so the text depends only on which steps were made, not on their order: the
 * same play reached by rolling 5-2 or 2-5 reads the same.
 */
function journeys(steps: readonly Step[]): Journey[] {
  const out: Journey[] = [];
  const sorted = [...steps].sort((a, b) => b.from - a.from || b.to - a.to);
  for (const s of sorted) {
    let j: Journey | undefined;
    for (let k = out.length - 1; k >= 0; k--) {
      if (out[k].to === s.from && s.from !== 0) { j = out[k]; break; }
    }
    if (j) {
      if (j.hitOnTo) j.hitsOnTheWay.push(j.to);
      j.to = s.to;
      j.hitOnTo = s.hit;
    } else {
      out.push({ from: s.from, to: s.to, hitOnTo: s.hit, hitsOnTheWay: [] });
    }
  }
  return out;
}

function journeyText(j: Journey): string {
  const parts = [pointName(j.from), ...j.hitsOnTheWay.map((p) => `${p}*`), pointName(j.to) + (j.hitOnTo ? '*' : '')];
  return parts.join('/');
}

/**
 * Returns the strict notation of a turn's steps: one checker's steps joined (`13/5`, `13/7*` then `/5`),
 * journeys sorted from the back, repeats counted (`8/4(2)`), `Ø` for no play.
 * Implements docs/rules/README.md §0 (notation).
 * @example formatSteps([{ from: 8, to: 5, die: 3, hit: false }, { from: 6, to: 5, die: 1, hit: false }]) // '8/5 6/5'
 */
export function formatSteps(steps: readonly Step[]): string {
  if (steps.length === 0) return 'Ø';
  const js = journeys(steps).sort((a, b) => b.from - a.from || b.to - a.to);
  const parts: string[] = [];
  for (let i = 0; i < js.length; ) {
    const text = journeyText(js[i]);
    let n = 1;
    while (i + n < js.length && journeyText(js[i + n]) === text) n++;
    parts.push(n > 1 ? `${text}(${n})` : text);
    i += n;
  }
  return parts.join(' ');
}

/**
 * Returns a roll as written in records, the larger die first: `6-4`. Implements docs/rules/README.md §0.
 * @example formatDice([1, 3]) // '3-1'
 */
export function formatDice(dice: readonly [number, number]): string {
  const [a, b] = dice[0] >= dice[1] ? dice : [dice[1], dice[0]];
  return `${a}-${b}`;
}
