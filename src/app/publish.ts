/**
 * Publishing a game, written once for the presses and the scheduler: draw its board where it
 * belongs (edit it in place, or post it anew and note where), tell the player to move that it is
 * their turn, bring a board that scrolled away down to the end of its chat, and tell everyone how
 * a game ended or a challenge was over. Every function takes the `Emit` to write through: a press's (its reply) or a
 * messenger's unprompted one (the scheduler).
 */
import type { GameEnd, MatchState, Seat } from '../game/index.ts';
import { t, type Lang } from '../i18n/index.ts';
import type { GameRecord } from '../store/index.ts';
import type { AppDeps, ChatRef, Effect, Emit, MessageRef, Messenger } from './ports.ts';
import { BOARD, boardOf, CLOSED_FOR, NOTICE, noteOf, reachPlayers, setNotes, type Note } from './remembered.ts';
import { playerName } from './player-name.ts';
import { endedGameNumber, resultButtons, revealLine } from './fair-dice.ts';
import { countGameDice } from './lifetime-dice.ts';
import { countMatch, seriesText } from './series.ts';
import { rateAtMatchEnd } from './club/match-end.ts';
import { resultText } from './texts.ts';
import { boardView, type ViewMode } from './views.ts';
import { tournamentMatchOver } from './tournament/match-end.ts';

/** Where publishing writes: the app's dependencies, the emitter, and the game's messenger. */
export interface Publisher {
  readonly deps: AppDeps;
  readonly emit: Emit;
  readonly messenger: Messenger;
}

/** Where the board goes: in place of the pressed message, else of the known board (`known`), else a new message. */
export interface Placement {
  readonly pressed?: MessageRef;
  readonly known?: boolean;
  readonly mode?: ViewMode;
}

/**
 * Shows the board of a game to its players. A game opened in a chat has one board there. A game
 * from inline mode has no chat: each player who has opened the bot gets their own board in their
 * private chat, edited in place from then on. A board posted anew is noted on the game.
 */
export async function publishBoard(p: Publisher, record: GameRecord, state: MatchState, lang: Lang, place: Placement = {}): Promise<void> {
  const { deps, emit } = p;
  const notes: [Note<unknown>, unknown][] = [];
  // A private board of a chatless game is always edited in place, its player's colour at the bottom; a chat's, as `place` says.
  const draw = async (chat: NonNullable<GameRecord['chat']>, note: Note<MessageRef>, viewer?: Seat) => {
    const known = noteOf(record, note);
    const replace = place.pressed?.chat.chatId === chat.chatId ? place.pressed : place.known || viewer !== undefined ? known : undefined;
    const sent = await emit({ kind: 'board', chat, view: boardView(state, record.version, lang, deps.now(), closedMode(record, state, lang, place.mode), viewer), replace });
    if (sent && sent.messageId !== known?.messageId) notes.push([note, sent]);
  };
  if (record.chat) {
    await draw(record.chat, BOARD);
  } else {
    const seats = ([0, 1] as const).filter((seat) => state.players[seat] !== null);
    const reached = await reachPlayers(deps.store, record, seats.map((seat) => state.players[seat]!));
    for (const [i, seat] of seats.entries()) {
      const chat = reached[i]!.chat;
      if (chat) await draw(chat, boardOf(state.players[seat]!.id), seat);
    }
  }
  if (notes.length > 0) await setNotes(deps.store, state.id, ...notes);
}

/** Draws a view-only state of the board (a checker picked, a confirmation asked) over the pressed one, or anew. */
export async function showBoard(p: Publisher, record: GameRecord, state: MatchState, lang: Lang, chat: NonNullable<GameRecord['chat']>, pressed: MessageRef | undefined, mode: ViewMode = {}): Promise<void> {
  await p.emit({ kind: 'board', chat, view: boardView(state, record.version, lang, p.deps.now(), closedMode(record, state, lang, mode), ownBoardIn(record, state, chat)), replace: pressed });
}

/**
 * The view of a board as its record says: a match closed unfinished (abandoned, or a player removed
 * from its tournament, #48) shows why in its caption and offers no move; any other, `mode` itself.
 */
export function closedMode(record: GameRecord, state: MatchState, lang: Lang, mode: ViewMode = {}): ViewMode {
  if (record.status !== 'closed' || state.phase !== 'playing') return mode;
  const why = noteOf(record, CLOSED_FOR);
  return { closed: why === undefined ? t(lang, 'caption.closedAbandoned') : t(lang, 'caption.closedRemoved', { name: playerName(state, why.removed, lang) }) };
}

/**
 * Returns whose own board a chat holds: in a chatless game, the seat whose private board was noted
 * in that chat; undefined for a game with a chat (one board for everyone).
 */
export function ownBoardIn(record: GameRecord, state: MatchState, chat: ChatRef): Seat | undefined {
  if (record.chat) return undefined;
  return ([0, 1] as const).find((seat) => {
    const player = state.players[seat];
    return player !== null && noteOf(record, boardOf(player.id))?.chat.chatId === chat.chatId;
  });
}

/**
 * Tells the player to move that it is their turn: one short notice in the game's chat (the
 * previous one deleted, to keep the chat clean) and a ping in their private chat when they have
 * opened the bot there, in their own language (`reachPlayers`: from the game's notes). Here the
 * notice is posted once the turn is stored and noted by a write of its own; a press on the board
 * posts it before, and notes it with the move's own write (`postNotice`, issue #46).
 */
export async function noticeTurn(p: Publisher, record: GameRecord, player: { readonly id: string; readonly name: string }, lang: Lang): Promise<void> {
  const sent = await postNotice(p, record, player, lang);
  if (sent) await setNotes(p.deps.store, record.id, [NOTICE, sent]);
  await followNotice(p, record, player, sent, noteOf(record, NOTICE));
}

/** Posts the "your move" notice in the game's chat (none for a game without one): the message to note as its `NOTICE`. */
export async function postNotice(p: Publisher, record: GameRecord, player: { readonly id: string; readonly name: string }, lang: Lang): Promise<MessageRef | undefined> {
  if (!record.chat) return undefined;
  return p.emit({ kind: 'text', chat: record.chat, text: t(lang, 'notify.yourMove', { name: p.messenger.mention(player) }) });
}

/** What follows a notice once its turn is stored: the one before it (`previous`) deleted, and the player pinged privately. */
export async function followNotice(p: Publisher, record: GameRecord, player: { readonly id: string; readonly name: string }, sent: MessageRef | undefined, previous: MessageRef | undefined): Promise<void> {
  if (sent && previous) await p.emit({ kind: 'delete', message: previous });
  const [reach] = await reachPlayers(p.deps.store, record, [player]);
  if (reach?.chat && reach.chat.chatId !== record.chat?.chatId) {
    await p.emit({ kind: 'text', chat: reach.chat, text: t(reach.lang, 'notify.yourMove', { name: player.name }) });
  }
}

/**
 * "Bring the board down" (from `/games`): a board that scrolled away is posted again at the end of
 * its chat and the old message deleted, so there is one board per game. Any version: it only redraws
 * (in `mode`: `/resign` brings it down asking to confirm).
 */
export async function bringBoardDown(p: Publisher, record: GameRecord, state: MatchState, lang: Lang, mode: ViewMode = {}): Promise<void> {
  const old = noteOf(record, BOARD);
  if (!record.chat || !state.game || !old) return;
  const sent = await p.emit({ kind: 'board', chat: record.chat, view: boardView(state, record.version, lang, p.deps.now(), closedMode(record, state, lang, mode)) });
  if (!sent) return;
  await setNotes(p.deps.store, state.id, [BOARD, sent]);
  await p.emit({ kind: 'delete', message: old });
}

/**
 * A challenge over before it was played (declined, cancelled, expired), for a press and the
 * scheduler alike: its message says so in `text`, and its tournament, if any, counts the forfeit.
 */
export async function tellChallengeOver(p: Publisher, record: GameRecord, state: MatchState, message: MessageRef | undefined, text: string): Promise<void> {
  if (message) await p.emit({ kind: 'editText', message, text });
  await tournamentMatchOver(p, record, state);
}

/** How a game ended, for `tellEnding`: the end itself, where the board goes, or other words (a game closed unfinished). */
export interface Ending {
  /** The game's end; by default the current game's (the next game of a match may already have begun). */
  readonly ended?: GameEnd;
  readonly place?: Placement;
  readonly words?: (lang: Lang) => string;
}

/**
 * Tells everyone how a game ended, the one place that does, for a press and the scheduler alike:
 * the board redrawn (with the result, or the next game of the match), one result message in the
 * chat (`resultText`). When the match is over: the series counted and shown, a rated match's
 * ratings moved and both changes shown (`club/match-end.ts`), the stale "your
 * move" notice deleted, and each player told privately (in their language) unless that is the
 * game's chat.
 */
export async function tellEnding(p: Publisher, record: GameRecord, state: MatchState, lang: Lang, ending: Ending = {}): Promise<void> {
  const { deps, emit } = p;
  const chat = record.chat;
  const over = state.phase !== 'playing' || record.status === 'closed';
  const series = state.phase === 'finished' ? await countMatch(deps.store, chat, state, deps.now()) : undefined;
  // A rated match moves its players' ratings, once (`club/rate.ts`); the result shows both changes.
  const rated = await rateAtMatchEnd(deps.store, record, state, deps.now());
  const after = (l: Lang) => [seriesText(l, series, state.players), rated(l)].filter((x) => x !== undefined).join('\n') || undefined;
  const words = ending.words ?? ((l: Lang) => resultText(state, ending.ended ?? state.game?.ended ?? undefined, l, after(l)));
  if (state.game) await publishBoard(p, record, state, lang, ending.place ?? { known: true });
  // Each player's lifetime dice (`/dice`) count the game once, however often it is announced.
  if (state.game && state.fair?.seeds) await countGameDice(deps.store, state, endedGameNumber(record, state), deps.now());
  const notice = over ? noteOf(record, NOTICE) : undefined;
  if (notice) {
    await emit({ kind: 'delete', message: notice });
    await setNotes(deps.store, record.id, [NOTICE, undefined]);
  }
  // Once the match is over its server seed is revealed with the result, and 🔍 Verify offers the transcript (fair-dice.ts).
  const told = (l: Lang) => [words(l), revealLine(record, state, l)].filter((line) => line !== undefined).join('\n');
  const result = (l: Lang, to: ChatRef): Effect => {
    const buttons = resultButtons(record, state, l);
    return { kind: 'text', chat: to, text: told(l), ...(buttons.length > 0 ? { buttons } : {}) };
  };
  if (chat) await emit(result(lang, chat));
  if (!over) return;
  await tournamentMatchOver(p, record, state);
  const players = state.players.filter((x) => x !== null);
  for (const reach of await reachPlayers(deps.store, record, players.map((player) => ({ id: player.id, language: lang })))) {
    if (reach.chat && reach.chat.chatId !== chat?.chatId) await emit(result(reach.lang, reach.chat));
  }
}
