/**
 * Folding events into the match: what each event does to the state, and nothing else (no
 * decisions, no dice). Replaying a match's history is folding its events from the first.
 */
import { InvariantError } from '../lib/index.ts';
import { isLastRollDue, ladderStart, nextRung, parsePlay, startBoard, VARIANTS, type Board } from '../engine/index.ts';
import { chargeClock, seatToAct, setAway, startClock } from './clock.ts';
import { detonate, isCrawfordGame, other, positionOf, turnContextOf } from './match.ts';
import { SCHEMA_VERSION, TRANSIENT_EVENTS, type GameState, type MatchEvent, type MatchState, type Seat, type Turn } from './types.ts';

function turn(seat: Seat, stage: Turn['stage'], dice: Turn['dice'] = null): Turn {
  return { seat, stage, dice, steps: [] };
}

function withGame(state: MatchState, game: Partial<GameState>): MatchState {
  if (!state.game) throw new InvariantError('no game in progress');
  return { ...state, game: { ...state.game, ...game } };
}

function seatsFromMover(game: GameState, moverFirst: Board): Board {
  return game.turn.seat === 0 ? [moverFirst[0], moverFirst[1]] : [moverFirst[1], moverFirst[0]];
}

/**
 * Returns the turn after a play: usually the opponent's, to roll. In gul bara a double on a ladder
 * turn brings the next double's rung to the roller, or what it could not play to the opponent, who
 * rolls its own turn when that is done (docs/rules/variants.md §6).
 */
function afterPlay(state: MatchState, seat: Seat, dice: readonly [number, number], used: number): Turn {
  const game = state.game!;
  const rung = game.turn.ladder ?? ladderStart(VARIANTS[state.settings.variant], dice, game.turnsPlayed[seat] + 1);
  const next = rung && nextRung(rung, used);
  if (next) return { ...turn(next.toOpponent ? other(seat) : seat, 'moving', [next.rung.die, next.rung.die]), ladder: next.rung };
  return turn(rung?.passed ? seat : other(seat), 'decide');
}

function evolveGame(state: MatchState, e: MatchEvent): MatchState {
  const game = state.game;
  if (!game) throw new InvariantError(`event ${e.type} needs a game`);
  const t = game.turn;
  switch (e.type) {
    case 'openingThrow': {
      if (e.dice[0] === e.dice[1]) return state;
      const starter: Seat = e.dice[0] > e.dice[1] ? 0 : 1;
      const starterFirst: [number, number] = starter === 0 ? [e.dice[0], e.dice[1]] : [e.dice[1], e.dice[0]];
      const rollAgain = VARIANTS[state.settings.variant].opening === 'rollAgain';
      return withGame(state, { starter, turn: rollAgain ? turn(starter, 'decide') : turn(starter, 'moving', starterFirst) });
    }
    case 'autoDoubled':
      return withGame(state, { cube: { value: e.value, owner: null } });
    case 'rolled':
      return withGame(state, { turn: turn(e.seat, 'moving', e.dice) });
    case 'stepped':
      return withGame(state, { turn: { ...t, steps: [...t.steps, e.step] } });
    case 'undone':
      return withGame(state, { turn: { ...t, steps: t.steps.slice(0, -1) } });
    case 'played': {
      const position = positionOf(state.settings, game);
      const play = parsePlay(e.move, position, e.dice, turnContextOf(game));
      if (!play.ok) throw new InvariantError(`history holds an illegal play ${e.move}: ${play.error.message}`);
      const turnsPlayed: [number, number] = [game.turnsPlayed[0], game.turnsPlayed[1]];
      if (!t.ladder) turnsPlayed[e.seat]++; // a ladder rung is part of a turn, not a turn of its own
      const lastRoll = isLastRollDue({ ...position, board: play.value.board }, e.seat === game.starter);
      const next = afterPlay(state, e.seat, e.dice, play.value.steps.length);
      return withGame(state, { board: seatsFromMover(game, play.value.board), turnsPlayed, lastRoll, turn: next });
    }
    case 'doubled':
      return withGame(state, { turn: { ...t, stage: 'doubled' } });
    case 'detonated':
      return withGame(state, { board: detonate(game.board), bomb: other(e.seat) });
    case 'beavered':
      return withGame(state, { turn: { ...t, stage: 'beavered' } });
    case 'taken':
      // After a take (or a take of a beaver) the cube belongs to the mover's opponent.
      return withGame(state, { cube: { value: e.value, owner: other(t.seat) }, turn: turn(t.seat, 'decide') });
    case 'passed':
    case 'timedOut':
      return state;
    case 'resigned':
      return e.kind === 'oin' ? state : withGame(state, { turn: { ...t, stage: 'resignOffered', offer: e.kind } });
    case 'resignDeclined':
      return withGame(state, { turn: { seat: t.seat, stage: t.dice ? 'moving' : 'decide', dice: t.dice, steps: t.steps, ...(t.ladder ? { ladder: t.ladder } : {}) } });
    case 'gameEnded': {
      const score: [number, number] = [state.score[0], state.score[1]];
      if (e.winner !== null) score[e.winner] += e.points;
      const ended = { winner: e.winner, kind: e.kind, points: e.points, reason: e.reason };
      return { ...withGame(state, { ended, turn: { ...t, steps: [] } }), score };
    }
    default:
      throw new InvariantError(`event ${e.type} is not a game event`);
  }
}

function startGame(state: MatchState, number: number, starter: Seat | null): MatchState {
  const variant = VARIANTS[state.settings.variant];
  const start = startBoard(variant)[0];
  const crawford = isCrawfordGame(state);
  const game: GameState = {
    number,
    board: [start.slice(), start.slice()],
    starter: starter ?? 0,
    turnsPlayed: [0, 0],
    cube: { value: 1, owner: null },
    crawford,
    turn: starter === null ? turn(0, 'opening') : turn(starter, 'decide'),
    lastRoll: false,
    bomb: variant.bomb ? 'centre' : null,
    ended: null,
  };
  return { ...state, game, crawfordPlayed: state.crawfordPlayed || crawford };
}

function evolveCore(state: MatchState, e: MatchEvent): MatchState {
  switch (e.type) {
    case 'challenged':
      return {
        schema: SCHEMA_VERSION,
        id: e.id,
        settings: e.settings,
        createdAt: e.at,
        players: [e.by, null],
        invitee: e.invitee,
        challengeExpiresAt: e.expiresAt,
        phase: 'challenge',
        score: [0, 0],
        crawfordPlayed: false,
        game: null,
        clock: null,
        result: null,
        history: [],
      };
    case 'accepted': {
      const challenger = state.players[0];
      if (!challenger) throw new InvariantError('challenge without a challenger');
      const players: MatchState['players'] = e.challengerSeat === 0 ? [challenger, e.by] : [e.by, challenger];
      return { ...state, players, invitee: null, phase: 'playing', clock: startClock(state.settings.clock, e.at) };
    }
    case 'configured':
      return { ...state, settings: e.settings };
    case 'declined':
      return { ...state, phase: 'declined' };
    case 'cancelled':
      return { ...state, phase: 'cancelled' };
    case 'expired':
      return { ...state, phase: 'expired' };
    case 'gameStarted':
      return startGame(state, e.number, e.starter);
    case 'vacation': {
      if (!state.clock) return state;
      return { ...state, clock: setAway(state.clock, e.seat, e.away, e.at, seatToAct(state) === e.seat) };
    }
    case 'hinted':
      return state;
    case 'matchEnded':
      return { ...state, phase: 'finished', result: { winner: e.winner, reason: e.reason } };
    default:
      return evolveGame(state, e);
  }
}

/**
 * Returns the match after one event, with the clock charged to the seat that acted when the seat
 * to act changes (docs/rules/match.md §5), and the event kept in the history unless it only shaped the turn
 * in progress. Not a rule by itself: the rules decided the event.
 */
export function evolve(state: MatchState, e: MatchEvent): MatchState {
  const before = e.type === 'challenged' ? null : seatToAct(state);
  let next = evolveCore(state, e);
  const after = seatToAct(next);
  if (next.clock && before !== null && (before !== after || e.type === 'played')) {
    next = { ...next, clock: chargeClock(next.clock, next.settings.clock, before, e.at, e.type === 'played') };
  } else if (next.clock && before === null && after !== null) {
    next = { ...next, clock: { ...next.clock, since: e.at } };
  }
  if (!TRANSIENT_EVENTS.has(e.type)) next = { ...next, history: [...next.history, e] };
  if (next.fair && drawsRoll(state, e)) next = { ...next, fair: { ...next.fair, rolls: next.fair.rolls + 1 } };
  return next;
}

/**
 * Whether an event drew a roll of the match's dice: every opening throw (ties too) and every roll,
 * and the acceptance when the seats were left to the dice. The order of these events is the order
 * of the roll index (src/dice/fair.ts). Not a rule: the dice's bookkeeping.
 */
export function drawsRoll(before: MatchState, e: MatchEvent): boolean {
  return e.type === 'openingThrow' || e.type === 'rolled' || (e.type === 'accepted' && before.settings.colour === 'random');
}
