import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

function nardy(args: string[], input?: string) {
  const r = spawnSync(TSX, [join(ROOT, 'src/cli/main.ts'), ...args], { input, encoding: 'utf8', cwd: ROOT });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('nardy CLI: a stable interface others script against', () => {
  it('legal prints the plays of one roll as one JSON line', () => {
    const r = nardy(['legal', '--variant', 'short', '--position', '4HPwATDgc/ABMA', '--dice', '3-1']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect(out.plays).toHaveLength(16);
    expect(out.plays.map((p: { move: string }) => p.move)).toContain('8/5 6/5');
    // board[0] is still the side that moved: 8/5 6/5 leaves it two on its 5-point.
    const p = out.plays.find((x: { move: string }) => x.move === '8/5 6/5');
    expect(p.board[0][5]).toBe(2);
    expect(p.board[0][8]).toBe(2);
  });

  it('legal --batch answers line by line, reports a malformed line in place and exits 1 at the end', () => {
    const input = [
      JSON.stringify({ variant: 'short', board: [[0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0], [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]], dice: [3, 1] }),
      '{"variant":"short","dice":[7,1]}',
      JSON.stringify({ variant: 'long', dice: [4, 4], firstTurn: true, options: { headException: 'listed' } }),
      JSON.stringify({ variant: 'short', position: '27YPAADgc/ADQA', dice: [6, 6] }),
    ].join('\n');
    const r = nardy(['legal', '--batch'], input);
    expect(r.code).toBe(1);
    const lines = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    expect(lines[0].plays).toHaveLength(16);
    expect(lines[1].error).toMatch(/dice/);
    expect(lines[2].plays.map((p: { move: string }) => p.move)).toEqual(['24/16(2)']);
    expect(lines[3]).toEqual({ plays: [] });
  });

  it('legal --batch exits 0 when every line is answered', () => {
    const r = nardy(['legal', '--batch'], '{"variant":"short","dice":[6,5]}\n');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).plays).toHaveLength(7);
  });

  it('legal rejects unknown options with a clear error', () => {
    const r = nardy(['legal', '--variant', 'short', '--dice', '3-1', '--options', '{"sixBlock":"never"}']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).error).toMatch(/short has no option "sixBlock"/);
  });

  it('perft prints the leaf count', () => {
    const r = nardy(['perft', '--variant', 'long', '--depth', '2']);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe('484');
  });

  it('play replays records, prints each turn strictly, the final position, its gnubg ID and pips', () => {
    const r = nardy(['play', '--variant', 'short', '3-1: 8/5 6/5', '6:4: 24-14', '55: 13/3(2)']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('2. second 6-4: 24/14');
    expect(r.out).toContain('gnubg Position ID: zJ7BATDgc/AFIA');
    expect(r.out).toMatch(/pips 157/);
  });

  it('play names the turn that is not legal', () => {
    const r = nardy(['play', '--variant', 'long', '6-5: 24/13', '6-6: 24/12']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/turn 2/);
  });

  it('show draws a position', () => {
    const r = nardy(['show', '--variant', 'short', '--position', '4HPwATDgc/ABUA']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/X \(to move\): bar 1/);
  });

  it('an unknown command prints the usage and exits 2', () => {
    const r = nardy(['fly']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/usage: nardy/);
  });

  it('issue 9: play follows gul bara\'s mad doubles, each rung a record of the same side', () => {
    const records = ['6-5: 24/13', '6-5: 24/13', '5-4: 24/15', '5-4: 24/15', '4-2: 24/18', '4-2: 24/18', '3-3: 24/15 18/15'];
    const r = nardy(['play', '--variant', 'gulbara', ...records, '4-4: 24/16 15/11(2)', '5-5: 24/14 16/11 15/10', '6-6: 24/18 14/8 13/7 11/5']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/10\. first  6-6: 24\/18 14\/8 13\/7 11\/5\nsecond side to move/);
    const skipped = nardy(['play', '--variant', 'gulbara', ...records, '5-5: 24/14']);
    expect(skipped.code).toBe(1);
    expect(skipped.err).toMatch(/mad doubles go on with 4-4/);
  });

  it('issue 9: legal and show read plakoto boards with pinned checkers (−1)', () => {
    const board = '[[0,0,0,-1,0,0,2,0,1,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0,9,0],[0,0,0,0,0,0,4,0,3,0,0,0,0,4,0,0,0,-1,0,0,0,0,2,0,1,0]]';
    const legal = nardy(['legal', '--variant', 'plakoto', '--board', board, '--dice', '5-2']);
    expect(legal.code).toBe(0);
    expect(JSON.parse(legal.out).plays.map((p: { move: string }) => p.move)).toContain('6/4 6/1*'); // pins their mother on my 1
    const show = nardy(['show', '--variant', 'plakoto', '--board', board]);
    expect(show.out).toMatch(/X1\*/);
    expect(show.out).toMatch(/O2\*/);
  });
});
