/**
 * The stored form of a match: its history in a compact positional form (times as deltas) plus
 * the unconfirmed steps of the turn in progress. Everything else is rebuilt by replaying, so a
 * stored item can never disagree with itself, and a mid-game item stays near 1–2 KB.
 * Not a rule: the storage codec of the match layer.
 */
import { fail, ok, turnProgress, type Result, type Step } from '../engine/index.ts';
import { evolve } from './evolve.ts';
import { positionOf } from './match.ts';
import { SCHEMA_VERSION, type GameError, type MatchEvent, type MatchState } from './types.ts';

type EventType = MatchEvent['type'];

/** Each event's fields after `type` and `at`, in stored order, with a one-letter code. */
const LAYOUT: Record<EventType, { code: string; fields: string[] }> = {
  challenged: { code: 'C', fields: ['by', 'invitee', 'seat', 'id', 'settings', 'expiresAt'] },
  accepted: { code: 'A', fields: ['by', 'challengerSeat'] },
  declined: { code: 'D', fields: [] },
  cancelled: { code: 'X', fields: [] },
  expired: { code: 'E', fields: [] },
  gameStarted: { code: 'G', fields: ['number', 'starter'] },
  openingThrow: { code: 'O', fields: ['dice'] },
  autoDoubled: { code: 'U', fields: ['value'] },
  rolled: { code: 'r', fields: ['seat', 'dice'] },
  stepped: { code: 's', fields: ['seat', 'step'] },
  undone: { code: 'u', fields: ['seat'] },
  played: { code: 'p', fields: ['seat', 'dice', 'move', 'forced'] },
  doubled: { code: 'd', fields: ['seat', 'value'] },
  taken: { code: 't', fields: ['seat', 'value'] },
  beavered: { code: 'b', fields: ['seat', 'value'] },
  passed: { code: 'x', fields: ['seat'] },
  resigned: { code: 'R', fields: ['seat', 'kind'] },
  resignDeclined: { code: 'N', fields: ['seat'] },
  vacation: { code: 'V', fields: ['seat', 'away'] },
  timedOut: { code: 'T', fields: ['seat'] },
  gameEnded: { code: 'g', fields: ['winner', 'kind', 'points', 'reason'] },
  matchEnded: { code: 'M', fields: ['winner', 'reason'] },
};
const BY_CODE = new Map(Object.entries(LAYOUT).map(([type, l]) => [l.code, { type, fields: l.fields }]));

/** The stored form: `{ v, h, s }` — schema version, compact history, steps in progress. */
export interface StoredMatch {
  readonly v: number;
  readonly h: readonly unknown[][];
  readonly s: readonly Step[];
}

/** Returns the stored form of a match. Not a rule: a codec. */
export function encodeMatch(state: MatchState): StoredMatch {
  let last = 0;
  const h = state.history.map((e) => {
    const layout = LAYOUT[e.type];
    const row: unknown[] = [layout.code, e.at - last];
    last = e.at;
    for (const f of layout.fields) row.push((e as unknown as Record<string, unknown>)[f] ?? null);
    return row;
  });
  return { v: SCHEMA_VERSION, h, s: state.game?.turn.steps ?? [] };
}

/**
 * Returns the match a stored form describes — history replayed, steps checked against the rules —
 * or an `invalid-state` error for anything malformed. Never throws. Not a rule: a codec.
 */
export function decodeMatch(value: unknown): Result<MatchState, GameError> {
  const bad = (message: string) => fail({ kind: 'invalid-state' as const, message });
  if (typeof value !== 'object' || value === null) return bad('a stored match must be an object');
  const v = value as Partial<StoredMatch>;
  if (v.v !== SCHEMA_VERSION) return bad(`unknown schema version ${String(v.v)}`);
  if (!Array.isArray(v.h) || v.h.length === 0 || !Array.isArray(v.s)) return bad('a stored match needs a history and steps');
  try {
    let state = undefined as unknown as MatchState;
    let at = 0;
    for (const [i, row] of v.h.entries()) {
      if (!Array.isArray(row) || typeof row[0] !== 'string' || typeof row[1] !== 'number') return bad(`history row ${i} is malformed`);
      const layout = BY_CODE.get(row[0]);
      if (!layout || row.length !== layout.fields.length + 2) return bad(`history row ${i} has an unknown shape`);
      if ((i === 0) !== (layout.type === 'challenged')) return bad('the history must start with the challenge, once');
      at += row[1];
      const e: Record<string, unknown> = { type: layout.type, at };
      layout.fields.forEach((f, k) => { e[f] = row[k + 2]; });
      state = evolve(state, e as unknown as MatchEvent);
    }
    for (const step of v.s) {
      const game = state.game;
      if (!game || !game.turn.dice || game.ended) return bad('steps in progress without a turn');
      const progress = turnProgress(positionOf(state.settings, game), game.turn.dice, [...game.turn.steps, step], { firstTurn: game.turnsPlayed[game.turn.seat] === 0 });
      if (!progress.ok) return bad(`the steps in progress are not legal: ${progress.error.message}`);
      state = evolve(state, { type: 'stepped', at, seat: game.turn.seat, step });
    }
    return ok(state);
  } catch (err) {
    return bad(`the history does not replay: ${err instanceof Error ? err.message : String(err)}`);
  }
}
