/**
 * The computer in every variant (issue 19): each level against a random legal player and a greedy
 * pip-and-hit player, whole single games at the match layer (bench/table.ts: the real reducer, the
 * cube, bombs, ladders, pins). Prints the computer's win rate and points per game with standard
 * errors; asserts nothing. Run: `nice -n 19 npm run bench:ai-variants [-- short plakoto …]`
 * (env GAMES: games per match-up, default 8; about 2–3 minutes on a shared core).
 */
import { AI_LEVELS } from '../src/ai/index.ts';
import { loadComputer } from '../src/app/computer.ts';
import { VARIANTS, type VariantId } from '../src/engine/index.ts';
import { playTable, type Opponent } from './table.ts';

const GAMES = Number(process.env.GAMES ?? 8);
const asked = process.argv.slice(2) as VariantId[];
const variants = asked.length > 0 ? asked : (Object.keys(VARIANTS) as VariantId[]);
const brain = await loadComputer();

function pm(x: number): string {
  return `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;
}

console.log(`node ${process.version}; ${GAMES} single games per match-up, the computer's points per game (cube as the variant's default settings)`);
const t0 = performance.now();
let decisions = 0;
for (const variant of variants) {
  for (const opponent of ['random', 'greedy'] as const satisfies readonly Opponent[]) {
    const cells: string[] = [];
    for (const level of AI_LEVELS) {
      let wins = 0, sum = 0, sum2 = 0;
      const t1 = performance.now();
      for (let g = 0; g < GAMES; g++) {
        const r = playTable(brain, variant, level, opponent, 1000 + g);
        decisions += r.decisions;
        if (r.points > 0) wins++;
        sum += r.points; sum2 += r.points * r.points;
      }
      const p = wins / GAMES, mean = sum / GAMES;
      const seWins = Math.sqrt((p * (1 - p)) / GAMES), sePts = Math.sqrt(Math.max(0, sum2 / GAMES - mean * mean) / Math.max(1, GAMES - 1));
      cells.push(`${level} ${(100 * p).toFixed(0)} ± ${(100 * seWins).toFixed(0)} % wins, ${pm(mean)} ± ${sePts.toFixed(2)} ppg (${((performance.now() - t1) / 1000).toFixed(1)} s)`);
    }
    console.log(`${variant.padEnd(11)} vs ${opponent.padEnd(6)}: ${cells.join('; ')}`);
  }
}
console.log(`${decisions} decisions of the computer, none refused; ${((performance.now() - t0) / 1000).toFixed(0)} s`);
