/**
 * A typed move (`24/18 13/11`, `roll`, `беру`): read, matched to the game it is for, and applied
 * as if its button were pressed — the same reducer, conditional write, board redrawn in place,
 * turn notice and computer's answer (`playCommand`). A move that is not legal gets one sentence
 * saying which rule refused it, and the board keeps its buttons.
 *
 * Which game: among the sender's open games whose board is in this chat (a chat's game, or a
 * game without a chat whose private board is here), the one whose board the message replies to,
 * else the only one waiting for the sender's move; with several, the sender is asked to reply to
 * the board. A spectator's text (no game of theirs here) is left alone: in a busy group, "6-4"
 * is usually talk. A refused line is answered within the user's budget of refusals (`refuse`).
 *
 * Mid-turn, after some step buttons: the typed play is read as the whole turn first (the steps are
 * replaced); if it is no legal turn that way, as the rest of the turn after the steps made.
 */
import { formatSteps, parsePlay, type EngineError, type Play } from '../../engine/index.ts';
import { positionOf, seatToAct, turnContextOf, type Command, type MatchState } from '../../game/index.ts';
import { errorText, t } from '../../i18n/index.ts';
import { fail, ok, type Result } from '../../lib/index.ts';
import type { GameRecord } from '../../store/index.ts';
import { mayAnswerRefusal } from '../limits.ts';
import { loadMatch } from '../matches.ts';
import { boardLangOf } from '../board-language.ts';
import { readTypedMove, type TypedMove } from '../move-words.ts';
import type { Button, Intent, MessageRef } from '../ports.ts';
import { BOARD, boardOf, noteOf } from '../remembered.ts';
import { gamesList } from '../texts.ts';
import { whyIllegal } from '../why-illegal.ts';
import { playCommand } from '../play.ts';
import type { Handler, Update } from './update.ts';

type Move = Update<Intent & { kind: 'move' }>;

/** How many open games of a player are looked through for the one a move is for. */
const GAMES_LOOKED_AT = 20;

/** Where a game's board is for this player: its chat's board, else their own private board. */
function boardFor(record: GameRecord, playerId: string): MessageRef | undefined {
  return record.chat ? noteOf(record, BOARD) : noteOf(record, boardOf(playerId));
}

/** Who is to act, as the listed record's summary says: choosing among the games decodes none of them. */
function toActOf(record: GameRecord): unknown {
  return (record.summary as { toAct?: unknown } | undefined)?.toAct;
}

const sameMessage = (a: MessageRef | undefined, b: MessageRef | undefined) => a !== undefined && b !== undefined && a.chat.chatId === b.chat.chatId && a.messageId === b.messageId;

/** What to answer instead of playing: a sentence, with links to the boards it names. */
interface Answer {
  readonly text: string;
  readonly buttons?: Button[][];
}

/** The games a move could be for, named, with a link to each board where the messenger has one. */
function whichGame(u: Move, waiting: readonly GameRecord[]): Answer {
  const { deps, intent, lang, messenger } = u;
  const list = gamesList(waiting, intent.from.id, lang, deps.now()).games;
  const buttons = list.flatMap((game) => {
    const board = boardFor(waiting.find((r) => r.id === game.id)!, intent.from.id);
    const url = board && messenger.messageLink(board);
    return url ? [[{ label: game.label, url }]] : [];
  });
  return { text: t(lang, 'move.whichGame', { games: list.map((g) => g.label).join('; ') }), buttons };
}

/** The game a typed move is for, or what to answer instead (undefined: say nothing). */
async function gameToMove(u: Move): Promise<GameRecord | Answer | undefined> {
  const { deps, intent, lang } = u;
  const me = intent.from.id;
  const listed = await deps.store.listByPlayer(me, { status: 'active', limit: GAMES_LOOKED_AT });
  const here = listed.records.filter((r) => {
    const board = boardFor(r, me);
    return board?.chat.platform === intent.chat.platform && board.chat.chatId === intent.chat.chatId;
  });
  const replied = here.find((r) => sameMessage(boardFor(r, me), intent.replyTo));
  const notYourTurn = { text: t(lang, 'toast.notYourTurn') };
  if (replied) return toActOf(replied) === me ? replied : notYourTurn;
  const waiting = here.filter((r) => toActOf(r) === me);
  if (waiting.length === 1) return waiting[0];
  if (waiting.length > 1) return whichGame(u, waiting);
  if (here.length > 0) return notYourTurn;
  return u.me.privateChat?.chatId === intent.chat.chatId ? { text: t(lang, 'move.noGame') } : undefined;
}

/** The play a text means in the turn as it stands: the whole turn, else the rest after the steps made. */
function typedPlay(state: MatchState, text: string): Result<Play, EngineError> {
  const game = state.game!;
  const position = positionOf(state.settings, game);
  const dice = game.turn.dice!;
  const whole = parsePlay(text, position, dice, turnContextOf(game));
  if (whole.ok || game.turn.steps.length === 0) return whole;
  const rest = parsePlay(`${formatSteps(game.turn.steps)} ${text}`, position, dice, turnContextOf(game));
  return rest.ok ? rest : whole;
}

/** The command a typed move stands for, or the sentence saying why it cannot be played now. */
function commandOf(u: Move, state: MatchState, typed: TypedMove): Result<Command, string> {
  const by = u.intent.from.id;
  if (typed.kind === 'action') return ok({ type: typed.action, by });
  const game = state.game;
  const turn = game?.turn;
  if (!game || !turn?.dice || turn.stage !== 'moving') {
    return fail(turn?.stage === 'decide' ? t(u.lang, 'move.rollFirst') : errorText(u.lang, { kind: 'wrong-phase' }));
  }
  const play = typedPlay(state, typed.text);
  if (play.ok) return ok({ type: 'play', by, move: play.value.move });
  if (play.error.kind === 'ambiguous-play') return fail(errorText(u.lang, play.error));
  return fail(whyIllegal(u.lang, typed.text, positionOf(state.settings, game), turn.dice, turnContextOf(game)));
}

/**
 * Answers a typed line that is refused, within the user's budget of answered refusals
 * (`REFUSALS`, issue #45); past it the line goes unanswered, so a player cannot make the bot post
 * at their pace by typing what it refuses.
 */
async function refuse(u: Move, answer: Answer | string): Promise<void> {
  if (!(await mayAnswerRefusal(u.deps.store, u.intent.from.id, u.values, u.deps.now(), u.deps.limits))) return;
  // The sender's own business: to them alone where the messenger can (issue #47, B15).
  const { text, buttons } = typeof answer === 'string' ? { text: answer, buttons: undefined } : answer;
  if (u.messenger.whispers && !buttons?.length) return void (await u.emit({ kind: 'toast', text }));
  await u.emit({ kind: 'text', chat: u.intent.chat, text, ...(buttons ? { buttons } : {}) });
}

export const move: Handler<'move'> = async (u) => {
  const { deps, intent, lang } = u;
  const typed = readTypedMove(intent.text);
  if (!typed) return refuse(u, errorText(lang, { kind: 'invalid-notation' }));
  const found = await gameToMove(u);
  if (found === undefined) return;
  if ('text' in found) return refuse(u, found);
  // The lists are read from an index that may lag: the move is judged on the game as stored now.
  const loaded = await loadMatch(deps.store, found.id);
  if (!loaded.ok) return refuse(u, errorText(lang, loaded.error));
  const { record, state } = loaded.value;
  const actor = seatToAct(state);
  if (actor === null || state.players[actor]?.id !== intent.from.id) return refuse(u, t(lang, 'toast.notYourTurn'));
  const command = commandOf(u, state, typed);
  if (!command.ok) return refuse(u, command.error);
  const boardLang = await boardLangOf(u.deps.store, record, { chat: intent.chat, chatLang: u.chatLang }, intent.from.language);
  const played = await playCommand(u, loaded.value, command.value, boardLang, { surface: 'board', message: boardFor(record, intent.from.id) });
  // A redelivered message whose move is stored already was answered (or will be seen on the board).
  if (!played.ok && played.error.kind !== 'duplicate-update') return refuse(u, errorText(lang, played.error));
};
