/**
 * XGID, eXtreme Gammon's position text (docs/rules/README.md §0):
 * `XGID=<26 chars>:cube:cubeOwner:turn:dice:score1:score2:crawfordJacoby:matchLength:maxCube`.
 *
 * Conventions, as GNU Backgammon's importer reads them (`PositionFromXG` in positionid.c and
 * `SetXGID` in set.c; mirror carsten-wenderdel/gnubg-fast-export) and as eXtreme Gammon writes them:
 * - the 26 characters are always drawn from the bottom player's side, whoever is on roll:
 *   character 0 is the top player's bar, 1..24 are the bottom player's points 1..24, 25 is the
 *   bottom player's bar; `-` empty, `A`..`P` = 1..16 bottom checkers, `a`..`p` = top checkers
 *   (so a lowercase at character i is on the top player's own point 25 − i);
 * - cube = log2 of the cube value; cubeOwner 1 bottom, −1 top, 0 centred;
 * - turn 1 = bottom player on roll, −1 = top player on roll (gnubg swaps sides when −1);
 * - dice `00` = not rolled yet, two digits = the roll, `D`/`B`/`R` = a double (beaver, raccoon) pending;
 * - score1 = bottom player's score, score2 = top player's;
 * - crawfordJacoby: in a match 1 = this is the Crawford game; in money play a bit mask,
 *   1 = Jacoby, 2 = beaver;
 * - matchLength 0 = money play; maxCube = log2 of the highest cube allowed (XG writes 10).
 * Our boards are `[side to move, opponent]`: parsing puts whoever the turn field names on roll in
 * `board[0]`; formatting always draws the side to move at the bottom with turn 1.
 */
import { BAR, OFF, emptySide, type Board, type SideCheckers } from '../board.ts';
import { InvariantError, fail, ok, type Result } from '../result.ts';

/**
 * Match and cube context carried by an XGID, from the side to move's point of view.
 * Not a rule: a record of docs/rules/match.md §4 settings as an XGID states them.
 * @example { dice: [6, 4], cubeValue: 2, cubeOwner: 'opponent', score: [3, 4], matchLength: 5, crawford: false, jacoby: false }
 */
export type XgidInfo = {
  /** The roll to play, in the order written; absent when the side to move has not rolled. */
  dice?: [number, number];
  /** The cube's face value: 1, 2, 4, … */
  cubeValue: number;
  /** Who owns the cube: `me` is the side to move (`board[0]`). */
  cubeOwner: 'center' | 'me' | 'opponent';
  /** Points scored so far: `[side to move, opponent]`. */
  score: [number, number];
  /** Match length in points; 0 for money play. */
  matchLength: number;
  /** True in the Crawford game of a match. */
  crawford: boolean;
  /** True when the Jacoby rule applies (money play only). */
  jacoby: boolean;
  /** The highest cube value allowed; XG writes 1024 (exponent 10) when there is no limit. */
  maxCube?: number;
};

/** Checkers per side in every XGID (eXtreme Gammon plays 15-checker backgammon only). */
const CHECKERS = 15;
/** Highest cube exponent accepted, as in gnubg's 4-bit Match ID field. */
const MAX_EXPONENT = 15;
/** The maximum-cube exponent eXtreme Gammon writes when there is no limit. */
const DEFAULT_MAX_EXPONENT = 10;
/** What `formatXgid` assumes without an `info`: money play, centred cube, no roll yet. */
const DEFAULT_INFO: XgidInfo = { cubeValue: 1, cubeOwner: 'center', score: [0, 0], matchLength: 0, crawford: false, jacoby: false };

/**
 * Returns the XGID text of a board, drawn with the side to move at the bottom (uppercase, turn 1).
 * Without `info`: money play, centred cube on 1, dice not rolled, no limit on the cube.
 * Implements docs/rules/README.md §0 (position interchange: XGID).
 * Throws `InvariantError` only for what an XGID cannot say (a cube that is not a power of two,
 * Crawford in money play, Jacoby in a match, dice outside 1..6, two sides on one point, a
 * plakoto pin).
 * @example formatXgid(start) // 'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
 */
export function formatXgid(board: Board, info: XgidInfo = DEFAULT_INFO): string {
  const [me, them] = board;
  let chars = countChar(them[BAR], 'a');
  for (let i = 1; i <= 24; i++) {
    if (me[i] > 0 && them[25 - i] > 0) throw new InvariantError(`both sides hold point ${i}: ${JSON.stringify(board)}`);
    if (me[i] < 0 || them[25 - i] < 0) throw new InvariantError(`point ${i} holds a pinned checker (plakoto); an XGID cannot say so: ${JSON.stringify(board)}`);
    chars += me[i] > 0 ? countChar(me[i], 'A') : countChar(them[25 - i], 'a');
  }
  chars += countChar(me[BAR], 'A');
  const owner = { center: 0, me: 1, opponent: -1 }[info.cubeOwner];
  const dice = info.dice ? info.dice.map((d) => checkedDie(d)).join('') : '00';
  if (info.matchLength === 0 && info.crawford) throw new InvariantError('an XGID cannot say Crawford in money play');
  if (info.matchLength > 0 && info.jacoby) throw new InvariantError('an XGID cannot say Jacoby in a match');
  const rules = info.matchLength > 0 ? Number(info.crawford) : Number(info.jacoby);
  const fields = [exponent(info.cubeValue), owner, 1, dice, info.score[0], info.score[1], rules, info.matchLength, exponent(info.maxCube ?? 2 ** DEFAULT_MAX_EXPONENT)];
  return `XGID=${chars}:${fields.join(':')}`;
}

/**
 * Returns the board and match context an XGID describes, the side on roll as `board[0]`
 * (the board is mirrored when the turn field names the top player), or a typed error quoting the
 * input. Accepts surrounding whitespace, a missing `XGID=` prefix and a missing maxCube field
 * (read as 1024). A pending double (dice `D`, `B`, `R`) is refused: `XgidInfo` cannot hold it.
 * The beaver bit of money play is read and dropped.
 * Implements docs/rules/README.md §0 (position interchange: XGID).
 * @example parseXgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10') // ok: start, 5-2 to play
 */
export function parseXgid(text: string): Result<{ board: Board; info: XgidInfo }> {
  const err = (kind: 'invalid-position' | 'invalid-notation' | 'invalid-dice', why: string): Result<never> =>
    fail({ kind, input: text, message: `XGID "${text}": ${why}` });
  const fields = text.trim().replace(/^XGID=/i, '').split(':');
  if (fields.length !== 9 && fields.length !== 10) return err('invalid-notation', `expected the position and 8 or 9 fields separated by ":", found ${fields.length - 1} fields`);
  const sides = readPosition(fields[0]);
  if (typeof sides === 'string') return err('invalid-position', sides);
  const [bottom, top] = sides;
  const num = (i: number): number | undefined => (/^-?\d{1,5}$/.test(fields[i]) ? Number(fields[i]) : undefined);
  const [cubeExp, owner, turn, score1, score2, rules, matchLength] = [1, 2, 3, 5, 6, 7, 8].map(num);
  const maxExp = fields.length === 10 ? num(9) : DEFAULT_MAX_EXPONENT;
  if (turn !== 1 && turn !== -1) return err('invalid-notation', `turn must be 1 (bottom player on roll) or -1 (top player), found "${fields[3]}"`);
  if (cubeExp === undefined || cubeExp < 0 || cubeExp > MAX_EXPONENT) return err('invalid-notation', `cube must be an exponent from 0 to ${MAX_EXPONENT}, found "${fields[1]}"`);
  if (owner !== 0 && owner !== 1 && owner !== -1) return err('invalid-notation', `cube owner must be 0, 1 or -1, found "${fields[2]}"`);
  if (maxExp === undefined || maxExp < 0 || maxExp > MAX_EXPONENT) return err('invalid-notation', `max cube must be an exponent from 0 to ${MAX_EXPONENT}, found "${fields[9]}"`);
  const dice = readDice(fields[4]);
  if (typeof dice === 'string') return err('invalid-dice', dice);
  const match = readMatch(score1, score2, rules, matchLength, fields);
  if (typeof match === 'string') return err('invalid-notation', match);
  const flip = turn === -1;
  const info: XgidInfo = {
    cubeValue: 2 ** cubeExp,
    cubeOwner: owner === 0 ? 'center' : owner === turn ? 'me' : 'opponent',
    score: flip ? [match.score[1], match.score[0]] : match.score,
    matchLength: match.matchLength,
    crawford: match.crawford,
    jacoby: match.jacoby,
    maxCube: 2 ** maxExp,
  };
  if (dice) info.dice = dice;
  return ok({ board: flip ? [top, bottom] : [bottom, top], info });
}

/** Returns the letter for `n` checkers (`A`/`a` = 1), or `-` for none. */
function countChar(n: number, one: 'A' | 'a'): string {
  if (n === 0) return '-';
  if (!Number.isInteger(n) || n < 0 || n > 16) throw new InvariantError(`an XGID point holds 0..16 checkers, not ${n}`);
  return String.fromCharCode(one.charCodeAt(0) + n - 1);
}

/** Returns a die as written in an XGID, checking it is 1..6. */
function checkedDie(d: number): number {
  if (!Number.isInteger(d) || d < 1 || d > 6) throw new InvariantError(`a die shows 1..6, not ${d}`);
  return d;
}

/** Returns log2 of a cube value, checking it is a power of two an XGID can hold. */
function exponent(value: number): number {
  const e = Math.log2(value);
  if (!Number.isInteger(e) || e < 0 || e > MAX_EXPONENT) throw new InvariantError(`an XGID cube is 2^0..2^${MAX_EXPONENT}, not ${value}`);
  return e;
}

/** Returns `[bottom, top]` sides, each in its own numbering, or why the 26 characters are no position. */
function readPosition(chars: string): [SideCheckers, SideCheckers] | string {
  if (chars.length !== 26) return `the position has 26 characters, found ${chars.length}`;
  const bottom = emptySide();
  const top = emptySide();
  for (let i = 0; i < 26; i++) {
    const ch = chars[i];
    if (ch >= 'A' && ch <= 'P') {
      if (i === 0) return `character 1 is the top player's bar and cannot hold the bottom player's checkers ("${ch}")`;
      bottom[i] = ch.charCodeAt(0) - 64;
    } else if (ch >= 'a' && ch <= 'p') {
      if (i === 25) return `character 26 is the bottom player's bar and cannot hold the top player's checkers ("${ch}")`;
      top[25 - i] = ch.charCodeAt(0) - 96;
    } else if (ch !== '-') {
      return `character "${ch}" at position ${i + 1} is none of "-", A..P, a..p`;
    }
  }
  for (const [side, name] of [[bottom, 'bottom (uppercase)'], [top, 'top (lowercase)']] as const) {
    let total = 0;
    for (let p = 1; p <= BAR; p++) total += side[p];
    if (total > CHECKERS) return `the ${name} player has ${total} checkers on the board and bar, more than ${CHECKERS}`;
    side[OFF] = CHECKERS - total;
  }
  return [bottom, top];
}

/** Returns the roll of a dice field, undefined for `00`, or why the field is no roll. */
function readDice(field: string): [number, number] | undefined | string {
  if (field === '00') return undefined;
  if (/^[DBR]$/.test(field)) return `dice "${field}" means a double is pending, which XgidInfo cannot hold`;
  if (!/^[1-6][1-6]$/.test(field)) return `dice must be "00" or two digits 1..6, found "${field}"`;
  return [Number(field[0]), Number(field[1])];
}

/** Returns the match fields (score as [bottom, top]), or why they are inconsistent. */
function readMatch(
  score1: number | undefined, score2: number | undefined, rules: number | undefined, matchLength: number | undefined, fields: string[],
): { score: [number, number]; matchLength: number; crawford: boolean; jacoby: boolean } | string {
  if (matchLength === undefined || matchLength < 0) return `match length must be 0 (money) or a positive number, found "${fields[8]}"`;
  if (score1 === undefined || score1 < 0 || score2 === undefined || score2 < 0) return `scores must be non-negative numbers, found "${fields[5]}" and "${fields[6]}"`;
  if (matchLength > 0 && (score1 >= matchLength || score2 >= matchLength)) return `a score of ${score1}-${score2} has already ended a match to ${matchLength}`;
  if (matchLength > 0 && rules !== 0 && rules !== 1) return `in a match the Crawford field is 0 or 1, found "${fields[7]}"`;
  if (matchLength === 0 && (rules === undefined || rules < 0 || rules > 3)) return `in money play the Jacoby/beaver field is 0..3, found "${fields[7]}"`;
  const flags = rules ?? 0;
  return { score: [score1, score2], matchLength, crawford: matchLength > 0 && flags === 1, jacoby: matchLength === 0 && (flags & 1) === 1 };
}
