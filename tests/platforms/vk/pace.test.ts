/** VK's 20 calls a second for a community token (src/platforms/vk/pace.ts), kept by one process. */
import { describe, expect, it } from 'vitest';
import { createPacer } from '../../../src/platforms/vk/index.ts';

describe('the VK pacer', () => {
  it('lets 20 calls through at once, then one every 50 ms; a wait is capped', async () => {
    let now = 0;
    const waits: number[] = [];
    const pacer = createPacer({}, () => now, async (ms) => void waits.push(ms));
    for (let i = 0; i < 25; i++) await pacer.wait();
    expect(waits).toEqual([50, 100, 150, 200, 250]);
    now = 10_000;
    waits.length = 0;
    await pacer.wait();
    expect(waits).toEqual([]);
    const capped = createPacer({ maxWaitMs: 120 }, () => 0, async (ms) => void waits.push(ms));
    for (let i = 0; i < 24; i++) await capped.wait();
    expect(Math.max(...waits)).toBe(120);
  });
});
