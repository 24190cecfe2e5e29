/**
 * Where a genuine button may act: a token is whatever the client sent, so even a signed one may be
 * a real button pressed under a message somewhere else. A board's button acts and redraws only
 * where that game is shown; a challenge message's only in the challenge's chat.
 */
import type { MatchState } from '../../game/index.ts';
import type { GameRecord } from '../../store/index.ts';
import type { Intent } from '../ports.ts';
import type { Choice, Token } from '../tokens.ts';

type PressIntent = Intent & { kind: 'press' };

/** The buttons of a challenge message (and its settings keyboard). */
const CHALLENGE_CHOICES: ReadonlySet<Choice['k']> = new Set(['accept', 'decline', 'cancel', 'settings', 'variants', 'set', 'dice']);

/** Whether `token`, pressed as `intent` says, may act on the game at all (`press.ts` answers "out of date" otherwise). */
export function mayActHere(record: GameRecord, state: MatchState, intent: PressIntent, token: Token): boolean {
  if (token.surface === 'board') return intent.message === undefined || mayRedraw(record, state, intent);
  return !CHALLENGE_CHOICES.has(token.choice.k) || inGameChat(record, intent);
}

/**
 * Whether a press may redraw a game's board into the pressed message: only where that game is
 * played (its chat), or for one of its players (their own board of a chatless game). A token is
 * whatever the client sent — even a signed one may be a genuine button pressed under another
 * message — so without this any message could be made to show any game.
 */
export function mayRedraw(record: GameRecord, state: MatchState, intent: PressIntent): boolean {
  if (record.chat) return inGameChat(record, intent);
  return state.players.some((p) => p?.id === intent.from.id);
}

/**
 * Whether a press came from the game's own chat. A genuine challenge button pressed under a bot
 * message elsewhere would accept there, edit that message and post the commitment there, while
 * the challenge message kept its live buttons (review F10). A game without a chat passes: an
 * inline-mode challenge is posted where the bot does not know, with its link as the only button,
 * and a chatless game's boards are the players' own (`mayRedraw`).
 */
function inGameChat(record: GameRecord, intent: PressIntent): boolean {
  return !record.chat || (record.chat.platform === intent.chat.platform && record.chat.chatId === intent.chat.chatId);
}
