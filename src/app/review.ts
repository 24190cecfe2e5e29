/**
 * A finished match reviewed by the computer (the 📊 Review button, `/review`): each player's
 * average equity loss per judged move and blunders, and the biggest mistakes with the play made
 * and the better one drawn on the board. Judged as the strong level judges (1-ply over the best
 * few plays, then its 2-ply over the best five, three in the long family, and the play made, cubeless); forced plays and the computer's own are not judged. Plakoto, judged by
 * rules of thumb without an equity, is not reviewed. In long nardy each mistake also names the idea
 * behind the better play where a feature of the two positions shows it (review-ideas.ts).
 */
import { VARIANTS, formatDice, parsePlay } from '../engine/index.ts';
import { COMPUTER_ID, playsOf, type MatchState, type PlayedAt, type Seat } from '../game/index.ts';
import { formatNumber, t, type Lang } from '../i18n/index.ts';
import { finish, finishPatiently } from '../lib/index.ts';
import type { BoardPicture } from '../render/index.ts';
import type { ComputerBrain } from './computer.ts';
import type { BoardView } from './ports.ts';
import { pictureSteps } from './views.ts';
import { playerName } from './player-name.ts';
import { ideaText, reviewIdea, type Idea } from './review-ideas.ts';

/** A play that loses more than this much equity is a blunder (the measure of issue 19's table). */
export const BLUNDER = 0.08;

export interface Mistake {
  readonly at: PlayedAt;
  readonly better: string;
  readonly loss: number;
}

export interface PlayerReview {
  readonly seat: Seat;
  readonly moves: number;
  readonly meanLoss: number;
  readonly blunders: number;
}

export interface Review {
  readonly players: readonly PlayerReview[];
  /** The biggest mistakes of the match, biggest first (at most three). */
  readonly mistakes: readonly Mistake[];
}

/**
 * A review as kept once computed (issue #45: a match is reviewed once, not once per press): the
 * figures, and each mistake by the history index of its play — the positions are replayed from
 * the match, not stored.
 */
export interface KeptReview {
  readonly players: readonly PlayerReview[];
  readonly mistakes: readonly { readonly index: number; readonly better: string; readonly loss: number }[];
}

export function keptReview(review: Review): KeptReview {
  return { players: review.players, mistakes: review.mistakes.map((m) => ({ index: m.at.index, better: m.better, loss: m.loss })) };
}

/** A kept review back in full, or undefined when it does not fit the match (not this match's, or damaged). */
export function reviewFromKept(state: MatchState, kept: unknown): Review | undefined {
  const k = kept as Partial<KeptReview> | null;
  if (typeof k !== 'object' || k === null || !Array.isArray(k.players) || !Array.isArray(k.mistakes)) return undefined;
  const plays = playsOf(state);
  const mistakes: Mistake[] = [];
  for (const m of k.mistakes) {
    const at = plays.find((p) => p.index === m?.index);
    if (!at || typeof m.better !== 'string' || typeof m.loss !== 'number') return undefined;
    mistakes.push({ at, better: m.better, loss: m.loss });
  }
  return { players: k.players, mistakes };
}

/** Returns true when the computer can review the variant (it judges it by an equity). */
export function reviewable(state: MatchState): boolean {
  return VARIANTS[state.settings.variant].pinning !== true;
}

/** Reviews every unforced play of the match's human players. */
export function reviewMatch(state: MatchState, brain: ComputerBrain): Review {
  return finish(judge(state, brain));
}

/** `reviewMatch` that lets other work run every few milliseconds (`finishPatiently`). */
export function reviewMatchPatiently(state: MatchState, brain: ComputerBrain): Promise<Review> {
  return finishPatiently(judge(state, brain));
}

/** The review, a judged play at a time (each `yield` is a place to pause). */
function* judge(state: MatchState, brain: ComputerBrain): Generator<void, Review> {
  const teacher = new brain.Teacher(state.settings.variant, state.settings.options);
  const losses: [number[], number[]] = [[], []];
  const all: Mistake[] = [];
  for (const at of playsOf(state)) {
    if (at.forced || state.players[at.seat]?.id === COMPUTER_ID) continue;
    yield;
    const [best] = yield* teacher.rankingPlays(at.position, at.dice, at.context, 1);
    if (!best || best.equity === undefined) continue;
    const played = parsePlay(at.move, at.position, at.dice, at.context);
    if (!played.ok) continue;
    const loss = played.value.move === best.play.move ? 0 : Math.max(0, best.equity - (yield* teacher.judgingAfter(played.value.board)));
    losses[at.seat].push(loss);
    if (loss > 0) all.push({ at, better: best.play.move, loss });
  }
  const players = ([0, 1] as const).filter((seat) => state.players[seat]?.id !== COMPUTER_ID).map((seat): PlayerReview => {
    const l = losses[seat];
    return { seat, moves: l.length, meanLoss: l.length === 0 ? 0 : l.reduce((s, x) => s + x, 0) / l.length, blunders: l.filter((x) => x > BLUNDER).length };
  });
  return { players, mistakes: all.sort((a, b) => b.loss - a.loss).slice(0, 3) };
}

function nameOf(state: MatchState, seat: Seat, lang: Lang): string {
  return playerName(state, seat, lang);
}

/** The review's text: a title line given by the caller, a line per player and the legend. */
export function reviewText(state: MatchState, review: Review, lang: Lang, title: string): string {
  const lines = [title];
  for (const p of review.players) {
    const name = nameOf(state, p.seat, lang);
    lines.push(p.moves === 0 ? t(lang, 'review.noMoves', { name }) : t(lang, 'review.player', { name, loss: formatNumber(lang, p.meanLoss, 3), blunders: p.blunders, moves: p.moves }));
  }
  for (const m of review.mistakes) lines.push(mistakeLine(state, m, lang));
  // The legend explains the losses and the pictures: with no mistake there are neither (issue #47, B17).
  if (review.mistakes.length > 0) lines.push(t(lang, 'review.legend'));
  return lines.join('\n');
}

/** A mistake in words, and in the long family the idea behind the better play on a line of its own when a feature shows it. */
function mistakeLine(state: MatchState, m: Mistake, lang: Lang): string {
  const line = t(lang, 'review.mistake', { name: nameOf(state, m.at.seat, lang), dice: formatDice(m.at.dice), played: m.at.move, better: m.better, loss: formatNumber(lang, m.loss, 3) });
  const idea = mistakeIdea(m);
  return idea ? `${line}\n${ideaText(idea, lang)}` : line;
}

/** The idea behind the better play of a mistake (review-ideas.ts), from the position it was played from. */
export function mistakeIdea(m: Mistake): Idea | undefined {
  const { at } = m;
  const played = parsePlay(at.move, at.position, at.dice, at.context);
  const better = parsePlay(m.better, at.position, at.dice, at.context);
  return played.ok && better.ok ? reviewIdea(at.position, played.value.board, better.value.board) : undefined;
}

const COLOUR = ['white', 'black'] as const;

/**
 * A mistake as a board: the position after the play made, its steps in gold (the last play's
 * markers), the better play's in blue (the turn's markers), the dice of the roll; the caption
 * says both in words.
 */
export function mistakeView(state: MatchState, m: Mistake, lang: Lang): BoardView {
  const { at } = m;
  const played = parsePlay(at.move, at.position, at.dice, at.context);
  const after = played.ok ? played.value.board : at.position.board; // mover first
  const bySeat = at.seat === 0 ? [after[0], after[1]] : [after[1], after[0]];
  const picture: BoardPicture = {
    variant: state.settings.variant,
    board: { white: bySeat[0], black: bySeat[1] },
    turn: COLOUR[at.seat],
    view: { bottom: COLOUR[at.seat] },
    dice: { values: [at.dice[0], at.dice[1]], left: [] },
    players: { white: { name: nameOf(state, 0, lang), score: 0 }, black: { name: nameOf(state, 1, lang), score: 0 } },
    matchLength: state.settings.matchLength,
    showPips: state.settings.showPips,
    highlights: { lastPlay: { by: COLOUR[at.seat], steps: pictureSteps(at.move) }, turnSteps: pictureSteps(m.better) },
    language: lang,
  };
  return { gameId: state.id, caption: mistakeLine(state, m, lang), picture, buttons: [] };
}
