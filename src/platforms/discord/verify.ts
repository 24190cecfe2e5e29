/**
 * Discord's request signature (anchors-ecosystem.md §2.1): every interaction is signed with the
 * application's Ed25519 key over `timestamp + raw body`. Checked with `node:crypto` alone, so the
 * ingress imports nothing heavy. Discord sends invalid signatures on purpose and removes an
 * endpoint that accepts one, so anything odd — a missing header, bad hex, a wrong length — is
 * simply "not verified". The timestamp is whole seconds since the epoch, as Discord sends it, and
 * recent: a signed "<now>.5" or "+<now>" is not a timestamp Discord sent.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** The DER prefix that turns a raw 32-byte Ed25519 public key into an SPKI document. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Returns the key object of the portal's hex public key (64 hex digits). */
export function discordPublicKey(hex: string): KeyObject {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('a Discord public key is 64 hex digits');
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

/** Whether `signature` (hex) signs `timestamp + body` under `key`. */
export function isSignedByDiscord(key: KeyObject, signature: string | undefined, timestamp: string | undefined, body: Buffer): boolean {
  if (signature === undefined || timestamp === undefined || !/^[0-9a-fA-F]{128}$/.test(signature) || timestamp === '') return false;
  try {
    return verify(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), body]), key, Buffer.from(signature, 'hex'));
  } catch {
    return false;
  }
}

/**
 * How old a signed request may be. An interaction's token dies after 15 minutes, so a request
 * signed before that can only be a replay (the interaction id also makes a replay within two days
 * a no-op); a minute of clock skew is allowed the other way.
 */
const MAX_AGE_SECONDS = 15 * 60;
const MAX_SKEW_SECONDS = 60;

/** Whether `timestamp` is whole seconds since the epoch within the allowed window around `nowMs`. */
export function isRecentTimestamp(timestamp: string | undefined, nowMs: number): boolean {
  if (timestamp === undefined || !/^\d{1,15}$/.test(timestamp)) return false;
  const age = nowMs / 1000 - Number(timestamp);
  return age <= MAX_AGE_SECONDS && age >= -MAX_SKEW_SECONDS;
}
