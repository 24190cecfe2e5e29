/**
 * The project's JSON board (docs/rules/README.md §0): `[[...26], [...26]]` = `[side to move, opponent]`, each
 * side in its own numbering — index 0 borne off, 1..24 points, 25 bar.
 */
import { BAR, PINNED, SIDE_LENGTH, opponentPoint, type Board, type Family, type SideCheckers } from '../board.ts';
import { fail, ok, type Result } from '../result.ts';

/** The two sides' names, in board order, for error messages. */
const SIDE_NAMES = ['side to move (board[0])', 'opponent (board[1])'] as const;

/**
 * Returns the board a JSON value (or JSON text) describes, or an `invalid-position` error naming
 * the side and index at fault: two arrays of 26 non-negative integers, each side's off + points +
 * bar equal to `rules.checkers`, no point held by both sides (short family: my p is their 25 − p;
 * long family: their ((p + 11) mod 24) + 1), and in the long family nobody on the bar (no hitting).
 * With `rules.pinning` (plakoto) a point may hold −1, one pinned checker, under at least one
 * opposing checker (its pinner); a point is shared only that way, and nobody is on the bar.
 * Implements docs/rules §0 (board and numbering), §2 (long nardy: no hitting, so nobody is ever on the bar)
 * and §6 (plakoto: pins, no bar).
 * @example parseBoardJson('[[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0],[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0]]', { family: 'short', checkers: 15 }) // ok: the start
 */
export function parseBoardJson(value: unknown, rules: { family: Family; checkers: number; pinning?: boolean }): Result<Board> {
  const input = describe(value);
  const bad = (why: string): Result<Board> => fail({ kind: 'invalid-position', input, message: `board ${input}: ${why}` });
  if (!Number.isInteger(rules.checkers) || rules.checkers < 1) {
    return fail({ kind: 'invalid-option', input: String(rules.checkers), message: `checkers per side must be a positive integer, got ${rules.checkers}` });
  }
  let json = value;
  if (typeof value === 'string') {
    try {
      json = JSON.parse(value);
    } catch {
      return bad('is not valid JSON');
    }
  }
  if (!Array.isArray(json) || json.length !== 2) return bad('a board is a JSON array of two sides, [side to move, opponent]');
  for (let s = 0; s < 2; s++) {
    const why = checkSide(json[s], rules.checkers, rules.pinning === true);
    if (why) return bad(`the ${SIDE_NAMES[s]} ${why}`);
  }
  const board: Board = [Array.from(json[0] as number[], (n) => n + 0), Array.from(json[1] as number[], (n) => n + 0)]; // + 0 turns -0 into 0
  for (let p = 1; p <= 24; p++) {
    const q = opponentPoint(rules.family, p);
    const [mine, theirs] = [board[0][p], board[1][q]];
    if (mine < 0 && theirs <= 0) return bad(`point ${p} of the side to move (board[0][${p}]) is pinned by nobody (board[1][${q}] = ${theirs})`);
    if (theirs < 0 && mine <= 0) return bad(`the opponent's point ${q} (board[1][${q}]) is pinned by nobody (board[0][${p}] = ${mine})`);
    if (mine > 0 && theirs > 0) {
      return bad(`point ${p} of the side to move (board[0][${p}]) is also held by the opponent (board[1][${q}])`);
    }
  }
  if (rules.family === 'long' || rules.pinning) {
    for (let s = 0; s < 2; s++) {
      if (board[s][BAR] !== 0) return bad(`the ${SIDE_NAMES[s]} has ${board[s][BAR]} on the bar (index 25); ${rules.pinning ? 'plakoto pins instead of hitting' : 'long nardy has no hitting'}, so the bar must be 0`);
    }
  }
  return ok(board);
}

/**
 * Returns the compact JSON text of a board, `[[...],[...]]`, side to move first.
 * Not a rule: the storage and interchange format of docs/rules/README.md §0 boards.
 * @example formatBoardJson(start) // '[[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0],[0,…]]'
 */
export function formatBoardJson(board: Board): string {
  return JSON.stringify([board[0], board[1]]);
}

/** Returns why a value is not one side of `checkers` checkers, or undefined when it is. */
function checkSide(side: unknown, checkers: number, pinning: boolean): string | undefined {
  if (!Array.isArray(side)) return `is not an array`;
  if (side.length !== SIDE_LENGTH) return `has ${side.length} entries, expected ${SIDE_LENGTH} (off, points 1..24, bar)`;
  for (let i = 0; i < SIDE_LENGTH; i++) {
    const n: unknown = side[i];
    const pinned = pinning && n === PINNED && i >= 1 && i <= 24;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || (n < 0 && !pinned)) return `has ${typeof n === 'string' ? JSON.stringify(n) : describe(n)} at index ${i}, expected a non-negative integer${pinning ? ' (or −1 on a point: one pinned checker)' : ''}`;
  }
  const total = (side as SideCheckers).reduce((a, b) => a + Math.abs(b), 0);
  if (total !== checkers) return `has ${total} checkers in all (off + points + bar), expected ${checkers}`;
  return undefined;
}

/** Returns a short printable form of any value for messages (JSON when possible). */
function describe(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value); // cyclic values, BigInt, objects without toString
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
