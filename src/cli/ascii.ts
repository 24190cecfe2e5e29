/**
 * A plain-text board for terminals and logs: the mover's points 13..24 on top, 12..1 below, in
 * the mover's numbering; `X` the side to move, `O` the opponent; a trailing `*` marks a stack
 * standing on an opposing checker it pins (plakoto).
 */
import { opponentPoint, pipCount, type Board, type Family } from '../engine/index.ts';

function cell(board: Board, family: Family, p: number): string {
  const mine = board[0][p];
  const theirs = board[1][opponentPoint(family, p)];
  if (mine > 0) return `X${mine}${theirs < 0 ? '*' : ''}`.padStart(4);
  if (theirs > 0) return `O${theirs}${mine < 0 ? '*' : ''}`.padStart(4);
  return '   .';
}

/** Returns the board drawn in ASCII, with bar, borne-off checkers and pip counts. Not a rule: a view. */
export function asciiBoard(board: Board, family: Family): string {
  const top: string[] = [];
  const bottom: string[] = [];
  const topNums: string[] = [];
  const bottomNums: string[] = [];
  for (let p = 13; p <= 24; p++) {
    topNums.push(String(p).padStart(4));
    top.push(cell(board, family, p));
  }
  for (let p = 12; p >= 1; p--) {
    bottomNums.push(String(p).padStart(4));
    bottom.push(cell(board, family, p));
  }
  const half = (cells: string[]) => `${cells.slice(0, 6).join('')} |${cells.slice(6).join('')}`;
  return [
    ` ${half(topNums)}`,
    ` ${half(top)}`,
    '',
    ` ${half(bottom)}`,
    ` ${half(bottomNums)}`,
    `X (to move): bar ${board[0][25]}, off ${board[0][0]}, pips ${pipCount(board[0])}`,
    `O:           bar ${board[1][25]}, off ${board[1][0]}, pips ${pipCount(board[1])}`,
  ].join('\n');
}
