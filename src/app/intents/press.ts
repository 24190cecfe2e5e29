/**
 * A button press. It is checked (token, presser, turn, version), answered with a toast before the
 * write, applied through the reducer, stored with one conditional write, and the board is redrawn
 * in place. View-only presses (pick a checker, ask to confirm) redraw and write nothing.
 */
import { COMPUTER_ID, seatToAct, type Command, type MatchEvent, type MatchState } from '../../game/index.ts';
import { ok, type Result } from '../../lib/index.ts';
import { errorText, t, type Lang, type MessageKey } from '../../i18n/index.ts';
import { wasApplied, type GameRecord } from '../../store/index.ts';
import { computerAcceptance, computerToAct, isComputerMatch, playComputer } from '../computer.ts';
import { boardLangOf } from '../board-language.ts';
import { cancelsAsAdmin } from '../chat-admin.ts';
import { matchOf, runCommand, type AppError, type Outcome } from '../matches.ts';
import type { ChatUser, Intent, MessageRef } from '../ports.ts';
import { rateAtMatchEnd } from '../club/match-end.ts';
import { bringBoardDown, followNotice, noticeTurn, ownBoardIn, postNotice, publishBoard, showBoard, tellEnding, type Placement } from '../publish.ts';
import { ADDRESSEE, BOARD, INVITEE, NOTICE, noteOf, reachNote } from '../remembered.ts';
import { addressedTo } from '../named.ts';
import { decodeToken, type Choice, type Surface, type Token } from '../tokens.ts';
import { mayAnswerRefusal } from '../limits.ts';
import { claimPost } from '../posted.ts';
import { playsOf } from '../turn-answers.ts';
import { mayActHere, mayRedraw } from './press-place.ts';
import { boardPicture, pressCheck, type ViewMode } from '../views.ts';
import { tournamentMatchOver } from '../tournament/match-end.ts';
import { sendLuck, sendTranscript, showDice } from './dice-buttons.ts';
import { hint } from './hint.ts';
import { history } from './history.ts';
import { review } from './review.ts';
import { rematch } from './rematch.ts';
import { settings, SETTINGS_CHOICES } from './settings.ts';
import type { Handler, Update } from './update.ts';

type Press = Update<Intent & { kind: 'press' }>;

/** Choices that only change the picture: no command, no write. */
export const VIEW_CHOICES: ReadonlySet<Choice['k']> = new Set(['pick', 'askPass', 'askResign', 'back']);

/** Settings choices that only show another keyboard. */
const KEYBOARD_ONLY: ReadonlySet<Choice['k']> = new Set(['settings', 'variants']);

/** Whether a press would change something (not a view, not a keyboard shown): worth delivering again if it failed. */
export function changesSomething(token: Token | undefined): boolean {
  return token !== undefined && !VIEW_CHOICES.has(token.choice.k) && !KEYBOARD_ONLY.has(token.choice.k);
}

/**
 * Whether a press must claim its update on its own before it is handled (at most once): a rematch,
 * which opens a challenge. A press that changes the match claims nothing: its update id is stored
 * by the match's own write (`commitCommand`), exactly once; what a press posts for everyone
 * (a review, a record, the luck, a board brought down) is claimed once a while per chat instead
 * (`posted.ts`), which covers a redelivery too; a view, and 🔐 answered to the presser, write
 * nothing, and showing them twice is harmless.
 */
export function claimsAlone(token: Token | undefined): boolean {
  return token?.choice.k === 'rematch';
}

/** Choices that are a match command of the same name, given by the presser alone. */
const PLAIN_COMMANDS = new Set(['decline', 'cancel', 'roll', 'double', 'detonate', 'take', 'beaver', 'pass', 'resign', 'acceptResign', 'declineResign', 'undo', 'confirm'] as const);
type PlainChoice = typeof PLAIN_COMMANDS extends Set<infer K> ? K : never;

/**
 * The match command a choice stands for (view-only and settings choices have none). A player who
 * confirms each turn (`/confirm on`) gets a step's forced rest and a whole play laid out as steps;
 * otherwise a step that leaves one way to end the turn ends it.
 */
function commandOf(choice: Choice, by: ChatUser, state: MatchState, confirmTurns: boolean): Command | undefined {
  const id = by.id;
  if (PLAIN_COMMANDS.has(choice.k as PlainChoice)) return { type: choice.k as PlainChoice, by: id };
  switch (choice.k) {
    case 'accept': return { type: 'accept', by: { id, name: by.name } };
    case 'step': return { type: 'step', by: id, from: choice.from, to: choice.to, die: choice.die, rest: confirmTurns ? 'fill' : 'play' };
    case 'play': {
      const game = state.game;
      if (!game?.turn.dice) return { type: 'play', by: id, move: '?' };
      const plays = playsOf(state.settings, game);
      return { type: 'play', by: id, move: plays[choice.i]?.move ?? '?', ...(confirmTurns ? { pending: true } : {}) };
    }
    default: return undefined;
  }
}

function modeOf(choice: Choice): ViewMode {
  if (choice.k === 'pick') return { pick: choice.from };
  if (choice.k === 'askPass') return { confirm: 'pass' };
  if (choice.k === 'askResign') return { confirm: 'resign' };
  return {};
}

/**
 * Whose answer a press of a challenge's Accept, Decline or Cancel is not (#48): Accept and Decline
 * are its addressee's (anyone's but the challenger's Accept for an open one), Cancel its
 * challenger's. The words for a press of the other's, rather than "This is not your game": it is.
 */
export function misanswered(record: GameRecord, state: MatchState, choice: Choice['k'], from: ChatUser): { key: MessageKey; params?: Record<string, string> } | undefined {
  if (state.phase !== 'challenge' || isComputerMatch(state)) return undefined;
  const challenger = state.players[0];
  if ((choice === 'accept' || choice === 'decline') && challenger?.id === from.id) {
    const addressed = state.invitee !== null || noteOf(record, INVITEE) !== undefined;
    if (addressed) return { key: 'toast.forInvitee', params: { name: noteOf(record, ADDRESSEE) ?? '?' } };
    return choice === 'accept' ? { key: 'toast.forAnyone' } : undefined;
  }
  if (choice === 'cancel' && challenger?.id !== from.id && addressedTo(record, state, from)) return { key: 'toast.forChallenger', params: { name: challenger?.name ?? '?' } };
  return undefined;
}

/** A challenge to a handle may be accepted only by that handle (the messenger gave no id for it). */
export function mayAccept(record: GameRecord, from: ChatUser): boolean {
  const handle = noteOf(record, INVITEE);
  return handle === undefined || handle === from.username?.toLowerCase();
}

export const press: Handler<'press'> = async (u) => {
  const { deps, intent, emit, lang } = u;
  const token = decodeToken(intent.token);
  if (!token || !u.game) return void (await emit({ kind: 'toast', text: t(lang, 'toast.stale') }));
  const loaded = matchOf(u.game);
  if (!loaded.ok) return void (await emit({ kind: 'toast', text: errorText(lang, loaded.error) }));
  const { record, state } = loaded.value;
  const boardLang = await boardLangOf(deps.store, record, { chat: intent.chat, chatLang: u.chatLang }, intent.from.language);
  const refresh = async () => {
    await emit({ kind: 'toast', text: t(lang, 'toast.stale') });
    if (token.surface === 'board' && intent.message && state.game && mayRedraw(record, state, intent)) await showBoard(u, record, state, boardLang, intent.chat, intent.message);
  };
  // A token from before tokens were signed is trusted for a redraw only; a board's button pressed
  // under a message where that game is not shown (its chat's, or a player's own) does nothing.
  if (token.unsigned) return refresh();
  if (!mayActHere(record, state, intent, token)) return void (await emit({ kind: 'toast', text: t(lang, 'toast.stale') }));
  if (token.choice.k === 'bringDown') {
    if (!state.players.some((p) => p?.id === intent.from.id)) return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourGame') }));
    if (!record.chat || !state.game || !noteOf(record, BOARD)) return void (await emit({ kind: 'toast', text: t(lang, 'toast.stale') }));
    // Each repost is a notification in the game's chat: once a minute per version (`posted.ts`).
    if (!(await claimPost(u, record.id, 'bringDown', record.version))) return;
    await emit({ kind: 'toast', text: '' });
    return bringBoardDown(u, record, state, await boardLangOf(deps.store, record, { chat: intent.chat, chatLang: u.chatLang }, lang));
  }
  if (token.choice.k === 'rematch') return rematch(u, record, state);
  if (token.choice.k === 'history') return history(u, record, state);
  if (token.choice.k === 'dice') return showDice(u, state, lang); // to the presser alone: in their language
  if (token.choice.k === 'verify') return sendTranscript(u, record, state, boardLang);
  if (token.choice.k === 'luck') return sendLuck(u, state, token.choice.n, boardLang);
  if (token.choice.k === 'review') return review(u, record, state);
  if (computerToAct(state) !== null) {
    // The computer's turn was left unplayed (a crash between writes): play it, then show the board.
    const played = await playComputer(deps, { record, state, events: [] }, (o) => showComputerMove(u, o, boardLang));
    if (!played.ok) return pressFailed(u, played.error, boardLang, token.surface, false);
    return void (await emit({ kind: 'toast', text: t(lang, 'toast.stale') }));
  }
  // A redelivery of a press that was applied: its board moved on because of it, so it is not told the board is old.
  if (intent.updateKey !== undefined && wasApplied(record.applied, intent.updateKey)) return answerAgain(u, record, state, boardLang, token.surface, false);
  if (token.version !== record.version) return refresh();
  if (token.choice.k === 'hint') return hint(u, record, state, boardLang, (command) => commitCommand(u, loaded.value, command));
  if (state.phase === 'challenge' && SETTINGS_CHOICES.has(token.choice.k)) return settings(u, token, { record, state }, boardLang);
  if (VIEW_CHOICES.has(token.choice.k)) {
    const who = pressCheck(state, intent.from.id);
    if (who === 'not-your-game') return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourGame') }));
    if (who === 'not-your-turn') return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourTurn') }));
    await emit({ kind: 'toast', text: '' });
    return showBoard(u, record, state, boardLang, intent.chat, intent.message, modeOf(token.choice));
  }
  // A challenge to a handle that is not the presser's says whose it is (issue #47, B3): the bot
  // cannot tell a mistyped handle from a stranger's, so the challenger can be asked to reply instead.
  if (token.choice.k === 'accept' && !mayAccept(record, intent.from)) return void (await emit({ kind: 'toast', text: t(lang, 'toast.forHandle', { handle: noteOf(record, INVITEE) ?? '' }), alert: true }));
  const wrong = misanswered(record, state, token.choice.k, intent.from);
  if (wrong) return void (await emit({ kind: 'toast', text: t(lang, wrong.key, wrong.params) }));
  // A challenge to the computer: its author's Play makes the computer accept.
  const computerAccepts = token.choice.k === 'accept' && isComputerMatch(state);
  if (computerAccepts && state.players[0]?.id !== intent.from.id) return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourGame') }));
  // The reducer lets only the challenger cancel: a chat's admin cancels in the challenger's name (the message says who did).
  const byAdmin = token.choice.k === 'cancel' && (await cancelsAsAdmin(u, record, state));
  // A challenge to a handle alone (no id) is declined by whoever holds that handle; the reducer cannot tell, so the press vouches (`named`).
  const named = token.choice.k === 'decline' && state.invitee === null && addressedTo(record, state, intent.from);
  const command = computerAccepts ? computerAcceptance(state, boardLang)
    : byAdmin ? { type: 'cancel' as const, by: state.players[0]!.id }
    : named ? { type: 'decline' as const, by: intent.from.id, named: true as const }
    : commandOf(token.choice, intent.from, state, u.me.confirm);
  if (!command) return refresh();
  let answered = false;
  let toast: Promise<unknown> = Promise.resolve();
  // A press on the board: its notice, if it hands the turn over, is noted by the move's own write.
  const committed = await commitCommand(u, loaded.value, command, async (next) => {
    // The toast stays the first effect (it stops the spinner) and travels beside the write; the
    // next board is worked out and drawn once the write is on its way (`setImmediate`), so neither
    // holds the write back.
    toast = emit({ kind: 'toast', text: '' });
    toast.catch(() => undefined);
    answered = true;
    if (next.game) setImmediate(() => prepareNext(u, record, next, boardLang));
  }, token.surface === 'board' && intent.message ? boardLang : undefined);
  await toast;
  if (!committed.ok) return pressFailed(u, committed.error, boardLang, token.surface, answered);
  await answerCommand(u, state, committed.value, boardLang, { surface: token.surface, message: intent.message }, committed.noticed);
};

/**
 * Starts drawing the board a command is about to show. Only a head start: whatever goes wrong here
 * goes wrong again, and is handled, when the board is shown.
 */
function prepareNext(u: Press, record: GameRecord, next: MatchState, lang: Lang): void {
  try {
    u.emit({ kind: 'prepare', picture: boardPicture(next, lang, u.deps.now(), {}, ownBoardIn(record, next, u.intent.chat)) }).catch(() => undefined);
  } catch {
    // Shown without a head start.
  }
}

/**
 * Runs a player's command on the game read with their update: exactly once per update (its id is
 * stored by the same write, `runCommand`), in that one conditional write, with how the game
 * reaches the acting player (`reachNote`) riding along.
 */
export async function commitCommand(
  u: Update, loaded: { record: GameRecord; state: MatchState }, command: Command, prepare?: (next: MatchState) => Promise<void>, noticeIn?: Lang,
): Promise<Result<Outcome, AppError> & { noticed?: PostedNotice }> {
  const { deps, intent } = u;
  let noticed: MessageRef | undefined;
  const committed = await runCommand(deps, loaded.record.id, command, {
    loaded,
    ...(intent.updateKey === undefined ? {} : { updateKey: intent.updateKey }),
    beforeSave: async (next) => {
      await prepare?.(next);
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

/** A turn notice posted before its move was stored, and the one it replaces. */
export interface PostedNotice {
  readonly sent: MessageRef;
  readonly previous?: MessageRef;
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

/** Where a command was given: on a board or a text message (the pressed one, or the board a typed move is for). */
export interface CommandSource {
  readonly surface: Surface;
  readonly message?: MessageRef;
}

/**
 * Everything after a command is stored, for a press and a typed move alike: the board redrawn
 * where it is, the turn notice, and — against the computer — its answer at once, through the same
 * reducer and conditional write; the board is then redrawn once when the human has something to
 * do (or the match is over).
 */
export async function answerCommand(u: Update, before: MatchState, committed: Outcome, lang: Lang, source: CommandSource, noticed?: PostedNotice): Promise<void> {
  await afterCommand(u, before, committed, source, lang, noticed);
  await playComputer(u.deps, committed, (o) => showComputerMove(u, o, lang, source.surface === 'board' ? source.message : undefined));
}

async function afterCommand(u: Update, before: MatchState, committed: Outcome, source: CommandSource, lang: Lang, noticed?: PostedNotice): Promise<void> {
  const { emit } = u;
  const after = committed.state;
  const fromText = source.surface === 'text';
  if (after.phase !== 'playing' && after.phase !== 'finished') {
    // A challenge declined, cancelled or expired: the challenge message says so, and who cancelled it when not its challenger (an admin).
    const byAdmin = after.phase === 'cancelled' && after.players[0]?.id !== u.intent.from.id;
    const key = after.phase === 'declined' ? 'challenge.declined' : byAdmin ? 'challenge.cancelledByAdmin' : after.phase === 'cancelled' ? 'challenge.cancelled' : 'challenge.expired';
    if (source.message) await emit({ kind: 'editText', message: source.message, text: t(lang, key, { name: u.intent.from.name }) });
    await tournamentMatchOver(u, committed.record, after);
    return;
  }
  if (fromText && source.message && before.phase === 'challenge') {
    await emit({ kind: 'editText', message: source.message, text: t(lang, 'challenge.accepted') });
  }
  // Only the press whose write won tells the opponent: a notice is a notification, never taken back.
  // The board goes first: "Alice, your move!" refers to it, so it must not arrive before it (#47 B16).
  const player = turnHandedTo(before, after, u.intent.from.id);
  const board = publishOutcome(u, committed, lang, fromText ? {} : { pressed: source.message });
  // A notice posted before the write (`commitCommand`) is followed up beside the board's edit: the one before it deleted, the player pinged.
  if (player && noticed) await Promise.all([board, followNotice(u, committed.record, player, noticed.sent, noticed.previous)]);
  else await board;
  if (player && !noticed) await noticeTurn(u, committed.record, player, lang);
}

/** The board after a command, where `place` says; when the command ended a game, with the result told (`tellEnding`). */
async function publishOutcome(u: Update, o: Outcome, lang: Lang, place: Placement): Promise<void> {
  const ended = o.events.filter((e): e is MatchEvent & { type: 'gameEnded' } => e.type === 'gameEnded').at(-1);
  if (ended) await tellEnding(u, o.record, o.state, lang, { ended, place });
  else await publishBoard(u, o.record, o.state, lang, place);
}

/** Redraws the board after the computer's commands: the pressed board, else the last one sent. */
async function showComputerMove(u: Update, o: Outcome, lang: Lang, pressed?: MessageRef): Promise<void> {
  await publishOutcome(u, o, lang, { pressed, known: true });
}

/**
 * A press the match refused. A press that lost the race to another write of the same board leaves
 * the board to the winner, who draws it from what it stored (a loser could only draw what it had
 * read, older than the stored game), and says nothing more if it was answered already. A
 * redelivered press that was applied already shows the stored board on the pressed one, the
 * answer its first delivery may not have given. Anything else is explained in a toast, or in the
 * chat once the press was answered.
 */
async function pressFailed(u: Press, error: AppError, boardLang: Lang, surface: Surface, answered: boolean): Promise<void> {
  const { lang, emit } = u;
  if (error.kind === 'stale-version') return answered ? undefined : void (await emit({ kind: 'toast', text: t(lang, 'toast.stale') }));
  if (error.kind === 'duplicate-update') {
    const stored = error.record === undefined ? undefined : matchOf(ok(error.record));
    if (stored?.ok) return answerAgain(u, stored.value.record, stored.value.state, boardLang, surface, answered);
    return answered ? undefined : void (await emit({ kind: 'toast', text: '' }));
  }
  // A write refused after its toast went out (the store's size bound, `too-large`) can no longer
  // be told in a toast: a message in the chat says it, or the press would seem to do nothing (review F6).
  // Within the presser's budget of refusals (`limits.ts`): pressing it again must not post again and again.
  if (answered) {
    if (!(await mayAnswerRefusal(u.deps.store, u.intent.from.id, u.values, u.deps.now(), u.deps.limits))) return;
    const reason = errorText(boardLang, error);
    return void (await emit({ kind: 'text', chat: u.intent.chat, text: t(boardLang, 'press.notSaved', { name: u.messenger.mention(u.intent.from), reason }) }));
  }
  const text = error.kind === 'not-a-player' ? t(lang, 'toast.notYourGame') : error.kind === 'not-your-turn' ? t(lang, 'toast.notYourTurn') : errorText(lang, error);
  await emit({ kind: 'toast', text, alert: error.kind === 'invalid-state' });
}

/** A redelivered press that was applied already: answered, and the stored board shown on the pressed one (its first delivery may have shown nothing). */
async function answerAgain(u: Press, record: GameRecord, state: MatchState, boardLang: Lang, surface: Surface, answered: boolean): Promise<void> {
  const { emit, intent } = u;
  if (!answered) await emit({ kind: 'toast', text: '' });
  // Its first delivery may have died between the match's write and its rating's: finish that (once).
  await rateAtMatchEnd(u.deps.store, record, state, u.deps.now());
  if (surface === 'board' && state.game && intent.message && mayRedraw(record, state, intent)) await showBoard(u, record, state, boardLang, intent.chat, intent.message);
}
