/**
 * Legal plays as plain values: the public face of the move generator (docs/rules §1–§3).
 */
import { SIDE_LENGTH, type Board, type Step } from './board.ts';
import { Generator, type TurnRules } from './generate.ts';
import { formatSteps } from './notation-format.ts';
import { InvariantError } from './result.ts';
import { VARIANTS, resolveOptions, type Variant, type VariantId, type VariantOptions } from './variants/index.ts';

/** A position: the variant, its options and the board with the side to move first. */
export interface Position {
  readonly variant: VariantId;
  readonly board: Board;
  /** Options under their docs/rules names; missing ones take the variant's defaults. */
  readonly options?: Partial<VariantOptions>;
}

/** What the rules need to know about the turn beyond the board. */
export interface TurnContext {
  /** Long nardy: this is the mover's first turn of the game (head exception, docs/rules/long.md §2). */
  readonly firstTurn?: boolean;
  /** Gul bara: how many moves the double gives when the rest of a rung was passed on (default 4, docs/rules/variants.md §6). */
  readonly moves?: number;
}

/** The two dice of a roll, in any order. */
export type Dice = readonly [number, number];

/** A whole turn: its notation, the final board (mover still first) and one order of its steps. */
export interface Play {
  readonly move: string;
  readonly board: Board;
  readonly steps: readonly Step[];
}

/** The rules of one turn resolved to what the generator reads. Not a rule: a translation. */
export function turnRulesFor(variant: Variant, options: VariantOptions, dice: Dice, context: TurnContext): TurnRules {
  const double = dice[0] === dice[1];
  let headAllowance = 15;
  if (variant.headRule) {
    headAllowance = 1;
    if (options.headException === 'anyDouble' && double) headAllowance = 2;
    if (options.headException === 'listed' && double && context.firstTurn && (dice[0] === 3 || dice[0] === 4 || dice[0] === 6)) {
      headAllowance = 2;
    }
  }
  return {
    family: variant.family,
    hitting: variant.hitting,
    headAllowance,
    sixBlock: variant.blockRule ? options.sixBlock : 'none',
    caucasian: variant.hitting && options.gameType === 'caucasian',
    hitStopsInBearOff: variant.hitStopsInBearOff === true,
    pinning: variant.pinning === true,
    exactBearOff: variant.exactBearOff === true,
    doubleMoves: double ? doubleMovesOf(context) : 4,
  };
}

function doubleMovesOf(context: TurnContext): number {
  const moves = context.moves ?? 4;
  if (!Number.isInteger(moves) || moves < 1 || moves > 4) throw new InvariantError(`a double gives 1..4 moves, not ${moves}`);
  return moves;
}

/** Loads a board into a generator's scratch array. Not a rule: the generator's input. */
export function loadBoard(gen: Generator, board: Board): void {
  for (let s = 0; s < 2; s++) for (let i = 0; i < SIDE_LENGTH; i++) gen.b[s * SIDE_LENGTH + i] = board[s][i];
}

function checkDice(dice: Dice): void {
  for (const d of dice) if (!Number.isInteger(d) || d < 1 || d > 6) throw new InvariantError(`bad die ${d}`);
}

/**
 * Runs the generator for a turn, including the second pass of `headException: computed`
 * (docs/rules/long.md §2: on a first turn a second head checker may move when the roll cannot otherwise be
 * played in full). Returns the number of plays left in `gen`.
 */
export function generateTurn(gen: Generator, variant: Variant, options: VariantOptions, dice: Dice, context: TurnContext, sequences = false): number {
  checkDice(dice);
  return generateByRules(gen, variant, options, turnRulesFor(variant, options, dice, context), dice, context, sequences);
}

/** `generateTurn` with the turn's rules already resolved by `turnRulesFor` (perft resolves them once per roll). */
export function generateByRules(gen: Generator, variant: Variant, options: VariantOptions, rules: TurnRules, dice: Dice, context: TurnContext, sequences = false): number {
  let n = gen.generate(rules, dice[0], dice[1], sequences);
  if (variant.headRule && options.headException === 'computed' && context.firstTurn && rules.headAllowance === 1) {
    const full = dice[0] === dice[1] ? rules.doubleMoves : 2;
    if (gen.bestUsed < full) n = gen.generate({ ...rules, headAllowance: 2 }, dice[0], dice[1], sequences);
  }
  return n;
}

/** Reads play `i` of a generator's result as a value. */
export function readPlay(gen: Generator, i: number): Play {
  const base = i * 52;
  const board: Board = [Array.from(gen.boards.subarray(base, base + 26)), Array.from(gen.boards.subarray(base + 26, base + 52))];
  const steps = readSteps(gen.paths, i * 16, gen.pathSteps[i]);
  return { move: formatSteps(steps), board, steps };
}

/** Reads `n` steps of a generator path. */
export function readSteps(path: Int8Array, at: number, n: number): Step[] {
  const steps: Step[] = [];
  for (let k = 0; k < n; k++) {
    const o = at + k * 4;
    steps.push({ from: path[o], to: path[o + 1], die: path[o + 2], hit: path[o + 3] === 1 });
  }
  return steps;
}

const shared = new Generator();

/** Returns the variant and full options of a position; throws on options that do not validate. */
export function positionRules(position: Position): { variant: Variant; options: VariantOptions } {
  const variant = VARIANTS[position.variant];
  if (!variant) throw new InvariantError(`unknown variant ${String(position.variant)}`);
  const options = resolveOptions(variant, position.options);
  if (!options.ok) throw new InvariantError(options.error.message);
  return { variant, options: options.value };
}

/**
 * Returns how many distinct legal plays a roll has, without building them (0: the turn passes).
 * Implements docs/rules/README.md §1.3–§1.4, as `legalPlays` does.
 * @example countLegalPlays({ variant: 'short', board: startBoard(VARIANTS.short) }, [3, 1]) // 16
 */
export function countLegalPlays(position: Position, dice: Dice, context: TurnContext = {}): number {
  const { variant, options } = positionRules(position);
  loadBoard(shared, position.board);
  return generateTurn(shared, variant, options, dice, context);
}

/**
 * Returns the legal plays whose final checkers of the mover equal `mover`, and how many legal
 * plays there are in all: what reading a written play needs, without building every play.
 * Not a rule by itself: a filter over docs/rules §1–§3 legal plays.
 */
export function playsEndingWith(position: Position, dice: Dice, context: TurnContext, mover: readonly number[]): { count: number; plays: Play[] } {
  const { variant, options } = positionRules(position);
  loadBoard(shared, position.board);
  const count = generateTurn(shared, variant, options, dice, context);
  const plays: Play[] = [];
  for (let i = 0; i < count; i++) {
    let same = true;
    for (let k = 0; k < SIDE_LENGTH && same; k++) same = shared.boards[i * 52 + k] === mover[k];
    if (same) plays.push(readPlay(shared, i));
  }
  return { count, plays };
}

/**
 * Returns every distinct legal play of a roll: whole turns, one per final position, that use as
 * many dice as the position allows (the larger die when only one can be played), after the
 * variant's restrictions on the final position. An empty list means the turn passes.
 * Implements docs/rules §1.1–§1.5, §2 (head, six-block, no hitting) and §3 (hitting, bar, Caucasian).
 * @example legalPlays({ variant: 'short', board: startBoard(VARIANTS.short) }, [3, 1]).length // 16
 */
export function legalPlays(position: Position, dice: Dice, context: TurnContext = {}): Play[] {
  const { variant, options } = positionRules(position);
  loadBoard(shared, position.board);
  const n = generateTurn(shared, variant, options, dice, context);
  const plays: Play[] = [];
  for (let i = 0; i < n; i++) plays.push(readPlay(shared, i));
  return plays;
}
