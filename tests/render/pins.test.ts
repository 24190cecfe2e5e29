/**
 * Issue #9: plakoto's pinned checkers on the board picture. The pinned checker lies at the edge of
 * its point under its pinner's stack, ringed in the pin colour; the picture refuses a −1 that
 * nobody pins and a pin in a variant without pinning.
 */
import { describe, expect, it } from 'vitest';
import { boardSvg, type BoardPicture } from '../../src/render/index.ts';
import { stackCentre } from '../../src/render/geometry.ts';
import { readScene } from '../../src/render/scene.ts';
import { THEME } from '../../src/render/theme.ts';
import { side } from './golden-specs.ts';

// White (bottom) pins Black's checker on White's 8 (Black's 17); Black pins White's on White's 3 (Black's 22).
const white = side([24, 9], [13, 2], [8, 1], [6, 2], [3, -1]);
const black = side([17, -1], [22, 2], [24, 1], [13, 4], [6, 4], [8, 3]);
const spec: BoardPicture = { variant: 'plakoto', board: { white, black }, turn: 'white', view: { bottom: 'white' } };

/** The centres of every checker face of a fill colour in the SVG, as "x,y". */
function centres(svg: string): string[] {
  return [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="[\d.]+" fill="#/g)].map((m) => `${Number(m[1])},${Number(m[2])}`);
}

describe('plakoto pins in the picture', () => {
  it('a pinned checker is ringed, and its pinner stands on top of it, not on the same place', () => {
    const svg = boardSvg(spec);
    if (!svg.ok) throw new Error(svg.error.message);
    expect(svg.value.match(new RegExp(`stroke="${THEME.pinned}"`, 'g'))).toHaveLength(2);
    const scene = readScene(spec);
    if (!scene.ok) throw new Error(scene.error.message);
    const edge = stackCentre(8, 0, scene.value.home);
    const above = stackCentre(8, 1, scene.value.home);
    const at = centres(svg.value);
    expect(at.filter((c) => c === `${edge.x},${edge.y}`).length).toBeGreaterThanOrEqual(1);
    expect(at).toContain(`${above.x},${above.y}`);
  });

  it('refuses a pinned checker that nobody pins, and pins outside plakoto', () => {
    const unpinned = side([24, 9], [13, 2], [8, 1], [6, 2], [4, -1]); // Black has nothing on its 21
    expect(boardSvg({ ...spec, board: { white: unpinned, black } })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/pinned by nobody/) } });
    expect(boardSvg({ ...spec, variant: 'short' }).ok).toBe(false);
  });
});
