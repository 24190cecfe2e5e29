/**
 * Pacing of the calls one process makes with the community token. VK allows a community token
 * about 20 API calls a second (VK's "API requests" page: 3 a second with a user or service key, 20
 * with a community key; vk-io's docs advise `apiLimit: 20` for group tokens); past it a call fails with code 6
 * ("Too many requests per second"), which `api.ts` retries. A token bucket of 20, one back every
 * 50 ms, keeps a warm Lambda (or `npm start`) under it; sandboxes running at once share the limit,
 * and code 6 covers the rest. Waits are capped, as in Telegram's pacer: an answer must go out in time.
 */

export interface Pacer {
  /** Waits until one more call may be made, and counts it. */
  wait(): Promise<void>;
}

export interface PaceOptions {
  /** Calls at once; default 20. */
  readonly burst: number;
  /** One call back every this many ms; default 50 (20 a second). */
  readonly everyMs: number;
  /** The longest one wait may be; default 3000 ms. */
  readonly maxWaitMs: number;
}

export const DEFAULT_PACE: PaceOptions = { burst: 20, everyMs: 50, maxWaitMs: 3000 };

/** A pacer that never waits (tests, the stand-in). */
export const NO_PACE: Pacer = { wait: async () => {} };

/** Returns a pacer of `options` (defaults: `DEFAULT_PACE`); `now` and `sleep` are the clock. */
export function createPacer(options: Partial<PaceOptions> = {}, now: () => number = Date.now, sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))): Pacer {
  const o = { ...DEFAULT_PACE, ...options };
  // When the bucket is full again: it holds a token from `fullAt - (burst - 1) * everyMs` on.
  let fullAt = 0;
  return {
    async wait() {
      const at = now();
      const earliest = Math.max(at, fullAt - (o.burst - 1) * o.everyMs);
      const delay = Math.min(o.maxWaitMs, earliest - at);
      // The slot is taken before sleeping, so concurrent callers queue behind one another.
      fullAt = Math.max(fullAt, at) + o.everyMs;
      if (delay > 0) await sleep(delay);
    },
  };
}
