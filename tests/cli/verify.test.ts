/**
 * `nardy verify <transcript.json> [--rolls N] [--hash H] [--record match.txt]` (issues #18, #48):
 * "all N rolls match" and exit 0, or the first mismatch and exit 1 — a tampered roll, and each
 * tampering the review of 5 Dec found passing: the last 3 rolls removed, a mid-game roll
 * relabelled `seats`; and a record whose dice are not the transcript's.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptHash } from '../../src/dice/verify.ts';
import { exportLongText, transcriptOf } from '../../src/game/index.ts';
import { mulberry32 } from '../arbitraries.ts';
import { randomFairMatch } from '../dice/fixture.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

function verify(transcript: unknown, ...args: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'nardy-cli-'));
  const file = join(dir, 'transcript.json');
  writeFileSync(file, JSON.stringify(transcript, null, 1));
  return spawnSync(TSX, [join(ROOT, 'src/cli/main.ts'), 'verify', file, ...args.map((a) => (a.startsWith('record:') ? (writeFileSync(join(dir, 'match.txt'), a.slice(7)), join(dir, 'match.txt')) : a))], { encoding: 'utf8', cwd: ROOT });
}

const match = randomFairMatch(mulberry32(5), 'short', 'random');
const transcript = transcriptOf(match)!;
const N = transcript.rolls.length;
const H = transcriptHash(transcript);

describe('nardy verify', () => {
  it('accepts a finished match and names the first mismatch of a tampered one', () => {
    const good = verify(transcript);
    expect(good.stdout).toBe(`all ${N} rolls match\n${N} rolls, hash ${H}: compare them with the result of the match (or pass --rolls ${N} --hash <its hash>)\n`);
    expect(good.status).toBe(0);
    const rolls = transcript.rolls.map((r, i) => (i === 2 && r.kind !== 'seats' ? { ...r, dice: [r.dice[1], r.dice[0] === 6 ? 1 : r.dice[0] + 1] } : r));
    const bad = verify({ ...transcript, rolls });
    expect(bad.stdout).toMatch(/^mismatch: roll 2: recorded \d-\d, derived \d-\d\n$/);
    expect(bad.status).toBe(1);
  });

  it('#48: the whole file, with the result\'s count and hash and the match record, exits 0', () => {
    const whole = verify(transcript, '--rolls', String(N), '--hash', H, '--record', `record:${exportLongText(match)}`);
    expect(whole.stdout).toBe(`all ${N} rolls match\n${N} rolls, hash ${H}: roll count, hash, the record's dice as the match gave them\n`);
    expect(whole.status).toBe(0);
  });

  it('#48: the last 3 rolls removed exits 1 against the result\'s count, its hash, or the record', () => {
    const cut = { ...transcript, rolls: transcript.rolls.slice(0, -3) };
    const byCount = verify(cut, '--rolls', String(N));
    expect(byCount.stdout).toBe(`mismatch: the file has ${N - 3} rolls, the result of the match says ${N}: rolls are missing, it is not the whole match\n`);
    expect(byCount.status).toBe(1);
    const byHash = verify(cut, '--hash', H);
    expect(byHash.stdout).toBe(`mismatch: the file's hash is ${transcriptHash(cut)}, the result of the match says ${H}: it is not the transcript the match ended with\n`);
    expect(byHash.status).toBe(1);
    const byRecord = verify(cut, '--record', `record:${exportLongText(match)}`);
    expect(byRecord.stdout).toMatch(/^mismatch: record line \d+ \(".*"\): the transcript has no roll left for it\n$/);
    expect(byRecord.status).toBe(1);
  });

  it('#48: a mid-game roll relabelled seats exits 1 on its own', () => {
    const k = transcript.rolls.findIndex((r, i) => i > 3 && r.kind === 'roll');
    const forged = verify({ ...transcript, rolls: transcript.rolls.map((r, i) => (i === k ? { i, kind: 'seats', challengerWhite: true } : r)) });
    expect(forged.stdout).toMatch(new RegExp(`^mismatch: roll ${k}: labelled "seats", but only roll 0 may seat the players; this roll's dice \\(\\d-\\d\\) are hidden\\n$`));
    expect(forged.status).toBe(1);
  });

  it('#48: a bad --hash or --rolls is a usage error (exit 2)', () => {
    expect(verify(transcript, '--hash', 'abc').status).toBe(2);
    expect(verify(transcript, '--rolls', 'ten').status).toBe(2);
  });
});
