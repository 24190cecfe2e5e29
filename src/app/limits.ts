/**
 * How often one user, and one chat, may make the bot work (issue #20): a token bucket each, kept
 * as a remembered value with a TTL. The bucket is read in the batch read every update starts with
 * (`dispatch.ts`) and spent by one conditional write per bucket, for typed commands only: presses
 * and typed moves are bounded by the game's version already, and an inline query writes nothing.
 * A user who runs out is told once to slow down; what follows until the bucket refills is dropped
 * without a word, so a spammer cannot make the bot post in a group at the spammer's pace.
 */
import type { GameStore } from '../store/index.ts';
import type { BucketSpec, Intent, Limits } from './ports.ts';

export type { BucketSpec, Limits };
import { chatOwner, type Remembered } from './remembered.ts';


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

export const DEFAULT_LIMITS: Limits = {
  user: USER_BUCKET, chat: CHAT_BUCKET, openChallengesPerUser: OPEN_CHALLENGES_PER_USER, openChallengesPerChat: OPEN_CHALLENGES_PER_CHAT,
  openChallengesInChatPerUser: OPEN_CHALLENGES_IN_CHAT_PER_USER, openChallengesPerPair: OPEN_CHALLENGES_PER_PAIR,
};

/** A bucket as stored: the tokens left at `at` (ms) and whether the user was told to slow down since it ran dry. */
export interface Bucket {
  readonly tokens: number;
  readonly at: number;
  readonly warned?: true;
}

/** A bucket of a user (`<platform>:<id>`) or a chat (`chatOwner`). */
export const BUCKET: Remembered<Bucket> = {
  key: (owner) => `rate#${owner}`,
  decode: (v) => {
    const b = v as Bucket | null;
    return typeof b === 'object' && b !== null && typeof b.tokens === 'number' && Number.isFinite(b.tokens) && typeof b.at === 'number' ? b : undefined;
  },
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

/** What taking a token does: spent (the bucket after), refused (and whether to warn, the bucket after the warning). */
export type Taken = { readonly spent: true; readonly next: Bucket } | { readonly spent: false; readonly next?: Bucket };

/** Takes one token from `bucket` (absent: full) at `now`. */
export function takeToken(bucket: Bucket | undefined, spec: BucketSpec, now: number): Taken {
  const elapsed = bucket === undefined ? Infinity : Math.max(0, now - bucket.at);
  const tokens = Math.min(spec.capacity, (bucket?.tokens ?? spec.capacity) + elapsed / spec.refillMs);
  // The warning is given once until the bucket is full again, not once each time a token comes back.
  const warned = bucket?.warned === true && tokens < spec.capacity;
  if (tokens >= 1) return { spent: true, next: { tokens: tokens - 1, at: now, ...(warned ? { warned: true as const } : {}) } };
  if (bucket?.warned) return { spent: false };
  return { spent: false, next: { tokens, at: now, warned: true } };
}

/** When a bucket written now may be forgotten: once it would be full again (an absent bucket is full). */
function expiresAt(bucket: Bucket, spec: BucketSpec, now: number): number {
  return Math.ceil((now + (spec.capacity - bucket.tokens) * spec.refillMs) / 1000) + 60;
}

/**
 * Spends a token of each of the intent's buckets, read in `values` (keys as `BUCKET.key`): `spent`
 * when every bucket had one and was written; otherwise `slow-down` the first time a bucket runs
 * dry (the user is told) and `dropped` after that. A write that loses a race to another command
 * of the same user counts as dry: the two came at the same moment.
 */
export async function spendTokens(store: GameStore, intent: Intent, values: ReadonlyMap<string, unknown>, now: number, limits: Limits = DEFAULT_LIMITS): Promise<'spent' | 'slow-down' | 'dropped'> {
  const takes = bucketsOf(intent, limits).map(({ owner, spec }) => {
    const key = BUCKET.key(owner);
    const stored = values.get(key);
    const bucket = BUCKET.decode(stored);
    return { key, spec, stored: bucket === undefined ? undefined : stored, taken: takeToken(bucket, spec, now) };
  });
  const refused = takes.find((take) => !take.taken.spent);
  if (refused !== undefined) {
    const next = refused.taken.next;
    if (next === undefined) return 'dropped';
    return (await store.rememberIf(refused.key, next, refused.stored, now, expiresAt(next, refused.spec, now))) ? 'slow-down' : 'dropped';
  }
  const written = await Promise.all(takes.map((take) => store.rememberIf(take.key, take.taken.next!, take.stored, now, expiresAt(take.taken.next!, take.spec, now))));
  return written.every(Boolean) ? 'spent' : 'dropped';
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
