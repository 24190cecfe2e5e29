/**
 * Our players by name, for the benches that play or judge them against gnubg (bench/gnubg.ts,
 * bench/errors.ts): a level (strong, medium, beginner), `net0` (the strong level's net without
 * lookahead), `previous` (the strong level with the net of the file PREVIOUS_SHORT, e.g. the one
 * before a retrain), `strong/keep/window/budget` (its 1-ply with other limits than LOOKAHEAD's and
 * no 2-ply, e.g. strong/12/0.5/100000) and `strong/keep/window/budget/plays/window/budget/reduced`
 * (with a 2-ply of those limits, reduced 1 or 0: e.g. strong/8/0.3/8000/3/0.05/30000/1), and
 * `…/prune` after them: the 2-ply's innermost rolls scored only on the pruning net's best `prune` plays.
 * CAP_MS=<ms>: the strong level's search stops that long after each move began, as the app's does.
 */
import { readFileSync } from 'node:fs';
import { BOARD, ComputerPlayer, seededRandom } from '../src/ai/index.ts';
import { netFromJson, type Net, type NetJson } from '../src/ai/net.ts';
import type { Board, Dice, VariantId } from '../src/engine/index.ts';

/** The board after our play (mover first) for a board and roll, or null when the roll cannot be played. */
export type Chooser = (b: Int8Array, dice: Dice) => Int8Array | null;

export function netFile(path: string): Net {
  return netFromJson(JSON.parse(readFileSync(path, 'utf8')) as NetJson);
}

/** A generator board (mover at 0..25, the other side at 26..51) as the engine's Board. */
export function toBoard(b: Int8Array): Board {
  return [Array.from(b.subarray(0, 26)), Array.from(b.subarray(26, 52))];
}

/** The player `name` in `variant`; `net`: the one strong, net0 and strong/… play with instead of the committed one. */
export function chooser(name: string, variant: VariantId, net?: Net): Chooser {
  if (name === 'previous' && !process.env.PREVIOUS_SHORT) throw new Error('OURS=previous needs PREVIOUS_SHORT=<weights file>');
  const search = name.startsWith('strong/') ? name.split('/').slice(1).map(Number) : undefined;
  if (search && ((search.length !== 3 && search.length !== 7 && search.length !== 8) || search.some(Number.isNaN))) throw new Error(`${name}: expected strong/keep/window/budget[/plays/window/budget/reduced[/prune]], e.g. strong/10/0.5/50000 or strong/8/0.3/8000/3/0.05/30000/0/6`);
  const deep = search && search.length >= 7 ? { plays: search[3], window: search[4], budget: search[5], reduced: search[6] === 1, prune: search[7] ?? 0 } : undefined;
  const p = name === 'previous'
    ? new ComputerPlayer('strong', variant, undefined, seededRandom(1), netFile(process.env.PREVIOUS_SHORT!))
    : new ComputerPlayer(name === 'net0' || search ? 'strong' : (name as 'strong' | 'medium' | 'beginner'), variant, undefined, seededRandom(1), net);
  const s = p.searcher;
  // CAP_MS: the strong level stops its search that many ms after the move began, as the app's does (MOVE_TIME_LIMIT_MS).
  const cap = process.env.CAP_MS ? Number(process.env.CAP_MS) : undefined;
  p.moveTimeLimitMs = cap;
  return (b, dice) => {
    let i: number;
    if (search || name === 'net0') {
      const started = performance.now();
      const n = s.generate(b, 0, dice, false);
      s.deadline = cap === undefined ? Infinity : started + cap;
      i = n === 0 ? -1 : search ? s.lookahead(n, p.net, search[0], search[1], search[2], deep) : s.scorePlays(n, p.net);
      s.deadline = Infinity;
    } else i = p.chooseIndex(b, 0, dice, false);
    return i < 0 ? null : s.gen.boards.subarray(i * BOARD, (i + 1) * BOARD);
  };
}
