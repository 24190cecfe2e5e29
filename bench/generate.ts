/**
 * Move-generator speed: generate calls per second and plays per second on a fixed set of
 * middle-game vectors, one core, for each variant. Prints figures; asserts nothing.
 * Run: npm run bench (or npx tsx bench/generate.ts [variant …]; default short and long).
 */
import { Generator, VARIANTS, findVariant, generateTurn, loadBoard, resolveOptions, type VariantId } from '../src/engine/index.ts';
import { middleGameVectors } from './positions.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

function bench(variant: VariantId): void {
  const vectors = middleGameVectors(variant, 5000);
  const v = VARIANTS[variant];
  const options = resolveOptions(v);
  if (!options.ok) throw new Error(options.error.message);
  const gen = new Generator();
  // Warm up the JIT on the same work.
  for (const x of vectors) { loadBoard(gen, x.board); generateTurn(gen, v, options.value, x.dice, x); }
  let calls = 0, plays = 0;
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(SECONDS * 1e9));
  while (process.hrtime.bigint() - start < budget) {
    for (const x of vectors) {
      loadBoard(gen, x.board);
      plays += generateTurn(gen, v, options.value, x.dice, x);
      calls++;
    }
  }
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(
    `generate ${variant.padEnd(11)}: ${Math.round(calls / secs).toLocaleString('en')} calls/s, ` +
      `${Math.round(plays / secs).toLocaleString('en')} plays/s (${(plays / calls).toFixed(1)} plays/call, ${calls.toLocaleString('en')} calls in ${secs.toFixed(1)} s)`,
  );
}

console.log(`node ${process.version}, ${vectorsNote()}`);
const asked = process.argv.slice(2);
for (const name of asked.length > 0 ? asked : ['short', 'long', 'plakoto', 'gulbara']) {
  const v = findVariant(name);
  if (!v.ok) throw new Error(v.error.message);
  bench(v.value.id);
}

function vectorsNote(): string {
  return '5,000 middle-game vectors per variant (turns 8..40 of seeded random games)';
}
