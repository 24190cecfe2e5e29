/**
 * The board's picture as messengers get it: the app's `Painter` over the renderer, so a
 * messenger sends a drawn picture without knowing how it is drawn (platforms never import render,
 * STYLE.md §2). Each messenger's emitter takes this one unless it is handed another (a bench's
 * blank picture). The renderer (sharp) is loaded on the first picture asked for, not with the app:
 * a process that draws nothing never loads it, and a deployed function warms it at INIT (`wiring.ts`).
 */
import type { Result } from '../lib/index.ts';
import type { BoardPicture, RenderError } from '../render/index.ts';

/**
 * Draws board pictures for a messenger: a board effect carries the picture's spec, and the
 * messenger asks the painter for its look (the same look is the same picture: a message that
 * shows it needs no upload) and its PNG. `prepare` starts a drawing a board effect will soon ask
 * for (the `prepare` effect).
 */
export interface Painter {
  look(picture: BoardPicture): Promise<string | undefined>;
  draw(picture: BoardPicture): Promise<Result<Buffer, RenderError>>;
  prepare(picture: BoardPicture): void;
}

const renderer = () => import('../render/index.ts');

/** Draws with the renderer, using a picture drawn ahead (`prepare`) when there is one. */
export const BOARD_PAINTER: Painter = {
  look: async (picture) => (await renderer()).preparedLook(picture),
  draw: async (picture) => (await renderer()).renderPrepared(picture),
  prepare: (picture) => void renderer().then((r) => r.prepareBoard(picture)),
};
