/**
 * One of train.ts's `--workers`: plays and trains on the net whose weights all workers share
 * (a SharedArrayBuffer), each with dice of its own, until train.ts raises the stop flag.
 * The workers' steps are not locked against each other (Hogwild: Recht et al., 2011): a step
 * touches the output weights and the rows of the few inputs a position has, and a step now and
 * then lost to another worker's write costs less than a lock on every step would.
 */
import { workerData } from 'node:worker_threads';
import type { VariantId } from '../../src/engine/index.ts';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { Net } from '../../src/ai/net.ts';
import { seededRandom } from '../../src/ai/random.ts';
import { aiRules } from '../../src/ai/rules.ts';
import { TdGames, type TdOptions } from './td.ts';

/** What train.ts hands each worker. */
export interface WorkerData {
  readonly variant: VariantId;
  readonly inputs: number;
  readonly hidden: number;
  /** The net's weights, shared by every worker and train.ts. */
  readonly weights: SharedArrayBuffer;
  /** Per worker: games, turns and summed error so far, as three Float64s at 3 × index. */
  readonly stats: SharedArrayBuffer;
  /** An Int32 that train.ts sets to 1 when the run ends. */
  readonly stop: SharedArrayBuffer;
  readonly index: number;
  readonly seed: number;
  readonly alpha: number;
  readonly options: TdOptions;
}

const d = workerData as WorkerData;
const net = new Net(d.inputs, d.hidden, new Float32Array(d.weights));
const rules = aiRules(d.variant);
const games = new TdGames(new NetEvaluator(net, rules), rules, d.options, seededRandom(d.seed));
const stats = new Float64Array(d.stats), stop = new Int32Array(d.stop), at = 3 * d.index;
while (Atomics.load(stop, 0) === 0) {
  const g = games.play(d.alpha);
  stats[at] += 1;
  stats[at + 1] += g.turns;
  stats[at + 2] += g.error;
}
