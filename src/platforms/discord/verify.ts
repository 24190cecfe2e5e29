/**
 * Discord's request signature (anchors-ecosystem.md §2.1): every interaction is signed with the
 * application's Ed25519 key over `timestamp + raw body`. Checked with `node:crypto` alone, so the
 * ingress imports nothing heavy. Discord sends invalid signatures on purpose and removes an
 * endpoint that accepts one, so anything odd — a missing header, bad hex, a wrong length — is
 * simply "not verified".
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
