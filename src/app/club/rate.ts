/**
 * Rating a finished match, exactly once, without transactions (dynalite has none): an idempotent
 * step keyed by the match id. The match moves up to four standings — each player's on the global
 * board of its family and on the chat's — and each is its own item, written by its own conditional
 * write (on the item's version) that also records the match in the item's `applied` list. So:
 *
 * - a standing that already lists the match is never changed again (a redelivered update, a
 *   second press racing the first, the sweep announcing a time-out twice);
 * - two writers racing on one standing: one write wins, the other re-reads, finds the match
 *   applied and stops (or, if another match moved it meanwhile, applies this one on top);
 * - a crash between the writes (one player's standing updated, the other's not) is healed by the
 *   next run: the updated side's entry keeps its rating *before* the match, so the other side is
 *   rated against the same opponent it would have met, and the updated side is left alone. The
 *   next run comes from the press's redelivery (`answerAgain`), the sweep's retried announcement,
 *   or, at the latest, the sweep's fading of the game 30 days on.
 *
 * Each side is rated against the other's rating before the match (Glicko-2, the match its own
 * period, weighted by √N: `families.ts`). When both sides are written concurrently and one of them
 * is also moved by another match at that instant, its opponent may be rated against its rating
 * one match earlier; the match still counts once on each side.
 */
import type { MatchState } from '../../game/index.ts';
import type { GameRecord, GameStore } from '../../store/index.ts';
import { familyOf, isRated, matchWeight } from './families.ts';
import { update, type Glicko } from './glicko2.ts';
import { APPLIED_KEPT, DAY_MS, HISTORY_DAYS, HISTORY_KEPT, boardOf, encodeStanding, newcomer, recordOfItem, type RatingRecord, type Standing } from './standing.ts';

/** One player's change on the global board, for the result message: `Anna 1512 → 1527 (+15)`. */
export interface RatingChange {
  readonly player: string;
  readonly name: string;
  readonly before: number;
  readonly after: number;
}

/** How often a standing's write is retried after losing a race before giving up (the next run heals it). */
const ATTEMPTS = 6;

/**
 * Rates a finished match once (see above) and returns both players' change on their global board,
 * seat 0 first; undefined for a match that is not rated (`isRated`). Throws on infrastructure
 * failures: whatever was written stays written, and running it again finishes the rest.
 */
export async function rateMatch(store: GameStore, record: GameRecord, state: MatchState, now: number): Promise<readonly RatingChange[] | undefined> {
  if (!isRated(state)) return undefined;
  const family = familyOf(state.settings.variant);
  const boards = [boardOf(family), ...(record.chat === undefined ? [] : [boardOf(family, record.chat)])];
  const players = [state.players[0]!, state.players[1]!] as const;
  const keys = boards.flatMap((board) => players.map((p) => ({ player: p.id, board })));
  const read = new Map((await store.club.readRatings(keys)).flatMap((item) => {
    const r = recordOfItem(item);
    return r === undefined ? [] : [[`${item.player}|${item.board}`, r] as const];
  }));
  const current = (player: string, board: string): RatingRecord =>
    read.get(`${player}|${board}`) ?? { player, board, version: 0, standing: newcomer('') };
  // The winner scores 1; a drawn single game 0.5 each.
  const winner = state.result!.winner;
  const scoreOf = (seat: 0 | 1) => (winner === null ? 0.5 : winner === seat ? 1 : 0);
  const weight = matchWeight(state.settings.matchLength);
  const sides = boards.flatMap((board) => ([0, 1] as const).map((seat) => {
    const me = current(players[seat].id, board);
    const other = current(players[seat === 0 ? 1 : 0].id, board);
    // The opponent as they stood before this match: from their entry if it was applied there already.
    const opponent = before(other.standing, state.id) ?? other.standing;
    return applySide(store, me, { match: state.id, at: now, name: players[seat].name, variant: state.settings.variant, opponent, score: scoreOf(seat), weight });
  }));
  const written = await Promise.all(sides);
  return ([0, 1] as const).map((seat) => {
    const standing = written[seat]!;
    const entry = standing.applied.find((a) => a.match === state.id)!;
    return { player: players[seat].id, name: players[seat].name, before: entry.before.rating, after: entry.after };
  });
}

/** What one side of a match brings to its standing. */
interface Side {
  readonly match: string;
  readonly at: number;
  readonly name: string;
  readonly variant: string;
  readonly opponent: Glicko;
  readonly score: number;
  readonly weight: number;
}

function before(standing: Standing, match: string): Glicko | undefined {
  return standing.applied.find((a) => a.match === match)?.before;
}

/** Applies one side to one standing unless it lists the match already; retried on a lost race. Returns the standing as stored. */
async function applySide(store: GameStore, read: RatingRecord, side: Side): Promise<Standing> {
  let current = read;
  for (let attempt = 0; ; attempt++) {
    if (current.standing.applied.some((a) => a.match === side.match)) return current.standing;
    const next = withMatch(current.standing, side);
    if (await store.club.writeRating({ player: current.player, board: current.board, rating: next.rating, version: current.version, value: encodeStanding(next) }, current.version)) return next;
    if (attempt + 1 >= ATTEMPTS) throw new Error(`rating of ${current.player} on ${current.board}: ${ATTEMPTS} writes lost their race`);
    const [item] = await store.club.readRatings([{ player: current.player, board: current.board }]);
    current = (item === undefined ? undefined : recordOfItem(item)) ?? { ...current, version: item?.version ?? 0, standing: newcomer('') };
  }
}

/** The standing after one more match (Glicko-2 with the match as its own period), with its bookkeeping. */
export function withMatch(standing: Standing, side: Side): Standing {
  const rated = update(standing, [{ opponent: side.opponent, score: side.score, weight: side.weight }]);
  const won = side.score === 1;
  const streak = won ? standing.streak + 1 : 0;
  const keepFrom = side.at - HISTORY_DAYS * DAY_MS;
  return {
    ...rated,
    name: side.name,
    games: standing.games + 1,
    wins: standing.wins + (won ? 1 : 0),
    lastPlayed: Math.max(standing.lastPlayed, side.at),
    streak,
    bestStreak: Math.max(standing.bestStreak, streak),
    variants: { ...standing.variants, [side.variant]: (standing.variants[side.variant] ?? 0) + 1 },
    history: [...(standing.history[0] !== undefined && standing.history[0].at < keepFrom ? standing.history.filter((h) => h.at >= keepFrom) : standing.history), { at: side.at, before: standing.rating, after: rated.rating, won }].slice(-HISTORY_KEPT),
    applied: [...standing.applied, { match: side.match, at: side.at, before: { rating: standing.rating, deviation: standing.deviation, volatility: standing.volatility }, after: rated.rating }].slice(-APPLIED_KEPT),
  };
}
