/**
 * What the benchmark's truncation costs (issue #51): the candidates of some of its positions rolled
 * out again to a longer horizon (default: to the game's end), same variance reduction, same dice
 * across candidates, and compared with the file's labels — does the best play change, what the
 * file's best loses by the longer rollout, and how the differences between plays move.
 *
 *   nice -n 19 npx tsx tools/ai/long-horizon-check.ts --positions 12 --trials 144
 */
import { readFileSync } from 'node:fs';
import { netFor } from '../../src/ai/player.ts';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { seededRandom } from '../../src/ai/random.ts';
import { BOARD, aiRules } from '../../src/ai/rules.ts';
import { numberArg, readArgs } from './args.ts';
import { VrRollout, decodeBoard, meanSe, mixSeed, parseBenchmark } from './long-bench.ts';

const options = readArgs(
  'usage: npx tsx tools/ai/long-horizon-check.ts [--file bench/data/long-benchmark.jsonl] [--positions 12] [--trials 144] [--horizon 1000] [--skip-phase bearoff]',
  { file: { type: 'string' }, positions: { type: 'string' }, trials: { type: 'string' }, horizon: { type: 'string' }, 'skip-phase': { type: 'string' } },
);
const file = options.file ?? 'bench/data/long-benchmark.jsonl';
const count = numberArg(options.positions, 12, 'positions');
const trials = numberArg(options.trials, 144, 'trials');
const horizon = numberArg(options.horizon, 1000, 'horizon');
const skip = (options['skip-phase'] ?? 'bearoff').split(',');
const { positions } = parseBenchmark(readFileSync(file, 'utf8'));
const rules = aiRules('long');
const ro = new VrRollout(rules, new NetEvaluator(netFor('long'), rules), horizon);
const board = new Int8Array(BOARD), after = new Int8Array(BOARD);
const changed: number[] = [], losses: number[] = [], shifts: number[] = [];
for (const p of positions.filter((x) => !skip.includes(x.phase) && x.cands.length > 1).slice(0, count)) {
  decodeBoard(p.pos, board);
  const values = p.cands.map((c) => {
    // The mover's side after the play, the other side as before it (a play moves only the mover's checkers).
    decodeBoard(c.after + p.pos.slice(26), after);
    ro.start(after, 0);
    const xs: number[] = [];
    for (let k = 0; k < trials; k++) xs.push(ro.trial(seededRandom(mixSeed(p.seed, 0x10e6, k))));
    return meanSe(xs);
  });
  const best = values.reduce((b, v, i) => (v.mean > values[b].mean ? i : b), 0);
  changed.push(best === 0 ? 0 : 1);
  losses.push(values[best].mean - values[0].mean);
  // How far each play's difference from the file's best moves.
  for (let i = 1; i < values.length; i++) shifts.push(Math.abs(values[0].mean - values[i].mean - (p.cands[0].eq - p.cands[i].eq)));
  console.log(`#${p.id} ${p.phase}: file ${p.cands.map((c) => c.eq.toFixed(3)).join(' ')} | horizon ${horizon} ${values.map((v) => `${v.mean.toFixed(3)}±${v.se.toFixed(3)}`).join(' ')} ${best === 0 ? '' : '← best changes'}`);
}
const c = meanSe(changed), l = meanSe(losses), s = meanSe(shifts);
console.log(`${changed.length} positions, ${trials} trials to horizon ${horizon}: best play changes in ${(100 * c.mean).toFixed(0)} ± ${(100 * c.se).toFixed(0)} %; ` +
  `the file's best loses ${l.mean.toFixed(3)} ± ${l.se.toFixed(3)} by the longer rollout; differences between plays move ${s.mean.toFixed(3)} ± ${s.se.toFixed(3)} on average`);
