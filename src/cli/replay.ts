/**
 * `nardy show` draws a position; `nardy play` replays a game's records ("3-1: 8/5 6/5") from the
 * start and prints each turn in strict notation, the final position, its gnubg ID and pip counts.
 * In gul bara each rung of a doubles ladder is a record of its own ("4-4: …" after "3-3: …").
 */
import type { Writable } from 'node:stream';
import { formatPositionId } from '../engine/index.ts';
import {
  formatDice, gameResult, ladderStart, nextRung, parsePlay, startBoard, swapSides, type Board, type LadderRung, type Position, type Variant,
} from '../engine/index.ts';
import { asciiBoard } from './ascii.ts';
import { InputError, boardOf, diceOf, optionsOf, variantOf, type Flags } from './input.ts';

function describe(variant: Variant, board: Board, out: Writable): void {
  out.write(`${asciiBoard(board, variant.family)}\n`);
  if (variant.family === 'short' && !variant.pinning) out.write(`gnubg Position ID: ${formatPositionId(board)}\n`);
}

function fail(err: unknown): number {
  if (!(err instanceof InputError)) throw err;
  process.stderr.write(`${err.message}\n`);
  return 1;
}

export function showCommand(flags: Flags, out: Writable): number {
  try {
    const variant = variantOf(flags.variant);
    describe(variant, boardOf(variant, { position: flags.position, board: flags.board }), out);
    return 0;
  } catch (err) {
    return fail(err);
  }
}

/** Splits a record "3-1: 8/5 6/5" into its roll and its move text. */
function splitRecord(record: string): { dice: [number, number]; move: string } {
  const m = /^\s*([1-6])\s*[-:/xх×]?\s*([1-6])\s*:(.*)$/i.exec(record);
  if (!m) throw new InputError(`"${record}" is not a turn like "3-1: 8/5 6/5"`);
  return { dice: diceOf(`${m[1]}-${m[2]}`), move: m[3].trim() };
}

export function playCommand(flags: Flags, records: string[], out: Writable): number {
  try {
    const variant = variantOf(flags.variant);
    const options = optionsOf(variant, flags.options);
    let board = startBoard(variant);
    const turns = [0, 0];
    let side = 0; // 0 = the side that moved first
    let rung: LadderRung | undefined; // gul bara: the ladder rung these dice must be
    for (const [i, record] of records.entries()) {
      const position: Position = { variant: variant.id, board, options };
      if (gameResult(position)) throw new InputError(`turn ${i + 1} ("${record}"): the game is already over`);
      const { dice, move } = splitRecord(record);
      if (rung && (dice[0] !== rung.die || dice[1] !== rung.die)) throw new InputError(`turn ${i + 1} ("${record}"): the mad doubles go on with ${rung.die}-${rung.die}`);
      const play = parsePlay(move, position, dice, { firstTurn: turns[side] === 0, moves: rung?.moves });
      if (!play.ok) throw new InputError(`turn ${i + 1} ("${record}"): ${play.error.message}`);
      out.write(`${i + 1}. ${side === 0 ? 'first ' : 'second'} ${formatDice(dice)}: ${play.value.move}\n`);
      const current = rung ?? ladderStart(variant, dice, turns[side] + 1);
      if (!rung) turns[side]++;
      const next = current && nextRung(current, play.value.steps.length);
      rung = next?.rung;
      // The roller goes on up the ladder; a passed ladder, once over, leaves its player to roll.
      const keepSide = next ? !next.toOpponent : current?.passed === true;
      const result = gameResult({ variant: variant.id, board: play.value.board, options });
      if (result) {
        const who = result.winner === null ? 'draw' : `${(result.winner === 0) === (side === 0) ? 'first' : 'second'} side wins`;
        out.write(`game over: ${who}, ${result.kind}, ${result.points} point(s)\n`);
      }
      if (keepSide) {
        board = play.value.board;
      } else {
        board = swapSides(play.value.board);
        side = 1 - side;
      }
    }
    out.write(`${side === 0 ? 'first' : 'second'} side to move:\n`);
    describe(variant, board, out);
    return 0;
  } catch (err) {
    return fail(err);
  }
}
