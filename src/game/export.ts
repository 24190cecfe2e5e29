/**
 * Match records for other programs and for people (issue 3: the history exported).
 *
 * `exportMat`: a short-nardy match as a Jellyfish `.mat` file in the layout of gnubg 1.07's own
 * `export match mat` (anchors-engine.md §1.5), which gnubg `import mat`, XG and others read:
 *
 *     ; [EventDate "2026.11.29"]          XG-style tags, each where it applies (Crawford in a match,
 *     ; [Crawford "On"]                   Jacoby and Beaver in money play, CubeLimit "1" without a
 *                                         cube); gnubg keeps EventDate and Variation only
 *      3 point match                      money play (one game): " 0 point match", as gnubg exports
 *      Game 1                             a money session and imports it back as money play
 *      Ann : 0                        Bob : 0
 *       1) 31: 8/5 6/5                  Doubles => 2
 *       2)  Takes                      64: 24/18 18/14
 *       3) 62: 24/18 13/11*            66:
 *       4)  Doubles => 4                Drops
 *           Wins 2 points
 *
 * Left column = seat 0 (White, Player 1). A line is "%3d) ", the left cell padded to 27, " ", the
 * right cell; a side that acts twice in a row (Black opening a game) leaves a cell empty. A play is
 * its dice, larger first, then each checker step "from/to" in the mover's numbering (bar 25, off 0)
 * with "*" on a hit: doubles in four steps, no play just "66:". Cube cells: " Doubles => N",
 * " Takes", " Drops", " Beavers => N". A game ends with "Wins N point(s)" in the winner's column
 * (own line, or beside a left cell) and " and the match" when it decides a match (Jellyfish's words;
 * gnubg 1.07 omits and ignores them). gnubg reads a "Wins" after an unfinished game as the loser's
 * resignation (N ≤ cube: single, ≤ 2 × cube: gammon, else backgammon); a roll before a resignation
 * is written "44:" and read back as dice only. gnubg scores what it replays, so its score differs
 * when the rules do: "with mars" off, auto-doubles (gnubg starts every cube at 1), Jacoby (gnubg
 * takes it from its own `set jacoby`, not the file); gnubg 1.07 also crashes on a cube above 128.
 * Those cases are noted in `;` lines, which gnubg keeps as the match comment.
 *
 * `exportLongText`: the project's plain record of any variant (long nardy has no common format):
 *
 *     ; Nardy match record 1            header: Id, Variant, Options (every option, as the
 *     ; Options: {"headException":...}  CLI's --options takes it), Match, Cube, White, Black,
 *     ; ...                             Started, Result
 *     Game 1: White 0, Black 0          each game: its number and the score before it, then
 *     Opening: White 5, Black 3         each opening throw (", tie": again), or "Starter: Black"
 *     White 6-5: 24/13                  a turn: the colour, then exactly a `nardy play` record
 *     Black 6-6: Ø                      (a roll with nothing to play)
 *     White doubles to 2 | Black takes | Black beavers to 4 | White passes | Cube: auto-doubled to 2
 *     White rolls 6-5                   a roll not played (a resignation or time-out followed)
 *     White resigns | White offers to resign a mars | Black declines the resignation | White runs
 *     out of time | White is away | White is back | Draw | White wins 2 points (mars[, double
 *     passed | , resigned | , on time]) and the match
 *
 * Replaying game G: its turn lines without the colour are `nardy play`'s arguments (the sides
 * alternate from the game's starter):
 *
 *     awk -v g=G '/^Game /{n++} n==g && /^(White|Black) [1-6]-[1-6]:/{sub(/^[A-Za-z]+ /, ""); print}' match.txt |
 *       tr '\n' '\0' | xargs -0 npm run -s nardy -- play --variant long --options '<the Options JSON>'
 *
 * Not a rule: formats for other programs; the rules decided every event already.
 */
import { InvariantError, fail, ok, type Result } from '../lib/index.ts';
import { VARIANTS, formatDice, parsePlay, resolveOptions, type Step, type VariantOptions } from '../engine/index.ts';
import { evolve } from './evolve.ts';
import { positionOf, turnContextOf } from './match.ts';
import type { GameError, MatchEvent, MatchState, Seat } from './types.ts';

const COLOUR = ['White', 'Black'] as const;
const DAY_MS = 86_400_000;

const two = (n: number) => String(n).padStart(2, '0');

/** Returns "YYYY.MM.DD" and "HH.MM" (UTC) of an epoch time, by arithmetic (the core reads no clock). */
function civil(ms: number): { date: string; time: string } {
  const z = Math.floor(ms / DAY_MS) + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const minutes = Math.floor((ms - Math.floor(ms / DAY_MS) * DAY_MS) / 60_000);
  return { date: `${yoe + era * 400 + (month <= 2 ? 1 : 0)}.${two(month)}.${two(day)}`, time: `${two(Math.floor(minutes / 60))}.${two(minutes % 60)}` };
}

/** A name gnubg reads back unchanged: no ":" or "," (its separators), at most 31 bytes of UTF-8. */
function matName(name: string | undefined, seat: Seat): string {
  let out = (name ?? '').replace(/[\p{Cc}:,"\\]+/gu, ' ').replace(/\s+/g, ' ').trim();
  const bytes = (t: string) => Array.from(t).reduce((n, c) => n + (c.codePointAt(0)! < 0x80 ? 1 : c.codePointAt(0)! < 0x800 ? 2 : c.codePointAt(0)! < 0x10000 ? 3 : 4), 0);
  while (bytes(out) > 31) out = Array.from(out).slice(0, -1).join('').trimEnd();
  return out || `Player ${seat + 1}`;
}

const points = (n: number) => `${n} point${n === 1 ? '' : 's'}`;
const onOff = (on: boolean) => (on ? 'On' : 'Off');

/** gnubg's two columns: "%3d) " + left cell padded to 27 + " " + right cell. */
class Columns {
  readonly lines: string[] = [];
  private n = 0;
  private left: string | null = null;

  /** Writes a cell in a seat's column, leaving the other column empty when a side acts twice in a row. */
  put(seat: Seat, text: string): void {
    if (seat === 0) {
      this.flush();
      this.n++;
      this.left = text;
    } else if (this.left === null) {
      this.n++;
      this.lines.push(`${this.number()}${' '.repeat(28)}${text}`);
    } else {
      this.lines.push(`${this.number()}${this.left.padEnd(27)} ${text}`.trimEnd());
      this.left = null;
    }
  }

  /** Writes the "Wins" line in the winner's column, as gnubg does. */
  wins(seat: Seat, text: string): void {
    if (seat === 1 && this.left !== null) return this.put(1, ` ${text}`);
    this.flush();
    this.lines.push(`${' '.repeat(seat === 0 ? 6 : 34)}${text}`);
  }

  flush(): void {
    if (this.left !== null) this.lines.push(`${this.number()}${this.left}`.trimEnd());
    this.left = null;
  }

  private number = () => `${String(this.n).padStart(3)}) `;
}

const stepText = (s: Step) => `${s.from}/${s.to}${s.hit ? '*' : ''}`;
const diceText = (d: readonly [number, number]) => formatDice(d).replace('-', '');

/** Folds the history with the reducer's own `evolve`, showing each event the match before it. */
function walk(state: MatchState, visit: (e: MatchEvent, before: MatchState, next: MatchEvent | undefined) => void): Result<void, GameError> {
  let match = undefined as unknown as MatchState;
  try {
    state.history.forEach((e, i) => {
      if (match) visit(e, match, state.history[i + 1]);
      match = evolve(match, e);
    });
    return ok(undefined);
  } catch (err) {
    if (!(err instanceof InvariantError)) throw err;
    return fail({ kind: 'invalid-state', message: `the match history does not replay: ${err.message}` });
  }
}

function matHeader(state: MatchState, names: readonly [string, string], eventDate: string | undefined, notes: readonly string[]): string[] {
  const s = state.settings;
  const when = civil(state.createdAt);
  const tag = (key: string, value: string) => `; [${key} "${value.replace(/"/g, "'")}"]`;
  return [
    tag('Match ID', state.id), tag('Player 1', names[0]), tag('Player 2', names[1]),
    tag('EventDate', eventDate ?? when.date), tag('EventTime', when.time), tag('Variation', 'Backgammon'),
    // Each rule where it applies, as XG writes them: Crawford in a match, Jacoby and beavers in
    // money play, and a cube limit of 1 when the game has no cube (the cube is otherwise unlimited).
    ...(s.matchLength > 0 ? [tag('Crawford', onOff(s.crawford))] : [tag('Jacoby', onOff(s.jacoby)), tag('Beaver', onOff(s.beaver))]),
    ...(s.doubling ? [] : [tag('CubeLimit', '1')]),
    ...notes.map((n) => `; ${n}`),
    '', ` ${s.matchLength} point match`,
  ];
}

/** The notes a reader of the file needs where gnubg will not replay our scoring exactly. */
function matNotes(state: MatchState): string[] {
  const notes: string[] = [];
  if (state.settings.options.withMars === false) notes.push('Scored without mars: every win counts the cube value (gnubg scores gammons).');
  if (state.settings.options.gameType === 'caucasian') notes.push('Caucasian rule: a checker that hits in its home may not hide on its own point.');
  let game = 0;
  for (const e of state.history) {
    if (e.type === 'gameStarted') game = e.number;
    if (e.type === 'autoDoubled') notes.push(`Game ${game}: tied opening dice auto-doubled the cube to ${e.value} (gnubg starts at 1).`);
    if (e.type === 'timedOut') notes.push(`Game ${game}: ${COLOUR[e.seat]} ran out of time, which lost the match.`);
    if ((e.type === 'doubled' || e.type === 'beavered') && e.value > 128) notes.push(`Game ${game}: the cube reached ${e.value} (gnubg 1.07 crashes above 128).`);
  }
  return notes;
}

/** The games of the match in gnubg's layout, each play's steps read back from the replayed position. */
function matGames(state: MatchState, names: readonly [string, string]): Result<string[], GameError> {
  const out: string[] = [];
  let cols = new Columns();
  let roll: { seat: Seat; dice: readonly [number, number] } | null = null;
  const walked = walk(state, (e, before, next) => {
    switch (e.type) {
      case 'gameStarted':
        cols.flush();
        out.push(...cols.lines, '', ` Game ${e.number}`, ` ${`${names[0]} : ${before.score[0]}`.padEnd(30)} ${names[1]} : ${before.score[1]}`);
        cols = new Columns();
        roll = null;
        return;
      case 'rolled': roll = { seat: e.seat, dice: e.dice }; return;
      case 'played': {
        const game = before.game!;
        const play = parsePlay(e.move, positionOf(before.settings, game), e.dice, turnContextOf(game));
        if (!play.ok) throw new InvariantError(`${e.move}: ${play.error.message}`);
        cols.put(e.seat, [`${diceText(e.dice)}:`, ...play.value.steps.map(stepText)].join(' '));
        roll = null;
        return;
      }
      case 'doubled': return cols.put(e.seat, ` Doubles => ${e.value}`);
      case 'beavered': return cols.put(e.seat, ` Beavers => ${e.value}`);
      case 'taken': return cols.put(e.seat, ' Takes');
      case 'passed': return cols.put(e.seat, ' Drops');
      case 'gameEnded': {
        if (roll) cols.put(roll.seat, `${diceText(roll.dice)}:`);
        const decides = before.settings.matchLength > 0 && next?.type === 'matchEnded';
        if (e.winner !== null) cols.wins(e.winner, `Wins ${points(e.points)}${decides ? ' and the match' : ''}`);
        return;
      }
      default:
    }
  });
  if (!walked.ok) return walked;
  cols.flush();
  return ok([...out, ...cols.lines]);
}

/**
 * Returns the match as a Jellyfish `.mat` text that gnubg imports (layout: the file comment):
 * `invalid-state` for a variant other than short nardy, `wrong-phase` before the first game,
 * `invalid-settings` for an `eventDate` not written "YYYY.MM.DD" (default: the day the
 * challenge was made, UTC). Not a rule: a file format for other programs.
 * @example exportMat(match, { eventDate: '2026.11.29' }) // ok('; [Match ID "m1"]\n…')
 */
export function exportMat(state: MatchState, opts: { eventDate?: string } = {}): Result<string, GameError> {
  if (state.settings.variant !== 'short') {
    return fail({ kind: 'invalid-state', message: `a .mat file records backgammon (short nardy) only; export ${VARIANTS[state.settings.variant].name.toLowerCase()} with exportLongText` });
  }
  if (!state.history.some((e) => e.type === 'gameStarted')) return fail({ kind: 'wrong-phase', message: 'no game has been played yet' });
  if (opts.eventDate !== undefined && !/^\d{4}\.\d{2}\.\d{2}$/.test(opts.eventDate)) {
    return fail({ kind: 'invalid-settings', message: `eventDate must be written YYYY.MM.DD, got "${opts.eventDate}"` });
  }
  const names = [matName(state.players[0]?.name, 0), matName(state.players[1]?.name, 1)] as const;
  const games = matGames(state, names);
  if (!games.ok) return games;
  return ok(`${[...matHeader(state, names, opts.eventDate, matNotes(state)), ...games.value].join('\n').trimEnd()}\n`);
}

function longHeader(state: MatchState): string[] {
  const s = state.settings;
  const variant = VARIANTS[s.variant];
  const resolved = resolveOptions(variant, s.options);
  const options = resolved.ok ? Object.fromEntries(Object.keys(variant.options).map((k) => [k, resolved.value[k as keyof VariantOptions]])) : s.options;
  const who = (p: MatchState['players'][0]) => (p ? `${p.name.replace(/\p{Cc}+/gu, ' ')} (${p.id})` : '(open)');
  const when = civil(state.createdAt);
  const score = `White ${state.score[0]}, Black ${state.score[1]}`;
  const result = state.phase === 'finished'
    ? state.result?.winner == null ? 'draw' : `${COLOUR[state.result.winner]} wins the match ${state.score[0]}-${state.score[1]}`
    : state.phase === 'playing' ? `in progress: ${score}` : state.phase;
  return [
    '; Nardy match record 1',
    `; Id: ${state.id}`,
    `; Variant: ${s.variant}`,
    `; Options: ${JSON.stringify(options)}`,
    `; Match: ${s.matchLength > 0 ? `to ${points(s.matchLength)}` : 'single game'}`,
    `; Cube: ${s.doubling ? `on (Crawford ${s.crawford ? 'on' : 'off'}, Jacoby ${s.jacoby ? 'on' : 'off'}, beaver ${s.beaver ? 'on' : 'off'}, auto-double ${s.autoDoubleLimit > 0 ? `to ${s.autoDoubleLimit}` : 'off'})` : 'off'}`,
    `; White: ${who(state.players[0])}`,
    `; Black: ${who(state.players[1])}`,
    `; Started: ${when.date} ${when.time} UTC`,
    `; Result: ${result}`,
  ];
}

const REASON: Record<string, string> = { passed: ', double passed', resigned: ', resigned', timeout: ', on time', hit: ', first hit' };

/** The line (or lines) an event adds to the long text; a roll shows only when no play follows it. */
function longLines(e: MatchEvent, score: readonly [number, number], decides: boolean): string[] {
  switch (e.type) {
    case 'gameStarted': return ['', `Game ${e.number}: White ${score[0]}, Black ${score[1]}`, ...(e.starter === null ? [] : [`Starter: ${COLOUR[e.starter]}`])];
    case 'openingThrow': return [`Opening: White ${e.dice[0]}, Black ${e.dice[1]}${e.dice[0] === e.dice[1] ? ', tie' : ''}`];
    case 'autoDoubled': return [`Cube: auto-doubled to ${e.value}`];
    case 'played': return [`${COLOUR[e.seat]} ${formatDice(e.dice)}: ${e.move}`];
    case 'doubled': return [`${COLOUR[e.seat]} doubles to ${e.value}`];
    case 'detonated': return [`${COLOUR[e.seat]} detonates the bomb`];
    case 'taken': return [`${COLOUR[e.seat]} takes`];
    case 'beavered': return [`${COLOUR[e.seat]} beavers to ${e.value}`];
    case 'passed': return [`${COLOUR[e.seat]} passes`];
    case 'resigned': return [e.kind === 'oin' ? `${COLOUR[e.seat]} resigns` : `${COLOUR[e.seat]} offers to resign a ${e.kind}`];
    case 'resignDeclined': return [`${COLOUR[e.seat]} declines the resignation`];
    case 'vacation': return [`${COLOUR[e.seat]} is ${e.away ? 'away' : 'back'}`];
    case 'hinted': return [`${COLOUR[e.seat]} asks for a hint`];
    case 'timedOut': return [`${COLOUR[e.seat]} runs out of time`];
    case 'gameEnded':
      if (e.winner === null) return ['Draw'];
      return [`${COLOUR[e.winner]} wins ${points(e.points)} (${e.kind}${REASON[e.reason] ?? ''})${decides ? ' and the match' : ''}`];
    default: return [];
  }
}

/**
 * Returns the match in the project's plain record (layout and replay: the file comment), for any
 * variant and any phase. Not a rule: a record for people and for `nardy play`.
 * @example exportLongText(match) // '; Nardy match record 1\n; Id: m1\n…'
 */
export function exportLongText(state: MatchState): string {
  const out = longHeader(state);
  const score: [number, number] = [0, 0];
  let roll: { seat: Seat; dice: readonly [number, number]; shown: boolean } | null = null;
  state.history.forEach((e, i) => {
    if (roll && !roll.shown && ['resigned', 'timedOut', 'vacation', 'gameEnded'].includes(e.type)) {
      out.push(`${COLOUR[roll.seat]} rolls ${formatDice(roll.dice)}`);
      roll.shown = true;
    }
    if (e.type === 'rolled') roll = { seat: e.seat, dice: e.dice, shown: false };
    if (e.type === 'played' || e.type === 'gameStarted') roll = null;
    out.push(...longLines(e, score, state.settings.matchLength > 0 && state.history[i + 1]?.type === 'matchEnded'));
    if (e.type === 'gameEnded' && e.winner !== null) score[e.winner] += e.points;
  });
  return `${out.join('\n')}\n`;
}
