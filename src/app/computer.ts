/**
 * The computer at the table: which command it gives when the match waits for it, and the loop
 * that applies its commands through the same reducer and conditional write as a human's press.
 */
import { ok, type Result } from '../lib/index.ts';
import type { CubeContext } from '../ai/index.ts';
import { COMPUTER_ID, detonate, gamePoints, mayDetonate, mayDouble, other, positionOf, seatToAct, turnContextOf, type Command, type MatchState, type Seat } from '../game/index.ts';
import { t, type Lang } from '../i18n/index.ts';
import { runCommand, type AppError, type MatchDeps, type Outcome } from './matches.ts';

/** Returns true when the match is against the computer. */
export function isComputerMatch(state: MatchState): boolean {
  return state.settings.computer !== undefined;
}

/** The computer accepting a challenge to it, named in the board's language with its level. */
export function computerAcceptance(state: MatchState, lang: Lang): Command {
  return { type: 'accept', by: { id: COMPUTER_ID, name: t(lang, 'computer.name', { level: t(lang, `computer.${state.settings.computer ?? 'strong'}`) }) } };
}

/** Returns the computer's seat when the match waits for it to act, else null. */
export function computerToAct(state: MatchState): Seat | null {
  const seat = seatToAct(state);
  return seat !== null && state.players[seat]?.id === COMPUTER_ID ? seat : null;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The computer's evaluators: the `src/ai` module, with its weights and bear-off table (~380 KB of data). */
export type ComputerBrain = typeof import('../ai/index.ts');

let brain: Promise<ComputerBrain> | undefined;

/**
 * Loads the computer's evaluators on the first game against it, so that a webhook's cold start
 * (every update of every game) does not pay for them.
 */
export function loadComputer(): Promise<ComputerBrain> {
  return (brain ??= import('../ai/index.ts'));
}

/**
 * Returns the computer's command when the match waits for it: detonate (nuclear), double or roll, take or pass,
 * its play, or its answer to a resignation offer; undefined when it is not its turn.
 * Deterministic for a given match state (its random choices are seeded by the match), unless a
 * move runs into `MOVE_TIME_LIMIT_MS` on a busy machine.
 */
export function computerCommand(state: MatchState, { ComputerPlayer, MOVE_TIME_LIMIT_MS, seededRandom }: ComputerBrain): Command | undefined {
  const seat = computerToAct(state);
  const game = state.game;
  if (seat === null || !game) return undefined;
  const by = COMPUTER_ID;
  const s = state.settings;
  const player = new ComputerPlayer(s.computer ?? 'strong', s.variant, s.options, seededRandom(hash(`${state.id}#${state.history.length}`)));
  player.moveTimeLimitMs = MOVE_TIME_LIMIT_MS;
  const cube = cubeContext(state, seat);
  const position = positionOf(s, game); // the mover's view: board[0] is game.turn.seat
  const t = game.turn;
  switch (t.stage) {
    case 'decide':
      if (mayDetonate(state) && player.shouldDetonate(position, { ...position, board: detonate(position.board) })) return { type: 'detonate', by };
      return { type: mayDouble(state) && player.shouldDouble(position, cube) ? 'double' : 'roll', by };
    case 'doubled': // the human doubled: board[0] is the doubler, to roll
      return { type: player.answerDouble(position, cube), by };
    case 'beavered': // the computer doubled and was beavered: board[0] is the computer, to roll
      return { type: player.answerBeaver(position, cube), by };
    case 'resignOffered': { // board[0] is the human offering to lose `points`
      const points = gamePoints(s, game.cube.value, t.offer ?? 'oin');
      const expected = -player.equityToRoll(position) * game.cube.value;
      return { type: points >= expected - 0.05 ? 'acceptResign' : 'declineResign', by };
    }
    case 'moving': {
      if (!t.dice) return undefined;
      const play = player.choosePlay(position, t.dice, turnContextOf(game));
      return { type: 'play', by, move: play?.move ?? 'Ø' };
    }
    case 'opening':
      return undefined;
  }
}

/** The cube as `seat` sees it (value before any double in progress, owner, the rules in force). */
export function cubeContext(state: MatchState, seat: Seat): CubeContext {
  const s = state.settings;
  const { value, owner } = state.game!.cube;
  return {
    value,
    matchLength: s.matchLength,
    score: [state.score[seat], state.score[other(seat)]],
    owner: owner === null ? 'centre' : owner === seat ? 'mine' : 'theirs',
    jacoby: s.matchLength === 0 && s.jacoby,
    beaver: s.matchLength === 0 && s.beaver,
    crawford: s.crawford,
  };
}

/** A bound on the computer's commands in a row (its turns end when the human must act). */
const MAX_COMPUTER_COMMANDS = 200;

/**
 * Applies the computer's commands while the match waits for it, each through `runCommand` with
 * the version it read (a concurrent press makes it stop: whoever stored first goes on). Calls
 * `show` once at the end when anything changed. Returns the last outcome (or the given one), with
 * the events of all the computer's commands.
 */
export async function playComputer(deps: MatchDeps, outcome: Outcome, show?: (outcome: Outcome) => Promise<void>): Promise<Result<Outcome, AppError>> {
  let last = outcome;
  for (let i = 0; i < MAX_COMPUTER_COMMANDS; i++) {
    if (computerToAct(last.state) === null) break;
    const command = computerCommand(last.state, await loadComputer());
    if (!command) break;
    const next = await runCommand(deps, last.state.id, command, { expectedVersion: last.record.version });
    if (!next.ok) return next;
    // `show` hears every event of the computer's run (a game it ended on the way, say), not only the last command's.
    last = { ...next.value, events: [...(last === outcome ? [] : last.events), ...next.value.events] };
  }
  if (last !== outcome) await show?.(last);
  return ok(last);
}
