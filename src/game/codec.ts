/**
 * The stored form of a match: its history in a compact positional form (times as deltas) plus
 * the unconfirmed steps of the turn in progress. Everything else is rebuilt by replaying through
 * the reducer, so a stored item can never disagree with itself or with the rules, and a mid-game
 * item stays near 1–2 KB.
 * Not a rule: the storage codec of the match layer.
 */
import { fail, ok, type Result } from '../lib/index.ts';
import type { DiceSource } from '../dice/index.ts';
import { commitmentOf, isServerSeed } from '../dice/fair.ts';
import { type Step } from '../engine/index.ts';
import { apply, replayCommand } from './apply.ts';
import { seatToAct } from './clock.ts';
import { evolve } from './evolve.ts';
import { validateSettings } from './settings.ts';
import { SCHEMA_VERSION, TRANSIENT_EVENTS, type Command, type FairDice, type GameError, type MatchEvent, type MatchState } from './types.ts';

type EventType = MatchEvent['type'];

/** Each event's fields after `type` and `at`, in stored order, with a one-letter code. */
const LAYOUT: Record<EventType, { code: string; fields: string[] }> = {
  challenged: { code: 'C', fields: ['by', 'invitee', 'seat', 'id', 'settings', 'expiresAt'] },
  accepted: { code: 'A', fields: ['by', 'challengerSeat'] },
  configured: { code: 'S', fields: ['settings'] },
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
  detonated: { code: 'B', fields: ['seat'] },
  hinted: { code: 'I', fields: ['seat'] },
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

/**
 * The stored form: `{ v, h, s, f? }` — schema version, compact history, steps in progress, and
 * (absent in matches stored before checkable dice) the dice's key: `k` the server seed, `p` the
 * players' seeds once accepted, `n` the roll index, which must be what the history counts.
 */
export interface StoredMatch {
  readonly v: number;
  readonly h: readonly unknown[][];
  readonly s: readonly Step[];
  readonly f?: { readonly k: string; readonly p: readonly [string, string] | null; readonly n: number };
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
  const fair = state.fair;
  return { v: SCHEMA_VERSION, h, s: state.game?.turn.steps ?? [], ...(fair ? { f: { k: fair.serverSeed, p: fair.seeds, n: fair.rolls } } : {}) };
}

/** The dice's key as stored, checked (the roll index is checked against the history after the replay). */
function decodeFair(f: unknown): FairDice | undefined | string {
  if (f === undefined) return undefined;
  const v = f as { k?: unknown; p?: unknown; n?: unknown } | null;
  if (typeof v !== 'object' || v === null || !isServerSeed(v.k) || !Number.isSafeInteger(v.n)) return 'the dice key is malformed';
  const seeds = v.p === null ? null : Array.isArray(v.p) && v.p.length === 2 && v.p.every((x) => typeof x === 'string') ? [v.p[0] as string, v.p[1] as string] as const : undefined;
  if (seeds === undefined) return 'the players\' seeds are malformed';
  return { serverSeed: v.k, commitment: commitmentOf(v.k), seeds, rolls: 0 };
}

function decodeRows(rows: readonly unknown[]): MatchEvent[] | string {
  const events: MatchEvent[] = [];
  let at = 0;
  for (const [i, row] of rows.entries()) {
    if (!Array.isArray(row) || typeof row[0] !== 'string' || typeof row[1] !== 'number') return `history row ${i} is malformed`;
    const layout = BY_CODE.get(row[0]);
    if (!layout || row.length !== layout.fields.length + 2) return `history row ${i} has an unknown shape`;
    at += row[1];
    const e: Record<string, unknown> = { type: layout.type, at };
    layout.fields.forEach((f, k) => { e[f] = row[k + 2]; });
    events.push(e as unknown as MatchEvent);
  }
  return events;
}

/** The challenge, checked: its settings must be exactly what validation makes of them. */
function checkChallenge(e: MatchEvent): string | undefined {
  if (e.type !== 'challenged') return 'the history must start with the challenge';
  const by = e.by as unknown as Record<string, unknown> | null;
  if (typeof by !== 'object' || by === null || typeof by.id !== 'string' || typeof by.name !== 'string') return 'the challenger is malformed';
  if (typeof e.id !== 'string' || typeof e.expiresAt !== 'number' || e.seat !== null) return 'the challenge is malformed';
  if (e.invitee !== null && typeof e.invitee !== 'string') return 'the invitee is malformed';
  if (typeof e.settings !== 'object' || e.settings === null) return 'the settings are malformed';
  const settings = validateSettings(e.settings as unknown as Parameters<typeof validateSettings>[0]);
  if (!settings.ok) return `the settings do not validate: ${settings.error.message}`;
  if (JSON.stringify(settings.value) !== JSON.stringify(e.settings)) return 'the settings are not in their validated form';
  return undefined;
}

/** The dice a command drew, in the order the reducer draws them, read back from the history. */
function recordedDice(state: MatchState, events: readonly MatchEvent[], from: number): DiceSource {
  const faces: number[] = [];
  for (let k = from; k < events.length; k++) {
    const e = events[k];
    if (e.type === 'accepted' && state.settings.colour === 'random') faces.push(e.challengerSeat === 0 ? 1 : 6);
    if (e.type === 'openingThrow' || e.type === 'rolled') faces.push(...e.dice);
  }
  let next = 0;
  return {
    die() {
      const f = faces[next++];
      if (!Number.isInteger(f) || f < 1 || f > 6) throw new Error('the history lacks a die face the rules need');
      return f;
    },
  };
}

/** The command that made `e` the first event of its batch, or a reason it cannot be one. */
function commandFor(state: MatchState, e: MatchEvent): Command | string {
  const id = (seat: unknown) => (seat === 0 || seat === 1 ? state.players[seat]?.id : undefined) ?? '';
  const answering = state.game ? id(state.game.turn.seat === 0 ? 1 : 0) : '';
  switch (e.type) {
    case 'accepted': return { type: 'accept', by: e.by };
    case 'configured': return { type: 'configure', by: state.players[0]?.id ?? '', settings: e.settings };
    // A challenge to a handle alone was declined by whoever held it: no id is kept, none is needed.
    case 'declined': return state.invitee === null ? { type: 'decline', by: '@', named: true } : { type: 'decline', by: state.invitee };
    case 'cancelled': return { type: 'cancel', by: state.players[0]?.id ?? '' };
    case 'expired': case 'timedOut': return { type: 'tick' };
    case 'rolled': return { type: 'roll', by: id(e.seat) };
    case 'played': return e.forced ? 'a forced play must follow its roll' : { type: 'play', by: id(e.seat), move: e.move };
    case 'doubled': return { type: 'double', by: id(e.seat) };
    case 'detonated': return { type: 'detonate', by: id(e.seat) };
    case 'hinted': return { type: 'hint', by: id(e.seat) };
    case 'taken': return { type: 'take', by: id(e.seat) };
    case 'beavered': return { type: 'beaver', by: id(e.seat) };
    case 'passed': return { type: 'pass', by: id(e.seat) };
    case 'resigned': return { type: 'resign', by: id(e.seat), kind: e.kind };
    case 'resignDeclined': return { type: 'declineResign', by: id(e.seat) };
    case 'gameEnded': return state.game?.turn.stage === 'resignOffered' ? { type: 'acceptResign', by: answering } : 'a game result out of place';
    case 'vacation': return { type: 'vacation', by: id(e.seat), away: e.away };
    default: return `"${e.type}" cannot start a command`;
  }
}

/**
 * Returns the match a stored form describes — or an `invalid-state` error for anything malformed.
 * The history is replayed through the reducer itself: each command is rebuilt from its first
 * event, applied with the recorded dice, and must produce exactly the stored events; the steps in
 * progress are applied as step commands. So a stored match can only hold what the rules allow.
 * Never throws. Not a rule: the storage codec of the match layer.
 */
export function decodeMatch(value: unknown): Result<MatchState, GameError> {
  const bad = (message: string) => fail({ kind: 'invalid-state' as const, message });
  if (typeof value !== 'object' || value === null) return bad('a stored match must be an object');
  const v = value as Partial<StoredMatch>;
  if (v.v !== SCHEMA_VERSION) return bad(`unknown schema version ${String(v.v)}`);
  if (!Array.isArray(v.h) || v.h.length === 0 || !Array.isArray(v.s)) return bad('a stored match needs a history and steps');
  try {
    const events = decodeRows(v.h);
    if (typeof events === 'string') return bad(events);
    const problem = checkChallenge(events[0]);
    if (problem) return bad(problem);
    const fair = decodeFair(v.f);
    if (typeof fair === 'string') return bad(fair);
    const challenged = evolve(undefined as unknown as MatchState, events[0]);
    let state = fair ? { ...challenged, fair } : challenged;
    let steps = v.s as Step[];
    for (let i = 1; i < events.length; ) {
      const last = events[events.length - 1];
      if (i === events.length - 1 && last.type === 'resigned' && last.kind !== 'oin') {
        // A pending resignation offer keeps the steps made before it: they come first.
        const stepped = applySteps(state, steps, last.at);
        if (typeof stepped === 'string') return bad(stepped);
        state = stepped;
        steps = [];
      }
      const command = commandFor(state, events[i]);
      if (typeof command === 'string') return bad(`history event ${i}: ${command}`);
      const applied = replayCommand(state, command, events[i].at, recordedDice(state, events, i));
      if (!applied.ok) return bad(`history event ${i} (${events[i].type}) breaks the rules: ${applied.error.message}`);
      // The steps a turn begins with by itself (`apply.ts`) are in progress, not in the history.
      const produced = applied.value.events.filter((e) => !TRANSIENT_EVENTS.has(e.type));
      if (JSON.stringify(produced) !== JSON.stringify(events.slice(i, i + produced.length))) return bad(`history event ${i} (${events[i].type}) is not what the rules produce`);
      state = applied.value.state;
      i += produced.length;
    }
    if (fair && (state.fair?.rolls !== v.f?.n || (state.fair?.seeds === null) !== !state.history.some((e) => e.type === 'accepted'))) return bad('the roll index or the seeds disagree with the history');
    const stepped = applySteps(state, steps, events[events.length - 1].at);
    return typeof stepped === 'string' ? bad(stepped) : ok(stepped);
  } catch (err) {
    return bad(`the history does not replay: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * Applies stored steps in progress as step commands; each must produce exactly the stored step.
 * A step the replay has made already — one the turn began with by itself (`apply.ts`) — must be
 * the stored one; a match stored before such steps were made may hold fewer than the replay makes.
 */
function applySteps(state: MatchState, steps: readonly Step[], at: number): MatchState | string {
  for (const [i, step] of steps.entries()) {
    const made = state.game?.turn.steps[i];
    if (made !== undefined) {
      if (JSON.stringify(made) !== JSON.stringify(step)) return 'a step in progress is not what the rules produce';
      continue;
    }
    const seat = seatToAct(state);
    const by = seat === null ? '' : state.players[seat]?.id ?? '';
    const applied = apply(state, { type: 'step', by, from: step?.from, to: step?.to, die: step?.die }, at, NO_DICE);
    if (!applied.ok) return `a step in progress is not legal: ${applied.error.message}`;
    if (JSON.stringify(applied.value.events) !== JSON.stringify([{ type: 'stepped', at, seat, step }])) return 'a step in progress is not what the rules produce';
    state = applied.value.state;
  }
  return state;
}

const NO_DICE: DiceSource = {
  die() {
    throw new Error('a step needs no dice');
  },
};
