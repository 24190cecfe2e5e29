/**
 * Publishing a game, written once for the presses and the scheduler: draw its board where it
 * belongs (edit it in place, or post it anew and note where), tell the player to move that it is
 * their turn, bring a board that scrolled away down to the end of its chat, and tell everyone how
 * a game ended. Every function takes the `Emit` to write through: a press's (its reply) or a
 * messenger's unprompted one (the scheduler).
 */
import type { MatchState } from '../game/index.ts';
import { t, type Lang } from '../i18n/index.ts';
import type { GameRecord } from '../store/index.ts';
import type { AppDeps, Emit, MessageRef, Messenger } from './ports.ts';
import { BOARD, boardOf, NOTICE, noteOf, recallPlayers, setNotes, type Note } from './remembered.ts';
import { boardView, type ViewMode } from './views.ts';

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
  const view = () => boardView(state, record.version, lang, deps.now(), place.mode);
  const notes: [Note<unknown>, unknown][] = [];
  // A private board of a chatless game is always edited in place; a chat's, as `place` says.
  const draw = async (chat: NonNullable<GameRecord['chat']>, note: Note<MessageRef>, known = noteOf(record, note), always = false) => {
    const replace = place.pressed?.chat.chatId === chat.chatId ? place.pressed : place.known || always ? known : undefined;
    const sent = await emit({ kind: 'board', chat, view: view(), replace });
    if (sent && sent.messageId !== known?.messageId) notes.push([note, sent]);
  };
  if (record.chat) {
    await draw(record.chat, BOARD);
  } else {
    const players = state.players.filter((x) => x !== null);
    const memories = await recallPlayers(deps.store, players);
    for (const [i, player] of players.entries()) {
      const chat = memories[i].privateChat;
      if (chat) await draw(chat, boardOf(player.id), undefined, true);
    }
  }
  if (notes.length > 0) await setNotes(deps.store, state.id, ...notes);
}

/** Draws a view-only state of the board (a checker picked, a confirmation asked) over the pressed one, or anew. */
export async function showBoard(p: Publisher, record: GameRecord, state: MatchState, lang: Lang, chat: NonNullable<GameRecord['chat']>, pressed: MessageRef | undefined, mode: ViewMode = {}): Promise<void> {
  await p.emit({ kind: 'board', chat, view: boardView(state, record.version, lang, p.deps.now(), mode), replace: pressed });
}

/**
 * Tells the player to move that it is their turn: one short notice in the game's chat (the
 * previous one deleted, to keep the chat clean) and a ping in their private chat when they have
 * opened the bot there, in their own language.
 */
export async function noticeTurn(p: Publisher, record: GameRecord, player: { readonly id: string; readonly name: string }, lang: Lang): Promise<void> {
  const { deps, emit, messenger } = p;
  const chat = record.chat;
  const [memory] = await recallPlayers(deps.store, [player]);
  if (chat) {
    const previous = noteOf(record, NOTICE);
    if (previous) await emit({ kind: 'delete', message: previous });
    const sent = await emit({ kind: 'text', chat, text: t(lang, 'notify.yourMove', { name: messenger.mention(player) }) });
    if (sent) await setNotes(deps.store, record.id, [NOTICE, sent]);
  }
  if (memory.privateChat && memory.privateChat.chatId !== chat?.chatId) {
    await emit({ kind: 'text', chat: memory.privateChat, text: t(memory.lang, 'notify.yourMove', { name: player.name }) });
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
  const sent = await p.emit({ kind: 'board', chat: record.chat, view: boardView(state, record.version, lang, p.deps.now(), mode) });
  if (!sent) return;
  await setNotes(p.deps.store, state.id, [BOARD, sent]);
  await p.emit({ kind: 'delete', message: old });
}

/**
 * Tells everyone how a game ended: the board in its chat redrawn with the result, a line in the
 * chat, and each player privately (in their language) unless that is the game's chat.
 */
export async function tellEnding(p: Publisher, record: GameRecord, state: MatchState, lang: Lang, words: (lang: Lang) => string): Promise<void> {
  const chat = record.chat;
  if (chat && state.game) await publishBoard(p, record, state, lang, { known: true });
  if (chat) await p.emit({ kind: 'text', chat, text: words(lang) });
  const players = state.players.filter((x) => x !== null);
  const memories = await recallPlayers(p.deps.store, players.map((player) => ({ id: player.id, language: lang })));
  for (const memory of memories) {
    if (memory.privateChat && memory.privateChat.chatId !== chat?.chatId) await p.emit({ kind: 'text', chat: memory.privateChat, text: words(memory.lang) });
  }
}
