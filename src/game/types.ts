/**
 * A match as a value (ARCHITECTURE.md): settings, players, score, cube, clock, the turn in
 * progress and the history, all plain JSON with a schema version. Seats are fixed for the match:
 * seat 0 plays White, seat 1 Black (the colour setting decides who sits where); the opening throw
 * (or `nextGameStarter`) decides who starts each game.
 */
import type { Board, LadderRung, Step, VariantId, VariantOptions, WinKind } from '../engine/index.ts';

/** The schema of stored matches; bump it with a migration when the shape changes. */
export const SCHEMA_VERSION = 1;

/** A platform identity: `<platform>:<id>`, e.g. `chat:123`. */
export type PlayerId = string;

/** A seat at the board: 0 or 1. Seat 0 is the challenger's unless the colour setting says otherwise. */
export type Seat = 0 | 1;

export interface Player {
  readonly id: PlayerId;
  readonly name: string;
}

/** docs/rules/match.md §5 clocks. */
export type ClockSettings =
  | { readonly kind: 'none' }
  /** A bank of minutes; each move made adds `incrementSeconds`, so the bank can grow. */
  | { readonly kind: 'fischer'; readonly bankMinutes: number; readonly incrementSeconds: number }
  /** Bronstein delay: after each move, the time it used comes back, at most `delaySeconds`. */
  | { readonly kind: 'compensation'; readonly bankMinutes: number; readonly delaySeconds: number }
  /** Days per move; an optional pool of extra days per match and vacation days per player. */
  | { readonly kind: 'correspondence'; readonly daysPerMove: number; readonly poolDays: number; readonly vacationDays: number };

/** The club conventions of docs/rules/match.md §4–§5 and the variant's options. */
export interface MatchSettings {
  readonly variant: VariantId;
  /** docs/rules option names (gameType, headException, sixBlock, …, withMars). */
  readonly options: Partial<VariantOptions>;
  /** Points to win the match (1..25), or 0 for a single game (money play). */
  readonly matchLength: number;
  readonly doubling: boolean;
  readonly crawford: boolean;
  /** Money play only. */
  readonly jacoby: boolean;
  /** Money play only. */
  readonly beaver: boolean;
  /** Money play only: tied opening dice double the centred cube up to this value; 0 = off. */
  readonly autoDoubleLimit: number;
  /** The colour the challenger plays: White is seat 0. */
  readonly colour: 'random' | 'white' | 'black';
  readonly showPips: boolean;
  readonly clock: ClockSettings;
  /** Present only in a match against the computer: its level (the app plays its turns). */
  readonly computer?: ComputerLevel;
  /**
   * Whether the finished match moves its players' ratings (issue 17). New challenges say it either
   * way (on between people, off against the computer, where it cannot be on); matches stored before
   * the setting existed lack it and are not rated.
   */
  readonly rated?: boolean;
}

/** The player id the computer plays under; no platform id has this form. */
export const COMPUTER_ID = 'computer';

/** The computer opponent's levels, weakest first. */
export type ComputerLevel = 'beginner' | 'medium' | 'strong';

export interface Cube {
  readonly value: number;
  /** null while centred. */
  readonly owner: Seat | null;
}

/** Nuclear backgammon's bomb (docs/rules/variants.md §6): centred at the start, then held by one seat. */
export type Bomb = 'centre' | Seat;

/** Where a turn stands. */
export type TurnStage =
  /** A new game waits for its opening throw (rolled by the server at once). */
  | 'opening'
  /** The mover may double or roll (only when doubling is possible; otherwise dice roll at once). */
  | 'decide'
  /** The mover's opponent answers a double: take, pass or (money play) beaver. */
  | 'doubled'
  /** After a beaver, the original doubler takes or passes. */
  | 'beavered'
  /** Dice are rolled; checker steps are being entered. */
  | 'moving'
  /** A resignation offer (mars or koks) waits for the opponent's answer. */
  | 'resignOffered';

export interface Turn {
  readonly seat: Seat;
  readonly stage: TurnStage;
  readonly dice: readonly [number, number] | null;
  readonly steps: readonly Step[];
  /** For 'resignOffered': what the mover offered to lose. */
  readonly offer?: WinKind;
  /**
   * Gul bara: these dice are a rung of a doubles ladder, not a roll of the mover's own (docs/rules/variants.md
   * §6): the next higher double of the roller, or the rest of the ladder passed to its opponent.
   */
  readonly ladder?: LadderRung;
}

export interface GameState {
  /** 1-based number of the game in the match. */
  readonly number: number;
  /** Checkers by seat, each side in its own numbering. */
  readonly board: Board;
  readonly starter: Seat;
  readonly turnsPlayed: readonly [number, number];
  readonly cube: Cube;
  /** docs/rules/match.md §4: the Crawford game has no doubling. */
  readonly crawford: boolean;
  readonly turn: Turn;
  /** Long nardy `lastRoll`: the first mover has finished; the other side has its one more roll. */
  readonly lastRoll: boolean;
  /** Nuclear: where the bomb is; null in a variant without one. */
  readonly bomb: Bomb | null;
  /** Set when the game is over; the final board stays viewable. */
  readonly ended: GameEnd | null;
}

export interface GameEnd {
  readonly winner: Seat | null;
  readonly kind: WinKind | 'draw';
  readonly points: number;
  readonly reason: EndReason;
}

/** Clock state. Times are absolute epoch milliseconds; banks are milliseconds. */
export interface ClockState {
  /** When the seat to act started its current decision. */
  readonly since: number;
  /** Real-time banks (fischer, compensation); correspondence: the pool left per seat. */
  readonly bank: readonly [number, number];
  /** Correspondence: vacation left per seat (ms), and since when a seat is away (null if not). */
  readonly vacationLeft: readonly [number, number];
  readonly awaySince: readonly [number | null, number | null];
}

export type MatchPhase = 'challenge' | 'playing' | 'finished' | 'declined' | 'cancelled' | 'expired';

/** Why a game or match ended. */
export type EndReason = 'borne-off' | 'passed' | 'resigned' | 'timeout' | 'draw' | 'hit';

export interface MatchResult {
  /** null only for a drawn single game (long nardy `lastRoll`). */
  readonly winner: Seat | null;
  readonly reason: EndReason;
}

export interface MatchState {
  readonly schema: typeof SCHEMA_VERSION;
  readonly id: string;
  readonly settings: MatchSettings;
  readonly createdAt: number;
  /** Seat 0 and seat 1; during a challenge the challenger's seat is filled and the other may be null. */
  readonly players: readonly [Player | null, Player | null];
  /** During a challenge: who may accept (null = anyone in the chat). */
  readonly invitee: PlayerId | null;
  readonly challengeExpiresAt: number;
  readonly phase: MatchPhase;
  readonly score: readonly [number, number];
  readonly crawfordPlayed: boolean;
  readonly game: GameState | null;
  readonly clock: ClockState | null;
  readonly result: MatchResult | null;
  /** Every permanent event, enough to replay the match exactly. */
  readonly history: readonly MatchEvent[];
  /**
   * The match's checkable dice (src/dice/fair.ts); absent in a match stored before them (or one
   * played with injected dice), which rolls with the server's random dice.
   */
  readonly fair?: FairDice;
}

/** What a match's dice are derived from (src/dice/fair.ts), and how many rolls it has drawn. */
export interface FairDice {
  /** The server seed, 64 hex digits: secret until the match is over, never shown or read by the computer. */
  readonly serverSeed: string;
  /** SHA-256 of the server seed: shown from the challenge on. */
  readonly commitment: string;
  /** The challenger's and the acceptor's seed, fixed by the acceptance; null while the challenge is open. */
  readonly seeds: readonly [string, string] | null;
  /** The roll index: rolls drawn so far, so the next roll's number. Counted by `evolve`, stored with every move. */
  readonly rolls: number;
}

/**
 * Events: what happened. The reducer decides events from a command, then folds them into the
 * state; the history keeps the permanent ones, so replaying the history rebuilds the match.
 */
export type MatchEvent =
  | { readonly type: 'challenged'; readonly at: number; readonly by: Player; readonly invitee: PlayerId | null; readonly seat: Seat | null; readonly id: string; readonly settings: MatchSettings; readonly expiresAt: number }
  | { readonly type: 'accepted'; readonly at: number; readonly by: Player; readonly challengerSeat: Seat }
  | { readonly type: 'configured'; readonly at: number; readonly settings: MatchSettings }
  | { readonly type: 'declined'; readonly at: number }
  | { readonly type: 'cancelled'; readonly at: number }
  | { readonly type: 'expired'; readonly at: number }
  | { readonly type: 'gameStarted'; readonly at: number; readonly number: number; readonly starter: Seat | null }
  | { readonly type: 'openingThrow'; readonly at: number; readonly dice: readonly [number, number] }
  | { readonly type: 'autoDoubled'; readonly at: number; readonly value: number }
  | { readonly type: 'rolled'; readonly at: number; readonly seat: Seat; readonly dice: readonly [number, number] }
  | { readonly type: 'stepped'; readonly at: number; readonly seat: Seat; readonly step: Step }
  | { readonly type: 'undone'; readonly at: number; readonly seat: Seat }
  | { readonly type: 'played'; readonly at: number; readonly seat: Seat; readonly dice: readonly [number, number]; readonly move: string; readonly forced: boolean }
  | { readonly type: 'doubled'; readonly at: number; readonly seat: Seat; readonly value: number }
  /** The seat to act asked the computer for a hint (`hints.ts`): the match is unchanged, the opponent sees the count. */
  | { readonly type: 'hinted'; readonly at: number; readonly seat: Seat }
  /** Nuclear: the seat on turn detonated the bomb before rolling (docs/rules/variants.md §6). */
  | { readonly type: 'detonated'; readonly at: number; readonly seat: Seat }
  | { readonly type: 'taken'; readonly at: number; readonly seat: Seat; readonly value: number }
  | { readonly type: 'beavered'; readonly at: number; readonly seat: Seat; readonly value: number }
  | { readonly type: 'passed'; readonly at: number; readonly seat: Seat }
  | { readonly type: 'resigned'; readonly at: number; readonly seat: Seat; readonly kind: WinKind }
  | { readonly type: 'resignDeclined'; readonly at: number; readonly seat: Seat }
  | { readonly type: 'vacation'; readonly at: number; readonly seat: Seat; readonly away: boolean }
  | { readonly type: 'timedOut'; readonly at: number; readonly seat: Seat }
  | { readonly type: 'gameEnded'; readonly at: number; readonly winner: Seat | null; readonly kind: WinKind | 'draw'; readonly points: number; readonly reason: EndReason }
  | { readonly type: 'matchEnded'; readonly at: number; readonly winner: Seat | null; readonly reason: EndReason };

/** Events that only shape the turn in progress; the history does not keep them. */
export const TRANSIENT_EVENTS: ReadonlySet<MatchEvent['type']> = new Set(['stepped', 'undone']);

/** What a player (or the scheduler) asks for. */
export type Command =
  | { readonly type: 'accept'; readonly by: Player }
  /**
   * The invited player refuses the challenge. `named`: a challenge addressed to a handle alone (the
   * messenger gave no id, so `invitee` is null), declined by whoever the app found holds that handle.
   */
  | { readonly type: 'decline'; readonly by: PlayerId; readonly named?: true }
  | { readonly type: 'cancel'; readonly by: PlayerId }
  /** The challenger changes the settings of an open challenge (validated as a whole). */
  | { readonly type: 'configure'; readonly by: PlayerId; readonly settings: Partial<Omit<MatchSettings, 'variant'>> & { variant?: string } }
  | { readonly type: 'roll'; readonly by: PlayerId }
  | { readonly type: 'double'; readonly by: PlayerId }
  | { readonly type: 'detonate'; readonly by: PlayerId }
  /** Asks the computer's advice on the decision in hand; recorded, so that the opponent sees it was asked. */
  | { readonly type: 'hint'; readonly by: PlayerId }
  | { readonly type: 'take'; readonly by: PlayerId }
  | { readonly type: 'pass'; readonly by: PlayerId }
  | { readonly type: 'beaver'; readonly by: PlayerId }
  /**
   * One checker moved by one die. `rest`: what happens when this step leaves one way to end the
   * turn — `'play'` ends the turn with it (a player who plays without a final Confirm), `'fill'`
   * makes its steps too and waits for Confirm; absent, the step alone.
   */
  | { readonly type: 'step'; readonly by: PlayerId; readonly from: number; readonly to: number; readonly die?: number; readonly rest?: 'play' | 'fill' }
  | { readonly type: 'undo'; readonly by: PlayerId }
  | { readonly type: 'confirm'; readonly by: PlayerId }
  /** A whole play in notation; `pending`: laid out as steps that wait for Confirm instead of ending the turn. */
  | { readonly type: 'play'; readonly by: PlayerId; readonly move: string; readonly pending?: boolean }
  | { readonly type: 'resign'; readonly by: PlayerId; readonly kind?: WinKind }
  | { readonly type: 'acceptResign'; readonly by: PlayerId }
  | { readonly type: 'declineResign'; readonly by: PlayerId }
  | { readonly type: 'vacation'; readonly by: PlayerId; readonly away: boolean }
  | { readonly type: 'tick' };

/** Expected failures of the match layer, keyed by `kind` (STYLE.md §10). */
export type GameError =
  | { readonly kind: 'unknown-command'; readonly message: string }
  | { readonly kind: 'not-a-player'; readonly message: string }
  | { readonly kind: 'not-your-turn'; readonly message: string }
  | { readonly kind: 'wrong-phase'; readonly message: string }
  | { readonly kind: 'illegal-play'; readonly message: string }
  | { readonly kind: 'invalid-notation'; readonly message: string }
  | { readonly kind: 'ambiguous-play'; readonly message: string; readonly candidates: readonly string[] }
  | { readonly kind: 'cube-not-available'; readonly message: string }
  | { readonly kind: 'turn-incomplete'; readonly message: string }
  | { readonly kind: 'invalid-settings'; readonly message: string }
  | { readonly kind: 'invalid-state'; readonly message: string }
  /** A vacation or settings change that would leave the match as it is. */
  | { readonly kind: 'nothing-changes'; readonly message: string }
  /** A vacation or settings change made too often in a day (`changes.ts`). */
  | { readonly kind: 'too-many-changes'; readonly message: string };
