/**
 * How many challenges may be open at once, counted by whom they keep waiting (issue #45, "no
 * lockouts"; the caps themselves are in `limits.ts`). A challenge waits for one of three:
 * - anyone in its chat: it takes the chat's shared room (`openChallengesPerChat`), and anyone
 *   turned away there may accept one of them instead — so a chat full of them locks nobody out;
 *   one member may hold only a share of that room (`openChallengesInChatPerUser`), so two members
 *   cannot fill it between them;
 * - one member (by id, or by a handle nobody may hold): only that member may accept it, so it
 *   takes no room of the chat's — it would lock the chat for everyone else — but counts toward its
 *   challenger's own caps, and toward the pair's (`openChallengesPerPair`), so one member cannot
 *   bury another in challenges;
 * - the computer: only its challenger can start it; it counts only toward the challenger's own cap,
 *   so a newcomer's `/nardy vs computer` is never refused because of what others opened.
 * A challenge past its expiry that the scheduler has not closed yet counts for nobody.
 */
import { ok } from '../lib/index.ts';
import type { MessageKey } from '../i18n/index.ts';
import type { GameRecord } from '../store/index.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { matchOf } from './matches.ts';
import type { AppDeps, ChatRef } from './ports.ts';
import { INVITEE, noteOf } from './remembered.ts';

/** Whom a challenge waits for; a member by `<platform>:<id>`, or by `@handle` when the messenger gave no id. */
export type Awaiting = { readonly kind: 'anyone' } | { readonly kind: 'member'; readonly member: string } | { readonly kind: 'computer' };

/** Whom a stored challenge waits for, or undefined when it waits for nobody any more (over, expired, unreadable). */
export function awaitingOf(record: GameRecord, now: number): Awaiting | undefined {
  const read = matchOf(ok(record));
  if (!read.ok || read.value.state.phase !== 'challenge' || read.value.state.challengeExpiresAt <= now) return undefined;
  const state = read.value.state;
  if (state.settings.computer !== undefined) return { kind: 'computer' };
  const handle = noteOf(record, INVITEE);
  if (state.invitee !== null) return { kind: 'member', member: state.invitee };
  return handle === undefined ? { kind: 'anyone' } : { kind: 'member', member: `@${handle}` };
}

/** Why a new challenge would be one too many: a text and the cap it names. */
export interface Crowded {
  readonly text: Extract<MessageKey, 'challenge.tooMany' | 'challenge.tooManyInChat' | 'challenge.tooManyHere' | 'challenge.tooManyToThem'>;
  readonly n: number;
}

/**
 * Why `challenger`'s new challenge in `chat`, waiting for `awaiting`, would be one too many, or
 * undefined. The lists read at most 100 open challenges each (the store's page): a chat with more
 * is short of its count, which lets a challenge through rather than turning one away.
 */
export async function crowdedBy(deps: AppDeps, challenger: string, chat: ChatRef, awaiting: Awaiting): Promise<Crowded | undefined> {
  const limits = deps.limits ?? DEFAULT_LIMITS;
  const now = deps.now();
  const [mine, chats] = await Promise.all([
    deps.store.listByPlayer(challenger, { status: 'challenge', limit: 100 }),
    awaiting.kind === 'anyone' ? deps.store.listByChat(chat.platform, chat.chatId, { status: 'challenge', limit: 100 }) : undefined,
  ]);
  const own = mine.records.filter((r) => r.players[0] === challenger).map((r) => ({ record: r, awaiting: awaitingOf(r, now) })).filter((o) => o.awaiting !== undefined);
  if (own.length >= limits.openChallengesPerUser) return { text: 'challenge.tooMany', n: limits.openChallengesPerUser };
  if (awaiting.kind === 'member') {
    const toThem = own.filter((o) => o.awaiting?.kind === 'member' && o.awaiting.member === awaiting.member).length;
    return toThem >= limits.openChallengesPerPair ? { text: 'challenge.tooManyToThem', n: limits.openChallengesPerPair } : undefined;
  }
  if (awaiting.kind !== 'anyone' || chats === undefined) return undefined;
  const inChat = (r: GameRecord) => r.chat?.platform === chat.platform && r.chat.chatId === chat.chatId;
  const mineHere = own.filter((o) => o.awaiting?.kind === 'anyone' && inChat(o.record)).length;
  if (mineHere >= limits.openChallengesInChatPerUser) return { text: 'challenge.tooManyHere', n: limits.openChallengesInChatPerUser };
  const chatWide = chats.records.filter((r) => awaitingOf(r, now)?.kind === 'anyone').length;
  return chatWide >= limits.openChallengesPerChat ? { text: 'challenge.tooManyInChat', n: limits.openChallengesPerChat } : undefined;
}
