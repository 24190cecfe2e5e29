/**
 * Issue #48, item 2: a transcript proves it is the whole game. `seats` only as roll 0; the result's
 * roll count and hash compared; the record's moves replayed with the derived dice. Each tampering
 * the review of 5 Dec found passing is caught.
 */
import { describe, expect, it } from 'vitest';
import { recordDiceProblem } from '../../src/cli/verify-record.ts';
import { canonicalJson, transcriptHash, verifyTranscript, verifyWhole } from '../../src/dice/verify.ts';
import { exportLongText, transcriptOf } from '../../src/game/index.ts';
import { mulberry32 } from '../arbitraries.ts';
import { randomFairMatch } from './fixture.ts';

const match = randomFairMatch(mulberry32(48), 'short', 'random');
const transcript = transcriptOf(match)!;
const hash = transcriptHash(transcript);
const whole = { rolls: transcript.rolls.length, hash };

describe('#48: a transcript that is the whole game', () => {
  it('the hash is of the canonical JSON: the file as sent (indented, keys in any order) gives the same', () => {
    expect(hash).toMatch(/^[0-9a-f]{12}$/);
    const reordered = Object.fromEntries(Object.entries(JSON.parse(JSON.stringify(transcript, null, 1))).reverse());
    expect(transcriptHash(reordered)).toBe(hash);
    // The names are left out (/forget renames a player); everything else is in.
    expect(transcriptHash({ ...transcript, players: ['Player 1', 'Player 2'] })).toBe(hash);
    expect(transcriptHash({ ...transcript, seeds: [transcript.seeds[0], `${transcript.seeds[1]} `] })).not.toBe(hash);
    expect(canonicalJson({ b: [1, { d: 'x', c: null }], a: 'é' })).toBe('{"a":"é","b":[1,{"c":null,"d":"x"}]}');
    expect(verifyWhole(transcript, whole)).toEqual({ ok: true, rolls: whole.rolls, hash });
  });

  it('the last 3 rolls removed: consistent alone, but not the result\'s count nor its hash', () => {
    const cut = { ...transcript, rolls: transcript.rolls.slice(0, -3) };
    expect(verifyTranscript(cut).ok).toBe(true);
    expect(verifyWhole(cut, { rolls: whole.rolls })).toEqual({ ok: false, problem: `the file has ${whole.rolls - 3} rolls, the result of the match says ${whole.rolls}: rolls are missing, it is not the whole match` });
    expect(verifyWhole(cut, { hash })).toMatchObject({ ok: false, problem: expect.stringContaining('it is not the transcript the match ended with') });
  });

  it('a mid-game roll relabelled seats is refused on its own', () => {
    const k = transcript.rolls.findIndex((r, i) => i > 5 && r.kind === 'roll');
    const forged = { ...transcript, rolls: transcript.rolls.map((r, i) => (i === k ? { i, kind: 'seats', challengerWhite: true } : r)) };
    const verdict = verifyTranscript(forged);
    expect(verdict).toMatchObject({ ok: false, problem: expect.stringMatching(new RegExp(`^roll ${k}: labelled "seats", but only roll 0 may seat the players`)) });
    expect(verifyTranscript({ ...transcript, rolls: transcript.rolls.map((r, i) => (i === k ? { ...r, kind: 'bonus' } : r)) })).toMatchObject({ ok: false, problem: expect.stringContaining('is none of seats, opening, roll') });
  });

  it('the record replayed: its dice are the transcript\'s, for short and long nardy', () => {
    for (const [seed, variant] of [[48, 'short'], [49, 'long'], [50, 'short'], [51, 'long']] as const) {
      const m = randomFairMatch(mulberry32(seed), variant, 'random');
      const tr = transcriptOf(m)!;
      expect(recordDiceProblem(tr, exportLongText(m)), `${variant} ${seed}`).toBeUndefined();
      // 📜 History's message: the same record without its header.
      expect(recordDiceProblem(tr, exportLongText(m).split('\n').filter((l) => !l.startsWith(';')).join('\n'))).toBeUndefined();
    }
  });

  it('a record whose dice differ, or a transcript cut short of it, is caught', () => {
    const record = exportLongText(match);
    const lines = record.split('\n');
    const k = lines.findIndex((l, i) => i > 20 && /^(White|Black) [1-6]-[1-6]: /.test(l));
    const [, who, a, b] = /^(White|Black) ([1-6])-([1-6]):/.exec(lines[k]!)!;
    const other = `${Number(a) === 6 ? 5 : Number(a) + 1}-${b}`;
    const changed = [...lines.slice(0, k), lines[k]!.replace(`${who} ${a}-${b}:`, `${who} ${other}:`), ...lines.slice(k + 1)].join('\n');
    expect(recordDiceProblem(transcript, changed)).toMatch(new RegExp(`^record line ${k + 1} .*(used ${other.replace('-', '-')}|not a legal play)`));
    const cut = { ...transcript, rolls: transcript.rolls.slice(0, -3) };
    expect(recordDiceProblem(cut, record)).toMatch(/the transcript has no roll left for it/);
    expect(recordDiceProblem(transcript, 'Game 1')).toMatch(/not a nardy match record/);
  });
});
