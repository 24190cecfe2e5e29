/**
 * Deciding: a player's command, checked against the match, becomes events (or a typed error).
 * Dice come from the injected source; nothing here reads a clock or changes state.
 */
import { fail, ok, type Result } from '../lib/index.ts';
import { VARIANTS, gameResult, isLastRollDue, parsePlay, turnProgress, type Step, type WinKind } from '../engine/index.ts';
import type { DiceSource } from '../dice/index.ts';
import { checkCommand } from './command.ts';
import { validateSettings } from './settings.ts';
import { hintedAlready, hintsAllowed } from './hints.ts';
import { forcedSteps, gamePoints, mayDetonate, mayDouble, other, passStake, positionOf, turnContextOf } from './match.ts';
import { COMPUTER_ID, type Command, type EndReason, type GameError, type MatchEvent, type MatchState, type PlayerId, type Seat } from './types.ts';

type Decision = Result<MatchEvent[], GameError>;

function error(kind: GameError['kind'], message: string): Decision {
  return fail({ kind, message } as GameError);
}

/** Returns the seat a player sits at, or null. Not a rule: a lookup. */
export function seatOf(state: MatchState, player: PlayerId): Seat | null {
  if (state.players[0]?.id === player) return 0;
  if (state.players[1]?.id === player) return 1;
  return null;
}

/** Events that end a game, and the match when it is decided (docs/rules/match.md §4 match to N). */
export function endGame(state: MatchState, at: number, winner: Seat | null, kind: WinKind | 'draw', points: number, reason: EndReason): MatchEvent[] {
  const events: MatchEvent[] = [{ type: 'gameEnded', at, winner, kind, points, reason }];
  const n = state.settings.matchLength;
  if (n === 0) {
    events.push({ type: 'matchEnded', at, winner, reason });
  } else if (winner !== null && state.score[winner] + points >= n) {
    events.push({ type: 'matchEnded', at, winner, reason });
  }
  return events;
}

/**
 * Returns the events of a play: the play itself and, when it finishes the game, the game's end
 * (docs/rules §1.6, §2 `lastRoll`, §4 scoring; §6 sudden death: a play that hits wins at once,
 * single — the game ends with the turn the hit is in, since a turn is stored as a whole play).
 */
export function playEvents(state: MatchState, at: number, move: string, forced: boolean): Result<MatchEvent[], GameError> {
  const game = state.game!;
  const seat = game.turn.seat;
  const dice = game.turn.dice!;
  const position = positionOf(state.settings, game);
  const play = parsePlay(move, position, dice, turnContextOf(game));
  if (!play.ok) {
    const e = play.error;
    return fail(e.kind === 'ambiguous-play' ? { kind: e.kind, message: e.message, candidates: e.candidates } : { kind: e.kind === 'invalid-notation' ? 'invalid-notation' : 'illegal-play', message: e.message });
  }
  const events: MatchEvent[] = [{ type: 'played', at, seat, dice, move: play.value.move, forced }];
  if (VARIANTS[state.settings.variant].firstHitWins && play.value.steps.some((s) => s.hit)) {
    return ok([...events, ...endGame(state, at, seat, 'oin', gamePoints(state.settings, game.cube.value, 'oin'), 'hit')]);
  }
  const after = { ...position, board: play.value.board };
  if (isLastRollDue(after, seat === game.starter)) return ok(events);
  const result = gameResult(after);
  if (result || game.lastRoll) {
    if (!result || result.winner === null) return ok([...events, ...endGame(state, at, null, 'draw', 0, 'draw')]);
    const winner: Seat = result.winner === 0 ? seat : other(seat);
    return ok([...events, ...endGame(state, at, winner, result.kind, gamePoints(state.settings, game.cube.value, result.kind), 'borne-off')]);
  }
  return ok(events);
}

/**
 * The steps that follow `steps` with no alternative, each the only legal next step, up to where a
 * choice is left (or the turn is complete): made with the step a player chose, so a player never
 * presses a step the rules chose for them (#47 B10). A rest with one way to end the turn is the
 * `rest` of `turnProgress` instead.
 */
function forcedNext(state: MatchState, steps: readonly Step[]): Step[] {
  const game = state.game!;
  const position = positionOf(state.settings, game);
  const made = [...steps];
  const forced: Step[] = [];
  for (;;) {
    const progress = turnProgress(position, game.turn.dice!, made, turnContextOf(game));
    if (!progress.ok || progress.value.complete || progress.value.next.length !== 1) return forced;
    made.push(progress.value.next[0]);
    forced.push(progress.value.next[0]);
  }
}

function decideChallenge(state: MatchState, cmd: Command, at: number, dice: DiceSource): Decision {
  if (state.phase !== 'challenge') return error('wrong-phase', `the challenge is ${state.phase}`);
  const challenger = state.players[0]!;
  switch (cmd.type) {
    case 'accept': {
      if (cmd.by.id === challenger.id) return error('not-a-player', 'you cannot accept your own challenge');
      if (state.invitee !== null && state.invitee !== cmd.by.id) return error('not-a-player', 'this challenge is for someone else');
      if ((state.settings.computer !== undefined) !== (cmd.by.id === COMPUTER_ID)) {
        return error('not-a-player', state.settings.computer ? 'this challenge is to the computer' : 'the computer plays only when challenged');
      }
      const colour = state.settings.colour;
      const challengerSeat: Seat = colour === 'white' ? 0 : colour === 'black' ? 1 : dice.die() <= 3 ? 0 : 1;
      return ok([{ type: 'accepted', at, by: cmd.by, challengerSeat }, { type: 'gameStarted', at, number: 1, starter: null }]);
    }
    case 'decline':
      // A challenge to a handle alone has no invitee id: the app vouches that the presser holds the handle (`named`).
      if (cmd.by === challenger.id || (state.invitee === null ? cmd.named !== true : cmd.by !== state.invitee)) return error('not-a-player', 'only the invited player can decline');
      return ok([{ type: 'declined', at }]);
    case 'cancel':
      if (cmd.by !== challenger.id) return error('not-a-player', 'only the challenger can cancel');
      return ok([{ type: 'cancelled', at }]);
    case 'configure': {
      if (cmd.by !== challenger.id) return error('not-a-player', 'only the challenger can change the settings');
      const settings = validateSettings(cmd.settings);
      if (!settings.ok) return settings;
      return ok([{ type: 'configured', at, settings: settings.value }]);
    }
    default:
      return error('wrong-phase', `"${cmd.type}" is not possible before the challenge is accepted`);
  }
}

function decideTurn(state: MatchState, cmd: Exclude<Command, { type: 'accept' | 'tick' }>, at: number, dice: DiceSource): Decision {
  const game = state.game;
  if (state.phase !== 'playing' || !game || game.ended) return error('wrong-phase', 'no game is being played');
  const seat = seatOf(state, cmd.by);
  if (seat === null) return error('not-a-player', 'you are not playing in this match');
  const t = game.turn;
  const mover = t.seat;
  const answering = t.stage === 'doubled' || t.stage === 'resignOffered' ? other(mover) : mover;
  if (cmd.type === 'vacation') {
    if (state.settings.clock.kind !== 'correspondence' || state.settings.clock.vacationDays === 0) return error('wrong-phase', 'this match has no vacation days');
    return ok([{ type: 'vacation', at, seat, away: cmd.away }]);
  }
  if (cmd.type === 'configure') return error('wrong-phase', 'the settings are fixed once the challenge is accepted');
  if (seat !== answering) return error('not-your-turn', 'it is not your turn');
  const stageError = () => error('wrong-phase', `"${cmd.type}" is not possible now`);
  switch (cmd.type) {
    case 'roll':
      if (t.stage !== 'decide') return stageError();
      return ok([{ type: 'rolled', at, seat, dice: [dice.die(), dice.die()] }]);
    case 'double':
      if (t.stage === 'moving') {
        // Dice roll by themselves when the cube cannot be turned; otherwise the player chose to roll.
        const couldHave = state.settings.doubling && !game.crawford && (game.cube.owner === null || game.cube.owner === mover);
        if (couldHave) return error('wrong-phase', 'a double comes before the roll');
        return error('cube-not-available', game.crawford ? 'no doubling in the Crawford game' : state.settings.doubling ? 'the cube is your opponent\'s' : 'this match is played without the cube');
      }
      if (t.stage !== 'decide') return stageError();
      if (!mayDouble(state)) return error('cube-not-available', game.crawford ? 'no doubling in the Crawford game' : 'you may not double now');
      return ok([{ type: 'doubled', at, seat, value: game.cube.value * 2 }]);
    case 'hint':
      if (!hintsAllowed(state)) return error('wrong-phase', 'hints are not allowed in this match');
      if (t.stage === 'resignOffered' || (t.stage === 'moving' && !t.dice)) return stageError();
      // The same decision asked about again is one hint (#47 B2).
      if (hintedAlready(state, seat)) return ok([]);
      return ok([{ type: 'hinted', at, seat }]);
    case 'detonate':
      if (!mayDetonate(state)) return error('wrong-phase', game.bomb === null ? 'this game has no bomb' : 'the bomb cannot be detonated now');
      return ok([{ type: 'detonated', at, seat }]);
    case 'beaver':
      if (t.stage !== 'doubled' || !state.settings.beaver) return stageError();
      return ok([{ type: 'beavered', at, seat, value: game.cube.value * 4 }]);
    case 'take':
      if (t.stage === 'doubled') return ok([{ type: 'taken', at, seat, value: game.cube.value * 2 }]);
      if (t.stage === 'beavered') return ok([{ type: 'taken', at, seat, value: game.cube.value * 4 }]);
      return stageError();
    case 'pass': {
      const stake = passStake(game);
      if (!stake) return stageError();
      return ok([{ type: 'passed', at, seat }, ...endGame(state, at, stake.winner, 'oin', stake.points, 'passed')]);
    }
    case 'resign': {
      if (t.stage !== 'decide' && t.stage !== 'moving') return stageError();
      const kind = cmd.kind ?? 'oin';
      const resigned: MatchEvent = { type: 'resigned', at, seat, kind };
      if (kind === 'oin') return ok([resigned, ...endGame(state, at, other(seat), 'oin', game.cube.value, 'resigned')]);
      return ok([resigned]);
    }
    case 'acceptResign':
      if (t.stage !== 'resignOffered' || !t.offer) return stageError();
      return ok(endGame(state, at, seat, t.offer, gamePoints(state.settings, game.cube.value, t.offer), 'resigned'));
    case 'declineResign':
      if (t.stage !== 'resignOffered') return stageError();
      return ok([{ type: 'resignDeclined', at, seat }]);
    case 'step': {
      if (t.stage !== 'moving' || !t.dice) return stageError();
      const progress = turnProgress(positionOf(state.settings, game), t.dice, t.steps, turnContextOf(game));
      if (!progress.ok) return error('illegal-play', progress.error.message);
      const step = progress.value.next.find((s) => s.from === cmd.from && s.to === cmd.to && (cmd.die === undefined || s.die === cmd.die));
      if (!step) return error('illegal-play', `${cmd.from}/${cmd.to} is not a legal step now`);
      const stepped: MatchEvent = { type: 'stepped', at, seat, step };
      if (cmd.rest === undefined) return ok([stepped]);
      const after = turnProgress(positionOf(state.settings, game), t.dice, [...t.steps, step], turnContextOf(game));
      const rest = after.ok ? after.value.rest : undefined;
      if (!rest) return ok([stepped, ...forcedNext(state, [...t.steps, step]).map((s): MatchEvent => ({ type: 'stepped', at, seat, step: s }))]);
      if (cmd.rest === 'play') return playEvents(state, at, rest.play.move, false);
      return ok([stepped, ...rest.steps.map((s): MatchEvent => ({ type: 'stepped', at, seat, step: s }))]);
    }
    case 'undo':
      if (t.stage !== 'moving' || t.steps.length === 0) return stageError();
      // The steps a turn began with by itself are no one's choice: Undo goes back to them, not past them.
      if (t.steps.length <= forcedSteps(state.settings, game)) return error('wrong-phase', 'the steps made so far were the only legal ones: nothing to undo');
      return ok([{ type: 'undone', at, seat }]);
    case 'confirm': {
      if (t.stage !== 'moving' || !t.dice) return stageError();
      const progress = turnProgress(positionOf(state.settings, game), t.dice, t.steps, turnContextOf(game));
      if (!progress.ok) return error('illegal-play', progress.error.message);
      if (!progress.value.complete) return error('turn-incomplete', 'the turn is not complete yet');
      return playEvents(state, at, progress.value.play?.move ?? 'Ø', false);
    }
    case 'play': {
      if (t.stage !== 'moving' || !t.dice) return stageError();
      if (!cmd.pending) return playEvents(state, at, cmd.move, false);
      // Laid out for a player who confirms each turn: the play's steps, from the start of the turn.
      const play = parsePlay(cmd.move, positionOf(state.settings, game), t.dice, turnContextOf(game));
      const laid = play.ok ? turnProgress(positionOf(state.settings, game), t.dice, play.value.steps, turnContextOf(game)) : undefined;
      if (!play.ok || !laid?.ok || !laid.value.complete) return playEvents(state, at, cmd.move, false);
      const undone: MatchEvent[] = t.steps.map(() => ({ type: 'undone', at, seat }));
      return ok([...undone, ...play.value.steps.map((step): MatchEvent => ({ type: 'stepped', at, seat, step }))]);
    }
    case 'decline':
    case 'cancel':
      return stageError();
  }
}

/** Returns the events a command causes, or why it cannot be done. Not a rule by itself: it applies docs/rules §1–§5. */
export function decide(state: MatchState, input: Command, at: number, dice: DiceSource): Decision {
  const checked = checkCommand(input);
  if (!checked.ok) return checked;
  const cmd = checked.value;
  if (cmd.type === 'tick') return ok([]);
  if (state.phase === 'challenge') return decideChallenge(state, cmd, at, dice);
  if (cmd.type === 'accept') return error('wrong-phase', `the challenge is ${state.phase}`);
  return decideTurn(state, cmd, at, dice);
}
