/**
 * A slow, straightforward reading of docs/rules §1, §2 and §6 (plakoto, gul bara), written apart
 * from `src/engine/generate.ts` to check its counts: the board is 24 absolute points, each with
 * both sides' counts and who is pinned there, every order of the dice is tried with plain copies,
 * and the rules are applied to whole plays afterwards. No typed arrays, no pruning, no hashing.
 * Only the plays' final boards are compared, in the engine's JSON shape.
 */
import type { Board } from '../../../src/engine/index.ts';

export type ReferenceVariant = 'plakoto' | 'gulbara';

/** Absolute point a (0..23) is my point a + 1; I move towards 0. */
interface Spot { me: number; them: number; pinned: 'me' | 'them' | null }
interface Table { spots: Spot[]; myOff: number; theirOff: number; headMoves: number }

/** The absolute index of the opponent's point q: short family 25 − q, long family my ((q + 11) mod 24) + 1. */
function theirSpot(v: ReferenceVariant, q: number): number {
  return (v === 'plakoto' ? 25 - q : ((q + 11) % 24) + 1) - 1;
}

function fromBoard(v: ReferenceVariant, board: Board): Table {
  const spots: Spot[] = Array.from({ length: 24 }, () => ({ me: 0, them: 0, pinned: null }));
  for (let p = 1; p <= 24; p++) {
    if (board[0][p] === -1) { spots[p - 1].me = 1; spots[p - 1].pinned = 'me'; } else spots[p - 1].me = board[0][p];
    const a = theirSpot(v, p);
    if (board[1][p] === -1) { spots[a].them = 1; spots[a].pinned = 'them'; } else spots[a].them = board[1][p];
  }
  return { spots, myOff: board[0][0], theirOff: board[1][0], headMoves: 0 };
}

function toBoard(v: ReferenceVariant, t: Table): string {
  const me = new Array(26).fill(0), them = new Array(26).fill(0);
  me[0] = t.myOff; them[0] = t.theirOff;
  for (let p = 1; p <= 24; p++) {
    const s = t.spots[p - 1];
    me[p] = s.pinned === 'me' ? -1 : s.me;
    const a = t.spots[theirSpot(v, p)];
    them[p] = a.pinned === 'them' ? -1 : a.them;
  }
  return JSON.stringify([me, them]);
}

function copy(t: Table): Table {
  return { spots: t.spots.map((s) => ({ ...s })), myOff: t.myOff, theirOff: t.theirOff, headMoves: t.headMoves };
}

function allHome(v: ReferenceVariant, t: Table): boolean {
  for (let a = 0; a < 24; a++) {
    const s = t.spots[a];
    if (s.me > 0 && a >= 6) return false;
    if (v === 'plakoto' && s.pinned === 'me') return false; // a pinned checker keeps everyone from bearing off
  }
  return true;
}

/** Returns the table after moving one checker from absolute a by die d, or null when that is not legal. */
function step(v: ReferenceVariant, t: Table, a: number, d: number, headAllowance: number): Table | null {
  const from = t.spots[a];
  if (from.me === 0 || from.pinned === 'me') return null;
  if (v === 'gulbara' && a === 23 && t.headMoves >= headAllowance) return null;
  const to = a - d;
  const next = copy(t);
  if (a === 23) next.headMoves++;
  if (to >= 0) {
    const dest = next.spots[to];
    if (v === 'gulbara' && dest.them > 0) return null;
    if (v === 'plakoto' && (dest.them >= 2 || (dest.them === 1 && dest.pinned === 'me'))) return null;
    if (v === 'plakoto' && dest.them === 1) dest.pinned = 'them';
    dest.me++;
  } else {
    if (!allHome(v, t)) return null;
    if (to < -1) {
      if (v === 'gulbara') return null; // only the exact number bears off
      for (let b = a + 1; b < 6; b++) if (t.spots[b].me > 0) return null;
    }
    next.myOff++;
  }
  const left = next.spots[a];
  left.me--;
  if (left.me === 0 && left.pinned === 'them') left.pinned = null; // the pinned checker is free again
  return next;
}

/** Long-family six-block rule (docs/rules/long.md §2, `ahead`), judged on the final table. */
function isIllegalBlock(t: Table): boolean {
  // The opponent's route: its points 24 → 1, and where each stands on my board.
  const route = Array.from({ length: 24 }, (_, k) => theirSpot('gulbara', 24 - k));
  let run = 0;
  for (let k = 0; k <= 24; k++) {
    if (k < 24 && t.spots[route[k]].me > 0) { run++; continue; }
    if (run >= 6) {
      let ahead = t.theirOff > 0;
      for (let j = k; j < 24; j++) if (t.spots[route[j]].them > 0) ahead = true;
      if (!ahead) return true;
    }
    run = 0;
  }
  return false;
}

function headAllowanceOf(v: ReferenceVariant, dice: [number, number], firstTurn: boolean): number {
  if (v !== 'gulbara') return 15;
  return firstTurn && dice[0] === dice[1] && [3, 4, 6].includes(dice[0]) ? 2 : 1;
}

/** Returns the distinct final boards (engine JSON) of every legal play of a roll. */
export function referencePlays(v: ReferenceVariant, board: Board, dice: [number, number], firstTurn = false, doubleMoves = 4): string[] {
  const orders = dice[0] === dice[1] ? [new Array(doubleMoves).fill(dice[0])] : [[dice[0], dice[1]], [dice[1], dice[0]]];
  const allowance = headAllowanceOf(v, dice, firstTurn);
  const found: { table: Table; used: number; pips: number }[] = [];
  const walk = (t: Table, order: number[], used: number, pips: number) => {
    found.push({ table: t, used, pips });
    if (used === order.length) return;
    for (let a = 0; a < 24; a++) {
      const next = step(v, t, a, order[used], allowance);
      if (next) walk(next, order, used + 1, pips + order[used]);
    }
  };
  for (const order of orders) walk(fromBoard(v, board), order, 0, 0);
  const legal = found.filter((f) => v !== 'gulbara' || !isIllegalBlock(f.table));
  let best = 0, bestPips = 0;
  for (const f of legal) if (f.used > best || (f.used === best && f.pips > bestPips)) { best = f.used; bestPips = f.pips; }
  if (best === 0) return [];
  return [...new Set(legal.filter((f) => f.used === best && f.pips === bestPips).map((f) => toBoard(v, f.table)))];
}

function swap(json: string): Board {
  const [a, b] = JSON.parse(json) as Board;
  return [b, a];
}

/** True when plakoto's mother rule has ended the game on this board (both sides in own numbering). */
function motherDecided(v: ReferenceVariant, board: Board): boolean {
  if (v !== 'plakoto') return false;
  const [a, b] = board;
  return (a[24] === -1 && b[24] === -1) || (b[24] === -1 && a[24] === 0) || (a[24] === -1 && b[24] === 0);
}

/** perft by the same definition as `src/engine/perft.ts`, from the reference's plays. */
export function referencePerft(v: ReferenceVariant, board: Board, depth: number, turnsMe = 0, turnsThem = 0): number {
  if (depth === 0 || board[0][0] === 15 || board[1][0] === 15 || motherDecided(v, board)) return 1;
  let n = 0;
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= a; b++) {
      const plays = referencePlays(v, board, [a, b], turnsMe === 0);
      if (plays.length === 0) n += referencePerft(v, [board[1], board[0]], depth - 1, turnsThem, turnsMe + 1);
      else if (depth === 1) n += plays.length;
      else for (const p of plays) n += referencePerft(v, swap(p), depth - 1, turnsThem, turnsMe + 1);
    }
  }
  return n;
}
