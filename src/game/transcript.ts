/**
 * A match's dice transcript: every roll it drew, numbered by the roll index in the order drawn
 * (src/dice/fair.ts), with what the verifier needs to recompute them — the commitment, the
 * players' seeds and, once the match is over, the server seed. Offered to the players as a JSON
 * file and checked by `nardy verify` (src/dice/verify.ts). Not a rule: a record of the dice.
 */
import { drawsRoll } from './evolve.ts';
import type { MatchState } from './types.ts';

/** One roll as the match recorded it. */
export type TranscriptRoll =
  /** The acceptance seated the players by the dice: the first die 1–3 puts the challenger on White. */
  | { readonly i: number; readonly kind: 'seats'; readonly challengerWhite: boolean }
  | { readonly i: number; readonly kind: 'opening'; readonly game: number; readonly dice: readonly [number, number] }
  | { readonly i: number; readonly kind: 'roll'; readonly game: number; readonly seat: 'white' | 'black'; readonly dice: readonly [number, number] };

export interface Transcript {
  /** The format, for a reader's verifier. */
  readonly format: 'nardy-dice/1';
  readonly match: string;
  readonly variant: string;
  /** The challenger's name, then the acceptor's. */
  readonly players: readonly [string, string];
  readonly commitment: string;
  /** The challenger's seed, then the acceptor's. */
  readonly seeds: readonly [string, string];
  /** Present only once the match is over. */
  readonly serverSeed?: string;
  readonly rolls: readonly TranscriptRoll[];
}

/** Returns true once a match's server seed may be shown: it will never roll again. Not a rule: the dice's secrecy. */
export function diceRevealable(state: MatchState): boolean {
  return state.phase !== 'playing' && state.phase !== 'challenge';
}

/**
 * Returns the transcript of a match with checkable dice, or undefined for one without (or still a
 * challenge). `closed`: the game was closed for good (abandoned) though its phase still says playing.
 * Not a rule: a record of the dice.
 */
export function transcriptOf(state: MatchState, closed = false): Transcript | undefined {
  const fair = state.fair;
  if (!fair?.seeds) return undefined;
  const rolls: TranscriptRoll[] = [];
  let before: MatchState | undefined;
  let game = 0;
  let challengerSeat: 0 | 1 = 0;
  for (const e of state.history) {
    if (e.type === 'challenged') { before = { ...state, settings: e.settings }; continue; }
    if (e.type === 'configured') before = { ...before!, settings: e.settings };
    if (e.type === 'gameStarted') game = e.number;
    if (e.type === 'accepted') challengerSeat = e.challengerSeat;
    if (!before || !drawsRoll(before, e)) continue;
    const i = rolls.length;
    if (e.type === 'accepted') rolls.push({ i, kind: 'seats', challengerWhite: e.challengerSeat === 0 });
    else if (e.type === 'openingThrow') rolls.push({ i, kind: 'opening', game, dice: e.dice });
    else if (e.type === 'rolled') rolls.push({ i, kind: 'roll', game, seat: e.seat === 0 ? 'white' : 'black', dice: e.dice });
  }
  const name = (seat: 0 | 1) => state.players[seat]?.name ?? '';
  return {
    format: 'nardy-dice/1',
    match: state.id,
    variant: state.settings.variant,
    players: [name(challengerSeat), name(challengerSeat === 0 ? 1 : 0)],
    commitment: fair.commitment,
    seeds: fair.seeds,
    ...(diceRevealable(state) || closed ? { serverSeed: fair.serverSeed } : {}),
    rolls,
  };
}
