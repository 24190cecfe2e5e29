/**
 * How well nets choose among the plays of a roll, judged by a targets.ts file written with
 * `--plays K`: on the rolls of the games fit.ts holds out, the target equity lost a roll by each
 * net's choice among the K plays, at 0-ply (its own value of each play) and at 1-ply (the strong
 * level's first look: the other side's 21 rolls and its best reply to each). The first net named
 * is the reference; the others' differences from it are paired, roll by roll.
 *
 *   npx tsx tools/ai/order-check.ts --variant long --data /tmp/rank-1.bin,/tmp/rank-2.bin --nets src/ai/weights/long.json,/tmp/fit.json [--rolls 1500]
 *
 * A screen before the match (bench/accept.ts), not a verdict: the targets are one net's 2-ply,
 * whose own 1-ply shares its judgement and so is favoured. A fit that loses here has made the
 * 1-ply's choices further from the search it learnt from.
 */
import { readFileSync } from 'node:fs';
import type { VariantId } from '../../src/engine/index.ts';
import { isBearoffRace } from '../../src/ai/bearoff.ts';
import { NetEvaluator } from '../../src/ai/evaluators.ts';
import { OUTPUTS, netFromJson, type NetJson } from '../../src/ai/net.ts';
import { aiRules } from '../../src/ai/rules.ts';
import { numberArg, readArgs } from './args.ts';
import { Lookahead } from './lookahead.ts';
import { equityOf, equityWeights, groupByRoll } from './order.ts';
import { GAME_AT, HOLD_OUT, RECORD, TARGETS_AT } from './target-file.ts';

const options = readArgs(
  `usage: tsx tools/ai/order-check.ts --variant long|short|… --data file[,file…] --nets reference.json[,other.json…] [--rolls 1500]
Judges nets' choices among a roll's plays by a targets.ts --plays file; see the comment at the top of tools/ai/order-check.ts.`,
  { variant: { type: 'string' }, data: { type: 'string' }, nets: { type: 'string' }, rolls: { type: 'string' } },
);
if (!options.data || !options.nets) {
  console.error('--data and --nets are both needed: a targets.ts --plays file, and the nets to judge (the reference first)');
  process.exit(2);
}
const rules = aiRules((options.variant ?? 'short') as VariantId);
const weights = equityWeights(rules.topPoints);
const limit = numberArg(options.rolls, 1500, 'rolls');

const parts = options.data.split(',').map((f) => readFileSync(f));
const data = new Uint8Array(parts.reduce((n, b) => n + b.length, 0));
{
  let at = 0;
  for (const b of parts) { data.set(b, at); at += b.length; }
}
if (data.length % RECORD !== 0) throw new Error(`${options.data}: not a whole number of ${RECORD}-byte records (not targets.ts files?)`);
const boards = new Int8Array(data.buffer), words = new DataView(data.buffer);
const held: number[] = [];
for (let i = 0; i < data.length / RECORD; i++) {
  if (words.getUint32(i * RECORD + GAME_AT, true) % HOLD_OUT === 0 && !isBearoffRace(boards, i * RECORD)) held.push(i);
}
const rolls = groupByRoll(data, held).filter((g) => g.length > 1).slice(0, limit);
if (rolls.length === 0) {
  console.error(`${options.data}: no held-out roll with several plays (write it with targets.ts --plays K)`);
  process.exit(2);
}
const targetOut = new Float32Array(OUTPUTS);
const targetEquity = (i: number) => {
  for (let o = 0; o < OUTPUTS; o++) targetOut[o] = words.getFloat32(i * RECORD + TARGETS_AT + o * 4, true);
  return equityOf(targetOut, weights);
};
const look = new Lookahead(rules);
const out = new Float32Array(OUTPUTS);
/** Per net: the equity lost at 0-ply and at 1-ply, roll by roll. */
const lost = options.nets.split(',').map((file) => {
  const ev = new NetEvaluator(netFromJson(JSON.parse(readFileSync(file, 'utf8')) as NetJson), rules);
  const zero = new Float64Array(rolls.length), one = new Float64Array(rolls.length);
  rolls.forEach((g, r) => {
    let best = -Infinity, at0 = g[0], v0 = -Infinity, at1 = g[0], v1 = -Infinity;
    for (const i of g) {
      best = Math.max(best, targetEquity(i));
      const e0 = ev.score(boards, i * RECORD);
      if (e0 > v0) { v0 = e0; at0 = i; }
      const e1 = equityOf(look.onePly(boards, i * RECORD, ev, out), weights);
      if (e1 > v1) { v1 = e1; at1 = i; }
    }
    zero[r] = best - targetEquity(at0);
    one[r] = best - targetEquity(at1);
  });
  return { file, zero, one };
});

/** Mean and its standard error, in millipoints. */
function mp(xs: Float64Array): string {
  const n = xs.length, mean = xs.reduce((a, x) => a + x, 0) / n;
  const se = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1) / n);
  return `${(1000 * mean).toFixed(2)} ± ${(1000 * se).toFixed(2)}`;
}
console.log(`${rolls.length} held-out rolls of ${options.data}: target equity lost a roll by each net's choice, millipoints`);
const ref = lost[0];
for (const l of lost) {
  const paired = l === ref ? '' : `; minus the reference's: 0-ply ${mp(l.zero.map((x, r) => x - ref.zero[r]))}, 1-ply ${mp(l.one.map((x, r) => x - ref.one[r]))}`;
  console.log(`${l.file}: 0-ply ${mp(l.zero)}, 1-ply ${mp(l.one)}${paired}`);
}
