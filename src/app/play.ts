/**
 * A command on a stored match, the one way a player changes one — a press, a typed move, a link
 * followed to accept, a hint asked, a vacation taken: the reducer, one conditional write, then
 * what its events call for (`publishCommand`): the board redrawn where it is, the turn notice, the
 * ending told, a challenge's message marked declined or cancelled, and — against the computer —
 * its answer at once, through the same reducer and write.
 *
 * `playCommand` is both halves; a press keeps them apart (`commitCommand`, then
 * `publishCommand`) because its toast must travel beside the write and be answered before the
 * board is.
 */
import { COMPUTER_ID, seatToAct, type Command, type MatchEvent, type MatchState } from '../game/index.ts';
import { t, type Lang } from '../i18n/index.ts';
import type { Result } from '../lib/index.ts';
import type { GameRecord } from '../store/index.ts';
import { playComputer } from './computer.ts';
import { runCommand, type AppError, type Outcome } from './matches.ts';
import type { Intent, MessageRef } from './ports.ts';
import { followNotice, noticeTurn, postNotice, publishBoard, tellChallengeOver, tellEnding, type Placement, type Publisher } from './publish.ts';
import { NOTICE, noteOf, reachNote, type PlayerMemory } from './remembered.ts';
import type { Surface } from './tokens.ts';

/** Who gives a command, and where: an update's publisher, its intent and what the app remembers of its sender. */
export interface CommandGiver extends Publisher {
  readonly intent: Intent;
  readonly me: PlayerMemory;
}

/** A match as just loaded: the stored record and its decoded state. */
export interface Loaded {
  readonly record: GameRecord;
  readonly state: MatchState;
}

/** Where a command was given: on a board or a text message (the pressed one, the board a typed move is for, the challenge a link accepted). */
export interface CommandSource {
  readonly surface: Surface;
  readonly message?: MessageRef;
  /** Given on no board (a command for all one's games, `/vacation`): the board is redrawn where it was last sent. */
  readonly known?: true;
}

/** How a command is stored beside the match it changes. */
export interface Committing {
  /** Runs once the command is known to be legal, before the write (a press's toast, the next board drawn ahead). */
  readonly prepare?: (next: MatchState) => Promise<void>;
  /** A press on the board: the turn notice it hands over is posted before the write, in this language, and noted by it. */
  readonly noticeIn?: Lang;
  /**
   * Whether the command is its sender's own move in the match (default): then the update's id
   * makes it exactly once, and how the game reaches them rides along (`reachNote`). A link
   * followed to accept is not: it was claimed already, and its sender's private chat is noted by it.
   */
  readonly asPlayer?: boolean;
}

/** A turn notice posted before its move was stored, and the one it replaces. */
export interface PostedNotice {
  readonly sent: MessageRef;
  readonly previous?: MessageRef;
}

/** Runs a command and publishes what it changed (`publishCommand`); the stored outcome, or why it was refused. */
export async function playCommand(u: CommandGiver, loaded: Loaded, command: Command, lang: Lang, source: CommandSource): Promise<Result<Outcome, AppError>> {
  const committed = await commitCommand(u, loaded, command);
  if (committed.ok) await publishCommand(u, loaded.state, committed.value, lang, source);
  return committed;
}

/**
 * Runs a player's command on the game read with their update: exactly once per update (its id is
 * stored by the same write, `runCommand`), in that one conditional write, with how the game
 * reaches the acting player (`reachNote`) riding along.
 */
export async function commitCommand(u: CommandGiver, loaded: Loaded, command: Command, how: Committing = {}): Promise<Result<Outcome, AppError> & { noticed?: PostedNotice }> {
  const { deps, intent } = u;
  if (how.asPlayer === false) return runCommand(deps, loaded.record.id, command, { loaded });
  const { noticeIn } = how;
  let noticed: MessageRef | undefined;
  const committed = await runCommand(deps, loaded.record.id, command, {
    loaded,
    ...(intent.updateKey === undefined ? {} : { updateKey: intent.updateKey }),
    beforeSave: async (next) => {
      await how.prepare?.(next);
      const reach = reachNote(loaded.record, intent.from.id, u.me);
      const player = noticeIn === undefined ? undefined : noticeBeforeSave(loaded.state, next, intent.from.id);
      noticed = player && (await postNotice(u, loaded.record, player, noticeIn!));
      return noticed ? { ...reach, [NOTICE.name]: noticed } : reach;
    },
  });
  if (committed.ok) return noticed ? { ...committed, noticed: { sent: noticed, previous: noteOf(loaded.record, NOTICE) } } : committed;
  // The move was not stored: its notice is taken back at once.
  if (noticed) await u.emit({ kind: 'delete', message: noticed });
  return committed;
}

/**
 * The player a move on the board hands the turn to, when its notice may go out before the move
 * is stored, to be noted by the move's own write (issue #46: one write a turn less): the board is
 * edited in place, so the notice never comes before the board it refers to (#47 B16); not when a
 * game ends (its result comes first). Should the write then lose, the notice is deleted at once:
 * the opponent may have seen it flash, the price of a write saved on every turn.
 */
function noticeBeforeSave(before: MatchState, after: MatchState, by: string): { readonly id: string; readonly name: string } | undefined {
  if (before.phase !== 'playing' || before.game?.number !== after.game?.number) return undefined;
  return turnHandedTo(before, after, by);
}

/** The human player a command hands the turn to (not the one who gave it, not the computer), if any. */
function turnHandedTo(before: MatchState, after: MatchState, by: string): { readonly id: string; readonly name: string } | undefined {
  if (after.phase !== 'playing') return undefined;
  const actor = seatToAct(after);
  if (actor === null || actor === seatToAct(before)) return undefined;
  const player = after.players[actor];
  return player && player.id !== by && player.id !== COMPUTER_ID ? player : undefined;
}

/**
 * Everything after a command is stored: what its events call for (`afterCommand`) and, against
 * the computer, its answer at once; the board is then redrawn once when the human has something
 * to do (or the match is over).
 */
export async function publishCommand(u: CommandGiver, before: MatchState, committed: Outcome, lang: Lang, source: CommandSource, noticed?: PostedNotice): Promise<void> {
  await afterCommand(u, before, committed, source, lang, noticed);
  await playComputer(u.deps, committed, (o) => showComputerMove(u, o, lang, source.surface === 'board' ? source.message : undefined));
}

/** The board redrawn where it is, the challenge message told, the turn noticed. */
async function afterCommand(u: CommandGiver, before: MatchState, committed: Outcome, source: CommandSource, lang: Lang, noticed?: PostedNotice): Promise<void> {
  const { emit } = u;
  const after = committed.state;
  const fromText = source.surface === 'text';
  if (after.phase !== 'playing' && after.phase !== 'finished') {
    // A challenge declined, cancelled or expired: the challenge message says so, and who cancelled it when not its challenger (an admin).
    const byAdmin = after.phase === 'cancelled' && after.players[0]?.id !== u.intent.from.id;
    const key = after.phase === 'declined' ? 'challenge.declined' : byAdmin ? 'challenge.cancelledByAdmin' : after.phase === 'cancelled' ? 'challenge.cancelled' : 'challenge.expired';
    return tellChallengeOver(u, committed.record, after, source.message, t(lang, key, { name: u.intent.from.name }));
  }
  if (fromText && source.message && before.phase === 'challenge') {
    await emit({ kind: 'editText', message: source.message, text: t(lang, 'challenge.accepted') });
  }
  // Only the command whose write won tells the opponent: a notice is a notification, never taken back.
  // The board goes first: "Alice, your move!" refers to it, so it must not arrive before it (#47 B16).
  const player = turnHandedTo(before, after, u.intent.from.id);
  const board = publishOutcome(u, committed, lang, fromText ? {} : { pressed: source.message, ...(source.known ? { known: true } : {}) });
  // A notice posted before the write (`commitCommand`) is followed up beside the board's edit: the one before it deleted, the player pinged.
  if (player && noticed) await Promise.all([board, followNotice(u, committed.record, player, noticed.sent, noticed.previous)]);
  else await board;
  if (player && !noticed) await noticeTurn(u, committed.record, player, lang);
}

/** The board after a command, where `place` says; when the command ended a game, with the result told (`tellEnding`). */
async function publishOutcome(p: Publisher, o: Outcome, lang: Lang, place: Placement): Promise<void> {
  const ended = o.events.filter((e): e is MatchEvent & { type: 'gameEnded' } => e.type === 'gameEnded').at(-1);
  if (ended) await tellEnding(p, o.record, o.state, lang, { ended, place });
  else await publishBoard(p, o.record, o.state, lang, place);
}

/** Redraws the board after the computer's commands: the pressed board, else the last one sent. */
async function showComputerMove(p: Publisher, o: Outcome, lang: Lang, pressed?: MessageRef): Promise<void> {
  await publishOutcome(p, o, lang, { pressed, known: true });
}

/** Plays the computer's turn left unplayed (a crash between writes), showing each of its moves on the pressed board. */
export async function finishComputerTurn(p: Publisher, loaded: Loaded, lang: Lang): Promise<Result<Outcome, AppError>> {
  return playComputer(p.deps, { ...loaded, events: [] }, (o) => showComputerMove(p, o, lang));
}
