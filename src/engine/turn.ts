/**
 * A turn played one checker at a time (the chat buttons). Given the steps pressed so far, it
 * offers exactly the next steps that still lead to a legal play, so a player can never walk into
 * a dead end, and it says when the steps pressed make a whole legal play. Undo is dropping the
 * last step: the API is stateless. Implements docs/rules/README.md §1.3 (maximum use) step by step.
 */
import { PINNED, opponentPoint, type Board } from './board.ts';
import { Generator } from './generate.ts';
import { generateTurn, loadBoard, positionRules, readPlay, readSteps, type Dice, type Play, type Position, type TurnContext } from './plays.ts';
import type { Step } from './board.ts';
import { fail, ok, type Result } from './result.ts';
import type { Variant, VariantOptions } from './variants/index.ts';

/** Where a turn in progress stands. */
export interface TurnProgress {
  /** The board after the steps so far (mover first). */
  readonly board: Board;
  /** The legal next steps (each distinct by from, to and die). Empty when the turn is complete. */
  readonly next: readonly Step[];
  /** The dice not yet used by the steps so far. */
  readonly diceLeft: readonly number[];
  /** The steps so far make a whole legal play (or the roll has no play at all). */
  readonly complete: boolean;
  /** That play, when complete. */
  readonly play: Play | undefined;
  /** How many distinct legal plays the roll has in all. */
  readonly playCount: number;
  /** The roll leaves no choice: one legal play, or none. */
  readonly forced: boolean;
  /**
   * When the steps so far leave exactly one way to end the turn: that play, and the steps still to
   * make towards it (empty when the steps so far are it). A chat plays such a rest by itself, so a
   * player never presses a step the rules chose for them. Absent when a choice is left, or no play.
   */
  readonly rest: { readonly play: Play; readonly steps: readonly Step[] } | undefined;
}

const gen = new Generator();

function sameStep(a: Step, b: Step): boolean {
  return a.from === b.from && a.to === b.to && a.die === b.die;
}

/**
 * Returns the board after steps: a hit checker goes to the opponent's bar, or with `capture`
 * 'pin' (plakoto) stays pinned where it is, and is freed when the pinner's point empties.
 * Not a rule: the steps are taken as already legal.
 */
export function applySteps(board: Board, steps: readonly Step[], family: 'short' | 'long', capture: 'hit' | 'pin' = 'hit'): Board {
  const me = board[0].slice();
  const them = board[1].slice();
  for (const s of steps) {
    me[s.from]--;
    if (capture === 'pin' && s.from <= 24 && me[s.from] === 0) {
      const q = opponentPoint(family, s.from);
      if (them[q] === PINNED) them[q] = 1; // the pinner has left: the pinned checker is free again
    }
    me[s.to]++;
    if (s.hit && s.to > 0) {
      const q = opponentPoint(family, s.to);
      if (capture === 'pin') {
        them[q] = PINNED;
      } else {
        them[q]--;
        them[25]++;
      }
    }
  }
  return [me, them];
}

/** Whether a recorded path (4 bytes a step: from, to, die, hit) begins with `steps`, read in place. */
function beginsWith(path: Int8Array, steps: readonly Step[]): boolean {
  for (let i = 0; i < steps.length; i++) {
    const st = steps[i];
    if (path[i * 4] !== st.from || path[i * 4 + 1] !== st.to || path[i * 4 + 2] !== st.die) return false;
  }
  return true;
}

/**
 * Returns the state of a turn after the given steps: the legal next steps, whether the turn is
 * complete, and the play it makes. Steps that are not a legal beginning are an `illegal-play`.
 * Implements docs/rules §1.1–§1.5, §2, §3, one checker step at a time.
 * @example turnProgress(position, [6, 5], []).next // the first steps of every legal play
 */
export function turnProgress(position: Position, dice: Dice, steps: readonly Step[], context: TurnContext = {}): Result<TurnProgress> {
  const { variant, options } = positionRules(position);
  const playCount = generated(position, variant, options, dice, context);
  const k = steps.length;
  const matching = gen.sequences.filter((s) => s.steps >= k && beginsWith(s.path, steps));
  if (playCount > 0 && matching.length === 0) {
    return fail({ kind: 'illegal-play', input: JSON.stringify(steps), message: 'these steps do not begin a legal play' });
  }
  if (playCount === 0 && k > 0) {
    return fail({ kind: 'illegal-play', input: JSON.stringify(steps), message: 'nothing can be played with this roll' });
  }
  const next: Step[] = [];
  let play: Play | undefined;
  // Sequences ending in the same play are one choice; one play among them all is a forced rest.
  const only = matching.length > 0 && matching.every((s) => s.play === matching[0].play) ? matching[0] : undefined;
  const rest = only && playCount > 0 ? { play: readPlay(gen, only.play), steps: readSteps(only.path, k * 4, only.steps - k) } : undefined;
  for (const s of matching) {
    if (s.steps === k) {
      play = readPlay(gen, s.play);
      continue;
    }
    const step = readSteps(s.path, k * 4, 1)[0];
    if (!next.some((n) => sameStep(n, step))) next.push(step);
  }
  const diceLeft = remainingDice(dice, steps, context.moves ?? 4);
  const complete = playCount === 0 || play !== undefined;
  const board = applySteps(position.board, steps, variant.family, variant.pinning ? 'pin' : 'hit');
  return ok({ board, next, diceLeft, complete, play: complete && playCount > 0 ? play : undefined, playCount, forced: playCount <= 1, rest });
}

/**
 * The last turn generated, kept: a turn played step by step asks again for the same position and
 * roll at every step (and a test walking every order of a double's steps, thousands of times), and
 * a double's generation with all its orders is most of a call's cost (plakoto 1-1: ~10 ms).
 */
let lastTurn: { key: string; playCount: number } | undefined;

function generated(position: Position, variant: Variant, options: VariantOptions, dice: Dice, context: TurnContext): number {
  const key = JSON.stringify([position.variant, position.options, position.board, dice, context]);
  if (lastTurn?.key === key) return lastTurn.playCount;
  lastTurn = undefined; // a throw below must not leave a stale key over a half-written generator
  loadBoard(gen, position.board);
  const playCount = generateTurn(gen, variant, options, dice, context, true);
  lastTurn = { key, playCount };
  return playCount;
}

function remainingDice(dice: Dice, steps: readonly Step[], doubleMoves: number): number[] {
  const left = dice[0] === dice[1] ? new Array<number>(doubleMoves).fill(dice[0]) : [dice[0], dice[1]];
  for (const s of steps) {
    const i = left.indexOf(s.die);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/**
 * Returns the steps with the last one taken back (undo). Not a rule: the turn is stateless.
 * @example undoStep([a, b]) // [a]
 */
export function undoStep(steps: readonly Step[]): Step[] {
  return steps.slice(0, -1);
}
