/**
 * perft at full depth: every count in tests/engine/data/*.perft, including those too big for
 * `npm test` (perft(3) of short nardy, 116,154,993 leaves). Prints wall times; exits 1 on a
 * mismatch so CI can run it as a long check.
 */
import { perft } from '../src/engine/index.ts';
import { readPerftSuites } from '../tests/engine/perft-suite.ts';

let bad = 0;
for (const c of readPerftSuites()) {
  for (const { depth, count } of c.counts) {
    const t = process.hrtime.bigint();
    const got = perft(c.position, depth).total;
    const secs = Number(process.hrtime.bigint() - t) / 1e9;
    const status = got === count ? 'ok' : `MISMATCH (expected ${count})`;
    if (got !== count) bad++;
    console.log(`perft ${c.file} ${c.id} depth ${depth}: ${got.toLocaleString('en')} leaves in ${secs.toFixed(2)} s — ${status}`);
  }
}
process.exitCode = bad > 0 ? 1 : 0;
