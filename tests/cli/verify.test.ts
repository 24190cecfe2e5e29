/** `nardy verify <transcript.json>` (issue #18): "all N rolls match" and exit 0, or the first mismatch and exit 1. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptOf } from '../../src/game/index.ts';
import { mulberry32 } from '../arbitraries.ts';
import { randomFairMatch } from '../dice/fixture.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

function verify(transcript: unknown) {
  const file = join(mkdtempSync(join(tmpdir(), 'nardy-cli-')), 'transcript.json');
  writeFileSync(file, JSON.stringify(transcript));
  return spawnSync(TSX, [join(ROOT, 'src/cli/main.ts'), 'verify', file], { encoding: 'utf8', cwd: ROOT });
}

describe('nardy verify', () => {
  it('accepts a finished match and names the first mismatch of a tampered one', () => {
    const transcript = transcriptOf(randomFairMatch(mulberry32(5), 'short', 'random'))!;
    const good = verify(transcript);
    expect(good.stdout).toBe(`all ${transcript.rolls.length} rolls match\n`);
    expect(good.status).toBe(0);
    const rolls = transcript.rolls.map((r, i) => (i === 2 && r.kind !== 'seats' ? { ...r, dice: [r.dice[1], r.dice[0] === 6 ? 1 : r.dice[0] + 1] } : r));
    const bad = verify({ ...transcript, rolls });
    expect(bad.stdout).toMatch(/^mismatch: roll 2: recorded \d-\d, derived \d-\d\n$/);
    expect(bad.status).toBe(1);
  });
});
