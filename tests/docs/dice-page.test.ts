/**
 * docs/dice.md, "Dice anyone can check" (the README's dice paragraph links it), cannot drift from the code: its worked example (the
 * commitment and the first three rolls, digest bytes and dice) is recomputed here from the page's
 * own text, and its ten-line verifier is run with node on a real transcript, accepting it and
 * catching a tampered roll.
 */
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitmentOf, rollAt } from '../../src/dice/fair.ts';
import { transcriptOf } from '../../src/game/index.ts';
import { mulberry32 } from '../arbitraries.ts';
import { randomFairMatch } from '../dice/fixture.ts';

/** The dice's page (README links it): the whole of it is the section checked. */
const section = readFileSync(new URL('../../docs/dice.md', import.meta.url), 'utf8');

describe('docs/dice.md: dice anyone can check', () => {
  it('the worked example is what the derivation gives', () => {
    const example = /\*\*Worked example\.\*\* Server seed `([0-9a-f]{64})`\s+\(commitment `([0-9a-f]{64})`\), match `(\w+)`,\s+seeds `([^`]*)` and `([^`]*)`/.exec(section);
    expect(example, 'the example names its seed, commitment, match and seeds').not.toBeNull();
    const [, serverSeed, commitment, matchId, a, b] = example!;
    expect(commitmentOf(serverSeed)).toBe(commitment);
    const rows = [...section.matchAll(/^\| (\d+) \| `([0-9a-f ]+)` \(([\d, ]+)\) \| (\d)-(\d) \|$/gm)];
    expect(rows.map((r) => Number(r[1]))).toEqual([0, 1, 2]);
    for (const [, i, bytes, used, d1, d2] of rows) {
      const message = `${matchId}\n${a}\n${b}\n${i}`;
      const digest = createHmac('sha256', Buffer.from(serverSeed, 'hex')).update(message).digest();
      expect(digest.subarray(0, bytes.split(' ').length).toString('hex')).toBe(bytes.replace(/ /g, ''));
      expect(used.split(', ').map(Number)).toEqual([...digest].filter((x) => x < 252).slice(0, 2));
      expect(rollAt({ serverSeed, matchId, seeds: [a, b] }, Number(i))).toEqual([Number(d1), Number(d2)]);
    }
  });

  it('the ten-line verifier accepts a real transcript and catches a tampered roll', () => {
    const code = /A verifier in ten lines[^\n]*\n\n```js\n([\s\S]*?)```/.exec(section)?.[1];
    expect(code, 'the page has the verifier').toBeDefined();
    expect(code!.trim().split('\n').length).toBeLessThanOrEqual(10);
    const dir = mkdtempSync(join(tmpdir(), 'nardy-verify-'));
    writeFileSync(join(dir, 'verify.mjs'), code!);
    const transcript = transcriptOf(randomFairMatch(mulberry32(11), 'long', 'random'), true)!;
    writeFileSync(join(dir, 'good.json'), JSON.stringify(transcript));
    expect(execFileSync('node', [join(dir, 'verify.mjs'), join(dir, 'good.json')], { encoding: 'utf8' })).toBe(`all ${transcript.rolls.length} rolls match\n`);
    const k = transcript.rolls.findIndex((r) => r.kind === 'roll');
    const rolls = transcript.rolls.map((r, i) => (i === k && r.kind === 'roll' ? { ...r, dice: [r.dice[1] === 6 ? 1 : r.dice[1] + 1, r.dice[1]] } : r));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...transcript, rolls }));
    expect(() => execFileSync('node', [join(dir, 'verify.mjs'), join(dir, 'bad.json')], { stdio: 'pipe' })).toThrow();
    // #48: a mid-game roll relabelled seats (its dice hidden) is refused too.
    const forged = transcript.rolls.map((r, i) => (i === k ? { i, kind: 'seats', challengerWhite: true } : r));
    writeFileSync(join(dir, 'forged.json'), JSON.stringify({ ...transcript, rolls: forged }));
    expect(() => execFileSync('node', [join(dir, 'verify.mjs'), join(dir, 'forged.json')], { stdio: 'pipe' })).toThrow();
  });

  it('#48: "Why it holds" says what makes a transcript whole, and the verify command it gives takes those flags', () => {
    expect(section).toMatch(/5\. \*Whole\.\*[\s\S]*first 12 hex digits of SHA-256 of its\s+canonical JSON/);
    expect(section).toContain('verify nardy-dice-<match>.json --rolls N --hash H --record nardy-<match>.txt');
  });
});
