/**
 * What a match looks like in a chat: the board picture spec, a caption that states the position
 * in words (enough to play without seeing the picture), and the buttons of the next step —
 * Roll/Double, Take/Pass/Beaver, a few whole plays, or step mode with only legal steps.
 */
import { VARIANTS, applySteps, formatDice, isPinned, legalPlays, parseWrittenPlay, turnProgress, type Board, type SideCheckers } from '../engine/index.ts';
import { deadlineOf, mayDetonate, mayDouble, positionOf, seatToAct, turnContextOf, type MatchEvent, type MatchState, type Seat } from '../game/index.ts';
import { t, type Lang, type MessageKey } from '../i18n/index.ts';
import type { BoardPicture, PictureHighlights, PictureStep } from '../render/index.ts';
import type { BoardView, Button } from './ports.ts';
import { encodeToken, type Choice, type Surface } from './tokens.ts';

/** At most this many whole plays are offered as buttons; more means step mode. */
export const MAX_LISTED_PLAYS = 6;

/** A view-only state of the board message: a checker picked, or a confirmation asked. */
export interface ViewMode {
  readonly pick?: number;
  readonly confirm?: 'pass' | 'resign';
}

const COLOUR = ['white', 'black'] as const;

function name(state: MatchState, seat: Seat): string {
  return state.players[seat]?.name ?? '?';
}

function point(p: number): string {
  return p === 25 ? 'bar' : p === 0 ? 'off' : String(p);
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

/** The last permanent event of the game in progress (a detonation is followed by the roll it allowed). */
function lastEventOfGame(state: MatchState): MatchEvent | undefined {
  const h = state.history;
  for (let i = h.length - 1; i >= 0; i--) if (h[i].type !== 'rolled') return h[i];
  return undefined;
}

function pictureSteps(move: string): PictureStep[] {
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

/** The picture spec of the match now. */
function picture(state: MatchState, lang: Lang, mode: ViewMode, now: number): BoardPicture {
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
    const progress = turnProgress(positionOf(state.settings, game), t0.dice, t0.steps, turnContextOf(game));
    if (progress.ok) selected = { point: mode.pick, destinations: progress.value.next.filter((s) => s.from === mode.pick).map((s) => s.to) };
  }
  const diceLeft = t0.dice && !game.ended ? turnProgress(positionOf(state.settings, game), t0.dice, t0.steps, turnContextOf(game)) : undefined;
  return {
    variant: state.settings.variant,
    board: (([white, black]) => ({ white, black }))(shownBoard(state)),
    turn: game.ended ? null : COLOUR[actor ?? t0.seat],
    dice: t0.dice && !game.ended ? { values: [t0.dice[0], t0.dice[1]], left: diceLeft?.ok ? [...diceLeft.value.diceLeft] : undefined } : undefined,
    cube: state.settings.doubling ? { value: game.cube.value, owner: game.cube.owner === null ? null : COLOUR[game.cube.owner] } : undefined,
    bomb: game.bomb === null ? undefined : { owner: game.bomb === 'centre' ? null : COLOUR[game.bomb] },
    players: {
      white: { name: name(state, 0), score: state.score[0], clock: clock(0) },
      black: { name: name(state, 1), score: state.score[1], clock: clock(1) },
    },
    matchLength: state.settings.matchLength,
    showPips: state.settings.showPips,
    highlights: {
      lastPlay: last ? { by: COLOUR[last.seat], steps: pictureSteps(last.move) } : undefined,
      turnSteps: game.ended ? undefined : t0.steps.map((s) => ({ from: s.from, to: s.to })),
      selected,
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
    ? t(lang, 'caption.score', { a: name(state, 0), sa: state.score[0], sb: state.score[1], b: name(state, 1), n })
    : `${name(state, 0)} — ${name(state, 1)}`);
  const last = lastPlay(state);
  if (last) {
    lines.push(last.move === 'Ø'
      ? t(lang, 'caption.noPlay', { name: name(state, last.seat), dice: formatDice(last.dice) })
      : t(lang, 'caption.lastPlay', { name: name(state, last.seat), move: `${formatDice(last.dice)}: ${last.move}` }));
  }
  if (game.ended) {
    const e = game.ended;
    if (e.reason === 'timeout' && e.winner !== null) lines.push(t(lang, 'result.timeout', { name: name(state, e.winner === 0 ? 1 : 0) }));
    if (e.winner === null) lines.push(t(lang, 'result.draw'));
    else if (e.reason === 'hit') lines.push(t(lang, 'result.hit', { winner: name(state, e.winner), points: e.points }));
    else lines.push(t(lang, 'result.game', { winner: name(state, e.winner), kind: t(lang, `kind.${e.kind === 'draw' ? 'oin' : e.kind}` as MessageKey), points: e.points }));
    if (state.phase === 'finished' && state.result?.winner != null && n > 0) {
      lines.push(t(lang, 'result.match', { winner: name(state, state.result.winner), sa: state.score[0], sb: state.score[1] }));
    }
  } else {
    const turn = game.turn;
    if (turn.stage === 'doubled' || turn.stage === 'beavered') {
      lines.push(t(lang, 'caption.doubled', { name: name(state, turn.seat), value: game.cube.value * (turn.stage === 'doubled' ? 2 : 4), other: name(state, seatToAct(state)!) }));
    } else if (turn.dice) {
      lines.push(t(lang, turn.ladder ? (turn.ladder.passed ? 'caption.ladderPassed' : 'caption.ladder') : 'caption.dice', { name: name(state, turn.seat), dice: formatDice(turn.dice), moves: turn.ladder?.moves ?? 4 }));
      if (turn.steps.length > 0) lines.push(turn.steps.map((s) => `${point(s.from)}/${point(s.to)}${s.hit ? '*' : ''}`).join(' '));
      if (mode.pick !== undefined) lines.push(t(lang, 'caption.pickTarget', { point: point(mode.pick) }));
    } else {
      lines.push(t(lang, 'caption.turn', { name: name(state, turn.seat) }));
    }
    const detonation = lastEventOfGame(state);
    if (detonation?.type === 'detonated') lines.push(t(lang, 'caption.detonated', { name: name(state, detonation.seat) }));
    if (game.bomb !== null) lines.push(game.bomb === 'centre' ? t(lang, 'caption.bombCentred') : t(lang, 'caption.bomb', { owner: name(state, game.bomb) }));
    for (const seat of [0, 1] as const) if (state.clock?.awaySince[seat] != null) lines.push(t(lang, 'caption.vacation', { name: name(state, seat) }));
    if (state.settings.doubling) {
      lines.push(game.cube.owner === null ? t(lang, 'caption.cubeCentred', { value: game.cube.value }) : t(lang, 'caption.cube', { value: game.cube.value, owner: name(state, game.cube.owner) }));
    }
  }
  const board = shownBoard(state);
  lines.push(t(lang, 'caption.position', { white: `${name(state, 0)} ${sideInWords(board[0], lang)}`, black: `${name(state, 1)} ${sideInWords(board[1], lang)}` }));
  return lines.join('\n');
}

function button(lang: Lang, key: MessageKey, gameId: string, version: number, choice: Choice, surface: Surface = 'board'): Button {
  return { label: t(lang, key), token: encodeToken({ surface, gameId, version, choice }) };
}

/** The buttons of the next step; only legal choices are ever offered. */
function buttons(state: MatchState, version: number, lang: Lang, mode: ViewMode): Button[][] {
  const game = state.game!;
  const id = state.id;
  const b = (key: MessageKey, choice: Choice) => button(lang, key, id, version, choice);
  if (game.ended || state.phase !== 'playing') return [];
  const turn = game.turn;
  if (mode.confirm) {
    const yes = mode.confirm === 'pass' ? b('button.pass', { k: 'pass' }) : b('button.resign', { k: 'resign' });
    return [[yes, b('button.back', { k: 'back' })]];
  }
  switch (turn.stage) {
    case 'decide':
      return [[
        b('button.roll', { k: 'roll' }),
        ...(mayDouble(state) ? [b('button.double', { k: 'double' })] : []),
        ...(mayDetonate(state) ? [b('button.detonate', { k: 'detonate' })] : []),
      ], [b('button.resign', { k: 'askResign' })]];
    case 'doubled':
      return [[b('button.take', { k: 'take' }), b('button.pass', { k: 'askPass' }), ...(state.settings.beaver ? [b('button.beaver', { k: 'beaver' })] : [])]];
    case 'beavered':
      return [[b('button.take', { k: 'take' }), b('button.pass', { k: 'askPass' })]];
    case 'resignOffered':
      return [[b('button.yes', { k: 'acceptResign' }), b('button.no', { k: 'declineResign' })]];
    case 'opening':
      return [];
    case 'moving':
      return movingButtons(state, version, lang, mode);
  }
}

function movingButtons(state: MatchState, version: number, lang: Lang, mode: ViewMode): Button[][] {
  const game = state.game!;
  const turn = game.turn;
  const position = positionOf(state.settings, game);
  const ctx = turnContextOf(game);
  const b = (key: MessageKey, choice: Choice) => button(lang, key, state.id, version, choice);
  const raw = (label: string, choice: Choice): Button => ({ label, token: encodeToken({ surface: 'board', gameId: state.id, version, choice }) });
  const resign = [b('button.resign', { k: 'askResign' })];
  if (turn.steps.length === 0 && mode.pick === undefined) {
    const plays = legalPlays(position, turn.dice!, ctx);
    if (plays.length <= MAX_LISTED_PLAYS) return [...plays.map((p, i) => [raw(p.move, { k: 'play', i })]), resign];
  }
  const progress = turnProgress(position, turn.dice!, turn.steps, ctx);
  if (!progress.ok) return [resign];
  const rows: Button[][] = [];
  if (mode.pick !== undefined) {
    const targets = progress.value.next.filter((s) => s.from === mode.pick);
    rows.push(...chunk(targets.map((s) => raw(`${point(s.from)}/${point(s.to)}${s.hit ? '*' : ''} (${s.die})`, { k: 'step', from: s.from, to: s.to, die: s.die })), 3));
    rows.push([b('button.back', { k: 'back' })]);
    return rows;
  }
  const sources = [...new Set(progress.value.next.map((s) => s.from))].sort((x, y) => y - x);
  rows.push(...chunk(sources.map((p) => raw(point(p), { k: 'pick', from: p })), 6));
  const controls: Button[] = [];
  if (turn.steps.length > 0) controls.push(b('button.undo', { k: 'undo' }));
  if (progress.value.complete) controls.push(b('button.confirm', { k: 'confirm' }));
  if (controls.length > 0) rows.push(controls);
  rows.push(resign);
  return rows;
}

/** Splits buttons into rows of `size`. Not a rule: layout. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Returns the board message of a match in play or finished. Not a rule: a view. */
export function boardView(state: MatchState, version: number, lang: Lang, now: number, mode: ViewMode = {}): BoardView {
  return { gameId: state.id, caption: caption(state, lang, mode).slice(0, 1024), picture: picture(state, lang, mode, now), buttons: buttons(state, version, lang, mode) };
}

/** Returns the seat the player may act for now, or why not. Not a rule: who may press. */
export function pressCheck(state: MatchState, playerId: string): Seat | 'not-your-game' | 'not-your-turn' {
  const seat = state.players[0]?.id === playerId ? 0 : state.players[1]?.id === playerId ? 1 : null;
  if (seat === null) return 'not-your-game';
  return seatToAct(state) === seat ? seat : 'not-your-turn';
}

