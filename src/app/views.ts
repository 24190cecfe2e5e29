/**
 * What a match looks like in a chat: the board picture spec, a caption that states the position
 * in words (enough to play without seeing the picture), and the buttons of the next step
 * (board-buttons.ts).
 */
import { VARIANTS, applySteps, formatDice, isPinned, parseWrittenPlay, type Board, type SideCheckers, type Step } from '../engine/index.ts';
import { COMPUTER_ID, challengerSeat, deadlineOf, hintsUsed, other, passStake, positionOf, seatToAct, type MatchEvent, type MatchState, type Seat } from '../game/index.ts';
import { t, type Lang, type MessageKey } from '../i18n/index.ts';
import type { BoardPicture, PictureHighlights, PictureStep, PictureView } from '../render/index.ts';
import type { BoardView } from './ports.ts';
import { boardButtons, point, type ViewMode } from './board-buttons.ts';
import { forcedOf, progressOf } from './turn-answers.ts';
import { playerName } from './player-name.ts';
import { diceCaption } from './fair-dice.ts';
import { endingLines, winnerFirst } from './texts.ts';

export type { ViewMode } from './board-buttons.ts';


const COLOUR = ['white', 'black'] as const;

function name(lang: Lang, state: MatchState, seat: Seat): string {
  return playerName(state, seat, lang);
}


/** A side in words, `bar 1 24:13 6:2 borne off 1` in the player's language; a pinned checker (plakoto) is `3:1📌`. */
function sideInWords(s: SideCheckers, lang: Lang): string {
  const parts: string[] = [];
  if (s[25] > 0) parts.push(t(lang, 'position.bar', { n: s[25] }));
  for (let p = 24; p >= 1; p--) if (s[p] !== 0) parts.push(isPinned(s, p) ? `${p}:1📌` : `${p}:${s[p]}`);
  if (s[0] > 0) parts.push(t(lang, 'position.off', { n: s[0] }));
  return parts.join(' ');
}

function lastPlay(state: MatchState): (MatchEvent & { type: 'played' }) | undefined {
  for (let i = state.history.length - 1; i >= 0; i--) {
    const e = state.history[i];
    if (e.type === 'played') return e;
    if (e.type === 'gameStarted') return undefined;
  }
  return undefined;
}

/** At most this many plays are listed in a caption, when forced ones follow each other; the rest are counted. */
const MAX_CAPTION_PLAYS = 6;

/**
 * The plays of the game in progress a caption lists, oldest first: the last two, and before them
 * every play back to the last one a person chose — forced ones, and the computer's — so that a
 * turn the reducer played by itself (one legal play, or none) is never out of sight, even when the
 * computer played between two of them (#47 B13). Beyond `MAX_CAPTION_PLAYS` the oldest are only
 * counted (`earlier`), for the caption to point at the history.
 */
function lastPlays(state: MatchState): { plays: (MatchEvent & { type: 'played' })[]; earlier: number } {
  const seen: (MatchEvent & { type: 'played' })[] = [];
  const chosen = (e: MatchEvent & { type: 'played' }) => !e.forced && state.players[e.seat]?.id !== COMPUTER_ID;
  for (let i = state.history.length - 1; i >= 0; i--) {
    const e = state.history[i];
    if (e.type === 'gameStarted') break;
    if (e.type !== 'played') continue;
    if (seen.length >= 2 && chosen(seen[0])) break;
    seen.unshift(e);
  }
  const plays = seen.slice(-MAX_CAPTION_PLAYS);
  return { plays, earlier: seen.length - plays.length };
}

/** The last permanent event of the game in progress but a roll or a hint (a detonation, a take, is followed by the roll it allowed). */
function lastEventOfGame(state: MatchState): MatchEvent | undefined {
  const h = state.history;
  for (let i = h.length - 1; i >= 0; i--) if (h[i].type !== 'rolled' && h[i].type !== 'hinted') return h[i];
  return undefined;
}

/** A play's journeys as the picture's from → to markers. Not a rule: a view. */
export function pictureSteps(move: string): PictureStep[] {
  const written = parseWrittenPlay(move);
  if (!written.ok || written.value.pass) return [];
  return written.value.journeys.map((j) => ({ from: j.points[0], to: j.points[j.points.length - 1] }));
}

/** The checkers by seat as they stand now: the steps already made this turn included. */
function shownBoard(state: MatchState): Board {
  const game = state.game!;
  const t0 = game.turn;
  if (t0.steps.length === 0 || game.ended) return game.board;
  const variant = VARIANTS[state.settings.variant];
  const [me, them] = applySteps(positionOf(state.settings, game).board, t0.steps, variant.family, variant.pinning ? 'pin' : 'hit');
  return t0.seat === 0 ? [me, them] : [them, me];
}

/**
 * How the board is turned: one colour at the bottom for the whole game, so the board does not spin
 * under the spectators of a chat (nor under the players) each turn — the viewer's own colour on a
 * board that is theirs alone (a chatless game's private boards), else the challenger's. The point
 * numbers stay the side to move's (the default): its buttons and the notation (24/18) are in its
 * numbering, and gnubg numbers the same way; for the top player its 1..6 then stand at the top
 * right, its home.
 */
function pictureView(state: MatchState, viewer: Seat | undefined): PictureView {
  return { bottom: COLOUR[viewer ?? challengerSeat(state) ?? 0] };
}

/** The cube in the picture: a double offered is drawn on its way to the side that will own it, at its new value. */
function pictureCube(state: MatchState): BoardPicture['cube'] {
  const game = state.game!;
  if (!state.settings.doubling) return undefined;
  const cube = { value: game.cube.value, owner: game.cube.owner === null ? null : COLOUR[game.cube.owner] };
  const t0 = game.turn;
  if (game.ended || (t0.stage !== 'doubled' && t0.stage !== 'beavered')) return cube;
  return { ...cube, offered: { value: game.cube.value * (t0.stage === 'doubled' ? 2 : 4), to: COLOUR[other(t0.seat)] } };
}

/** The picture spec of the match now, as `viewer` sees it (see `pictureView`). */
function picture(state: MatchState, lang: Lang, mode: ViewMode, now: number, viewer: Seat | undefined): BoardPicture {
  const game = state.game!;
  const actor = seatToAct(state);
  const t0 = game.turn;
  const last = lastPlay(state);
  const deadline = deadlineOf(state);
  const clock = (seat: Seat) => {
    if (!state.clock) return undefined;
    if (seat === actor && deadline !== undefined) return { msLeft: Math.max(0, deadline - now) };
    // The waiting player's clock reads what their next turn starts with: in correspondence the
    // days per move on top of the pool (the bank alone is the pool, often 0, which read as out of time).
    const s = state.settings.clock;
    return { msLeft: state.clock.bank[seat] + (s.kind === 'correspondence' ? s.daysPerMove * 86_400_000 : 0) };
  };
  let selected: PictureHighlights['selected'];
  if (mode.pick !== undefined && t0.dice) {
    const progress = progressOf(state.settings, game);
    if (progress.ok) selected = { point: mode.pick, destinations: progress.value.next.filter((s) => s.from === mode.pick).map((s) => s.to) };
  }
  const diceLeft = t0.dice && !game.ended ? progressOf(state.settings, game) : undefined;
  return {
    variant: state.settings.variant,
    board: (([white, black]) => ({ white, black }))(shownBoard(state)),
    turn: game.ended || mode.closed !== undefined ? null : COLOUR[actor ?? t0.seat],
    view: pictureView(state, viewer),
    dice: t0.dice && !game.ended && mode.closed === undefined ? { values: [t0.dice[0], t0.dice[1]], left: diceLeft?.ok ? [...diceLeft.value.diceLeft] : undefined } : undefined,
    cube: pictureCube(state),
    bomb: game.bomb === null ? undefined : { owner: game.bomb === 'centre' ? null : COLOUR[game.bomb] },
    players: {
      white: { name: name(lang, state, 0), score: state.score[0], clock: clock(0) },
      black: { name: name(lang, state, 1), score: state.score[1], clock: clock(1) },
    },
    matchLength: state.settings.matchLength,
    showPips: state.settings.showPips,
    highlights: {
      lastPlay: last ? { by: COLOUR[last.seat], steps: pictureSteps(last.move) } : undefined,
      turnSteps: game.ended || mode.closed !== undefined ? undefined : t0.steps.map((s) => ({ from: s.from, to: s.to })),
      selected: mode.closed === undefined ? selected : undefined,
    },
    result: game.ended ? { winner: game.ended.winner === null ? null : COLOUR[game.ended.winner], kind: game.ended.kind, points: game.ended.points, matchOver: state.phase === 'finished' && state.settings.matchLength > 0 } : undefined,
    language: lang,
  };
}

/** The caption: score, last play, whose turn and what to do, and the position in words. */
function caption(state: MatchState, lang: Lang, mode: ViewMode): string {
  const game = state.game!;
  const lines: string[] = [];
  const n = state.settings.matchLength;
  lines.push(n > 0
    ? t(lang, 'caption.score', { a: name(lang, state, 0), sa: state.score[0], sb: state.score[1], b: name(lang, state, 1), n })
    : `${name(lang, state, 0)} — ${name(lang, state, 1)}`);
  lines.push(diceCaption(state, lang));
  const { plays, earlier } = lastPlays(state);
  if (earlier > 0) lines.push(t(lang, 'caption.earlierPlays', { n: earlier }));
  for (const play of plays) {
    const forced = play.forced ? ` ${t(lang, 'caption.forced')}` : '';
    lines.push(play.move === 'Ø'
      ? t(lang, 'caption.noPlay', { name: name(lang, state, play.seat), dice: formatDice(play.dice) })
      : t(lang, 'caption.lastPlay', { name: name(lang, state, play.seat), move: `${formatDice(play.dice)}: ${play.move}` }) + forced);
  }
  if (game.ended) {
    const e = game.ended;
    lines.push(...endingLines(state, e, lang));
    if (state.phase === 'finished' && state.result?.winner != null && n > 0) {
      lines.push(t(lang, 'result.match', { winner: name(lang, state, state.result.winner), ...winnerFirst(state.score, state.result.winner) }));
    }
  } else if (mode.closed === undefined) {
    const turn = game.turn;
    const offered = turn.stage === 'doubled' || turn.stage === 'beavered' ? game.cube.value * (turn.stage === 'doubled' ? 2 : 4) : undefined;
    const last = lastEventOfGame(state);
    if (offered !== undefined) {
      lines.push(t(lang, 'caption.doubled', { name: name(lang, state, turn.seat), value: offered, other: name(lang, state, seatToAct(state)!) }));
      if (mode.confirm === 'pass') lines.push(passWarning(state, lang));
    } else if (turn.dice) {
      // A take is said until the doubler has played the turn it gave (#47 B17).
      if (last?.type === 'taken') lines.push(t(lang, 'caption.taken', { name: name(lang, state, last.seat), value: last.value }));
      lines.push(t(lang, turn.ladder ? (turn.ladder.passed ? 'caption.ladderPassed' : 'caption.ladder') : 'caption.dice', { name: name(lang, state, turn.seat), dice: formatDice(turn.dice), moves: turn.ladder?.moves ?? 4 }));
      // The steps the turn began with by itself (#47 B10): said as played for the mover, so no one wonders who moved them.
      const forced = forcedOf(state.settings, game);
      if (forced > 0) lines.push(t(lang, 'caption.forcedSteps', { name: name(lang, state, turn.seat), steps: stepsWritten(turn.steps.slice(0, forced)) }));
      if (turn.steps.length > forced) lines.push(stepsWritten(turn.steps));
      if (mode.pick !== undefined) lines.push(mode.pick === 25 ? t(lang, 'caption.pickTargetBar') : t(lang, 'caption.pickTarget', { point: point(mode.pick) }));
    } else {
      if (last?.type === 'taken') lines.push(t(lang, 'caption.taken', { name: name(lang, state, last.seat), value: last.value }));
      lines.push(t(lang, 'caption.turn', { name: name(lang, state, turn.seat) }));
    }
    const clockLine = deadlineLine(state, lang);
    if (clockLine) lines.push(clockLine);
    if (last?.type === 'detonated') lines.push(t(lang, 'caption.detonated', { name: name(lang, state, last.seat) }));
    if (game.bomb !== null) lines.push(game.bomb === 'centre' ? t(lang, 'caption.bombCentred') : t(lang, 'caption.bomb', { owner: name(lang, state, game.bomb) }));
    for (const seat of [0, 1] as const) if (state.clock?.awaySince[seat] != null) lines.push(t(lang, 'caption.vacation', { name: name(lang, state, seat) }));
    if (state.settings.doubling) {
      // A double on offer: its value and who decides, not the cube as it stood before (#47 B17).
      if (offered !== undefined) lines.push(t(lang, turn.stage === 'doubled' && state.settings.beaver ? 'caption.cubeOfferedBeaver' : 'caption.cubeOffered', { value: offered, name: name(lang, state, seatToAct(state)!) }));
      else lines.push(game.cube.owner === null ? t(lang, 'caption.cubeCentred', { value: game.cube.value }) : t(lang, 'caption.cube', { value: game.cube.value, owner: name(lang, state, game.cube.owner) }));
    }
  }
  if (mode.closed !== undefined) lines.push(mode.closed);
  const hints = hintsUsed(state);
  for (const seat of [0, 1] as const) if (hints[seat] > 0) lines.push(t(lang, 'caption.hints', { name: name(lang, state, seat), n: hints[seat] }));
  const board = shownBoard(state);
  lines.push(t(lang, 'caption.position', { white: `${name(lang, state, 0)} ${sideInWords(board[0], lang)}`, black: `${name(lang, state, 1)} ${sideInWords(board[1], lang)}` }));
  return lines.join('\n');
}

/** Steps in notation, `bar/23* 13/11`. */
function stepsWritten(steps: readonly Step[]): string {
  return steps.map((s) => `${point(s.from)}/${point(s.to)}${s.hit ? '*' : ''}`).join(' ');
}

/**
 * When the player to act runs out of time, as a moment (UTC) rather than a time left, so that the
 * caption stays true while the board waits (#47 B17): the time of day for a real-time clock, the
 * date too in correspondence. Undefined when no clock runs.
 */
function deadlineLine(state: MatchState, lang: Lang): string | undefined {
  const deadline = deadlineOf(state);
  const seat = seatToAct(state);
  if (deadline === undefined || seat === null) return undefined;
  const days = state.settings.clock.kind === 'correspondence';
  return t(lang, 'caption.deadline', { name: name(lang, state, seat), time: `${momentFormat(lang, days).format(deadline)} UTC` });
}

/** The locale a language's dates are written in. */
const LOCALES: Record<Lang, string> = { en: 'en-GB', ru: 'ru', ka: 'ka' };
const momentFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment in UTC in a language's way: `14:05:32`, or with `days` the date too, `12 Jan, 14:05`. */
function momentFormat(lang: Lang, days: boolean): Intl.DateTimeFormat {
  const key = `${lang}:${days}`;
  let format = momentFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], days
      ? { timeZone: 'UTC', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    momentFormats.set(key, format);
  }
  return format;
}

/** What a pass would cost the one asked to confirm it: the points and, in a match, the score it leaves (or the match lost). */
function passWarning(state: MatchState, lang: Lang): string {
  const stake = passStake(state.game!);
  if (!stake) return '';
  const n = state.settings.matchLength;
  if (n === 0) return t(lang, 'confirm.pass', { points: stake.points });
  const score = [state.score[0], state.score[1]];
  score[stake.winner] += stake.points;
  const words = { points: stake.points, a: name(lang, state, 0), sa: score[0], sb: score[1], b: name(lang, state, 1) };
  return t(lang, score[stake.winner] >= n ? 'confirm.passMatchLost' : 'confirm.passMatch', words);
}

/**
 * Returns the board message of a match in play or finished: the game's shared board, or with
 * `viewer` the board of that seat's own private chat (its colour at the bottom). Not a rule: a view.
 */
export function boardView(state: MatchState, version: number, lang: Lang, now: number, mode: ViewMode = {}, viewer?: Seat): BoardView {
  return { gameId: state.id, caption: caption(state, lang, mode).slice(0, 1024), picture: picture(state, lang, mode, now, viewer), buttons: boardButtons(state, version, lang, mode) };
}

/** The picture alone of `boardView`: what a board drawn ahead needs (its buttons and caption are worked out when it is shown). */
export function boardPicture(state: MatchState, lang: Lang, now: number, mode: ViewMode = {}, viewer?: Seat): BoardPicture {
  return picture(state, lang, mode, now, viewer);
}

/** Returns the seat the player may act for now, or why not. Not a rule: who may press. */
export function pressCheck(state: MatchState, playerId: string): Seat | 'not-your-game' | 'not-your-turn' {
  const seat = state.players[0]?.id === playerId ? 0 : state.players[1]?.id === playerId ? 1 : null;
  if (seat === null) return 'not-your-game';
  return seatToAct(state) === seat ? seat : 'not-your-turn';
}

