/**
 * Whose answer a challenge is: Accept and Decline are its addressee's (anyone's but the
 * challenger's for an open one, only the named handle's for a challenge to a handle), Cancel its
 * challenger's. Asked by a press of its buttons and by a link followed to accept it.
 */
import type { MatchState } from '../game/index.ts';
import type { MessageKey } from '../i18n/index.ts';
import type { GameRecord } from '../store/index.ts';
import { isComputerMatch } from './computer.ts';
import { addressedTo } from './named.ts';
import type { ChatUser } from './ports.ts';
import { ADDRESSEE, INVITEE, noteOf } from './remembered.ts';
import type { Choice } from './tokens.ts';

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
