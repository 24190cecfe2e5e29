/**
 * A checked picture spec, in the form the drawing code reads: checkers by colour, who sits at the
 * bottom, whose numbers are shown, which dice are used. `readScene` turns a spec (possibly parsed
 * from JSON by a script) into a scene or a `RenderError` naming the field at fault.
 */
import { fail, ok, type Result } from '../lib/index.ts';
import { findVariant, parseBoardJson, type Family } from '../engine/index.ts';
import { readBomb, readDice, readCube, readHighlights, readPlayers, readResult, readView, type Check } from './scene-parts.ts';
import type { BoardPicture, Colour, PictureCube, PictureHighlights, PictureLanguage, PictureResult, RenderError } from './spec.ts';

/** What the drawing code reads. */
export interface Scene {
  readonly family: Family;
  readonly checkers: number;
  /** Checkers by colour, each in its own numbering. */
  readonly sides: Readonly<Record<Colour, readonly number[]>>;
  readonly turn: Colour | null;
  readonly bottom: Colour;
  readonly numbers: Colour;
  readonly home: 'right' | 'left';
  /** Each die drawn (two, or four for doubles) and whether it is used. */
  readonly dice: readonly { readonly value: number; readonly used: boolean }[];
  readonly cube: PictureCube | undefined;
  /** The bomb: who holds it (null = centred), or undefined when the game has none. */
  readonly bomb: { readonly owner: Colour | null } | undefined;
  readonly players: Readonly<Record<Colour, { readonly name: string; readonly score?: number; readonly clockMs?: number }>>;
  readonly matchLength: number;
  readonly showPips: boolean;
  readonly highlights: PictureHighlights;
  readonly result: PictureResult | undefined;
  readonly language: PictureLanguage;
}

const LANGUAGES: readonly PictureLanguage[] = ['en', 'ru', 'ka'];

/** Returns the scene a spec describes, or the first thing wrong with it. Not a rule: input checking. */
export function readScene(spec: BoardPicture): Result<Scene, RenderError> {
  if (typeof spec !== 'object' || spec === null) return invalid('spec', 'a picture spec is an object');
  if (typeof spec.variant !== 'string') return fail({ kind: 'unknown-variant', field: 'variant', message: 'variant must be a string such as "short" or "long"' });
  const variant = findVariant(spec.variant);
  if (!variant.ok) return fail({ kind: 'unknown-variant', field: 'variant', message: variant.error.message });
  const { family, checkers } = variant.value;
  const board = readBoard(spec.board, variant.value);
  if (!board.ok) return board;
  const { sides, mover } = board.value;
  const turn = spec.turn === undefined ? mover : spec.turn;
  if (turn !== null && turn !== 'white' && turn !== 'black') return invalid('turn', 'turn must be "white", "black" or null');
  const language = spec.language ?? 'en';
  if (!LANGUAGES.includes(language)) return invalid('language', `language must be one of ${LANGUAGES.join(', ')}`);
  const matchLength = spec.matchLength ?? 0;
  if (!isCount(matchLength, 99)) return invalid('matchLength', 'matchLength must be an integer 0..99');
  if (spec.showPips !== undefined && typeof spec.showPips !== 'boolean') return invalid('showPips', 'showPips must be true or false');
  const parts = readParts(spec, turn, sides);
  if (!parts.ok) return parts;
  return ok({ family, checkers, sides, turn, language, matchLength, showPips: spec.showPips === true, ...parts.value });
}

/** The scene fields read by `scene-parts.ts`. */
type Parts = Pick<Scene, 'bottom' | 'numbers' | 'home' | 'dice' | 'cube' | 'bomb' | 'players' | 'highlights' | 'result'>;

function readParts(spec: BoardPicture, turn: Colour | null, sides: Scene['sides']): Check<Parts> {
  const result = readResult(spec.result);
  if (!result.ok) return result;
  const view = readView(spec.view, turn ?? result.value?.winner ?? 'white');
  if (!view.ok) return view;
  const dice = readDice(spec.dice);
  if (!dice.ok) return dice;
  const cube = readCube(spec.cube);
  if (!cube.ok) return cube;
  const bomb = readBomb(spec.bomb);
  if (!bomb.ok) return bomb;
  const players = readPlayers(spec.players);
  if (!players.ok) return players;
  const highlights = readHighlights(spec.highlights, turn, sides);
  if (!highlights.ok) return highlights;
  return ok({
    ...view.value, dice: dice.value, cube: cube.value, bomb: bomb.value, players: players.value, highlights: highlights.value, result: result.value,
  });
}

/** Reads either board form into checkers by colour (checked by the engine's JSON board rules). */
function readBoard(board: unknown, rules: { family: Family; checkers: number; pinning?: boolean }): Check<{ sides: Record<Colour, number[]>; mover: Colour | null }> {
  if (typeof board !== 'object' || board === null) return fail({ kind: 'invalid-position', field: 'board', message: 'board must be { white, black } or { sides, mover }' });
  if ('sides' in board) {
    const { sides, mover } = board as { sides: unknown; mover: unknown };
    if (mover !== 'white' && mover !== 'black') return fail({ kind: 'invalid-position', field: 'board', message: 'board.mover must be "white" or "black"' });
    const parsed = parseBoardJson(sides, rules);
    if (!parsed.ok) return fail({ kind: 'invalid-position', field: 'board', message: parsed.error.message });
    const [first, second] = parsed.value;
    return ok({ sides: mover === 'white' ? { white: first, black: second } : { white: second, black: first }, mover });
  }
  const { white, black } = board as { white: unknown; black: unknown };
  const parsed = parseBoardJson([white, black], rules);
  if (!parsed.ok) {
    const message = parsed.error.message
      .replaceAll('side to move (board[0])', 'white side').replaceAll('opponent (board[1])', 'black side')
      .replaceAll('board[0]', 'white').replaceAll('board[1]', 'black');
    return fail({ kind: 'invalid-position', field: 'board', message });
  }
  return ok({ sides: { white: parsed.value[0], black: parsed.value[1] }, mover: null });
}

function invalid(field: string, message: string): { ok: false; error: RenderError } {
  return fail({ kind: 'invalid-spec', field, message });
}

function isCount(n: unknown, max: number): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= max;
}
