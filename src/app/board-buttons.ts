/**
 * The buttons under a board: only legal choices, in the fewest presses the rules allow — Roll /
 * Double, Take / Pass / Beaver, a confirmation, a few whole plays or a button per step, and on a
 * finished board Rematch and History. Not a rule: a view (views.ts draws the rest of the message).
 */
import type { Step } from '../engine/index.ts';
import { hintsAllowed, mayDetonate, mayDouble, passStake, type MatchState } from '../game/index.ts';
import { t, type Lang, type MessageKey } from '../i18n/index.ts';
import type { Button } from './ports.ts';
import { forcedOf, playsOf, progressOf } from './turn-answers.ts';
import { encodeToken, type Choice, type Surface } from './tokens.ts';

/** A view-only state of the board message: a checker picked, or a confirmation asked; or the match closed unfinished, and why in words. */
export interface ViewMode {
  readonly pick?: number;
  readonly confirm?: 'pass' | 'resign';
  /** The match was closed for good while under way (abandoned, a player removed from its tournament): this line says why, and no move is offered. */
  readonly closed?: string;
}

/** A point in notation: 1..24, `bar` (25) or `off` (0). */
export function point(p: number): string {
  return p === 25 ? 'bar' : p === 0 ? 'off' : String(p);
}

/** At most this many whole plays are offered as buttons at the start of a turn; more means steps. */
export const MAX_LISTED_PLAYS = 8;
const PLAYS_PER_ROW = 2;
/**
 * How wide a play's notation is, in digits: the Android chat client measured draws button labels in Roboto,
 * whose '/' is 0.7 of a digit, '*' 0.8, a bracket, 'r' and 'f' 0.65, a space 0.45; the other letters
 * of `bar` and `off` about a digit. A button of a row of two on a 360-dp phone holds 15.5 digits in
 * a group, where the sender's avatar takes 52 dp of the keyboard (18.5 in a private chat; the bot
 * cannot always tell which it is in, as an inline board's chat is unknown: docs/testing.md, "Button
 * labels"): a turn with a longer play ('bar/21 bar/17 23/19') lists its plays one a row.
 */
const NARROWER: Readonly<Record<string, number>> = { '/': 0.7, '*': 0.8, '(': 0.65, ')': 0.65, r: 0.65, f: 0.65, ' ': 0.45 };
export const DIGITS_IN_ROW_OF_TWO = 15.5;

/** A play's notation's width in digits (see NARROWER). Not a rule: layout. @example digitsWide('13/7*') // 5.5 */
export function digitsWide(label: string): number {
  return [...label].reduce((w, c) => w + (NARROWER[c] ?? 1), 0);
}

/**
 * At most this many step buttons at once; more and the player picks the checker first. With the
 * Undo, Confirm, Resign, History and hint controls it stays within the smallest keyboard a messenger
 * allows (25 buttons).
 */
const MAX_STEP_BUTTONS = 20;
const STEPS_PER_ROW = 4;
/** A checker with one way to go is its step ('19/13*', 5.5 digits): a row of five in a group is too narrow for it. */
const SOURCES_PER_ROW = 4;

function button(lang: Lang, key: MessageKey, gameId: string, version: number, choice: Choice, surface: Surface = 'board'): Button {
  return { label: t(lang, key), token: encodeToken({ surface, gameId, version, choice }) };
}

/** The buttons of the board's next step; only legal choices are ever offered. */
export function boardButtons(state: MatchState, version: number, lang: Lang, mode: ViewMode): Button[][] {
  const game = state.game!;
  const id = state.id;
  const b = (key: MessageKey, choice: Choice) => button(lang, key, id, version, choice);
  if (state.phase === 'finished') return finishedButtons(state, version, lang);
  // Closed unfinished: what is left is to read it, and to check its dice (its seed is revealed).
  if (mode.closed !== undefined) return [[b('button.history', { k: 'history' }), ...(state.fair?.seeds ? [b('button.verify', { k: 'verify' })] : [])]];
  if (game.ended || state.phase !== 'playing') return [];
  const turn = game.turn;
  // The pass says what it loses, too long to share a row: it gets one of its own.
  if (mode.confirm === 'pass') return [[passButton(state, version, lang)], [b('button.back', { k: 'back' })]];
  if (mode.confirm === 'resign') return [[b('button.resign', { k: 'resign' }), b('button.back', { k: 'back' })]];
  const hint = hintsAllowed(state) ? [b('button.hint', { k: 'hint' })] : [];
  switch (turn.stage) {
    case 'decide':
      // Roll and Double two a row (nuclear's 💣 below them: a row of three in a group is too narrow
      // for '💣 აფეთქება'); Resign, History and the hint as in the moving stage; 🔐 on a row of its
      // own, as a row of four is too narrow for these labels (docs/testing.md, "Button labels").
      return [...chunk([
        b('button.roll', { k: 'roll' }),
        ...(mayDouble(state) ? [b('button.double', { k: 'double' })] : []),
        ...(mayDetonate(state) ? [b('button.detonate', { k: 'detonate' })] : []),
      ], 2), [b('button.resign', { k: 'askResign' }), b('button.history', { k: 'history' }), ...hint], ...(state.fair ? [[b('button.dice', { k: 'dice' })]] : [])];
    case 'doubled':
      // At most three a row: with Beaver and the hint, the hint goes below ('არ ვიღებ' on a row of four is cut).
      return chunk([b('button.take', { k: 'take' }), b('button.pass', { k: 'askPass' }), ...(state.settings.beaver ? [b('button.beaver', { k: 'beaver' })] : []), ...hint], 3);
    case 'beavered':
      return [[b('button.take', { k: 'take' }), b('button.pass', { k: 'askPass' }), ...hint]];
    case 'resignOffered':
      return [[b('button.yes', { k: 'acceptResign' }), b('button.no', { k: 'declineResign' })]];
    case 'opening':
      return [];
    case 'moving':
      return movingButtons(state, version, lang, mode);
  }
}

/** The finished board's rows: a rematch (a new match, after a match), the match's history and its review; the last game's luck and the dice transcript. */
function finishedButtons(state: MatchState, version: number, lang: Lang): Button[][] {
  const b = (key: MessageKey, choice: Choice) => button(lang, key, state.id, version, choice);
  // The rematch across its row, History and Review under it: a row of three in a group is too narrow for '🔁 New match'.
  const again = [[b(state.settings.matchLength > 0 ? 'button.newMatch' : 'button.rematch', { k: 'rematch' })], [b('button.history', { k: 'history' }), b('button.review', { k: 'review' })]];
  // A match with checkable dice (issue #18): the last game's luck and the dice transcript.
  return state.fair?.seeds ? [...again, [b('button.luck', { k: 'luck', n: state.game?.number ?? 1 }), b('button.verify', { k: 'verify' })]] : again;
}

/** The pass that is confirmed, saying what it loses: "Pass: you lose 2 points". */
function passButton(state: MatchState, version: number, lang: Lang): Button {
  const stake = passStake(state.game!);
  const label = stake ? t(lang, 'button.passLoses', { points: stake.points }) : t(lang, 'button.pass');
  return { label, token: encodeToken({ surface: 'board', gameId: state.id, version, choice: { k: 'pass' } }) };
}

/**
 * The buttons of a turn, in the fewest presses the rules allow: a short list of whole plays at
 * the start of a turn (one press), else every legal next step as a button of its own ("13/8",
 * one press a checker), else — when there are too many steps to show — the checkers that may
 * move, where a checker with one way to go moves at once. A step that leaves one way to end the
 * turn ends it (see `step` in intents/press-choices.ts), so a forced rest is never pressed; a step
 * the rules chose is made by the reducer (a forced first step, #47 B10), so it is never offered alone.
 */
function movingButtons(state: MatchState, version: number, lang: Lang, mode: ViewMode): Button[][] {
  const game = state.game!;
  const turn = game.turn;
  const b = (key: MessageKey, choice: Choice) => button(lang, key, state.id, version, choice);
  const raw = (label: string, choice: Choice): Button => ({ label, token: encodeToken({ surface: 'board', gameId: state.id, version, choice }) });
  // Resign and History (the notation so far, for anyone, without a command) share the last row, with the hint where hints are allowed.
  const resign = [b('button.resign', { k: 'askResign' }), b('button.history', { k: 'history' }), ...(hintsAllowed(state) ? [b('button.hint', { k: 'hint' })] : [])];
  // The steps the turn began with by itself (#47 B10) are in every play: the list still fits the turn, and Undo has nothing of the player's to take back.
  const chosen = turn.steps.length - forcedOf(state.settings, game);
  if (chosen === 0 && mode.pick === undefined) {
    const plays = playsOf(state.settings, game);
    if (plays.length <= MAX_LISTED_PLAYS) {
      const perRow = plays.every((p) => digitsWide(p.move) <= DIGITS_IN_ROW_OF_TWO) ? PLAYS_PER_ROW : 1;
      return [...chunk(plays.map((p, i) => raw(p.move, { k: 'play', i })), perRow), resign];
    }
  }
  const progress = progressOf(state.settings, game);
  if (!progress.ok) return [resign];
  const next = progress.value.next;
  const stepButton = (s: Step) => raw(stepLabel(s, next), { k: 'step', from: s.from, to: s.to, die: s.die });
  const rows: Button[][] = [];
  if (mode.pick !== undefined) {
    rows.push(...chunk(next.filter((s) => s.from === mode.pick).map(stepButton), STEPS_PER_ROW));
    rows.push([b('button.back', { k: 'back' })]);
    return rows;
  }
  const ordered = [...next].sort((x, y) => y.from - x.from || y.to - x.to);
  if (ordered.length <= MAX_STEP_BUTTONS) {
    rows.push(...chunk(ordered.map(stepButton), STEPS_PER_ROW));
  } else {
    const sources = [...new Set(ordered.map((s) => s.from))];
    rows.push(...chunk(sources.map((p) => {
      const ways = ordered.filter((s) => s.from === p);
      return ways.length === 1 ? stepButton(ways[0]) : raw(point(p), { k: 'pick', from: p });
    }), SOURCES_PER_ROW));
  }
  const controls: Button[] = [];
  if (chosen > 0) controls.push(b('button.undo', { k: 'undo' }));
  if (progress.value.complete) controls.push(b('button.confirm', { k: 'confirm' }));
  if (controls.length > 0) rows.push(controls);
  rows.push(resign);
  return rows;
}

/** A step in notation, "13/8" or "8/3*", with its die when another die makes the same step (bearing off). */
function stepLabel(s: Step, next: readonly Step[]): string {
  const same = next.some((o) => o.from === s.from && o.to === s.to && o.die !== s.die);
  return `${point(s.from)}/${point(s.to)}${s.hit ? '*' : ''}${same ? ` (${s.die})` : ''}`;
}

/** Splits buttons into rows of `size`. Not a rule: layout. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
