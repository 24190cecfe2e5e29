/**
 * Pictures drawn ahead of their use. After a move the app knows the next board before the move is
 * written; drawing it meanwhile (sharp works on its own threads) takes the drawing off the press's
 * critical path. A prepared picture that is never asked for (the write lost a race) is dropped
 * once newer ones push it out.
 */

import { type Result } from '../lib/index.ts';
import { renderBoard } from './draw.ts';
import type { BoardPicture, RenderError } from './spec.ts';

type Drawing = Promise<Result<Buffer, RenderError>>;

/** A few are enough: one per board a press shows (a chat's board, or each player's own). */
const KEEP = 8;
const drawings = new Map<string, Drawing>();

/** Starts drawing a picture that is about to be shown. */
export function prepareBoard(spec: BoardPicture): void {
  const key = JSON.stringify(spec);
  if (drawings.has(key)) return;
  const drawing = renderBoard(spec);
  // Whoever takes the drawing sees a failure; until then it must not count as unhandled.
  drawing.catch(() => undefined);
  drawings.set(key, drawing);
  for (const old of drawings.keys()) {
    if (drawings.size <= KEEP) break;
    drawings.delete(old);
  }
}

/** The PNG of a picture: the prepared drawing when there is one, else drawn now. */
export function renderPrepared(spec: BoardPicture): Drawing {
  const key = JSON.stringify(spec);
  const drawing = drawings.get(key);
  if (drawing === undefined) return renderBoard(spec);
  drawings.delete(key);
  return drawing;
}
