/**
 * A small per-chat pacer for messages the bot sends or edits, after the Bot FAQ: about one message
 * a second in one chat (short bursts are tolerated) and at most 20 a minute in one group
 * (anchors-ecosystem.md §1.7). It lives in one process, so on Lambda it paces what one warm
 * instance sends; 429 handling in `send.ts` covers the rest. Waits are capped: a webhook must
 * answer in time, so past the cap the message goes out and a 429 says the rest.
 */

/** How fast the bot may write to one chat. Zeros switch a limit off. */
export interface PaceOptions {
  /** Milliseconds between messages in one chat once the burst is spent; default 1000. */
  readonly perChatMs: number;
  /** Messages one chat may get at once before `perChatMs` applies; default 3. */
  readonly burst: number;
  /** Messages a group (negative chat id) may get in any 60 s; default 20. */
  readonly groupPerMinute: number;
  /** The longest one wait may be; default 5000 ms. */
  readonly maxWaitMs: number;
}

/** Waits until a message may go to `chatId`, and counts it. */
export interface ChatPacer {
  wait(chatId: string): Promise<void>;
}

/** A clock for the pacer: real by default, fake in tests. */
export interface PaceClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const DEFAULT_PACE: PaceOptions = { perChatMs: 1000, burst: 3, groupPerMinute: 20, maxWaitMs: 5000 };

/** A pacer that never waits (tests, local runs). */
export const NO_PACE: ChatPacer = { wait: async () => {} };

const realClock: PaceClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const MINUTE = 60_000;

interface ChatTraffic {
  /** The per-chat token bucket: when it is full again, in ms. */
  fullAt: number;
  /** Send times within the last minute (groups only). */
  recent: number[];
}

/** Returns a pacer keeping `options` per chat (defaults: `DEFAULT_PACE`). */
export function createChatPacer(options: Partial<PaceOptions> = {}, clock: PaceClock = realClock): ChatPacer {
  const o = { ...DEFAULT_PACE, ...options };
  const chats = new Map<string, ChatTraffic>();
  return {
    async wait(chatId) {
      const now = clock.now();
      const traffic = chats.get(chatId) ?? { fullAt: now, recent: [] };
      chats.set(chatId, traffic);
      const delay = Math.min(o.maxWaitMs, Math.max(chatDelay(o, traffic, now), groupDelay(o, chatId, traffic, now)));
      const at = now + delay;
      // Reserve the slot before sleeping, so concurrent senders queue behind one another.
      if (o.perChatMs > 0) traffic.fullAt = Math.max(traffic.fullAt, at) + o.perChatMs;
      if (o.groupPerMinute > 0 && isGroup(chatId)) traffic.recent = [...traffic.recent.filter((t) => t > at - MINUTE), at].sort((a, b) => a - b);
      forgetQuietChats(chats, now);
      if (delay > 0) await clock.sleep(delay);
    },
  };
}

/**
 * Token bucket of `burst` tokens, one back every `perChatMs`: `fullAt` is when it is full again,
 * so it holds at least one token from `fullAt - (burst - 1) * perChatMs` on.
 */
function chatDelay(o: PaceOptions, traffic: ChatTraffic, now: number): number {
  if (o.perChatMs <= 0) return 0;
  const earliest = traffic.fullAt - (Math.max(1, o.burst) - 1) * o.perChatMs;
  return Math.max(0, earliest - now);
}

function groupDelay(o: PaceOptions, chatId: string, traffic: ChatTraffic, now: number): number {
  if (o.groupPerMinute <= 0 || !isGroup(chatId)) return 0;
  const recent = traffic.recent.filter((t) => t > now - MINUTE);
  if (recent.length < o.groupPerMinute) return 0;
  return recent[recent.length - o.groupPerMinute] + MINUTE - now;
}

/** Telegram's groups, supergroups and channels have negative ids; private chats positive. */
function isGroup(chatId: string): boolean {
  return chatId.startsWith('-');
}

function forgetQuietChats(chats: Map<string, ChatTraffic>, now: number): void {
  if (chats.size < 1000) return;
  for (const [id, t] of chats) if (t.fullAt < now && t.recent.every((s) => s <= now - MINUTE)) chats.delete(id);
}
