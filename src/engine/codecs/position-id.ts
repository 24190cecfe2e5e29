/**
 * gnubg Position ID: 14 base64 characters for the checkers of both sides (docs/rules/README.md §0).
 *
 * The key is a bit string: for each side, points 1..24 then the bar, one `1` per checker followed
 * by a `0`; padded to 80 bits, packed little-endian (bit i → byte i >> 3, bit i & 7), then the
 * 10 bytes in standard base64, keeping the first 14 characters. Borne-off checkers are implied.
 *
 * Side order — the trap: gnubg 1.07 writes the side NOT on roll first (`anBoard[1]` is the mover
 * in gnubg), although its manual says the opposite; see ../research/anchors-engine.md §1.4.
 */
import { BAR, OFF, emptySide, type Board, type SideCheckers } from '../board.ts';
import { InvariantError, fail, ok, type Result } from '../result.ts';

/** Number of bits in a Position ID key. */
const KEY_BITS = 80;
/** Number of characters of a Position ID. */
const ID_LENGTH = 14;
/** The standard base64 alphabet gnubg uses. */
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Most checkers per side an 80-bit key can carry alongside the 50 separators of both sides. */
const MAX_CHECKERS_PER_SIDE = 15;

/**
 * Returns the gnubg Position ID (14 characters) of a board, the side not on roll encoded first.
 * Implements docs/rules/README.md §0 (position interchange, gnubg 1.07 side order).
 * Throws `InvariantError` only for a board no key can hold (more than 30 checkers on the board, or
 * a plakoto board with a pinned checker: backgammon has no such thing).
 * @example formatPositionId(start) // '4HPwATDgc/ABMA'
 */
export function formatPositionId(board: Board): string {
  const key = new Uint8Array(KEY_BITS / 8);
  let bit = 0;
  for (const side of [board[1], board[0]]) {
    for (let p = 1; p <= BAR; p++) {
      if (side[p] < 0) throw new InvariantError(`board ${JSON.stringify(board)} has a pinned checker (plakoto); a Position ID cannot write one`);
      for (let c = 0; c < side[p]; c++, bit++) {
        if (bit >= KEY_BITS) throw new InvariantError(`board ${JSON.stringify(board)} has too many checkers for a Position ID`);
        key[bit >> 3] |= 1 << (bit & 7);
      }
      bit++; // the separator
    }
  }
  if (bit > KEY_BITS) throw new InvariantError(`board ${JSON.stringify(board)} has too many checkers for a Position ID`);
  return toBase64(key).slice(0, ID_LENGTH);
}

/**
 * Returns the board a gnubg Position ID describes, as `[side to move, opponent]`, or an
 * `invalid-position` error quoting the input. Borne-off counts are `checkersPerSide` minus the
 * checkers on the points and the bar. Accepts surrounding whitespace and a `:MatchID` suffix
 * (the gnubg ID form `PositionID:MatchID`; the match part is checked for shape only).
 * Implements docs/rules/README.md §0 (position interchange, gnubg 1.07 side order: the second side encoded is on roll).
 * @example parsePositionId('4HPwATDgc/ABUA') // ok: the side to move has a checker on the bar
 */
export function parsePositionId(id: string, checkersPerSide = 15): Result<Board> {
  if (!Number.isInteger(checkersPerSide) || checkersPerSide < 1 || checkersPerSide > MAX_CHECKERS_PER_SIDE) {
    return fail({ kind: 'invalid-option', input: String(checkersPerSide), message: `checkersPerSide must be an integer from 1 to ${MAX_CHECKERS_PER_SIDE}, got ${checkersPerSide}` });
  }
  const bad = (why: string): Result<Board> => fail({ kind: 'invalid-position', input: id, message: `Position ID "${id}": ${why}` });
  const [text, matchId, ...rest] = id.trim().split(':');
  if (rest.length > 0) return bad('expected "PositionID" or "PositionID:MatchID", found more than one colon');
  if (matchId !== undefined && !/^[A-Za-z0-9+/]{12}$/.test(matchId)) return bad(`"${matchId}" after the colon is not a 12-character Match ID`);
  if (text.length !== ID_LENGTH) return bad(`a Position ID has ${ID_LENGTH} characters, found ${text.length}`);
  const badChar = [...text].findIndex((ch) => !BASE64.includes(ch));
  if (badChar >= 0) return bad(`character "${text[badChar]}" at position ${badChar + 1} is not base64 (A-Z a-z 0-9 + /)`);
  const bits = toBits(text);
  const decoded = readSides(bits, checkersPerSide);
  if (typeof decoded === 'string') return bad(decoded);
  const [notOnRoll, onRoll] = decoded;
  for (let p = 1; p <= 24; p++) {
    if (onRoll[p] > 0 && notOnRoll[25 - p] > 0) {
      return bad(`point ${p} of the side to move is also held by the opponent (its point ${25 - p})`);
    }
  }
  return ok([onRoll, notOnRoll]);
}

/** Returns the 84 bits of a 14-character base64 text, least significant bit of each byte first. */
function toBits(text: string): number[] {
  const bytes: number[] = [];
  let acc = 0;
  let held = 0;
  for (const ch of text) {
    acc = (acc << 6) | BASE64.indexOf(ch);
    held += 6;
    while (held >= 8) {
      held -= 8;
      bytes.push((acc >> held) & 0xff);
    }
  }
  const bits: number[] = [];
  for (const byte of bytes) for (let b = 0; b < 8; b++) bits.push((byte >> b) & 1);
  for (let b = held - 1; b >= 0; b--) bits.push((acc >> b) & 1); // the 4 bits beyond the 10th byte
  return bits;
}

/** Returns the two sides in key order (not on roll, on roll), or why the bits are no position. */
function readSides(bits: number[], checkersPerSide: number): [SideCheckers, SideCheckers] | string {
  const sides: [SideCheckers, SideCheckers] = [emptySide(), emptySide()];
  const names = ['the side not on roll', 'the side to move'];
  let i = 0;
  for (let s = 0; s < 2; s++) {
    let total = 0;
    for (let p = 1; p <= BAR; p++) {
      while (i < KEY_BITS && bits[i] === 1) {
        sides[s][p]++;
        i++;
      }
      if (i >= KEY_BITS) return `the key ends before ${names[s]}'s ${p === BAR ? 'bar' : `point ${p}`} is closed (too many checkers)`;
      i++; // the separator
      total += sides[s][p];
    }
    if (total > checkersPerSide) return `${names[s]} has ${total} checkers on the board and bar, more than ${checkersPerSide}`;
    sides[s][OFF] = checkersPerSide - total;
  }
  const garbage = bits.indexOf(1, i);
  if (garbage >= 0) return `bit ${garbage} is set after both sides are complete (trailing garbage)`;
  return sides;
}

/** Returns the standard base64 text of some bytes, with `=` padding. */
function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < 4; c++) out += c < chars ? BASE64[(n >> (18 - 6 * c)) & 63] : '=';
  }
  return out;
}
