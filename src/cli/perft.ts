/** `nardy perft`: leaf counts of the game tree from the start (or a given position). */
import type { Writable } from 'node:stream';
import { perft } from '../engine/index.ts';
import { InputError, boardOf, optionsOf, variantOf, type Flags } from './input.ts';

export function perftCommand(flags: Flags, out: Writable): number {
  try {
    const variant = variantOf(flags.variant);
    const depth = Number(flags.depth);
    if (!Number.isInteger(depth) || depth < 0 || depth > 6) throw new InputError('--depth must be an integer 0..6');
    const board = boardOf(variant, { position: flags.position, board: flags.board });
    const result = perft({ variant: variant.id, board, options: optionsOf(variant, flags.options) }, depth);
    if (flags.divide) for (const [roll, n] of Object.entries(result.byRoll)) out.write(`${roll} ${n}\n`);
    out.write(`${result.total}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 1;
  }
}
