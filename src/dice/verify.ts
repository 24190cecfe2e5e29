/**
 * Checking a dice transcript (src/game/transcript.ts) as anyone could: the server seed must hash to
 * the commitment, the rolls must be numbered 0, 1, 2, … and each must be what the derivation gives
 * (src/dice/fair.ts); `seats` only as roll 0. Reads plain JSON, trusts nothing in it.
 *
 * That proves the file consistent, not whole (issue #48): a file cut short, or with a roll hidden
 * under another kind, is as consistent. So the result of a match shows its number of rolls and the
 * transcript's hash (`transcriptHash`), and `verifyWhole` compares the file with them.
 */
import { createHash } from 'node:crypto';
import { commitmentOf, isServerSeed, rollAt, type RollKey } from './fair.ts';

export type Verdict =
  | { readonly ok: true; readonly rolls: number; readonly hash: string }
  | { readonly ok: false; readonly problem: string };

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How many hex digits of the transcript's SHA-256 the result shows: 48 bits, enough that no forger finds another file with them. */
export const HASH_DIGITS = 12;

/** Returns a JSON value written canonically: object keys in code-unit order, no white space. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Returns a transcript's short hash: the first `HASH_DIGITS` hex digits of SHA-256 of its canonical
 * JSON (UTF-8), leaving out `players` — the names decide no die, and /forget renames a player in
 * a finished match (src/app/privacy.ts), which must not make its result's hash wrong.
 */
export function transcriptHash(value: unknown): string {
  const { players: _names, ...dice } = isObject(value) ? value : { players: undefined };
  return createHash('sha256').update(canonicalJson(isObject(value) ? dice : value), 'utf8').digest('hex').slice(0, HASH_DIGITS);
}


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
    if (roll.kind !== 'seats' && roll.kind !== 'opening' && roll.kind !== 'roll') return bad(`roll ${n}: kind ${JSON.stringify(roll.kind)} is none of seats, opening, roll`);
    // The seats are drawn once, on acceptance, before anything else: a later "seats" would hide a roll's dice.
    if (roll.kind === 'seats' && n !== 0) return bad(`roll ${n}: labelled "seats", but only roll 0 may seat the players; this roll's dice (${a}-${b}) are hidden`);
    if (roll.kind === 'seats') {
      if (roll.challengerWhite !== (a <= 3)) return bad(`roll ${n} (seats): the first die is ${a}, so the challenger plays ${a <= 3 ? 'White' : 'Black'}, not as recorded`);
      continue;
    }
    const dice = roll.dice;
    if (!Array.isArray(dice) || dice[0] !== a || dice[1] !== b) return bad(`roll ${n}: recorded ${Array.isArray(dice) ? dice.join('-') : '?'}, derived ${a}-${b}`);
  }
  return { ok: true, rolls: rolls.length, hash: transcriptHash(value) };
}

/** What the result of a match said of its transcript: its number of rolls and its hash (either may be left out). */
export interface Expected {
  readonly rolls?: number;
  readonly hash?: string;
}

/**
 * Returns `verifyTranscript`'s verdict, and then whether the file is the whole transcript the
 * match's result described: as many rolls, the same hash.
 */
export function verifyWhole(value: unknown, expected: Expected): Verdict {
  const verdict = verifyTranscript(value);
  if (!verdict.ok) return verdict;
  if (expected.rolls !== undefined && verdict.rolls !== expected.rolls) {
    return { ok: false, problem: `the file has ${verdict.rolls} rolls, the result of the match says ${expected.rolls}: ${verdict.rolls < expected.rolls ? 'rolls are missing' : 'rolls were added'}, it is not the whole match` };
  }
  if (expected.hash !== undefined && verdict.hash !== expected.hash.toLowerCase()) {
    return { ok: false, problem: `the file's hash is ${verdict.hash}, the result of the match says ${expected.hash}: it is not the transcript the match ended with` };
  }
  return verdict;
}
