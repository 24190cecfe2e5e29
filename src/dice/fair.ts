/**
 * Dice anyone can check (issue #18): every roll of a match is derived from a secret server seed,
 * committed to (its SHA-256) before the first roll and revealed when the match is over, mixed with
 * both players' own seeds, which the server cannot know when it commits. The README ("Dice anyone
 * can check") gives the same derivation for a reader's own verifier; keep the two word for word.
 *
 * Roll i of match M, with the challenger's seed A and the acceptor's seed B:
 *   message  = UTF-8 of `${M}\n${A}\n${B}\n${i}`        (i in decimal)
 *   digest   = HMAC-SHA256(key = the 32 bytes of the server seed, message)
 *   dice     = the first two bytes of digest below 252, each as (byte mod 6) + 1
 * Bytes 252..255 are skipped, so each die is exactly uniform (252 = 6 × 42). Should fewer than two
 * bytes of the 32 be below 252 (chance about 10⁻⁵⁴), the digest of `${message}\n1`, then `\n2`, …
 * continues the same byte stream.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { DiceSource } from './index.ts';

/** What a roll of a match is derived from. */
export interface RollKey {
  /** The server seed: 64 lower-case hex digits (32 bytes). */
  readonly serverSeed: string;
  readonly matchId: string;
  /** The challenger's seed, then the acceptor's. */
  readonly seeds: readonly [string, string];
}

/** The seed of a player who never set one: public, so it adds nothing the server could not know (README). */
export const DEFAULT_SEED = '';
/** The longest player seed kept; longer text is cut (a seed is for mixing in, not for storage). */
export const MAX_SEED_LENGTH = 64;

/** Returns a new secret server seed: 32 random bytes as hex. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** Returns the commitment to a server seed: SHA-256 of its 32 bytes, as hex. */
export function commitmentOf(serverSeed: string): string {
  return createHash('sha256').update(Buffer.from(serverSeed, 'hex')).digest('hex');
}

/** Returns true when `text` is a server seed as stored: 64 lower-case hex digits. */
export function isServerSeed(text: unknown): text is string {
  return typeof text === 'string' && /^[0-9a-f]{64}$/.test(text);
}

/** Returns a player's seed as the match keeps it: one line, trimmed, at most `MAX_SEED_LENGTH` characters. */
export function cleanSeed(text: string): string {
  return [...text.replace(/\s+/g, ' ').trim()].slice(0, MAX_SEED_LENGTH).join('');
}

/** Returns roll `index` of a match: two dice, 1..6 each. */
export function rollAt(key: RollKey, index: number): [number, number] {
  const message = `${key.matchId}\n${key.seeds[0]}\n${key.seeds[1]}\n${index}`;
  const secret = Buffer.from(key.serverSeed, 'hex');
  const dice: number[] = [];
  for (let block = 0; dice.length < 2; block++) {
    const digest = createHmac('sha256', secret).update(block === 0 ? message : `${message}\n${block}`, 'utf8').digest();
    for (const byte of digest) {
      if (byte < 252 && dice.length < 2) dice.push((byte % 6) + 1);
    }
  }
  return [dice[0], dice[1]];
}

/**
 * Returns the dice of a match from roll `first` on, as the match layer takes them: each `die()`
 * the next die, two per roll. With `colourFirst` the first die drawn is a roll of its own (the
 * random seating on acceptance draws one die): its second die is left unused.
 */
export function derivedDice(key: RollKey, first: number, colourFirst = false): DiceSource {
  let index = first;
  let pending: number[] = [];
  let alone = colourFirst;
  return {
    die() {
      if (pending.length === 0) pending = rollAt(key, index++);
      const die = pending.shift()!;
      if (alone) { pending = []; alone = false; }
      return die;
    },
  };
}
