/**
 * The board picture's input: a plain JSON value the app layer fills in (ARCHITECTURE.md, "View …
 * board image spec"), never engine or game internals. Everything but `variant` and `board` is
 * optional; what is missing is simply not drawn.
 */

/** The two colours. White is the side the game settings seat first; the picture never assumes who starts. */
export type Colour = 'white' | 'black';

/** One side's checkers in its own numbering: index 0 borne off, 1..24 its points, 25 its bar (26 entries). */
export type SideCheckers = readonly number[];

/** The checkers by colour, each side in its own numbering. */
export interface BoardByColour {
  readonly white: SideCheckers;
  readonly black: SideCheckers;
}

/** The engine's board shape, `[side to move, opponent]`, with the colour of `sides[0]`. */
export interface BoardMoverFirst {
  readonly sides: readonly [SideCheckers, SideCheckers];
  readonly mover: Colour;
}

/** A checker move as `from/to` in the numbering of the side that made it (25 = bar, 0 = off). */
export interface PictureStep {
  readonly from: number;
  readonly to: number;
}

/** A clock to show: time left in milliseconds (for correspondence games, up to days). */
export interface PictureClock {
  readonly msLeft: number;
}

export interface PicturePlayer {
  /** Any Unicode; characters the bundled font lacks are dropped, a long name is shortened. */
  readonly name?: string;
  /** Match points won so far. */
  readonly score?: number;
  readonly clock?: PictureClock;
}

/** What to mark on the board. */
export interface PictureHighlights {
  /** The opponent's last play, shown by from (hollow) and to (ringed) markers. */
  readonly lastPlay?: { readonly by: Colour; readonly steps: readonly PictureStep[] };
  /** During an interactive turn: the steps the side to move has made so far. */
  readonly turnSteps?: readonly PictureStep[];
  /** During an interactive turn: the chosen checker (its point, 25 = bar) and where it may go (0 = off). */
  readonly selected?: { readonly point: number; readonly destinations: readonly number[] };
}

/** How the board is turned (see README "Board picture"). */
export interface PictureView {
  /**
   * Whose side is at the bottom, with that player's home in the bottom corner on the `home` side.
   * `'turn'` (default): the side to move (or the winner on a result picture), so a private chat
   * always shows the player who acts at the bottom. A colour: fixed for the whole game, as the bots
   * draw every board (the challenger's colour, or the viewer's own on a private board): a board
   * that turns every move confuses the spectators and the players alike.
   */
  readonly bottom?: 'turn' | Colour;
  /**
   * Whose numbering the point numbers are in. `'turn'` (default): the side to move, so the numbers
   * match its buttons and notation whoever sits at the bottom; a colour: always that colour's.
   */
  readonly numbers?: 'turn' | Colour;
  /** The side of the bottom player's home and of the trays: `'right'` (default) or `'left'` (mirrored). */
  readonly home?: 'right' | 'left';
}

/** The doubling cube: where it lies and, while a double is offered, where it is going. */
export interface PictureCube {
  readonly value: number;
  /** null: centred. */
  readonly owner: Colour | null;
  /**
   * A double (or a beaver) offered and not answered yet: the cube at its new value, drawn on its way
   * to the side that will own it once taken (after a beaver, the beaverer), in place of the cube.
   */
  readonly offered?: { readonly value: number; readonly to: Colour };
}

/** A finished game or match, shown as a banner over the final position. */
export interface PictureResult {
  /** null: a draw (long nardy `lastRoll`). */
  readonly winner: Colour | null;
  readonly kind: 'oin' | 'mars' | 'koks' | 'draw';
  /** Points won, the cube included. */
  readonly points: number;
  /** The game won the match too. */
  readonly matchOver?: boolean;
}

/** The picture languages; the few words on the board come in these. */
export type PictureLanguage = 'en' | 'ru' | 'ka';

/** Everything a board picture shows. */
export interface BoardPicture {
  /** A variant id or alias known to the engine (`short`, `long`, `backgammon`, …). */
  readonly variant: string;
  readonly board: BoardByColour | BoardMoverFirst;
  /** Whose turn it is; defaults to `board.mover` for a mover-first board, else nobody's. */
  readonly turn?: Colour | null;
  readonly view?: PictureView;
  /** The current roll and the dice not used yet (default: all); used dice are drawn dimmed. */
  readonly dice?: { readonly values: readonly [number, number]; readonly left?: readonly number[] };
  /** The doubling cube; omit when the game has none. `owner` null = centred. */
  readonly cube?: PictureCube;
  /** Nuclear backgammon's bomb; omit when the game has none. `owner` null = centred. */
  readonly bomb?: { readonly owner: Colour | null };
  readonly players?: { readonly white?: PicturePlayer; readonly black?: PicturePlayer };
  /** Points to win the match; 0 or absent for a single game. */
  readonly matchLength?: number;
  /** Show both pip counts (the club setting "show pips"). */
  readonly showPips?: boolean;
  readonly highlights?: PictureHighlights;
  readonly result?: PictureResult;
  readonly language?: PictureLanguage;
}

/** Why a picture cannot be drawn; `field` names the part of the spec at fault. */
export type RenderError =
  | { readonly kind: 'unknown-variant'; readonly field: 'variant'; readonly message: string }
  | { readonly kind: 'invalid-position'; readonly field: 'board'; readonly message: string }
  | { readonly kind: 'invalid-spec'; readonly field: string; readonly message: string };
