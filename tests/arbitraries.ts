/**
 * fast-check arbitraries and a random self-play helper for the engine's property tests.
 *
 * Positions are reached by playing random games from the start (uniform choice among
 * `legalPlays` each turn), so every generated position is one the rules can actually produce.
 * The randomness inside a game comes from a seeded PRNG whose seed is drawn by fast-check, so a
 * failing case shrinks to a smaller seed / fewer turns and is reproducible from the printed value.
 */
import fc from 'fast-check';
import {
  VARIANTS,
  isGameOver,
  legalPlays,
  openingThrow,
  startBoard,
  swapSides,
  type Board,
  type Dice,
  type Play,
  type Position,
  type TurnContext,
  type VariantId,
  type VariantOptions,
} from '../src/engine/index.ts';

/** A uniform random number in [0, 1). */
export type Rng = () => number;

/** mulberry32: a tiny deterministic PRNG (tests only; the product's dice come from a CSPRNG). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One die from a PRNG. */
export function rollDie(rng: Rng): number {
  return 1 + Math.floor(rng() * 6);
}

/** Any roll of two dice (order as rolled; doubles included). */
export const diceArb: fc.Arbitrary<Dice> = fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }));

/** The 21 distinct rolls, larger die first. */
export const ALL_ROLLS: readonly Dice[] = (() => {
  const out: Dice[] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= a; b++) out.push([a, b]);
  return out;
})();

/** Random options of a variant (every option the variant has, any allowed value). */
export function optionsArb(variant: VariantId): fc.Arbitrary<Partial<VariantOptions>> {
  if (variant === 'plakoto') {
    return fc.record({
      nextGameStarter: fc.constantFrom('winner' as const, 'toss' as const, 'alternate' as const),
      withMars: fc.boolean(),
    });
  }
  if (variant === 'gulbara') {
    return fc.record({
      headException: fc.constantFrom('listed' as const, 'computed' as const, 'anyDouble' as const),
      sixBlock: fc.constantFrom('ahead' as const, 'inHome' as const, 'never' as const),
      withMars: fc.boolean(),
    });
  }
  if (variant === 'short') {
    return fc.record({
      gameType: fc.constantFrom('international' as const, 'caucasian' as const),
      nextGameStarter: fc.constantFrom('toss' as const, 'winner' as const, 'alternate' as const),
      withMars: fc.boolean(),
    });
  }
  if (variant !== 'long') {
    // docs/rules/variants.md §6 variants: every option of the registry's domain, any allowed value.
    const domain = VARIANTS[variant].options as Record<string, readonly unknown[]>;
    return fc.record(Object.fromEntries(Object.entries(domain).map(([k, values]) => [k, fc.constantFrom(...values)]))) as fc.Arbitrary<Partial<VariantOptions>>;
  }
  return fc.record({
    headException: fc.constantFrom('listed' as const, 'computed' as const, 'anyDouble' as const),
    sixBlock: fc.constantFrom('ahead' as const, 'inHome' as const, 'never' as const),
    longScoring: fc.constantFrom('oinMars' as const, 'withKoks' as const),
    lastRoll: fc.boolean(),
    nextGameStarter: fc.constantFrom('winner' as const, 'toss' as const, 'alternate' as const),
    withMars: fc.boolean(),
  });
}

/** One turn of a recorded game: the position before it, the roll, and the play chosen (undefined = pass). */
export interface TurnRecord {
  readonly turn: number;
  readonly position: Position;
  readonly dice: Dice;
  readonly context: TurnContext;
  /** How many distinct legal plays the roll had. */
  readonly playCount: number;
  readonly play: Play | undefined;
}

/** A whole random game. */
export interface RandomGame {
  readonly records: readonly TurnRecord[];
  /** Someone bore off everything before the turn cap. */
  readonly finished: boolean;
  /** The last board, with the side that just moved first (so `board[0][0] === checkers` when finished). */
  readonly finalBoard: Board;
}

/** Options for `playRandomGame`. */
export interface RandomGameLimits {
  /** Stop (unfinished) after this many turns. Default 2,000. */
  readonly maxTurns?: number;
  /** Stop after this many turns even though the game goes on (used to sample positions). */
  readonly stopAfter?: number;
}

/**
 * Plays a whole random game from the start: the opening throw per the variant's rule (short: the
 * first move uses the two opening dice, so it is never a double; long: the starter rolls again),
 * then each turn a random roll and a uniformly random choice among `legalPlays`, swapping sides.
 * Head-rule variants get `firstTurn: true` on each side's first turn (turns 0 and 1). The game ends
 * when a side has borne off all its checkers or the board decides it (plakoto's mother checker);
 * the `lastRoll` extra roll and gul bara's doubles ladder (a match-layer sequence of rolls) are
 * not played here.
 */
export function playRandomGame(variant: VariantId, options: Partial<VariantOptions>, seed: number, limits: RandomGameLimits = {}): RandomGame {
  const rng = mulberry32(seed);
  const maxTurns = limits.maxTurns ?? 2000;
  const stopAfter = limits.stopAfter ?? Infinity;
  const checkers = VARIANTS[variant].checkers;
  let board: Board = startBoard(VARIANTS[variant]);
  const records: TurnRecord[] = [];

  // The opening throw: both sides are symmetric at the start, so the starter simply moves first.
  let opening = openingThrow(variant, rollDie(rng), rollDie(rng));
  while (opening.kind === 'tie') opening = openingThrow(variant, rollDie(rng), rollDie(rng));
  let dice: Dice = opening.dice ?? [rollDie(rng), rollDie(rng)];

  for (let turn = 0; turn < maxTurns && turn < stopAfter; turn++) {
    if (turn > 0) dice = [rollDie(rng), rollDie(rng)];
    const context: TurnContext = VARIANTS[variant].headRule ? { firstTurn: turn < 2 } : {};
    const position: Position = { variant, options, board };
    const plays = legalPlays(position, dice, context);
    const play = plays.length > 0 ? plays[Math.floor(rng() * plays.length)] : undefined;
    records.push({ turn, position, dice, context, playCount: plays.length, play });
    const after: Board = play ? play.board : board;
    if (after[0][0] === checkers || isGameOver({ variant, options, board: after })) return { records, finished: true, finalBoard: after };
    board = swapSides(after);
  }
  return { records, finished: false, finalBoard: swapSides(board) };
}

/** A sampled position with the context of its turn (long nardy: whether it is the mover's first turn). */
export interface SampledPosition {
  readonly position: Position;
  readonly context: TurnContext;
  /** How many turns were played to reach it (for failure messages). */
  readonly turns: number;
  readonly seed: number;
}

/**
 * Random legal positions of a variant, reached by random self-play from the start with random
 * options: a random number of turns (0..maxTurns) is played; if the game ends sooner, the
 * position before its last turn is used, so the position is never a finished game.
 */
export function positionArb(variant: VariantId, maxTurns = VARIANTS[variant].family === 'short' ? 120 : 160): fc.Arbitrary<SampledPosition> {
  return fc
    .record({ options: optionsArb(variant), seed: fc.integer({ min: 0, max: 0x7fffffff }), turns: fc.integer({ min: 0, max: maxTurns }) })
    .map(({ options, seed, turns }) => {
      const game = playRandomGame(variant, options, seed, { stopAfter: turns + 1 });
      const last = game.records[game.records.length - 1];
      return { position: last.position, context: last.context, turns: last.turn, seed };
    });
}

/** A random position together with a random roll. */
export function positionAndDiceArb(variant: VariantId, maxTurns?: number): fc.Arbitrary<[SampledPosition, Dice]> {
  return fc.tuple(positionArb(variant, maxTurns), diceArb);
}
