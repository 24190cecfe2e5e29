/**
 * `nardy legal`: the legal plays of one roll, or of many (JSON lines on stdin). The contract:
 * input `{"variant","board"|"position","dice","firstTurn"?,"options"?}`, output
 * `{"plays":[{"move","board"}]}` with board[0] still the side that moved, or `{"error"}`.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { legalPlays } from '../engine/index.ts';
import { InputError, boardOf, diceOf, optionsOf, variantOf, type Flags } from './input.ts';

function answer(line: Record<string, unknown>): string {
  const variant = variantOf(line.variant);
  const options = optionsOf(variant, line.options);
  const board = boardOf(variant, { position: line.position, board: line.board });
  const dice = diceOf(line.dice);
  if (line.firstTurn !== undefined && typeof line.firstTurn !== 'boolean') throw new InputError('firstTurn must be true or false');
  const plays = legalPlays({ variant: variant.id, board, options }, dice, { firstTurn: line.firstTurn === true });
  return JSON.stringify({ plays: plays.map((p) => ({ move: p.move, board: p.board })) });
}

function errorLine(err: unknown): string {
  if (err instanceof InputError) return JSON.stringify({ error: err.message });
  throw err;
}

export function legalCommand(flags: Flags, out: Writable): number {
  try {
    out.write(`${answer({ variant: flags.variant, position: flags.position, board: flags.board, dice: flags.dice, firstTurn: flags['first-turn'] ?? false, options: flags.options })}\n`);
    return 0;
  } catch (err) {
    out.write(`${errorLine(err)}\n`);
    return 1;
  }
}

/** Answers one input line of the batch contract; `failed` when the answer is an error line. */
export function legalLine(raw: string, defaultVariant?: string): { reply: string; failed: boolean } {
  try {
    let line: unknown;
    try { line = JSON.parse(raw); } catch { throw new InputError('line is not JSON'); }
    if (typeof line !== 'object' || line === null || Array.isArray(line)) throw new InputError('line must be a JSON object');
    const obj = line as Record<string, unknown>;
    return { reply: answer({ ...obj, variant: obj.variant ?? defaultVariant }), failed: false };
  } catch (err) {
    return { reply: errorLine(err), failed: true };
  }
}

export async function legalBatch(flags: Flags, input: Readable, out: Writable): Promise<number> {
  let failed = false;
  const variant = typeof flags.variant === 'string' ? flags.variant : undefined;
  for await (const raw of createInterface({ input, crlfDelay: Infinity })) {
    if (raw.trim() === '') continue;
    const answer = legalLine(raw, variant);
    failed ||= answer.failed;
    out.write(`${answer.reply}\n`);
  }
  return failed ? 1 : 0;
}
