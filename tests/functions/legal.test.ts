import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/legal.ts';

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
