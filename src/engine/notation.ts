/**
 * Tolerant notation input (docs/rules/README.md §0): `24/18 13/11`, `24-18`, `bar/22`, `25/22`, `6/off`,
 * `6/0`, `8/4(2)`, `13/7*` then `/5`, and `Ø` / `-` / `none` for a turn with nothing to play. A text is
 * read into journeys, applied to the mover's checkers and matched against the legal plays, so
 * any order or grouping of the same play is accepted.
 */
import { opponentPoint, type Board, type SideCheckers } from './board.ts';
import { legalPlays, playsEndingWith, positionRules, type Dice, type Play, type Position, type TurnContext } from './plays.ts';
import { fail, ok, type Result } from './result.ts';

/** One checker's journey as written: the points it touches and which of them it hit on. */
export interface WrittenJourney {
  readonly points: readonly number[];
  readonly hits: readonly boolean[];
}

/** A play as written, before it is matched against a position. */
export type WrittenPlay = { readonly pass: true } | { readonly pass: false; readonly journeys: readonly WrittenJourney[] };

const PASS = new Set(['ø', '-', 'none', 'pass', '—', '–', '']);

function readPoint(token: string): number | undefined {
  const t = token.toLowerCase();
  if (t === 'bar' || t === 'b') return 25;
  if (t === 'off' || t === 'o') return 0;
  if (!/^\d{1,2}$/.test(t)) return undefined;
  const n = Number(t);
  return n <= 25 ? n : undefined;
}

/**
 * Returns the journeys written in a move text, without looking at any position.
 * Implements docs/rules/README.md §0 (notation, tolerant input).
 * @example parseWrittenPlay('13/7* then /5 8/4(2)')
 */
export function parseWrittenPlay(text: string): Result<WrittenPlay> {
  const input = text.trim();
  if (PASS.has(input.toLowerCase())) return ok({ pass: true });
  const bad = (message: string) => fail({ kind: 'invalid-notation' as const, input: text, message });
  const out: WrittenJourney[] = [];
  for (const token of input.split(/[\s,;]+/).filter(Boolean)) {
    const m = /^(.*?)(?:\((\d)\))?$/.exec(token);
    const body = m?.[1] ?? token;
    const repeat = m?.[2] ? Number(m[2]) : 1;
    if (repeat < 1 || repeat > 4) return bad(`"${token}": a move repeats 1 to 4 times`);
    const parts = body.split(/[/\-]/);
    if (parts.length < 2) return bad(`"${token}" is not a move like 13/7`);
    const points: number[] = [];
    const hits: boolean[] = [];
    for (const part of parts) {
      const hit = part.endsWith('*');
      const p = readPoint(hit ? part.slice(0, -1) : part);
      if (p === undefined) return bad(`"${part}" in "${token}" is not a point (1..24, bar, off)`);
      points.push(p);
      hits.push(hit);
    }
    for (let k = 1; k < points.length; k++) {
      if (points[k] >= points[k - 1]) return bad(`"${token}" must move towards home (${points[k - 1]} then ${points[k]})`);
    }
    if (points.slice(0, -1).includes(0) || points.slice(1).includes(25)) return bad(`"${token}": bar only at the start, off only at the end`);
    for (let r = 0; r < repeat; r++) out.push({ points, hits });
  }
  if (out.length === 0) return bad('no move given');
  return ok({ pass: false, journeys: out });
}

function hitPoints(before: Board, after: Board, family: 'short' | 'long'): Set<number> {
  const hits = new Set<number>();
  for (let p = 1; p <= 24; p++) {
    const q = opponentPoint(family, p);
    if (before[1][q] === 1 && after[1][q] === 0) hits.add(p);
  }
  return hits;
}

/**
 * Returns the legal play a move text means in a position: the play whose final checkers match
 * the written journeys (and, when several do, whose hits match the `*` marks). Errors are typed:
 * `invalid-notation` (syntax), `illegal-play` (no such legal play), `ambiguous-play`.
 * Implements docs/rules/README.md §0 (notation) against docs/rules §1–§3 (legality).
 * @example parsePlay('8/5 6/5', { variant: 'short', board: startBoard(VARIANTS.short) }, [3, 1])
 */
export function parsePlay(text: string, position: Position, dice: Dice, context: TurnContext = {}): Result<Play> {
  const written = parseWrittenPlay(text);
  if (!written.ok) return written;
  const illegal = (message: string) => fail({ kind: 'illegal-play' as const, input: text, message });
  if (written.value.pass) {
    const plays = legalPlays(position, dice, context);
    if (plays.length > 0) return illegal(`there are legal plays, for example ${plays[0].move}`);
    return ok({ move: 'Ø', board: [position.board[0].slice(), position.board[1].slice()], steps: [] });
  }
  const mine: SideCheckers = position.board[0].slice();
  const wanted = new Set<number>();
  for (const j of written.value.journeys) {
    const from = j.points[0];
    const to = j.points[j.points.length - 1];
    if (mine[from] <= 0) return illegal(`no checker of yours on ${from === 25 ? 'the bar' : from}`);
    mine[from]--;
    mine[to]++;
    j.hits.forEach((h, k) => { if (h) wanted.add(j.points[k]); });
  }
  const found = playsEndingWith(position, dice, context, mine);
  if (found.count === 0) return illegal('nothing can be played with this roll');
  const candidates = found.plays;
  if (candidates.length === 0) return illegal(`${text.trim()} is not a legal play with ${dice[0]}-${dice[1]}`);
  if (candidates.length === 1) return ok(candidates[0]);
  const family = positionRules(position).variant.family;
  const exact = candidates.filter((p) => {
    const hits = hitPoints(position.board, p.board, family);
    return hits.size === wanted.size && [...wanted].every((h) => hits.has(h));
  });
  if (exact.length === 1) return ok(exact[0]);
  return fail({
    kind: 'ambiguous-play',
    input: text,
    message: `${text.trim()} fits ${candidates.length} plays; mark the hits with *`,
    candidates: candidates.map((p) => p.move),
  });
}

/**
 * Returns a roll read from `a-b`, `a:b`, `ab`, `a/b` or `axb`, as written (not sorted).
 * Implements docs/rules/README.md §0 (rolls).
 * @example parseDice('6:4') // ok([6, 4])
 */
export function parseDice(text: string): Result<[number, number]> {
  const m = /^\s*([1-6])\s*[-:/xх×]?\s*([1-6])\s*$/i.exec(text);
  if (!m) return fail({ kind: 'invalid-dice', input: text, message: `"${text}" is not a roll like 6-4` });
  return ok([Number(m[1]), Number(m[2])]);
}
