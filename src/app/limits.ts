/**
 * How often one user, and one chat, may make the bot work (issues #20, #45): a token bucket each,
 * kept by the store as a GCRA bucket with a TTL and charged by atomic conditional updates
 * (`GameStore.spendRate`), so commands arriving together are all counted and none is dropped for
 * losing a race. The buckets are read in the batch read every update starts with (`dispatch.ts`)
 * and spent for typed commands; a typed line that is refused spends from the user's budget of
 * answered refusals (`REFUSALS`). Presses that change a game are bounded by its version; the ones
 * that post for everyone are claimed once a while per chat (`posted.ts`); an inline query writes
 * nothing. A user who runs out is told once to slow down; what follows until the bucket refills is
 * dropped without a word, so a spammer cannot make the bot post in a group at the spammer's pace.
 */
import type { GameStore } from '../store/index.ts';
import type { BucketSpec, Intent, Limits } from './ports.ts';

export type { BucketSpec, Limits };
import { BUCKET, chatOwner, refusalsKey } from './remembered.ts';


/** A user: twenty commands at once, then one every three seconds (20 a minute). */
export const USER_BUCKET: BucketSpec = { capacity: 20, refillMs: 3000 };
/** A chat: sixty commands at once, then one a second (60 a minute), whoever sends them. */
export const CHAT_BUCKET: BucketSpec = { capacity: 60, refillMs: 1000 };

/** How many challenges one user may have open at once, of every kind and everywhere. */
export const OPEN_CHALLENGES_PER_USER = 10;
/**
 * How many challenges to anyone may be open at once in one chat (issue #45: only these count; one
 * to a member or to the computer keeps nobody else from playing, `open-challenges.ts`).
 */
export const OPEN_CHALLENGES_PER_CHAT = 20;
/**
 * How many of a chat's challenges to anyone one user may hold: a share of the chat's room, so
 * filling it takes seven members, not two (each of whom anyone else may accept anyway).
 */
export const OPEN_CHALLENGES_IN_CHAT_PER_USER = 3;
/**
 * How many challenges one user may have open to the same member at once (say a long and a short
 * game, and a match): more is burying them in challenges only they can answer.
 */
export const OPEN_CHALLENGES_PER_PAIR = 3;

/**
 * How often the bot answers a player's typed lines it refuses (not your turn, an illegal move,
 * which game?): three at once, then one every 20 s; past that, refused lines go unanswered. A
 * player fixing a typo gets every answer; a player typing `roll` a hundred times gets three, so
 * refusals cannot make the bot post at the sender's pace (issue #45).
 */
export const REFUSALS: BucketSpec = { capacity: 3, refillMs: 20_000 };

export const DEFAULT_LIMITS: Limits = {
  user: USER_BUCKET, chat: CHAT_BUCKET, refusals: REFUSALS, openChallengesPerUser: OPEN_CHALLENGES_PER_USER, openChallengesPerChat: OPEN_CHALLENGES_PER_CHAT,
  openChallengesInChatPerUser: OPEN_CHALLENGES_IN_CHAT_PER_USER, openChallengesPerPair: OPEN_CHALLENGES_PER_PAIR,
};

/** The intents that spend tokens: the typed commands. */
const UNLIMITED: ReadonlySet<Intent['kind']> = new Set(['press', 'move', 'inline']);

/** Whether an intent spends a token of its user's and its chat's buckets. */
export function isLimited(intent: Intent): boolean {
  // A tournament's button is a press too: only `/tournament` itself is a typed command.
  return !UNLIMITED.has(intent.kind) && !(intent.kind === 'tournament' && intent.token !== undefined);
}

/** The buckets an intent spends from, with their sizes: its user's and its chat's (a private chat is its user's, one bucket). */
export function bucketsOf(intent: Intent, limits: Limits = DEFAULT_LIMITS): { owner: string; spec: BucketSpec }[] {
  const chat = chatOwner(intent.chat);
  const user = { owner: intent.from.id, spec: limits.user };
  return chat === intent.from.id ? [user] : [user, { owner: chat, spec: limits.chat }];
}

/**
 * Spends a token of each of the intent's buckets, read in `values` (keys as `BUCKET.key`): `spent`
 * when every bucket had one; otherwise `slow-down` the first time a bucket runs dry (the user is
 * told) and `dropped` after that. The user's bucket is charged first, so a user past their own
 * limit never spends the chat's tokens; a chat's bucket is charged by an atomic add (the store's
 * `spendRate`), so the commands of different users arriving together are all served while the
 * chat has tokens — none is dropped for losing a race (issue #45).
 */
export async function spendTokens(store: GameStore, intent: Intent, values: ReadonlyMap<string, unknown>, now: number, limits: Limits = DEFAULT_LIMITS): Promise<'spent' | 'slow-down' | 'dropped'> {
  for (const { owner, spec } of bucketsOf(intent, limits)) {
    const key = BUCKET.key(owner);
    const taken = await store.spendRate(key, spec, now, values.get(key));
    if (taken === 'first-refusal') return 'slow-down';
    if (taken === 'refused') return 'dropped';
  }
  return 'spent';
}

/** Whether a refusal may be answered now (it spends from the user's `REFUSALS`); otherwise it goes unanswered. */
export async function mayAnswerRefusal(store: GameStore, user: string, values: ReadonlyMap<string, unknown>, now: number, limits: Limits = DEFAULT_LIMITS): Promise<boolean> {
  const key = refusalsKey(user);
  return (await store.spendRate(key, limits.refusals, now, values.get(key))) === 'spent';
}

/**
 * How many tournaments a chat may have open (signing up or being played) at once (`/tournament`).
 * With one each per organiser (below) it takes five members to fill; a sign-up expires in a week
 * (`SIGNUP_TTL_MS`) and a chat's admin may cancel any (issue #45).
 */
export const OPEN_TOURNAMENTS_PER_CHAT = 5;
/**
 * How many tournaments one member may have open in a chat at once, signing up or being played:
 * one, so that no member alone fills the chat's room (a sign-up started with a second account is
 * still theirs until it is played out).
 */
export const OPEN_TOURNAMENTS_PER_ORGANISER = 1;
