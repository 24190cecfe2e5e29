import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderBoard } from '../../src/render/index.ts';
import { GOLDEN } from './golden-specs.ts';
import { TOLERANCE, pixelDiff } from './pixels.ts';

const DIR = join(import.meta.dirname, 'golden');
let failures: string | undefined;

/** Keeps a failing picture where a developer can look at it. */
function keep(name: string, png: Buffer): string {
  failures ??= mkdtempSync(join(tmpdir(), 'nardy-golden-'));
  const path = join(failures, `${name}.png`);
  writeFileSync(path, png);
  return path;
}

describe('issue 4: board pictures match the committed golden images (npm run render:golden regenerates them)', () => {
  for (const [name, spec] of Object.entries(GOLDEN)) {
    it(`${name} renders as tests/render/golden/${name}.png`, async () => {
      const r = await renderBoard(spec);
      if (!r.ok) throw new Error(r.error.message);
      const diff = await pixelDiff(r.value, join(DIR, `${name}.png`));
      const where = diff.sameSize && diff.differing <= TOLERANCE ? '' : ` (this render: ${keep(name, r.value)})`;
      expect(diff.sameSize, `size differs${where}`).toBe(true);
      expect(diff.differing, `${(diff.differing * 100).toFixed(3)} % of pixels differ${where}`).toBeLessThanOrEqual(TOLERANCE);
    });
  }

  it('a PNG stays under 80 KB (the bench target), so the goldens are representative', async () => {
    for (const spec of Object.values(GOLDEN)) {
      const r = await renderBoard(spec);
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.length).toBeLessThan(80 * 1024);
    }
  });
});
