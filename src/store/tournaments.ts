/**
 * The tournament item codec (`TOURNEY#<id>` / `T`, see `layout.ts`): one item per tournament,
 * its state the app's opaque JSON value kept as a JSON string, a version for conditional writes,
 * and the sparse due attributes (`duePk` = `DUE#TOURNEY`) while the scheduler should look at it.
 * Decoding checks every attribute; a malformed item is a `corrupt-item`, never a crash.
 */
import { NumberValue } from './attribute-values.ts';
import { InvariantError, fail, ok, type Result } from '../lib/index.ts';
import { TOURNAMENT_DUE_PARTITION, TOURNAMENT_SORT_KEY, tournamentKey } from './layout.ts';
import type { CorruptItem, TournamentRecord } from './types.ts';
import type { Item } from './codec.ts';

/** The item of a tournament record at `version`. */
export function encodeTournament(record: TournamentRecord, version: number): Item {
  if (!/^[a-z0-9]{4,24}$/.test(record.id)) throw new InvariantError(`tournament id ${JSON.stringify(record.id)} is not 4..24 letters and digits`);
  if (record.dueAt !== undefined && (!Number.isSafeInteger(record.dueAt) || record.dueAt < 0)) throw new InvariantError(`dueAt ${record.dueAt} is not an epoch in ms`);
  const state = JSON.stringify(record.state);
  if (state === undefined) throw new InvariantError('a tournament state must be JSON');
  return {
    pk: tournamentKey(record.id), sk: TOURNAMENT_SORT_KEY, id: record.id, version, state, updatedAt: record.updatedAt,
    ...(record.dueAt === undefined ? {} : { duePk: TOURNAMENT_DUE_PARTITION, dueAt: record.dueAt }),
  };
}

/** The record of a tournament item read back, or why it is not one. */
export function decodeTournament(item: Item): Result<TournamentRecord, CorruptItem> {
  const key = `${String(item.pk)}/${String(item.sk)}`;
  const bad = (reason: string) => fail({ kind: 'corrupt-item' as const, key, reason });
  // Numbers come wrapped (`attribute-values.ts`: a `NumberValue`): a value outside the safe range stays visible.
  const number = (v: unknown): unknown => (v instanceof NumberValue ? Number(v.value) : v);
  const { id, state } = item;
  const [version, updatedAt, dueAt] = [number(item.version), number(item.updatedAt), number(item.dueAt)];
  if (typeof id !== 'string' || item.pk !== tournamentKey(id)) return bad('id does not match the key');
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) return bad('version is not a positive integer');
  if (typeof updatedAt !== 'number' || !Number.isSafeInteger(updatedAt)) return bad('updatedAt is not an epoch in ms');
  if (dueAt !== undefined && (typeof dueAt !== 'number' || !Number.isSafeInteger(dueAt))) return bad('dueAt is not an epoch in ms');
  if (typeof state !== 'string') return bad('state is not a JSON string');
  let parsed: unknown;
  try {
    parsed = JSON.parse(state) as unknown;
  } catch {
    return bad('state is not JSON');
  }
  return ok({ id, version, state: parsed, updatedAt, ...(dueAt === undefined ? {} : { dueAt }) });
}
