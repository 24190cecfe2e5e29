/**
 * Why the better play is better, in a long-nardy review (issue #51 item 4): the position after the
 * play made and the one after the better play, compared by a handful of features long-nardy
 * players name, and the first that tells them apart said in one short sentence — or nothing, when
 * none does. Pure: boards in, a value out; `ideaText` words it.
 *
 * The features, from the mover's side, in the order they are asked (the documented priority):
 * 1. **Race** — contact: whether a checker of either side still has to pass one of the other's.
 *    When one play ends the contact and the other keeps it, the race explains it if the pip count
 *    agrees: the better play ends the contact while ahead, or keeps it while behind.
 * 2. **Bear-off** — once the contact is over after both plays: checkers borne off, then checkers
 *    brought home (bearing off starts when all fifteen are home).
 * 3. **Block** — the mover's longest run of held points (one checker holds a point in long nardy)
 *    in the opponent's way: along the opponent's route and below its rearmost checker, as the
 *    six-block rule counts a run (docs/rules/long.md §2) and as the net's wall input measures it
 *    (`longWall` in src/ai/features.ts), but with the head aside: a block is points built, and the
 *    stack left from the start is not one (nor is taking from it "building"). It tells the plays apart when the longer run is 3 or more
 *    and the two differ by 2, or by 1 with the longer 4 or more. Kept (the play made breaking it)
 *    when all its points were held before the roll, built otherwise.
 * 4. **Behind a block** — the mover's checkers behind the opponent's longest run (its head aside
 *    too) in the way of the rearmost checker after either play, when that run is 3 or more: the
 *    better play gets more of them out.
 * 5. **Head** — checkers taken off the head (point 24; one a turn, docs/rules/long.md §2): the
 *    better play takes more.
 * 6. **Left behind** — the mover's rearmost checker, alone on its point in the first half of the
 *    route (point 13 or higher) and six or more points behind the next: the better play moves it.
 * 7. **Points held** — while in contact, the points the mover holds off the head: the better play
 *    holds more ("occupy points", the first advice of the long-nardy pages the research quotes).
 *
 * The first feature that tells the two plays apart decides: if it is in the better play's favour
 * it is the idea; if it favours the play made, the reason lies beyond these features and nothing
 * is said — never a reason that is not the reason.
 */
import { OFF, VARIANTS, opponentPoint, pipCount, type Board, type Position, type SideCheckers } from '../engine/index.ts';
import { t, type Lang } from '../i18n/index.ts';

/** The idea behind a better play; `points` are the run's points in the mover's numbering, route order. */
export type Idea =
  | { readonly kind: 'race'; readonly pips: number }
  | { readonly kind: 'contact'; readonly pips: number }
  | { readonly kind: 'bearOff'; readonly n: number }
  | { readonly kind: 'home'; readonly n: number }
  | { readonly kind: 'blockBuilt' | 'blockKept'; readonly n: number; readonly points: readonly number[] }
  | { readonly kind: 'escape'; readonly out: number; readonly n: number; readonly points: readonly number[] }
  /** `n`: the checkers the better play takes from the head. */
  | { readonly kind: 'head'; readonly n: number }
  | { readonly kind: 'points'; readonly n: number }
  | { readonly kind: 'straggler'; readonly point: number };

/** A run of held points: its length and its points, route order. */
export interface Run {
  readonly n: number;
  readonly points: readonly number[];
}

/** The features of one board (mover first), from the mover's side. */
interface Features {
  readonly contact: boolean;
  /** The opponent's pips minus the mover's: the mover's lead. */
  readonly lead: number;
  readonly off: number;
  readonly home: number;
  readonly block: Run;
  /** The opponent's longest run in the mover's way (its points, its numbering). */
  readonly wall: Run;
  readonly head: number;
  /** Points held, the head aside. */
  readonly held: number;
  /** The point of a checker left behind (6. above), or 0. */
  readonly straggler: number;
  /** The mover's rearmost point with a checker, or 0. */
  readonly rearmost: number;
}

/** The opponent's point for my point and mine for its: the long family's numbering is symmetric. */
const across = (p: number) => opponentPoint('long', p);

/**
 * The blocker's longest run of held points in the runner's way, each side in its own numbering:
 * among the runner's points below its rearmost checker (it moves 24 → 1), the first longest run
 * from there, named by the blocker's points in route order — the run the net's `longWall` input
 * measures (src/ai/features.ts). With `head` false the blocker's head (its point 24) does not count
 * as held, so a run is made of points built. Not a rule: a reading of the position (the six-block
 * rule is docs/rules/long.md §2).
 */
export function blockInWay(blocker: SideCheckers, runner: SideCheckers, head = true): Run {
  let back = 0;
  for (let k = 24; k >= 1; k--) if (runner[k] > 0) { back = k; break; }
  let best: number[] = [], run: number[] = [];
  for (let k = back - 1; k >= 0; k--) {
    const p = across(k);
    if (k >= 1 && blocker[p] > 0 && (head || p !== 24)) { run.push(p); continue; }
    if (run.length > best.length) best = run;
    run = [];
  }
  return { n: best.length, points: best };
}

/** My checkers that still have to pass the top of `wall` (their points above its highest). */
function checkersBehind(mine: SideCheckers, wall: Run): number {
  if (wall.n < 3) return 0;
  const top = Math.max(...wall.points.map(across)); // in my numbering
  let n = 0;
  for (let p = top + 1; p <= 24; p++) n += mine[p];
  return n;
}

/** True while a checker of `a` has a checker of `b` on a point still in front of it. */
function passes(a: SideCheckers, b: SideCheckers): boolean {
  let back = 0;
  for (let p = 24; p >= 1; p--) if (a[p] > 0) { back = p; break; }
  for (let p = 1; p < back; p++) if (b[across(p)] > 0) return true;
  return false;
}

function featuresOf(board: Board): Features {
  const [mine, theirs] = board;
  const block = blockInWay(mine, theirs, false);
  const wall = blockInWay(theirs, mine, false);
  let home = mine[OFF], held = 0;
  for (let p = 1; p <= 23; p++) if (mine[p] > 0) held++;
  for (let p = 1; p <= 6; p++) home += mine[p];
  let straggler = 0, rearmost = 0;
  for (let p = 24; p >= 1; p--) {
    if (mine[p] === 0) continue;
    rearmost = p;
    if (mine[p] === 1 && p >= 13) {
      let next = p - 1;
      while (next >= 1 && mine[next] === 0) next--;
      if (next >= 1 && p - next >= 6) straggler = p;
    }
    break;
  }
  return {
    contact: passes(mine, theirs) || passes(theirs, mine),
    lead: pipCount(theirs) - pipCount(mine),
    off: mine[OFF],
    home,
    block,
    wall,
    head: mine[24],
    held,
    straggler,
    rearmost,
  };
}

/** Whether two blocks' lengths tell the plays apart (3. above). */
function blocksDiffer(a: number, b: number): boolean {
  const longer = Math.max(a, b), diff = Math.abs(a - b);
  return longer >= 3 && (diff >= 2 || (diff >= 1 && longer >= 4));
}

/**
 * The idea behind the better play: `before` the position the roll was played from (mover first),
 * `played` and `better` the boards after the play made and after the better play (mover first).
 * Undefined outside the long family, or when no feature above tells the two plays apart in the
 * better play's favour. Not a rule: a reading of two positions.
 * @example reviewIdea(position, playedBoard, betterBoard) // { kind: 'blockBuilt', n: 5, points: [17, 16, 15, 14, 13] }
 */
export function reviewIdea(before: Position, played: Board, better: Board): Idea | undefined {
  if (VARIANTS[before.variant].family !== 'long') return undefined;
  const a = featuresOf(played), b = featuresOf(better);
  // Each feature: undefined when it does not tell the plays apart, else the idea, or null when it favours the play made.
  const asked: (() => Idea | null | undefined)[] = [
    () => {
      if (a.contact === b.contact) return undefined;
      if (!b.contact && b.lead > 0) return { kind: 'race', pips: b.lead };
      if (b.contact && b.lead < 0) return { kind: 'contact', pips: -b.lead };
      return null;
    },
    () => (a.contact || b.contact || a.off === b.off ? undefined : b.off > a.off ? { kind: 'bearOff', n: b.off - a.off } : null),
    () => (a.contact || b.contact || a.home === b.home ? undefined : b.home > a.home ? { kind: 'home', n: b.home - a.home } : null),
    () => {
      if (!blocksDiffer(a.block.n, b.block.n)) return undefined;
      if (b.block.n < a.block.n) return null;
      // Kept when every point of the run was held before the roll (the opponent has not moved since).
      const kept = b.block.points.every((p) => before.board[0][p] > 0);
      return { kind: kept ? 'blockKept' : 'blockBuilt', n: b.block.n, points: b.block.points };
    },
    () => {
      // One wall for both plays: the opponent's, in the way of the rearmost checker of either.
      const wall = a.rearmost >= b.rearmost ? a.wall : b.wall;
      const behindA = checkersBehind(played[0], wall), behindB = checkersBehind(better[0], wall);
      if (behindA === behindB) return undefined;
      return behindB < behindA ? { kind: 'escape', out: behindA - behindB, n: wall.n, points: wall.points.map(across) } : null;
    },
    () => (a.head === b.head ? undefined : b.head < a.head ? { kind: 'head', n: before.board[0][24] - b.head } : null),
    () => {
      if (a.straggler !== 0 && b.rearmost < a.straggler) return { kind: 'straggler', point: a.straggler };
      return b.straggler !== 0 && a.rearmost < b.straggler ? null : undefined;
    },
    () => (!a.contact || !b.contact || a.held === b.held ? undefined : b.held > a.held ? { kind: 'points', n: b.held - a.held } : null),
  ];
  for (const ask of asked) {
    const idea = ask();
    if (idea !== undefined) return idea ?? undefined;
  }
  return undefined;
}

/**
 * Points as a range where they run on: "13–17", or "23–24, 1–2" across the corner. Not a rule:
 * typography.
 */
export function pointsText(points: readonly number[]): string {
  const sorted = [...points].sort((x, y) => x - y);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  // A run across the corner reads from its start on the route: the high points, then the low.
  if (parts.length === 2 && sorted[0] === 1 && sorted[sorted.length - 1] === 24) parts.reverse();
  return parts.join(', ');
}

/** The idea in one sentence in `lang`. Not a rule: words. */
export function ideaText(idea: Idea, lang: Lang): string {
  switch (idea.kind) {
    case 'race': return t(lang, 'review.idea.race', { pips: idea.pips });
    case 'contact': return t(lang, 'review.idea.contact', { pips: idea.pips });
    case 'bearOff': return t(lang, 'review.idea.bearOff', { n: idea.n });
    case 'home': return t(lang, 'review.idea.home', { n: idea.n });
    case 'blockBuilt': return t(lang, 'review.idea.blockBuilt', { n: idea.n, points: pointsText(idea.points) });
    case 'blockKept': return t(lang, 'review.idea.blockKept', { n: idea.n, points: pointsText(idea.points) });
    case 'escape': return t(lang, idea.out === 1 ? 'review.idea.escape' : 'review.idea.escapeMany', { out: idea.out, n: idea.n, points: pointsText(idea.points) });
    case 'head': return t(lang, idea.n === 1 ? 'review.idea.head' : 'review.idea.headMany', { n: idea.n });
    case 'points': return t(lang, 'review.idea.points', { n: idea.n });
    case 'straggler': return t(lang, 'review.idea.straggler', { point: idea.point });
  }
}
