/**
 * Checking a dice transcript (src/game/transcript.ts) as anyone could: the server seed must hash to
 * the commitment, the rolls must be numbered 0, 1, 2, … and each must be what the derivation gives
 * (src/dice/fair.ts). Reads plain JSON, trusts nothing in it.
 */
import { commitmentOf, isServerSeed, rollAt, type RollKey } from './fair.ts';

export type Verdict =
  | { readonly ok: true; readonly rolls: number }
  | { readonly ok: false; readonly problem: string };

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Returns whether every roll of a transcript matches its seeds, or the first thing that does not. */
export function verifyTranscript(value: unknown): Verdict {
  const bad = (problem: string): Verdict => ({ ok: false, problem });
  if (!isObject(value)) return bad('a transcript is a JSON object');
  const { match, commitment, serverSeed, seeds, rolls } = value;
  if (typeof match !== 'string') return bad('the match id is missing');
  if (serverSeed === undefined) return bad('the server seed is not revealed yet: the match is not over');
  if (!isServerSeed(serverSeed)) return bad('the server seed is not 64 hex digits');
  if (typeof commitment !== 'string' || commitmentOf(serverSeed) !== commitment.toLowerCase()) {
    return bad(`the server seed does not match the commitment: SHA-256 of the seed is ${commitmentOf(serverSeed)}, the commitment ${String(commitment)}`);
  }
  if (!Array.isArray(seeds) || seeds.length !== 2 || !seeds.every((s) => typeof s === 'string')) return bad('the seeds must be two strings');
  if (!Array.isArray(rolls)) return bad('the rolls are missing');
  const key: RollKey = { serverSeed, matchId: match, seeds: [seeds[0] as string, seeds[1] as string] };
  for (const [n, roll] of rolls.entries()) {
    if (!isObject(roll) || roll.i !== n) return bad(`roll ${n}: numbered ${isObject(roll) ? String(roll.i) : '?'}, expected ${n}`);
    const [a, b] = rollAt(key, n);
    if (roll.kind === 'seats') {
      if (roll.challengerWhite !== (a <= 3)) return bad(`roll ${n} (seats): the first die is ${a}, so the challenger plays ${a <= 3 ? 'White' : 'Black'}, not as recorded`);
      continue;
    }
    const dice = roll.dice;
    if (!Array.isArray(dice) || dice[0] !== a || dice[1] !== b) return bad(`roll ${n}: recorded ${Array.isArray(dice) ? dice.join('-') : '?'}, derived ${a}-${b}`);
  }
  return { ok: true, rolls: rolls.length };
}
