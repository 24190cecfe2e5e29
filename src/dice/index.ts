/**
 * Dice for real games: rolled by the server with a cryptographic RNG (docs/rules/README.md §0: a player can
 * never influence or re-roll them). Kept apart from the engine, which takes dice as arguments.
 */
import { randomInt } from 'node:crypto';

/** A source of die faces 1..6; the match layer takes one so tests can inject fixed dice. */
export interface DiceSource {
  /** Returns one die, 1..6. */
  die(): number;
}

/** Returns the server's dice: `crypto.randomInt`, uniform on 1..6. Implements docs/rules/README.md §0 (dice). */
export function cryptoDice(): DiceSource {
  return { die: () => randomInt(1, 7) };
}

/**
 * Returns dice that replay a fixed list of faces and then fail: for tests and replays. Not a rule.
 * @example fixedDice([3, 1]).die() // 3
 */
export function fixedDice(faces: readonly number[]): DiceSource {
  let i = 0;
  return {
    die() {
      if (i >= faces.length) throw new Error(`fixedDice: ran out after ${faces.length} faces`);
      const f = faces[i++];
      if (!Number.isInteger(f) || f < 1 || f > 6) throw new Error(`fixedDice: ${f} is not a die face`);
      return f;
    },
  };
}

/** Returns a roll of two dice from a source. Not a rule: a convenience. */
export function rollDice(source: DiceSource): [number, number] {
  return [source.die(), source.die()];
}
