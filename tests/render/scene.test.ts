import { describe, expect, it } from 'vitest';
import { boardSvg, renderBoard, type BoardPicture } from '../../src/render/index.ts';
import { BAR_W, BAR_X, CUBE_SIZE, FIELD_BOTTOM, FIELD_MID, FIELD_TOP } from '../../src/render/geometry.ts';
import { loadSharp } from '../../src/render/raster.ts';
import { readScene } from '../../src/render/scene.ts';
import { THEME } from '../../src/render/theme.ts';
import { side } from './golden-specs.ts';

const START = side([24, 2], [13, 5], [8, 3], [6, 5]);
const base: BoardPicture = { variant: 'short', board: { white: START, black: START }, turn: 'white' };

function errorOf(spec: unknown): { kind: string; field: string; message: string } {
  const r = readScene(spec as BoardPicture);
  if (r.ok) throw new Error('expected an error');
  return r.error;
}

describe('issue 4: a bad picture spec is a typed error naming the field, never a picture', () => {
  it('an unknown variant is unknown-variant', () => {
    expect(errorOf({ ...base, variant: 'chess' })).toMatchObject({ kind: 'unknown-variant', field: 'variant', message: expect.stringMatching(/unknown variant "chess"/) });
  });

  it('16 checkers on a side is invalid-position, naming the colour', () => {
    const e = errorOf({ ...base, board: { white: side([24, 3], [13, 5], [8, 3], [6, 5]), black: START } });
    expect(e).toMatchObject({ kind: 'invalid-position', field: 'board' });
    expect(e.message).toMatch(/white side has 16 checkers/);
  });

  it('both colours on one point (short: my p is their 25 − p) is invalid-position', () => {
    const e = errorOf({ ...base, board: { white: side([24, 2], [13, 5], [8, 3], [6, 4], [19, 1]), black: START } });
    expect(e.kind).toBe('invalid-position');
    expect(e.message).toMatch(/also held/);
  });

  it('a long-nardy checker on the bar (there is no hitting) is invalid-position', () => {
    const e = errorOf({ variant: 'long', board: { white: side([24, 14], [25, 1]), black: side([24, 15]) } });
    expect(e.kind).toBe('invalid-position');
    expect(e.message).toMatch(/bar/);
  });

  it('a mover-first board needs the mover colour', () => {
    expect(errorOf({ variant: 'short', board: { sides: [START, START] } })).toMatchObject({ kind: 'invalid-position', field: 'board' });
  });

  it.each([
    [{ dice: { values: [7, 1] } }, 'dice.values'],
    [{ dice: { values: [3, 1], left: [2] } }, 'dice.left'],
    [{ dice: { values: [4, 4], left: [4, 4, 4, 4, 4] } }, 'dice.left'],
    [{ cube: { value: 3, owner: null } }, 'cube.value'],
    [{ cube: { value: 2, owner: 'red' } }, 'cube.owner'],
    [{ cube: { value: 2, owner: 'white', offered: { value: 2, to: 'black' } } }, 'cube.offered.value'],
    [{ cube: { value: 1, owner: null, offered: { value: 2, to: 'red' } } }, 'cube.offered.to'],
    [{ turn: 'red' }, 'turn'],
    [{ view: { bottom: 'left' } }, 'view.bottom'],
    [{ players: { white: { score: -1 } } }, 'players.white.score'],
    [{ players: { black: { clock: { msLeft: Number.NaN } } } }, 'players.black.clock.msLeft'],
    [{ highlights: { lastPlay: { by: 'black', steps: [{ from: 3, to: 5 }] } } }, 'highlights.lastPlay.steps[0]'],
    [{ turn: null, highlights: { turnSteps: [{ from: 8, to: 5 }] } }, 'highlights'],
    [{ highlights: { selected: { point: 26, destinations: [] } } }, 'highlights.selected.point'],
    [{ highlights: { selected: { point: 7, destinations: [4] } } }, 'highlights.selected.point'],
    [{ result: { winner: 'white', kind: 'draw', points: 0 } }, 'result'],
    [{ result: { winner: 'white', kind: 'gammon', points: 2 } }, 'result.kind'],
    [{ matchLength: 100 }, 'matchLength'],
    [{ language: 'de' }, 'language'],
  ])('%j is invalid-spec at %s', (extra, field) => {
    expect(errorOf({ ...base, ...extra })).toMatchObject({ kind: 'invalid-spec', field });
  });

  it('renderBoard and boardSvg return the error as a value', async () => {
    const r = await renderBoard({ ...base, variant: 'go' });
    expect(r.ok).toBe(false);
    expect(boardSvg({ ...base, variant: 'go' }).ok).toBe(false);
  });
});

describe('issue 4: the two board forms and the view', () => {
  it('a mover-first board reads as the same checkers by colour, the mover to move', () => {
    const white = side([24, 2], [13, 5], [8, 3], [6, 4], [5, 1]);
    const r = readScene({ variant: 'short', board: { sides: [START, white], mover: 'black' } });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.sides).toEqual({ white, black: START });
    expect(r.value.turn).toBe('black');
    expect(r.value.bottom).toBe('black');
    expect(r.value.numbers).toBe('black');
  });

  it('by default the side to move sits at the bottom and its numbers are shown; a fixed view keeps a colour there', () => {
    const r = readScene({ ...base, turn: 'black', view: { bottom: 'white' } });
    if (!r.ok) throw new Error(r.error.message);
    expect([r.value.bottom, r.value.numbers, r.value.home]).toEqual(['white', 'black', 'right']);
  });

  it('with nobody to move, the winner of a result sits at the bottom', () => {
    const r = readScene({ ...base, turn: null, result: { winner: 'black', kind: 'oin', points: 1 } });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.bottom).toBe('black');
  });

  it('used dice are the ones not left; doubles show four dice', () => {
    const r = readScene({ ...base, dice: { values: [4, 4], left: [4] } });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.dice.map((d) => d.used)).toEqual([true, true, true, false]);
    const s = readScene({ ...base, dice: { values: [2, 5], left: [2] } });
    if (!s.ok) throw new Error(s.error.message);
    expect(s.value.dice).toEqual([{ value: 5, used: true }, { value: 2, used: false }]);
  });

  it('the long family labels points in the top player\'s numbering when it is to move (its head is my 12)', () => {
    const long = side([24, 15]);
    const svg = boardSvg({ variant: 'long', board: { white: long, black: long }, turn: 'black', view: { bottom: 'white' } });
    if (!svg.ok) throw new Error(svg.error.message);
    // Bottom-left corner is white's 12, black's 24; the bottom row reads 24..13 left to right, the top 1..12.
    const labels = [...svg.value.matchAll(/<text x="([\d.]+)" y="([\d.]+)" font-family="DejaVu Sans" font-size="28" font-weight="bold" text-anchor="middle" fill="#f4e4c4">(\d+)</g)]
      .map((m) => ({ x: Number(m[1]), y: Number(m[2]), n: Number(m[3]) }));
    expect(labels).toHaveLength(24);
    const row = (bottom: boolean) => labels.filter((l) => (l.y > 448) === bottom).sort((a, b) => a.x - b.x).map((l) => l.n);
    expect(row(true)).toEqual([24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13]);
    expect(row(false)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});

describe('issue 16: a double offered is drawn on the taker\'s side of the bar at its new value', () => {
  /** The colour of the picture's pixel at (x, y), as `#rrggbb`. */
  async function pixelAt(png: Buffer, x: number, y: number): Promise<[number, number, number]> {
    const sharp = await loadSharp();
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const i = (y * info.width + x) * 3;
    return [data[i], data[i + 1], data[i + 2]];
  }
  const gold = [1, 3, 5].map((i) => parseInt(THEME.accent.slice(i, i + 2), 16));
  const isGold = (rgb: readonly number[]) => rgb.every((c, i) => Math.abs(c - gold[i]) <= 24);
  // A point inside the cube's face, clear of its number, at the top end, the middle and the bottom end of the bar.
  const faceX = BAR_X + (BAR_W - CUBE_SIZE) / 2 + 8;
  const ends = { top: FIELD_TOP + 4 + 8, middle: FIELD_MID - CUBE_SIZE / 2 + 8, bottom: FIELD_BOTTOM - CUBE_SIZE - 4 + 8 };

  it.each([
    ['black', 'top', 'white'],
    ['white', 'bottom', 'white'],
    ['white', 'top', 'black'],
  ] as const)('offered to %s: gold at the %s end (%s at the bottom), nowhere else on the bar', async (to, end, bottom) => {
    const r = await renderBoard({ ...base, turn: to, view: { bottom }, cube: { value: 2, owner: to === 'white' ? 'black' : 'white', offered: { value: 4, to } } });
    if (!r.ok) throw new Error(r.error.message);
    for (const [where, y] of Object.entries(ends)) expect(isGold(await pixelAt(r.value, faceX, y)), `${where} end`).toBe(where === end);
  });

  it('the offered cube shows the new value, and the cube is drawn once', () => {
    const svg = boardSvg({ ...base, cube: { value: 4, owner: null, offered: { value: 16, to: 'black' } } });
    if (!svg.ok) throw new Error(svg.error.message);
    const cubes = [...svg.value.matchAll(/<rect [^>]*width="52" height="52" fill="([^"]+)" rx="8"[^>]*\/><text [^>]*>(\d+)<\/text>/g)].map((m) => [m[1], m[2]]);
    expect(cubes).toEqual([[THEME.accent, '16']]);
  });
});
