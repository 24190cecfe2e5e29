/**
 * The board's picture as messengers get it: the app's `Painter` (ports.ts) over the renderer, so a
 * messenger sends a drawn picture without knowing how it is drawn (platforms never import render,
 * STYLE.md §2). Each messenger's emitter takes this one unless it is handed another (a bench's
 * blank picture).
 */
import { prepareBoard, preparedLook, renderPrepared } from '../render/index.ts';
import type { Painter } from './ports.ts';

/** Draws with the renderer, using a picture drawn ahead (`prepare`) when there is one. */
export const BOARD_PAINTER: Painter = { look: preparedLook, draw: renderPrepared, prepare: prepareBoard };
