import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function nardy(args: string[]) {
  const r = spawnSync(TSX, [join(ROOT, 'src/cli/main.ts'), ...args], { cwd: ROOT });
  return { code: r.status, out: r.stdout, err: r.stderr.toString() };
}

describe('issue 4: nardy render draws a position as a PNG', () => {
  it('writes the PNG to stdout without --out', () => {
    const r = nardy(['render', '--variant', 'short', '--position', '4HPwATDgc/ABMA', '--dice', '3-1']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });

  it('writes the PNG to --out, with extra spec fields from --spec', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'nardy-render-')), 'board.png');
    const spec = JSON.stringify({ players: { white: { name: 'Нодар' }, black: { name: 'გიორგი' } }, showPips: true });
    const r = nardy(['render', '--variant', 'long', '--board', JSON.stringify([[0, ...new Array(23).fill(0), 15, 0], [0, ...new Array(23).fill(0), 15, 0]]), '--dice', '6-5', '--spec', spec, '--out', file]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });

  it('reports a bad spec on stderr with exit code 1', () => {
    const r = nardy(['render', '--variant', 'short', '--spec', '{"cube":{"value":3,"owner":null}}']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/cube\.value/);
    expect(r.out.length).toBe(0);
  });

  it('reports an unknown variant', () => {
    const r = nardy(['render', '--variant', 'chess']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/unknown variant "chess"/);
  });
});
