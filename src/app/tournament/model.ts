/**
 * A tournament as a value, and every change to it as a pure function (issue #17): sign-up, the
 * organiser's settings, the start (seeding and the first round), a match counted, a player
 * removed. Nothing here reads the store or a messenger; `flow.ts` stores what these return with a
 * conditional write, and `pairings.ts` turns a round's pairings into challenges.
 *
 * Rules (README, "Tournaments"):
 * - Seeding: the players in the order of a hash of the tournament id and the player id (a draw
 *   anyone can repeat from the id), fixed at the start.
 * - Knockout: each round pairs its players in seed order, 1st–2nd, 3rd–4th, …; with an odd number
 *   the first player in that order who has had no bye yet sits the round out and goes through
 *   (a bye). Winners meet in the next round; the last one left wins.
 * - Round robin: everyone meets everyone once, one round at a time (the circle method over the
 *   seeded order); with an odd number one player sits out each round. The table ranks by wins,
 *   then head-to-head wins among the players still tied, then points difference (match points
 *   won minus lost), then a coin flip: the lower hash of the tournament id and the player id.
 * - Forfeits: a match whose challenge is declined, or nobody accepted in time, is lost by the
 *   invited player; one cancelled by its challenger, by the challenger; a match abandoned unfinished,
 *   by the player who was to move. A removed player loses their pending match and every later one;
 *   the pending match's game is withdrawn (a challenge) or closed (a match under way: no more
 *   moves, not rated), which `closing` lists until it is done (`tournament/withdraw.ts`).
 *   A forfeit counts as a win by the match length to nothing.
 */
import { createHash } from 'node:crypto';
import { VARIANTS, type VariantId } from '../../engine/index.ts';
import { fail, ok, type Result } from '../../lib/index.ts';
import type { Lang } from '../../i18n/index.ts';
import type { ChatRef, MessageRef } from '../ports.ts';

export type TournamentFormat = 'knockout' | 'roundRobin';

/** A player of a tournament. */
export interface Entrant {
  readonly id: string;
  readonly name: string;
}

/** A counted match: who won, and the match points of the pairing's `a` and `b`. */
export interface PairingResult {
  readonly winner: string;
  readonly points: readonly [number, number];
  /** Won without a finished match (declined, expired, cancelled, abandoned, a player removed). */
  readonly forfeit?: true;
}

/** Two players of a round and the match they play (`match`: its game id); `result` once counted. */
export interface Pairing {
  /** The challenger of the match. */
  readonly a: string;
  /** The invited player: their Accept starts the match. */
  readonly b: string;
  readonly match: string;
  readonly result?: PairingResult;
}

export interface Round {
  readonly pairings: readonly Pairing[];
  /** Who sits this round out (an odd number of players). */
  readonly bye?: string;
}

export interface TournamentSettings {
  readonly format: TournamentFormat;
  readonly variant: VariantId;
  /** Points of each match (1, 3, 5, 7). */
  readonly matchLength: number;
  /** A clock code of the settings keyboard (`texts.ts` `clockChoice`): `n`, `f`, `d1`, `d3`, `d7`. */
  readonly clock: string;
  readonly maxPlayers: number;
}

export type TournamentPhase = 'signup' | 'playing' | 'finished' | 'cancelled';

export interface Tournament {
  readonly id: string;
  readonly chat: ChatRef;
  /** The chat's language when it was opened: its messages and its matches' boards speak it. */
  readonly lang: Lang;
  readonly organiser: Entrant;
  readonly settings: TournamentSettings;
  readonly phase: TournamentPhase;
  /** In sign-up order; from the start, in seed order. Removed players stay here (and in `removed`). */
  readonly players: readonly Entrant[];
  readonly removed: readonly string[];
  readonly rounds: readonly Round[];
  readonly winner?: string;
  /** The sign-up message, which becomes the standings (edited in place). */
  readonly message?: MessageRef;
  readonly createdAt: number;
  /** Why a cancelled sign-up was closed when not by its organiser: a chat admin, or nobody started it in time (issue #45). */
  readonly closedBy?: { readonly admin: Entrant } | { readonly expiry: number };
  /**
   * The games of a removed player's pending matches, still to be withdrawn or closed (#48): written
   * with the removal, taken off once their games are closed, so a crash in between leaves them for
   * the scheduler's heal. Each: the match id and the removed player.
   */
  readonly closing?: readonly { readonly match: string; readonly removed: string }[];
}

/**
 * How long a sign-up may wait for its Start (issue #45: one left open for ever held a chat's room
 * for ever). A week: a group gathers players over days and a weekend, and a tournament is played
 * on correspondence clocks of days per move anyway; an organiser who wants longer opens it again.
 */
export const SIGNUP_TTL_MS = 7 * 24 * 3600_000;

/** When a sign-up closes unless started. */
export function signupExpiresAt(t: Pick<Tournament, 'createdAt'>): number {
  return t.createdAt + SIGNUP_TTL_MS;
}

/** The choices of the settings keyboard, each button moving to the next. */
export const FORMATS: readonly TournamentFormat[] = ['knockout', 'roundRobin'];
export const MATCH_LENGTHS: readonly number[] = [1, 3, 5, 7];
export const CLOCKS: readonly string[] = ['d3', 'd7', 'd1', 'n', 'f'];
export const MAX_PLAYERS: readonly number[] = [8, 16, 32, 4, 6];
/** The bounds of `maxPlayers` (a forged value is refused). */
export const PLAYERS_BOUNDS = { min: 2, max: 32 } as const;

export type TournamentError =
  | 'not-organiser' | 'not-signup' | 'not-playing' | 'already-in' | 'not-in' | 'full' | 'too-few' | 'bad-setting' | 'unknown-match';

/** A new tournament, open for sign-up, its organiser the first player. */
export function openTournament(id: string, chat: ChatRef, lang: Lang, organiser: Entrant, now: number): Tournament {
  return {
    id, chat, lang, organiser, phase: 'signup', players: [organiser], removed: [], rounds: [], createdAt: now,
    settings: { format: 'knockout', variant: 'long', matchLength: 1, clock: 'd3', maxPlayers: 8 },
  };
}

export function join(t: Tournament, who: Entrant): Result<Tournament, TournamentError> {
  if (t.phase !== 'signup') return fail('not-signup');
  if (t.players.some((p) => p.id === who.id)) return fail('already-in');
  if (t.players.length >= t.settings.maxPlayers) return fail('full');
  return ok({ ...t, players: [...t.players, who] });
}

export function leave(t: Tournament, who: string): Result<Tournament, TournamentError> {
  if (t.phase !== 'signup') return fail('not-signup');
  if (!t.players.some((p) => p.id === who)) return fail('not-in');
  return ok({ ...t, players: t.players.filter((p) => p.id !== who) });
}

/** One setting changed by the organiser during sign-up; a value off the keyboard is refused. */
export function configure(t: Tournament, by: string, change: Partial<TournamentSettings>): Result<Tournament, TournamentError> {
  if (by !== t.organiser.id) return fail('not-organiser');
  if (t.phase !== 'signup') return fail('not-signup');
  const s = { ...t.settings, ...change };
  const valid = FORMATS.includes(s.format) && Object.hasOwn(VARIANTS, s.variant) && MATCH_LENGTHS.includes(s.matchLength) && CLOCKS.includes(s.clock)
    && Number.isInteger(s.maxPlayers) && s.maxPlayers >= Math.max(PLAYERS_BOUNDS.min, t.players.length) && s.maxPlayers <= PLAYERS_BOUNDS.max;
  return valid ? ok({ ...t, settings: s }) : fail('bad-setting');
}

export function cancel(t: Tournament, by: string): Result<Tournament, TournamentError> {
  if (by !== t.organiser.id) return fail('not-organiser');
  if (t.phase !== 'signup') return fail('not-signup');
  return ok({ ...t, phase: 'cancelled' });
}

/** A sign-up cancelled by an admin of its chat (whoever organised it: the app checked the admin). */
export function cancelByAdmin(t: Tournament, admin: Entrant): Result<Tournament, TournamentError> {
  if (t.phase !== 'signup') return fail('not-signup');
  return ok({ ...t, phase: 'cancelled', closedBy: { admin } });
}

/** A sign-up nobody started by `signupExpiresAt`, closed at `now`; `already` when it is not one. */
export function expire(t: Tournament, now: number): Result<Tournament | 'already', TournamentError> {
  if (t.phase !== 'signup' || now < signupExpiresAt(t)) return ok('already');
  return ok({ ...t, phase: 'cancelled', closedBy: { expiry: signupExpiresAt(t) } });
}

/** A number from the tournament id and a player id: the seeding and the last tie-break. */
export function drawOf(t: Pick<Tournament, 'id'>, player: string): string {
  return createHash('sha256').update(`${t.id}:${player}`).digest('hex');
}

/** Starts the tournament: the players seeded, the first round paired. */
export function start(t: Tournament, by: string): Result<Tournament, TournamentError> {
  if (by !== t.organiser.id) return fail('not-organiser');
  if (t.phase !== 'signup') return fail('not-signup');
  if (t.players.length < PLAYERS_BOUNDS.min) return fail('too-few');
  const players = [...t.players].sort((x, y) => (drawOf(t, x.id) < drawOf(t, y.id) ? -1 : 1));
  return ok(advance({ ...t, phase: 'playing', players }));
}

/** The match id of a pairing: the tournament's id, the round and the pairing, so a retried creation finds its game. */
export function matchId(t: Pick<Tournament, 'id'>, round: number, pairing: number): string {
  return `${t.id}r${round + 1}p${pairing + 1}`;
}

/** The round and pairing a match of this tournament is, if it is one. */
export function pairingOf(t: Tournament, match: string): { round: number; index: number; pairing: Pairing } | undefined {
  for (const [round, r] of t.rounds.entries()) {
    const index = r.pairings.findIndex((p) => p.match === match);
    if (index >= 0) return { round, index, pairing: r.pairings[index]! };
  }
  return undefined;
}

/** The pairings waiting for their result. */
export function pendingPairings(t: Tournament): Pairing[] {
  return t.rounds.flatMap((r) => r.pairings.filter((p) => p.result === undefined));
}

/** How a match of the tournament ended, by player id: the winner and each player's match points. */
export interface MatchOutcome {
  readonly winner: string;
  readonly points: Readonly<Record<string, number>>;
  readonly forfeit?: true;
}

/**
 * Counts a match's result: `already` when it was counted before (a redelivery, a second heal),
 * so counting is exactly once however often it is asked. The bracket or the table then moves on.
 */
export function count(t: Tournament, match: string, outcome: MatchOutcome): Result<Tournament | 'already', TournamentError> {
  const found = pairingOf(t, match);
  if (!found) return fail('unknown-match');
  const { pairing } = found;
  if (pairing.result !== undefined) return ok('already');
  if (outcome.winner !== pairing.a && outcome.winner !== pairing.b) return fail('not-in');
  const result: PairingResult = outcome.forfeit
    ? forfeitTo(t, pairing, outcome.winner)
    : { winner: outcome.winner, points: [outcome.points[pairing.a] ?? 0, outcome.points[pairing.b] ?? 0] };
  return ok(advance(withResult(t, found.round, found.index, result)));
}

/**
 * The organiser takes a player out: before the start they just leave; once playing, their
 * pending match is forfeited and so is every later one.
 */
export function remove(t: Tournament, by: string, player: string): Result<Tournament, TournamentError> {
  if (by !== t.organiser.id) return fail('not-organiser');
  if (!t.players.some((p) => p.id === player) || t.removed.includes(player)) return fail('not-in');
  if (t.phase === 'signup') return leave(t, player);
  if (t.phase !== 'playing') return fail('not-playing');
  const pending = pendingPairings(t).filter((p) => p.a === player || p.b === player);
  let next: Tournament = { ...t, removed: [...t.removed, player], closing: [...(t.closing ?? []), ...pending.map((p) => ({ match: p.match, removed: player }))] };
  for (const [round, r] of next.rounds.entries()) {
    for (const [index, p] of r.pairings.entries()) {
      if (p.result === undefined && (p.a === player || p.b === player)) next = withResult(next, round, index, forfeitTo(next, p, p.a === player ? p.b : p.a));
    }
  }
  return ok(advance(next));
}

/** The games in `matches` closed (or found closed already): taken off `closing`; `already` when none was on it. */
export function closed(t: Tournament, matches: readonly string[]): Result<Tournament | 'already', TournamentError> {
  const left = (t.closing ?? []).filter((c) => !matches.includes(c.match));
  if (left.length === (t.closing ?? []).length) return ok('already');
  const { closing: _done, ...rest } = t;
  return ok(left.length === 0 ? rest : { ...rest, closing: left });
}

/** A forfeit of `pairing` won by `winner`: the match length to nothing. */
function forfeitTo(t: Tournament, pairing: Pick<Pairing, 'a' | 'b'>, winner: string): PairingResult {
  const length = t.settings.matchLength;
  return { winner, points: winner === pairing.a ? [length, 0] : [0, length], forfeit: true };
}

function withResult(t: Tournament, round: number, index: number, result: PairingResult): Tournament {
  const pairings = t.rounds[round]!.pairings.map((q, i) => (i === index ? { ...q, result } : q));
  return { ...t, rounds: t.rounds.map((r, i) => (i === round ? { ...r, pairings } : r)) };
}

/** Opens rounds while the last one is complete, or finishes the tournament. */
function advance(t: Tournament): Tournament {
  let next = t;
  for (;;) {
    if (next.phase !== 'playing') return next;
    const last = next.rounds.at(-1);
    if (last && last.pairings.some((p) => p.result === undefined)) return next;
    const opened = next.settings.format === 'knockout' ? nextKnockoutRound(next) : nextRoundRobinRound(next);
    if (opened === undefined) return { ...next, phase: 'finished', ...winnerOf(next) };
    next = { ...next, rounds: [...next.rounds, opened] };
  }
}

function winnerOf(t: Tournament): { winner?: string } {
  const winner = t.settings.format === 'knockout' ? knockoutEntrants(t)[0] : standings(t)[0]?.player;
  return winner === undefined ? {} : { winner };
}

const isIn = (t: Tournament) => (id: string) => !t.removed.includes(id);

/** Who plays the next knockout round: everyone at first, then the last round's bye and winners, in seed order. */
function knockoutEntrants(t: Tournament): string[] {
  const last = t.rounds.at(-1);
  const through = last === undefined ? t.players.map((p) => p.id) : [...(last.bye ? [last.bye] : []), ...last.pairings.map((p) => p.result!.winner)];
  const seed = new Map(t.players.map((p, i) => [p.id, i]));
  return through.filter(isIn(t)).sort((x, y) => seed.get(x)! - seed.get(y)!);
}

function nextKnockoutRound(t: Tournament): Round | undefined {
  const entrants = knockoutEntrants(t);
  if (entrants.length < 2) return undefined;
  const hadBye = new Set(t.rounds.map((r) => r.bye));
  const bye = entrants.length % 2 === 1 ? entrants.find((id) => !hadBye.has(id)) ?? entrants.at(-1)! : undefined;
  const playing = entrants.filter((id) => id !== bye);
  const round = t.rounds.length;
  const pairings: Pairing[] = [];
  for (let i = 0; i + 1 < playing.length; i += 2) pairings.push({ a: playing[i]!, b: playing[i + 1]!, match: matchId(t, round, i / 2) });
  return { pairings, ...(bye === undefined ? {} : { bye }) };
}

/** Round `round` of the circle method over the seeded players (a gap when their number is odd). */
export function circleRound(players: readonly string[], round: number): { pairs: [string, string][]; bye?: string } {
  const seats: (string | null)[] = players.length % 2 === 0 ? [...players] : [...players, null];
  const n = seats.length;
  const rest = seats.slice(1);
  const turned = [seats[0]!, ...rest.map((_, i) => rest[(i - round + rest.length * n) % rest.length]!)];
  const pairs: [string, string][] = [];
  let bye: string | undefined;
  for (let i = 0; i < n / 2; i++) {
    const x = turned[i]!, y = turned[n - 1 - i]!;
    if (x === null || y === null) bye = (x ?? y) ?? undefined;
    else pairs.push(round % 2 === 0 ? [x, y] : [y, x]);
  }
  return { pairs, ...(bye === undefined ? {} : { bye }) };
}

function nextRoundRobinRound(t: Tournament): Round | undefined {
  const ids = t.players.map((p) => p.id);
  const rounds = ids.length % 2 === 0 ? ids.length - 1 : ids.length;
  const round = t.rounds.length;
  if (round >= rounds) return undefined;
  const { pairs, bye } = circleRound(ids, round);
  const present = isIn(t);
  const pairings: Pairing[] = pairs
    .filter(([a, b]) => present(a) || present(b))
    .map(([a, b], i) => {
      const pairing: Pairing = { a, b, match: matchId(t, round, i) };
      // A removed player's later matches are forfeited as they come up: no challenge is made.
      return present(a) && present(b) ? pairing : { ...pairing, result: forfeitTo(t, pairing, present(a) ? a : b) };
    });
  return { pairings, ...(bye === undefined ? {} : { bye }) };
}

/** One line of a round robin's table. */
export interface Standing {
  readonly player: string;
  readonly played: number;
  readonly wins: number;
  readonly losses: number;
  /** Match points won minus lost. */
  readonly difference: number;
}

/** The round robin's table of the players still in, best first, ties broken as the module says. */
export function standings(t: Tournament): Standing[] {
  const counted = t.rounds.flatMap((r) => r.pairings).filter((p): p is Pairing & { result: PairingResult } => p.result !== undefined);
  const line = (player: string): Standing => {
    const mine = counted.filter((p) => p.a === player || p.b === player);
    const wins = mine.filter((p) => p.result.winner === player).length;
    const difference = mine.reduce((d, p) => d + (p.a === player ? p.result.points[0] - p.result.points[1] : p.result.points[1] - p.result.points[0]), 0);
    return { player, played: mine.length, wins, losses: mine.length - wins, difference };
  };
  const lines = t.players.map((p) => p.id).filter(isIn(t)).map(line);
  const headToHead = (player: string, group: ReadonlySet<string>) =>
    counted.filter((p) => p.result.winner === player && group.has(p.a) && group.has(p.b)).length;
  const byWins = new Map<number, string[]>();
  for (const l of lines) byWins.set(l.wins, [...(byWins.get(l.wins) ?? []), l.player]);
  const tied = new Map(lines.map((l) => [l.player, new Set(byWins.get(l.wins))]));
  return lines.sort((x, y) =>
    y.wins - x.wins
    || headToHead(y.player, tied.get(y.player)!) - headToHead(x.player, tied.get(x.player)!)
    || y.difference - x.difference
    || (drawOf(t, x.player) < drawOf(t, y.player) ? -1 : 1));
}

/** The entrant of a player id (a name for the texts). */
export function entrant(t: Tournament, id: string): Entrant {
  return t.players.find((p) => p.id === id) ?? { id, name: '?' };
}
