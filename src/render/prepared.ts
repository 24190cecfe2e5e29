/**
 * Pictures drawn ahead of their use. After a move the app knows the next board before the move is
 * written; drawing it meanwhile (sharp works on its own threads) takes the drawing off the press's
 * critical path, and so does working out its look (`pictureLook`), which a messenger asks for
 * first, to tell whether the pressed message already shows it. A prepared picture that is never
 * asked for (the write lost a race) is dropped once newer ones push it out.
 */

import { type Result } from '../lib/index.ts';
import { pictureLook, renderBoard } from './draw.ts';
import type { BoardPicture, RenderError } from './spec.ts';

type Drawing = Promise<Result<Buffer, RenderError>>;

/** A few are enough: one per board a press shows (a chat's board, or each player's own). */
const KEEP = 8;
const drawings = new Map<string, { readonly drawing: Drawing; readonly look: string | undefined }>();
/** Each spec's key, made once per spec object (a messenger asks for its look, then its drawing). */
const keys = new WeakMap<BoardPicture, string>();

function keyOf(spec: BoardPicture): string {
  let key = keys.get(spec);
  if (key === undefined) {
    key = JSON.stringify(spec);
    keys.set(spec, key);
  }
  return key;
}

/** Starts drawing a picture that is about to be shown. */
export function prepareBoard(spec: BoardPicture): void {
  const key = keyOf(spec);
  if (drawings.has(key)) return;
  const drawing = renderBoard(spec);
  // Whoever takes the drawing sees a failure; until then it must not count as unhandled.
  drawing.catch(() => undefined);
  // Worked out once the drawing has started (its first steps wait for the background and the pieces).
  drawings.set(key, { drawing, look: pictureLook(spec) });
  for (const old of drawings.keys()) {
    if (drawings.size <= KEEP) break;
    drawings.delete(old);
  }
}

/** The look of a picture (`pictureLook`): the prepared one's when it was prepared, else worked out now. */
export function preparedLook(spec: BoardPicture): string | undefined {
  const prepared = drawings.get(keyOf(spec));
  return prepared === undefined ? pictureLook(spec) : prepared.look;
}

/** The PNG of a picture: the prepared drawing when there is one, else drawn now. */
export function renderPrepared(spec: BoardPicture): Drawing {
  const key = keyOf(spec);
  const prepared = drawings.get(key);
  if (prepared === undefined) return renderBoard(spec);
  drawings.delete(key);
  return prepared.drawing;
}
