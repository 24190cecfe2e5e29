import type { Board, Family } from '../board.ts';

/** The variants the engine knows. Not a rule: the registry's keys (docs/rules §2, §3, §6). */
export type VariantId = 'long' | 'short' | 'nackgammon' | 'hypergammon' | 'longgammon' | 'suddenDeath' | 'nuclear' | 'tavla' | 'plakoto' | 'gulbara';

/**
 * Every option of docs/rules §2–§3 under its rule-book name. A variant accepts only its own keys;
 * `resolveOptions` fills the defaults and rejects the rest.
 */
export interface VariantOptions {
  /** Long nardy: when a second checker may leave the head (docs/rules/long.md §2). */
  headException: 'listed' | 'computed' | 'anyDouble';
  /** Long nardy: when six points in a row are allowed (docs/rules/long.md §2). */
  sixBlock: 'ahead' | 'inHome' | 'never';
  /** Long nardy: oin/mars, or oin/mars/koks (docs/rules/long.md §2). */
  longScoring: 'oinMars' | 'withKoks';
  /** Long nardy: the second side gets one more roll, a tie is a draw (docs/rules/long.md §2). */
  lastRoll: boolean;
  /** Who opens the later games of a match (docs/rules §2, §3). */
  nextGameStarter: 'winner' | 'toss' | 'alternate';
  /** Short nardy: international or Caucasian hitting rule (docs/rules/short.md §3). */
  gameType: 'international' | 'caucasian';
  /** The club setting "with mars": off means every win scores one (docs/rules §2, §3, §4). */
  withMars: boolean;
}

/** How a game's first move is decided (docs/rules §2, §3). */
export type OpeningRule =
  /** Each side rolls one die; the higher side moves first and rolls both dice again (long nardy). */
  | 'rollAgain'
  /** Each side rolls one die; the higher side moves first with the two dice rolled (short nardy). */
  | 'useOpeningDice';

/** The kinds of a won game, in the rule book's words (docs/rules §2, §3). */
export type WinKind = 'oin' | 'mars' | 'koks';

/** A game decided before anyone has borne off everything: winner by board index, or a draw. */
export type EarlyEnd = { readonly winner: 0 | 1; readonly kind: WinKind } | { readonly winner: null; readonly kind: 'draw' };

/**
 * Gul bara's doubles ladder (docs/rules/variants.md §6): from the side's turn `fromTurn` on, a double is followed
 * by every higher double up to 6-6, four moves each, and what the roller cannot play passes to the
 * opponent.
 */
export interface DoublesLadder {
  /** The side's own turn number (1-based) from which the ladder applies. */
  readonly fromTurn: number;
}

/**
 * A variant is data plus a few hooks (STYLE.md §6): identity, start, option domain, and the flags
 * the move generator reads. The shared rules of docs/rules/README.md §1 apply unless a flag says otherwise.
 */
export interface Variant {
  readonly id: VariantId;
  readonly aliases: readonly string[];
  readonly name: string;
  readonly family: Family;
  readonly checkers: number;
  /** Each side's start in its own numbering: `[point, checkers]` pairs. */
  readonly start: readonly (readonly [number, number])[];
  /** The option keys this variant accepts, with their allowed values; the first value is the default. */
  readonly options: { readonly [K in keyof VariantOptions]?: readonly VariantOptions[K][] };
  readonly opening: OpeningRule;
  /** Short family: a lone opposing checker is hit and a checker on the bar must enter first. */
  readonly hitting: boolean;
  /** Long family: one checker per turn leaves the head (point 24), with `headException`. */
  readonly headRule: boolean;
  /** Long family: the six-block rule judges the final position (`sixBlock`). */
  readonly blockRule: boolean;
  /** Plakoto: a lone opposing checker is pinned where it stands instead of hit; there is no bar. */
  readonly pinning?: boolean;
  /** A checker is borne off only by the die equal to its point, never by a larger one (gul bara). */
  readonly exactBearOff?: boolean;
  /** Gul bara: a double climbs to 6-6 (see `DoublesLadder`). */
  readonly doublesLadder?: DoublesLadder;
  /**
   * Returns the result of a game decided on the board before anyone has borne off everything
   * (plakoto's mother checker), or undefined while play goes on. Sides are `[me, them]` in their
   * own numbering; `winner` indexes them.
   */
  readonly earlyEnd?: (me: ArrayLike<number>, them: ArrayLike<number>) => EarlyEnd | undefined;
  /** Returns the kind of a won game, given the board with the winner as `board[0]`. */
  readonly winKind: (board: Board, options: VariantOptions) => WinKind;
  /** The highest kind of win the variant scores; a higher kind counts as this one (tavla: koks as mars). */
  readonly topWinKind?: WinKind;
  /** Tavla: during bear-off a checker that hits stops there for the rest of the turn (docs/rules/variants.md §6). */
  readonly hitStopsInBearOff?: boolean;
  /** Sudden death: the first hit wins the game at once (the match layer ends it; docs/rules/variants.md §6). */
  readonly firstHitWins?: boolean;
  /** Nuclear: the game has a bomb, centred at the start (the match layer keeps it; docs/rules/variants.md §6). */
  readonly bomb?: boolean;
  /** The doubling cube is never used (tavla; docs/rules/variants.md §6). */
  readonly noCube?: boolean;
  /** The match length a challenge gets when nobody picks one; 0 or missing: a single game. */
  readonly defaultMatchLength?: number;
}
