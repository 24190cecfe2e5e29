/**
 * The computer in every variant (issue 19): each level against a random legal player and a greedy
 * pip-and-hit player, whole single games at the match layer (bench/table.ts: the real reducer, the
 * cube, bombs, ladders, pins). Prints the computer's win rate and points per game with standard
 * errors; asserts nothing. Run: `nice -n 19 npm run bench:ai-variants [-- short plakoto …]`
 * (env GAMES: games per match-up, default 8, GAMES_STRONG for the strong level, default 3; about
 * 3 minutes on a shared core). Then the review's time (src/app/review.ts) for a game of short and
 * of long nardy against the greedy player.
 */
import { AI_LEVELS } from '../src/ai/index.ts';
import { loadComputer } from '../src/app/computer.ts';
import { VARIANTS, type VariantId } from '../src/engine/index.ts';
import { reviewMatch } from '../src/app/review.ts';
import { playTable, type Opponent } from './table.ts';

const GAMES = Number(process.env.GAMES ?? 8);
const GAMES_STRONG = Number(process.env.GAMES_STRONG ?? 3);
const asked = process.argv.slice(2) as VariantId[];
const variants = asked.length > 0 ? asked : (Object.keys(VARIANTS) as VariantId[]);
const brain = await loadComputer();

function pm(x: number): string {
  return `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;
}

console.log(`node ${process.version}; ${GAMES} single games per match-up (strong: ${GAMES_STRONG}), the computer's points per game (cube as the variant's default settings)`);
const t0 = performance.now();
let decisions = 0;
for (const variant of variants) {
  for (const opponent of ['random', 'greedy'] as const satisfies readonly Opponent[]) {
    const cells: string[] = [];
    for (const level of AI_LEVELS) {
      let wins = 0, sum = 0, sum2 = 0;
      const t1 = performance.now();
      const games = level === 'strong' ? GAMES_STRONG : GAMES;
      for (let g = 0; g < games; g++) {
        const r = playTable(brain, variant, level, opponent, 1000 + g);
        decisions += r.decisions;
        if (r.points > 0) wins++;
        sum += r.points; sum2 += r.points * r.points;
      }
      const p = wins / games, mean = sum / games;
      const seWins = Math.sqrt((p * (1 - p)) / games), sePts = Math.sqrt(Math.max(0, sum2 / games - mean * mean) / Math.max(1, games - 1));
      cells.push(`${level} ${(100 * p).toFixed(0)} ± ${(100 * seWins).toFixed(0)} % wins, ${pm(mean)} ± ${sePts.toFixed(2)} ppg (${((performance.now() - t1) / 1000).toFixed(1)} s)`);
    }
    console.log(`${variant.padEnd(11)} vs ${opponent.padEnd(6)}: ${cells.join('; ')}`);
  }
}
console.log(`${decisions} decisions of the computer, none refused; ${((performance.now() - t0) / 1000).toFixed(0)} s`);

// The review of a typical game: the greedy player's unforced plays judged (the computer's are not).
for (const variant of ['short', 'long'] as const) {
  const { state } = playTable(brain, variant, 'strong', 'greedy', 4242);
  const t1 = performance.now();
  const review = reviewMatch(state, brain);
  const ms = performance.now() - t1;
  const p = review.players[0];
  console.log(`review ${variant.padEnd(5)}: ${ms.toFixed(0)} ms for ${p.moves} plays judged (${(ms / Math.max(1, p.moves)).toFixed(1)} ms each); greedy's average loss ${p.meanLoss.toFixed(3)}, ${p.blunders} blunders`);
}
