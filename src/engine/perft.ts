/**
 * perft: the number of leaves of the game tree, the move generator's known-count check
 * (anchors-engine.md §2.2). perft(0) = 1; perft(d) sums, over the 21 distinct rolls (unweighted)
 * and every distinct legal play, perft(d − 1) of the opponent; a roll with no play is one child;
 * a finished game is a leaf. Each side's first-turn flag follows its own turn count.
 */
import type { Board } from './board.ts';
import { Generator, type TurnRules } from './generate.ts';
import { generateByRules, loadBoard, positionRules, turnRulesFor, type Position } from './plays.ts';
import type { Variant, VariantOptions } from './variants/index.ts';

const ROLLS: readonly (readonly [number, number])[] = (() => {
  const r: [number, number][] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= a; b++) r.push([a, b]);
  return r;
})();

/** The perft count per first-level roll and play, for bisecting a mismatch ("divide"). */
export interface PerftDivide {
  readonly total: number;
  readonly byRoll: Record<string, number>;
}

class Perft {
  private readonly gens: Generator[] = [];
  /** The rules of each roll, resolved once: [not the mover's first turn, its first turn][roll]. */
  private readonly rules: TurnRules[][];
  constructor(private readonly variant: Variant, private readonly options: VariantOptions, depth: number) {
    for (let i = 0; i <= depth; i++) this.gens.push(new Generator());
    // The last level only counts its plays.
    if (depth >= 1) this.gens[1].keepPlays = false;
    this.rules = [false, true].map((firstTurn) => ROLLS.map((roll) => turnRulesFor(variant, options, roll, { firstTurn })));
  }

  /** Counts leaves below the position loaded (mover first) in `gens[depth]`, over rolls `from` ≤ i < `to`. */
  count(depth: number, turnsMe: number, turnsOpp: number, from = 0, to = ROLLS.length): number {
    const gen = this.gens[depth];
    const b = gen.b;
    if (depth === 0 || b[0] === this.variant.checkers || b[26] === this.variant.checkers) return 1;
    if (this.variant.earlyEnd?.(b.subarray(0, 26), b.subarray(26, 52))) return 1;
    const child = this.gens[depth - 1];
    const context = { firstTurn: turnsMe === 0 };
    const rules = this.rules[turnsMe === 0 ? 1 : 0];
    let n = 0;
    for (let r = from; r < to; r++) {
      // The generator leaves `b` as it found it, so every roll starts from the same position.
      const plays = generateByRules(gen, this.variant, this.options, rules[r], ROLLS[r], context);
      if (plays === 0) {
        swapInto(b, 0, child.b);
        n += this.count(depth - 1, turnsOpp, turnsMe + 1);
        continue;
      }
      if (depth === 1) { n += plays; continue; }
      // Children use the generator of the level below, so this level's plays stay put meanwhile.
      const boards = gen.boards;
      for (let i = 0; i < plays; i++) {
        swapInto(boards, i * 52, child.b);
        n += this.count(depth - 1, turnsOpp, turnsMe + 1);
      }
    }
    return n;
  }

  load(board: Board, depth: number): void {
    loadBoard(this.gens[depth], board);
  }
}

function swapInto(src: Int8Array, at: number, dest: Int8Array): void {
  for (let i = 0; i < 26; i++) {
    dest[i] = src[at + 26 + i];
    dest[26 + i] = src[at + i];
  }
}

/**
 * Returns perft(depth) from a position, the side to move first; with `divide`, also the count per
 * first roll. Not a rule: a check of docs/rules §1–§3 against known counts.
 * @example perft({ variant: 'short', board: startBoard(VARIANTS.short) }, 1).total // 447
 */
export function perft(position: Position, depth: number, turnsPlayed: { me: number; opponent: number } = { me: 0, opponent: 0 }): PerftDivide {
  const { variant, options } = positionRules(position);
  const walker = new Perft(variant, options, depth);
  const byRoll: Record<string, number> = {};
  if (depth === 0) return { total: 1, byRoll };
  let total = 0;
  for (const roll of ROLLS) {
    walker.load(position.board, depth);
    const r = ROLLS.indexOf(roll);
    const n = walker.count(depth, turnsPlayed.me, turnsPlayed.opponent, r, r + 1);
    byRoll[`${roll[0]}-${roll[1]}`] = n;
    total += n;
  }
  return { total, byRoll };
}
