/**
 * `nardy render` draws a position as the board picture (PNG): to `--out file.png`, or to stdout.
 * `--spec JSON` adds any other field of the picture spec (names, cube, highlights, view, …; see
 * src/render/spec.ts) on top of what the other flags say.
 */
import { writeFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { renderBoard, type BoardPicture } from '../render/index.ts';
import { InputError, boardOf, diceOf, variantOf, type Flags } from './input.ts';

function specOf(flags: Flags): BoardPicture {
  const variant = variantOf(flags.variant);
  const board = boardOf(variant, { position: flags.position, board: flags.board });
  let extra: Partial<BoardPicture> = {};
  if (typeof flags.spec === 'string') {
    try {
      extra = JSON.parse(flags.spec) as Partial<BoardPicture>;
    } catch {
      throw new InputError(`--spec is not JSON: ${flags.spec}`);
    }
    if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) throw new InputError('--spec must be a JSON object');
  }
  return {
    variant: variant.id,
    board: { sides: board, mover: 'white' },
    ...(flags.dice === undefined ? {} : { dice: { values: diceOf(flags.dice) } }),
    ...extra,
  };
}

export async function renderCommand(flags: Flags, out: Writable): Promise<number> {
  try {
    const picture = await renderBoard(specOf(flags));
    if (!picture.ok) throw new InputError(`${picture.error.field}: ${picture.error.message}`);
    if (typeof flags.out === 'string') writeFileSync(flags.out, picture.value);
    else out.write(picture.value);
    return 0;
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 1;
  }
}
