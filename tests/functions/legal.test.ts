import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/legal.ts';

/** One short-nardy roll of 2-2 with 1,534 plays: a 150-byte line, a 227 KB answer. */
const spread = () => Array.from({ length: 26 }, (_, p) => (p >= 10 && p <= 24 ? 1 : 0));
const home = () => Array.from({ length: 26 }, (_, p) => (p >= 19 && p <= 24 ? 2 : p === 18 ? 3 : 0));
const HEAVY = JSON.stringify({ variant: 'short', board: [spread(), home()], dice: [2, 2] });
const LIGHT = JSON.stringify({ variant: 'short', dice: [3, 1] });
const lines = (text: string) => text.trim().split('\n').map((l) => JSON.parse(l));

describe('functions/legal: the legal-plays contract over HTTP', () => {
  it('answers each JSON line with the legal plays of its roll', async () => {
    const body = [
      JSON.stringify({ variant: 'short', position: '4HPwATDgc/ABUA', dice: [6, 3] }),
      JSON.stringify({ variant: 'long', dice: [6, 6], firstTurn: true }),
    ].join('\n');
    const res = await handler({ body });
    expect(res.statusCode).toBe(200);
    const [bar, long] = res.body.trim().split('\n').map((l) => JSON.parse(l));
    expect(bar.plays.map((p: { move: string }) => p.move).sort()).toEqual(['bar/16', 'bar/22 13/7', 'bar/22 24/18', 'bar/22 8/2']);
    expect(long.plays.map((p: { move: string }) => p.move)).toEqual(['24/18(2)']);
  });

  it('reads a base64 body as a Function URL sends it', async () => {
    const body = Buffer.from(JSON.stringify({ variant: 'short', dice: '3-1' })).toString('base64');
    const res = await handler({ body, isBase64Encoded: true });
    expect(JSON.parse(res.body).plays).toHaveLength(16);
  });

  it('answers a malformed line with an error line and status 400, the other lines still answered', async () => {
    const res = await handler({ body: `not json\n${JSON.stringify({ variant: 'short', dice: [1, 1] })}` });
    expect(res.statusCode).toBe(400);
    const [bad, good] = res.body.trim().split('\n').map((l) => JSON.parse(l));
    expect(bad).toEqual({ error: 'line is not JSON' });
    expect(good.plays).toHaveLength(42);
  });

  it('rejects an empty body with a message', async () => {
    const res = await handler({});
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('empty body');
  });
});

describe('functions/legal: #20 the public URL cannot be made to burn its budget', () => {
  it('refuses a body above 64 KB with 413 and answers no line of it', async () => {
    const body = `${LIGHT}\n`.repeat(Math.ceil((64 * 1024 + 1) / (LIGHT.length + 1)));
    const res = await handler({ body });
    expect(res.statusCode).toBe(413);
    expect(lines(res.body)).toEqual([{ error: 'body too large: at most 65536 bytes' }]);
  });

  it('counts the decoded bytes of a base64 body', async () => {
    const body = Buffer.from(`${LIGHT}\n`.repeat(Math.ceil((64 * 1024 + 1) / (LIGHT.length + 1)))).toString('base64');
    expect((await handler({ body, isBase64Encoded: true })).statusCode).toBe(413);
  });

  it('answers 100 lines and refuses 101 with 413', async () => {
    const hundred = await handler({ body: `${LIGHT}\n`.repeat(100) });
    expect(hundred.statusCode).toBe(200);
    expect(lines(hundred.body)).toHaveLength(100);
    const more = await handler({ body: `${LIGHT}\n`.repeat(101) });
    expect(more.statusCode).toBe(413);
    expect(lines(more.body)).toEqual([{ error: 'too many lines: at most 100 a request' }]);
  });

  it('stops answering at about 5 MB with an error line saying where it stopped', async () => {
    expect(HEAVY.length).toBeLessThan(200);
    const res = await handler({ body: `${HEAVY}\n`.repeat(100) });
    expect(res.statusCode).toBe(413);
    expect(res.body.length).toBeLessThan(5.5 * 1024 * 1024);
    const answered = lines(res.body);
    const last = answered.pop();
    expect(answered.length).toBeGreaterThan(10);
    expect(answered.every((a) => a.plays.length === 1534)).toBe(true);
    expect(last).toEqual({ error: `answer too large: stopped after ${answered.length} of 100 lines (about 5242880 bytes); send fewer lines` });
  });
});

