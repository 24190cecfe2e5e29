/**
 * Checks of the optional parts of a picture spec (view, dice, cube, bomb, players, highlights, result).
 * Each returns the part in the scene's form or an `invalid-spec` error naming the field.
 */

import { fail, ok, type Result } from '../lib/index.ts';
import type {
  BoardPicture, Colour, PictureCube, PictureHighlights, PictureResult, PictureStep, RenderError,
} from './spec.ts';

export type Check<T> = Result<T, RenderError>;

type Die = { value: number; used: boolean };
type Player = { name: string; score?: number; clockMs?: number };

const COLOURS: readonly unknown[] = ['white', 'black'];

function invalid(field: string, message: string): { ok: false; error: RenderError } {
  return fail({ kind: 'invalid-spec', field, message });
}

function isInt(n: unknown, min: number, max: number): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
}

/** Reads the view: who sits at the bottom, whose numbers show, where home is. */
export function readView(view: BoardPicture['view'], turnOrWinner: Colour): Check<{ bottom: Colour; numbers: Colour; home: 'right' | 'left' }> {
  const v = view ?? {};
  const bottom = v.bottom ?? 'turn';
  const numbers = v.numbers ?? 'turn';
  const home = v.home ?? 'right';
  if (bottom !== 'turn' && !COLOURS.includes(bottom)) return invalid('view.bottom', 'view.bottom must be "turn", "white" or "black"');
  if (numbers !== 'turn' && !COLOURS.includes(numbers)) return invalid('view.numbers', 'view.numbers must be "turn", "white" or "black"');
  if (home !== 'right' && home !== 'left') return invalid('view.home', 'view.home must be "right" or "left"');
  return ok({
    bottom: bottom === 'turn' ? turnOrWinner : bottom,
    numbers: numbers === 'turn' ? turnOrWinner : numbers,
    home,
  });
}

/** Reads the roll: two dice (four for doubles), the ones not in `left` marked used. */
export function readDice(dice: BoardPicture['dice']): Check<Die[]> {
  if (dice === undefined) return ok([]);
  const values = dice.values as unknown;
  if (!Array.isArray(values) || values.length !== 2 || !values.every((d) => isInt(d, 1, 6))) {
    return invalid('dice.values', 'dice.values must be two numbers 1..6');
  }
  const [a, b] = values as [number, number];
  const drawn = a === b ? [a, a, a, a] : [Math.max(a, b), Math.min(a, b)];
  const left = dice.left ?? drawn;
  if (!Array.isArray(left)) return invalid('dice.left', 'dice.left must be an array of dice values');
  const pool = drawn.slice();
  for (const d of left) {
    const i = pool.indexOf(d);
    if (i < 0) return invalid('dice.left', `dice.left ${JSON.stringify(left)} is not part of the roll ${a}-${b}`);
    pool.splice(i, 1);
  }
  // Used dice: the ones left over in `pool`; with doubles the first ones drawn are the used ones.
  const usedLeft = pool.slice();
  return ok(drawn.map((value) => {
    const i = usedLeft.indexOf(value);
    if (i < 0) return { value, used: false };
    usedLeft.splice(i, 1);
    return { value, used: true };
  }));
}

/** Reads the bomb: centred or held. */
export function readBomb(bomb: BoardPicture['bomb']): Check<{ owner: Colour | null } | undefined> {
  if (bomb === undefined) return ok(undefined);
  if (typeof bomb !== 'object' || bomb === null || (bomb.owner !== null && !COLOURS.includes(bomb.owner))) {
    return invalid('bomb.owner', 'bomb.owner must be "white", "black" or null (centred)');
  }
  return ok({ owner: bomb.owner });
}

function isCubeValue(n: unknown): n is number {
  return isInt(n, 1, 2 ** 30) && (n & (n - 1)) === 0;
}

/** Reads the cube: a power of two from 1, centred or owned, and a double offered at a higher value. */
export function readCube(cube: BoardPicture['cube']): Check<PictureCube | undefined> {
  if (cube === undefined) return ok(undefined);
  if (!isCubeValue(cube.value)) return invalid('cube.value', 'cube.value must be 1, 2, 4, 8, …');
  if (cube.owner !== null && !COLOURS.includes(cube.owner)) return invalid('cube.owner', 'cube.owner must be "white", "black" or null (centred)');
  const offered = cube.offered;
  if (offered === undefined) return ok({ value: cube.value, owner: cube.owner });
  if (!isCubeValue(offered.value) || offered.value <= cube.value) return invalid('cube.offered.value', 'cube.offered.value must be a higher power of two than cube.value');
  if (!COLOURS.includes(offered.to)) return invalid('cube.offered.to', 'cube.offered.to must be "white" or "black"');
  return ok({ value: cube.value, owner: cube.owner, offered: { value: offered.value, to: offered.to } });
}

/** Reads both players' names, scores and clocks. */
export function readPlayers(players: BoardPicture['players']): Check<Record<Colour, Player>> {
  const out: Record<Colour, Player> = { white: { name: '' }, black: { name: '' } };
  for (const colour of ['white', 'black'] as const) {
    const p = players?.[colour];
    if (p === undefined) continue;
    if (p.name !== undefined && typeof p.name !== 'string') return invalid(`players.${colour}.name`, 'a name must be a string');
    if (p.score !== undefined && !isInt(p.score, 0, 999)) return invalid(`players.${colour}.score`, 'a score must be an integer 0..999');
    const ms = p.clock?.msLeft;
    if (p.clock !== undefined && !(typeof ms === 'number' && Number.isFinite(ms) && ms >= 0)) {
      return invalid(`players.${colour}.clock.msLeft`, 'clock.msLeft must be a non-negative number of milliseconds');
    }
    out[colour] = { name: p.name ?? '', ...(p.score === undefined ? {} : { score: p.score }), ...(ms === undefined ? {} : { clockMs: ms }) };
  }
  return ok(out);
}

function checkSteps(steps: unknown, field: string): Check<readonly PictureStep[]> {
  if (!Array.isArray(steps)) return invalid(field, `${field} must be an array of { from, to }`);
  for (const [i, s] of steps.entries()) {
    const { from, to } = (s ?? {}) as { from?: unknown; to?: unknown };
    if (!isInt(from, 1, 25) || !isInt(to, 0, 24) || to >= from) {
      return invalid(`${field}[${i}]`, `a step goes from a point 1..25 (25 = bar) down to a point 0..24 (0 = off), got ${JSON.stringify(s)}`);
    }
  }
  return ok(steps as PictureStep[]);
}

/** Reads the highlights; turn steps and a selected checker need a side to move, the selected point a checker. */
export function readHighlights(
  h: PictureHighlights | undefined, turn: Colour | null, sides: Readonly<Record<Colour, readonly number[]>>,
): Check<PictureHighlights> {
  if (h === undefined) return ok({});
  if (h.lastPlay !== undefined) {
    if (!COLOURS.includes(h.lastPlay.by)) return invalid('highlights.lastPlay.by', 'lastPlay.by must be "white" or "black"');
    const steps = checkSteps(h.lastPlay.steps, 'highlights.lastPlay.steps');
    if (!steps.ok) return steps;
  }
  if ((h.turnSteps !== undefined || h.selected !== undefined) && turn === null) {
    return invalid('highlights', 'turn steps and a selected checker need a side to move (turn)');
  }
  if (h.turnSteps !== undefined) {
    const steps = checkSteps(h.turnSteps, 'highlights.turnSteps');
    if (!steps.ok) return steps;
  }
  if (h.selected !== undefined) {
    const point = h.selected.point;
    if (!isInt(point, 1, 25)) return invalid('highlights.selected.point', 'the selected point is 1..25 (25 = bar)');
    if (turn !== null && sides[turn][point] === 0) return invalid('highlights.selected.point', `${turn} has no checker on its ${point === 25 ? 'bar' : `point ${point}`}`);
    const d = h.selected.destinations as unknown;
    if (!Array.isArray(d) || !d.every((p) => isInt(p, 0, 24))) {
      return invalid('highlights.selected.destinations', 'destinations are points 0..24 (0 = off)');
    }
  }
  return ok(h);
}

/** Reads a game or match result. */
export function readResult(result: PictureResult | undefined): Check<PictureResult | undefined> {
  if (result === undefined) return ok(undefined);
  const kinds: readonly unknown[] = ['oin', 'mars', 'koks', 'draw'];
  if (!kinds.includes(result.kind)) return invalid('result.kind', 'result.kind must be oin, mars, koks or draw');
  if (result.winner !== null && !COLOURS.includes(result.winner)) return invalid('result.winner', 'result.winner must be "white", "black" or null (draw)');
  if ((result.kind === 'draw') !== (result.winner === null)) return invalid('result', 'a draw has no winner, and only a draw');
  if (!isInt(result.points, 0, 99_999)) return invalid('result.points', 'result.points must be a non-negative integer');
  return ok(result);
}
