/**
 * Issue #18: dice anyone can check. Whole matches with a server seed, driven through the reducer
 * with the derived dice from the stored roll index, must give a transcript the verifier accepts;
 * a tampered roll, seed or commitment must be caught; the stored form keeps the key and the index.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentOf, rollAt } from '../../src/dice/fair.ts';
import { verifyTranscript } from '../../src/dice/verify.ts';
import { decodeMatch, encodeMatch, transcriptOf, type Transcript } from '../../src/game/index.ts';
import { mulberry32 } from '../arbitraries.ts';
import { randomFairMatch, SEED } from './fixture.ts';

const finished = randomFairMatch(mulberry32(7), 'short', 'random');
const transcript = transcriptOf(finished)!;

describe('checkable dice', () => {
  it('a finished match reveals its seed, and every roll of its transcript matches', () => {
    expect(finished.phase).toBe('finished');
    expect(transcript.serverSeed).toBe(SEED);
    expect(transcript.commitment).toBe(commitmentOf(SEED));
    expect(transcript.rolls[0]).toMatchObject({ i: 0, kind: 'seats' });
    expect(transcript.rolls.length).toBe(finished.fair!.rolls);
    expect(verifyTranscript(JSON.parse(JSON.stringify(transcript)))).toMatchObject({ ok: true, rolls: transcript.rolls.length });
  });

  it('a tampered roll, server seed, player seed or commitment is caught', () => {
    const k = transcript.rolls.findIndex((r) => r.kind === 'roll');
    const roll = transcript.rolls[k] as Extract<Transcript['rolls'][number], { kind: 'roll' }>;
    const other = roll.dice[0] === 6 ? 1 : roll.dice[0] + 1;
    const rolls = transcript.rolls.map((r, i) => (i === k ? { ...roll, dice: [other, roll.dice[1]] } : r));
    const tampered = verifyTranscript({ ...transcript, rolls });
    expect(tampered).toMatchObject({ ok: false });
    expect(!tampered.ok && tampered.problem).toContain(`roll ${k}:`);
    const flipped = (SEED.slice(0, -1) + (SEED.endsWith('a') ? 'b' : 'a'));
    expect(verifyTranscript({ ...transcript, serverSeed: flipped })).toMatchObject({ ok: false, problem: expect.stringContaining('commitment') });
    expect(verifyTranscript({ ...transcript, serverSeed: flipped, commitment: commitmentOf(flipped) })).toMatchObject({ ok: false });
    expect(verifyTranscript({ ...transcript, seeds: [transcript.seeds[0] + '!', transcript.seeds[1]] })).toMatchObject({ ok: false });
    expect(verifyTranscript({ ...transcript, commitment: commitmentOf(flipped) })).toMatchObject({ ok: false, problem: expect.stringContaining('commitment') });
    const seats = transcript.rolls[0] as Extract<Transcript['rolls'][number], { kind: 'seats' }>;
    expect(verifyTranscript({ ...transcript, rolls: [{ ...seats, challengerWhite: !seats.challengerWhite }, ...transcript.rolls.slice(1)] })).toMatchObject({ ok: false });
    expect(verifyTranscript({ ...transcript, rolls: transcript.rolls.slice(1) })).toMatchObject({ ok: false });
  });

  it('a match still being played keeps its server seed out of the transcript', () => {
    const playing = randomFairMatch(mulberry32(3), 'long', 'white', SEED, 6);
    expect(playing.phase).toBe('playing');
    expect(transcriptOf(playing)!.serverSeed).toBeUndefined();
    expect(JSON.stringify(transcriptOf(playing))).not.toContain(SEED);
  });

  it('the stored form keeps the key and the roll index, and a wrong index does not decode', () => {
    const stored = encodeMatch(finished);
    expect(stored.f).toEqual({ k: SEED, p: finished.fair!.seeds, n: finished.fair!.rolls });
    const decoded = decodeMatch(JSON.parse(JSON.stringify(stored)));
    expect(decoded.ok && decoded.value.fair).toEqual(finished.fair);
    expect(decodeMatch({ ...stored, f: { ...stored.f!, n: stored.f!.n + 1 } }).ok).toBe(false);
    expect(decodeMatch({ ...stored, f: { ...stored.f!, k: 'not hex' } }).ok).toBe(false);
    // A match stored before checkable dice has no `f` and decodes as before, without a key.
    const { f: _f, ...old } = stored;
    const plain = decodeMatch(old);
    expect(plain.ok && plain.value.fair).toBeUndefined();
  });

  it('property: random matches of both variants verify, and every roll is rollAt of its index', () => {
    fc.assert(fc.property(fc.integer(), fc.constantFrom('short' as const, 'long' as const), fc.constantFrom('random' as const, 'white' as const), fc.uint8Array({ minLength: 32, maxLength: 32 }), (seed, variant, colour, hex) => {
      const serverSeed = Buffer.from(hex).toString('hex');
      const state = randomFairMatch(mulberry32(seed), variant, colour, serverSeed, 150);
      const t = transcriptOf(state, true)!;
      expect(verifyTranscript(t)).toMatchObject({ ok: true, rolls: state.fair!.rolls });
      for (const r of t.rolls) if (r.kind !== 'seats') expect(r.dice).toEqual(rollAt({ serverSeed, matchId: state.id, seeds: state.fair!.seeds! }, r.i));
    }), { numRuns: 25 });
  });
});
