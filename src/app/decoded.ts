/**
 * Matches this process has just decoded or written, so that the next press on the same game does
 * not replay its whole history again (decoding checks every move through the reducer: a few
 * milliseconds mid-game, spent before the next picture can even start; bench/local.ts).
 *
 * Safe because a stored match is only ever written by a conditional write that bumps its version:
 * one (game, version) has one stored form for good. The stored form is compared as well (key order
 * aside, should a store ever return keys in another order), so an item edited by hand is decoded
 * afresh, never trusted.
 */
import type { MatchState } from '../game/index.ts';

/** Enough for every game a warm instance is playing at once; the oldest are forgotten first. */
const KEEP = 256;

interface Known {
  readonly version: number;
  readonly stored: string;
  readonly state: MatchState;
}

const known = new Map<string, Known>();

/** Remembers the match stored as `stored` at `version`. */
export function rememberDecoded(id: string, version: number, stored: unknown, state: MatchState): void {
  known.delete(id);
  known.set(id, { version, stored: canonical(stored), state });
  if (known.size > KEEP) known.delete(known.keys().next().value as string);
}

/** The match stored as `stored` at `version`, when this process already knows it. */
export function recallDecoded(id: string, version: number, stored: unknown): MatchState | undefined {
  const k = known.get(id);
  if (k === undefined || k.version !== version || k.stored !== canonical(stored)) return undefined;
  return k.state;
}

/** Whether two stored forms of a match are the same, whatever order their keys come in. */
export function sameStoredForm(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** JSON with object keys sorted: equal for equal values whatever order a database returns keys in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
