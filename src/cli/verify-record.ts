/**
 * `nardy verify --record` (issue #48): a dice transcript checked against the match's record (📜
 * History's `.txt`, the project's plain record: src/game/export.ts `exportLongText`). Each game's
 * moves are replayed on the board from the start, each must be legal with its dice, and the dice
 * each move used must be the dice the transcript derived for it, in order: an opening throw is
 * the transcript's next `opening` roll; a turn is its next `roll` (or, where the variant plays the
 * opening throw, that throw for the first move); a rung of gul bara's ladder rolls nothing. Every
 * roll of the transcript must be used, but for one thrown as a match was abandoned mid-turn.
 */
import {
  VARIANTS, findVariant, gameResult, ladderStart, nextRung, parsePlay, resolveOptions, startBoard, swapSides,
  type Board, type LadderRung, type Variant, type VariantOptions,
} from '../engine/index.ts';

/** The transcript's fields the check reads (src/game/transcript.ts). */
interface TranscriptLike {
  readonly variant?: string;
  readonly rolls: readonly ({ readonly i: number; readonly kind: string; readonly dice?: readonly number[]; readonly seat?: string })[];
}

const same = (a: readonly number[] | undefined, b: readonly number[]) => a !== undefined && ((a[0] === b[0] && a[1] === b[1]) || (a[0] === b[1] && a[1] === b[0]));

/** Returns the first way the record's dice differ from the transcript's, or undefined when they agree. */
export function recordDiceProblem(transcript: TranscriptLike, record: string): string | undefined {
  const lines = record.split(/\r?\n/);
  // The file has a header; 📜 History's message shows the same record without it (the variant is then the transcript's, with its default options).
  if (!lines.some((l) => l.startsWith('; Nardy match record') || /^Game \d+: White \d+, Black \d+$/.test(l))) return 'the record is not a nardy match record (📜 History\'s .txt, "; Nardy match record 1", or its message\'s "Game 1: White 0, Black 0" …)';
  const variantId = /^; Variant: (\S+)/m.exec(record)?.[1] ?? transcript.variant;
  const variant: Variant | undefined = variantId === undefined ? undefined : (VARIANTS as Record<string, Variant>)[variantId] ?? findVariant(variantId) ?? undefined;
  if (!variant) return `the record names no known variant (${variantId ?? 'none'})`;
  let options: Partial<VariantOptions>;
  try {
    const raw = JSON.parse(/^; Options: (.*)$/m.exec(record)?.[1] ?? '{}') as Record<string, unknown>;
    options = raw as Partial<VariantOptions>;
    const resolved = resolveOptions(variant, raw);
    if (!resolved.ok) return `the record's options: ${resolved.error.message}`;
  } catch {
    return 'the record\'s options are not JSON';
  }
  const bombs = /detonates the bomb/.test(record);
  const rolls = transcript.rolls.filter((r) => r.kind !== 'seats');
  let next = 0;
  const take = (what: string, kind: 'opening' | 'roll', dice: readonly [number, number], seat?: string): string | undefined => {
    const r = rolls[next];
    if (r === undefined) return `${what}: the transcript has no roll left for it`;
    if (r.kind !== kind) return `${what}: the transcript's roll ${r.i} is ${r.kind === 'opening' ? 'an opening throw' : 'a turn\'s roll'}`;
    if (!same(r.dice, dice) || (seat !== undefined && r.seat !== seat)) return `${what} used ${dice.join('-')}, but the transcript's roll ${r.i} derived ${r.dice?.join('-')}${r.seat ? ` for ${r.seat === 'white' ? 'White' : 'Black'}` : ''}`;
    next++;
    return undefined;
  };
  // One game's replay: the board from the mover's side, the side to move, the ladder.
  let board: Board = startBoard(variant);
  let side: 0 | 1 = 0;
  let sideSeat: 0 | 1 = 0;
  let turns = [0, 0];
  let rung: LadderRung | undefined;
  let opening: readonly [number, number] | undefined;
  for (const [n, line] of lines.entries()) {
    const where = `record line ${n + 1} ("${line}")`;
    if (/^Game \d+:/.test(line)) { board = startBoard(variant); side = 0; turns = [0, 0]; rung = undefined; opening = undefined; continue; }
    const open = /^Opening: White ([1-6]), Black ([1-6])/.exec(line);
    if (open) {
      const dice: [number, number] = [Number(open[1]), Number(open[2])];
      const problem = take(where, 'opening', dice);
      if (problem) return problem;
      if (dice[0] !== dice[1]) {
        sideSeat = dice[0] > dice[1] ? 0 : 1;
        opening = variant.opening === 'rollAgain' ? undefined : (sideSeat === 0 ? dice : [dice[1], dice[0]]);
      }
      continue;
    }
    const starter = /^Starter: (White|Black)/.exec(line);
    if (starter) { sideSeat = starter[1] === 'White' ? 0 : 1; continue; }
    const rolled = /^(White|Black) rolls ([1-6])-([1-6])$/.exec(line);
    if (rolled) {
      const problem = take(where, 'roll', [Number(rolled[2]), Number(rolled[3])], rolled[1].toLowerCase());
      if (problem) return problem;
      continue;
    }
    const turn = /^(White|Black) ([1-6])-([1-6]): (.*)$/.exec(line);
    if (!turn) continue;
    const seat: 0 | 1 = turn[1] === 'White' ? 0 : 1;
    const dice: [number, number] = [Number(turn[2]), Number(turn[3])];
    if (!rung) {
      // The variant plays the opening throw as the first move; every other turn rolled.
      const fromOpening = opening !== undefined && turns[0] + turns[1] === 0;
      if (fromOpening ? !same(opening, dice) : false) return `${where}: the first move used ${dice.join('-')}, the opening throw was ${opening!.join('-')}`;
      if (!fromOpening) {
        const problem = take(where, 'roll', dice, seat === 0 ? 'white' : 'black');
        if (problem) return problem;
      }
    } else if (dice[0] !== rung.die || dice[1] !== rung.die) {
      return `${where}: the ladder goes on with ${rung.die}-${rung.die}`;
    }
    if (bombs) continue; // a detonation changes the board outside the moves: the dice alone are checked
    if (seat !== sideSeat) { board = swapSides(board); side = side === 0 ? 1 : 0; sideSeat = seat; }
    const position = { variant: variant.id, board, options };
    if (gameResult(position)) return `${where}: the game is already over`;
    const play = parsePlay(turn[4].trim(), position, dice, { firstTurn: turns[side] === 0, moves: rung?.moves });
    if (!play.ok) return `${where}: not a legal play with ${dice.join('-')}: ${play.error.message}`;
    const current = rung ?? ladderStart(variant, dice, turns[side] + 1);
    if (!rung) turns[side]++;
    const step = current && nextRung(current, play.value.steps.length);
    rung = step?.rung;
    const keepSide = step ? !step.toOpponent : current?.passed === true;
    if (keepSide) board = play.value.board;
    else { board = swapSides(play.value.board); side = side === 0 ? 1 : 0; sideSeat = sideSeat === 0 ? 1 : 0; }
  }
  const left = rolls.slice(next);
  // A match abandoned right after a roll records no play for it.
  if (left.length > 1 || (left.length === 1 && left[0]!.kind !== 'roll')) return `the transcript has ${left.length} roll${left.length === 1 ? '' : 's'} the record does not use, from roll ${left[0]!.i}`;
  return undefined;
}
