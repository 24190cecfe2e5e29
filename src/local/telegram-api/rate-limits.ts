/**
 * Opt-in rate limits in the spirit of the Bot FAQ: about one message per second per chat after a
 * short burst, 20 per minute per group, 30 per second overall; beyond them 429 with
 * `retry_after`. Sends and edits count alike. Not a rule: test and playground infrastructure.
 */
import { tooManyRequests } from './errors.ts';
import type { RateLimits, TgChat } from './types.ts';

const DEFAULTS: Required<RateLimits> = { chatPerSecond: 1, chatBurst: 3, groupPerMinute: 20, globalPerSecond: 30 };

export class RateLimiter {
  private readonly limits: Required<RateLimits> | undefined;
  private readonly buckets = new Map<number, { tokens: number; at: number }>();
  private readonly groupWindows = new Map<number, number[]>();
  private readonly globalWindow: number[] = [];

  constructor(
    limits: RateLimits | undefined,
    private readonly now: () => number,
  ) {
    this.limits = limits ? { ...DEFAULTS, ...limits } : undefined;
  }

  /** Counts one message or edit in `chat`, or throws 429 if that would exceed a limit. */
  take(chat: TgChat): void {
    const limits = this.limits;
    if (!limits) return;
    const now = this.now();
    dropBefore(this.globalWindow, now - 1000);
    const first = this.globalWindow[0];
    if (first !== undefined && this.globalWindow.length >= limits.globalPerSecond) throw tooManyRequests(seconds(first + 1000 - now));
    const bucket = this.buckets.get(chat.id) ?? { tokens: limits.chatBurst, at: now };
    const tokens = Math.min(limits.chatBurst, bucket.tokens + ((now - bucket.at) / 1000) * limits.chatPerSecond);
    if (tokens < 1) throw tooManyRequests(seconds(((1 - tokens) / limits.chatPerSecond) * 1000));
    const group = this.groupWindows.get(chat.id) ?? [];
    if (chat.type !== 'private') {
      dropBefore(group, now - 60_000);
      const oldest = group[0];
      if (oldest !== undefined && group.length >= limits.groupPerMinute) throw tooManyRequests(seconds(oldest + 60_000 - now));
      group.push(now);
      this.groupWindows.set(chat.id, group);
    }
    this.buckets.set(chat.id, { tokens: tokens - 1, at: now });
    this.globalWindow.push(now);
  }
}

function dropBefore(window: number[], since: number): void {
  while (window.length > 0 && (window[0] as number) <= since) window.shift();
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
