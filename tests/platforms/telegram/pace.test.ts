import { describe, expect, it } from 'vitest';
import { createChatPacer, type PaceClock } from '../../../src/platforms/telegram/pace.ts';

/** A fake clock recording waits; sleeping moves time forward unless the clock is frozen. */
function fakeClock(frozen = false): PaceClock & { waits: number[] } {
  let now = 1_000_000;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      if (!frozen) now += ms;
    },
  };
}

describe('pace.ts: about one message a second per chat, 20 a minute per group (Bot FAQ)', () => {
  it('lets a short burst through, then spaces messages one interval apart', async () => {
    const clock = fakeClock();
    const pacer = createChatPacer({ perChatMs: 1000, burst: 3, groupPerMinute: 0 }, clock);
    for (let i = 0; i < 5; i++) await pacer.wait('111');
    expect(clock.waits).toEqual([1000, 1000]);
  });

  it('paces each chat on its own', async () => {
    const clock = fakeClock();
    const pacer = createChatPacer({ perChatMs: 1000, burst: 1, groupPerMinute: 0 }, clock);
    await pacer.wait('111');
    await pacer.wait('222');
    await pacer.wait('111');
    expect(clock.waits).toEqual([1000]);
  });

  it('holds a group to its messages per minute, a private chat not', async () => {
    const clock = fakeClock();
    const pacer = createChatPacer({ perChatMs: 0, groupPerMinute: 3, maxWaitMs: 120_000 }, clock);
    for (let i = 0; i < 4; i++) await pacer.wait('-100500');
    for (let i = 0; i < 4; i++) await pacer.wait('777');
    expect(clock.waits).toEqual([60_000]);
  });

  it('never waits longer than maxWaitMs (a webhook must answer in time)', async () => {
    const clock = fakeClock();
    const pacer = createChatPacer({ perChatMs: 10_000, burst: 1, groupPerMinute: 0, maxWaitMs: 2000 }, clock);
    await pacer.wait('1');
    await pacer.wait('1');
    expect(clock.waits).toEqual([2000]);
  });

  it('with zeros it never waits', async () => {
    const clock = fakeClock();
    const pacer = createChatPacer({ perChatMs: 0, groupPerMinute: 0 }, clock);
    for (let i = 0; i < 50; i++) await pacer.wait('-1');
    expect(clock.waits).toEqual([]);
  });

  it('queues concurrent senders to one chat behind one another', async () => {
    const clock = fakeClock(true);
    const pacer = createChatPacer({ perChatMs: 1000, burst: 1, groupPerMinute: 0 }, clock);
    await Promise.all([pacer.wait('1'), pacer.wait('1'), pacer.wait('1')]);
    expect(clock.waits.sort()).toEqual([1000, 2000]);
  });
});
