/**
 * The budget of the buttons anyone in a chat may press and that post for everyone (issue #45):
 * 📊 Review, 📜 History, 🍀 Luck, 🔍 Verify under a board, ⬇️ Bring down. They change no game,
 * so no version bounds them; without a budget one bystander could make the bot post a message per
 * press, and keep reviews — seconds of CPU each — running in every slot the deployment has.
 *
 * - **Once a while per chat:** the first press of a kind for a game posts into the chat; every
 *   press of the same kind for the same game in that chat in the next few minutes, whoever makes
 *   it, is answered with a toast pointing at the earlier answer. The claim is a conditional put
 *   that expires (`claimUpdate`), so it also makes the answer at most once under redelivery.
 * - **Heavy work one at a time per chat:** computing a review or a game's luck holds the chat's
 *   one slot; a press meanwhile is told to wait, so a chat can keep at most one CPU busy.
 */
import { t, type MessageKey } from '../i18n/index.ts';
import { chatOwner } from './remembered.ts';
import type { Update } from './intents/update.ts';

/** How long one posted answer stands for every later press of its button in the chat. */
export const POSTED_STANDS_MS = 5 * 60_000;
/** A board brought down stands for a minute: after that the chat may have buried it again. */
export const BROUGHT_DOWN_STANDS_MS = 60_000;
/** The longest a heavy job may hold its chat's slot if its process dies before giving it back. */
const HEAVY_SLOT_SECONDS = 120;

/** What a press posts for everyone, each with the toast that points at the earlier answer. */
export type Posted = 'review' | 'history' | 'luck' | 'verify' | 'bringDown';

const ALREADY: Record<Posted, MessageKey> = {
  review: 'posted.review', history: 'posted.history', luck: 'posted.luck', verify: 'posted.verify', bringDown: 'posted.bringDown',
};

/** The claim of one answer: its chat, its game and what it is (`part`: a game number, a version). */
function postedKey(u: Update, gameId: string, what: Posted, part?: number): string {
  return `posted#${chatOwner(u.intent.chat)}#${gameId}#${what}${part === undefined ? '' : `#${part}`}`;
}

/**
 * Claims the posting of `what` for a game in the press's chat: true, post it; false, someone did
 * within the window, and the presser was told so (a toast on a press, a line on a typed command).
 */
export async function claimPost(u: Update, gameId: string, what: Posted, part?: number): Promise<boolean> {
  const stands = what === 'bringDown' ? BROUGHT_DOWN_STANDS_MS : POSTED_STANDS_MS;
  if (await u.deps.store.claimUpdate(postedKey(u, gameId, what, part), u.deps.now(), stands / 1000)) return true;
  await tell(u, t(u.lang, ALREADY[what]));
  return false;
}

/** Gives a claimed post back: what was claimed could not be posted (the heavy slot was busy). */
export async function unclaimPost(u: Update, gameId: string, what: Posted, part?: number): Promise<void> {
  await u.deps.store.releaseClaim(postedKey(u, gameId, what, part));
}

/**
 * Runs heavy work (a review, a game's luck) in the chat's one slot; when the slot is taken, the
 * presser is told to wait and `busy` is returned instead. The slot is given back when the work
 * ends, and expires on its own if the process dies first.
 */
export async function inHeavySlot<T>(u: Update, work: () => Promise<T>): Promise<T | 'busy'> {
  const slot = `heavy#${chatOwner(u.intent.chat)}`;
  if (!(await u.deps.store.claimUpdate(slot, u.deps.now(), HEAVY_SLOT_SECONDS))) {
    await tell(u, t(u.lang, 'posted.busy'));
    return 'busy';
  }
  try {
    return await work();
  } finally {
    await u.deps.store.releaseClaim(slot);
  }
}

/** A short answer to the one who asked: a toast under a press (or to a command, where the messenger whispers), else a line in the chat. */
async function tell(u: Update, text: string): Promise<void> {
  if (u.intent.kind === 'press' || u.messenger.whispers) await u.emit({ kind: 'toast', text });
  else await u.emit({ kind: 'text', chat: u.intent.chat, text });
}
