/**
 * The computer as a player: given a position and dice it chooses a legal play; given a position
 * before a roll it estimates its equity and decides the cube (double / take / pass).
 *
 * Levels (every variant):
 * - beginner: the medium level's choice half of the time, otherwise a random legal play; never
 *   doubles, always takes.
 * - medium: the short family pubeval (Tesauro's public linear evaluator), the long family a
 *   hand-tuned heuristic; both choose the best play by a static score (greedy, no lookahead).
 * - strong: the self-play-trained net of the family (short nardy's for nackgammon, longgammon,
 *   tavla, sudden death and nuclear; long nardy's for gul bara; hypergammon has its own), read with each
 *   variant's rules (what a win scores, a hit ending sudden death), with 1-ply lookahead on the
 *   best few plays and the one-sided bear-off table once both sides bear off.
 * - Plakoto, whose pins no net here has seen: medium is the greedy pip-and-pin player, strong a
 *   hand-written heuristic (`PlakotoHeuristic`) without lookahead; it never doubles and always
 *   takes, having no equity to judge the cube by.
 * The cube: the strong level decides from cubeful equities (Janowski's model over the net's 1-ply
 * chances, `cube.ts`), the medium level by rules of thumb over the net's static equity; the bomb of
 * nuclear backgammon is detonated when the net's equity gains by it (`shouldDetonate`).
 */
import { VARIANTS, legalPlays, type Dice, type Play, type Position, type TurnContext, type VariantId, type VariantOptions } from '../engine/index.ts';
import { type Evaluator, LongHeuristic, NetEvaluator, PipHit, PlakotoHeuristic, Pubeval, isRace } from './evaluators.ts';
import { flipOutputs, netFromJson, type NetJson, type Net, OUTPUTS } from './net.ts';
import { seededRandom } from './random.ts';
import { type CubeContext, type DoubleAction, type DoubleAnswer, TOO_GOOD, cubefulAnswer, cubefulBeaverAnswer, cubefulDouble, doubleDecision, takeDecision } from './cube.ts';
import { CONTACT_EFFICIENCY, raceEfficiency } from './janowski.ts';
import { type AiRules, BOARD, aiRules, swapInto } from './rules.ts';
import { Searcher, topIndices, type DeepLimits } from './search.ts';
import { PruneNet, Pruner, pruneFromJson, type PruneJson } from './prune.ts';
import { finish } from '../lib/index.ts';
import shortWeights from './weights/short.json' with { type: 'json' };
import shortPrune from './weights/short-prune.json' with { type: 'json' };
import longWeights from './weights/long.json' with { type: 'json' };
import hypergammonWeights from './weights/hypergammon.json' with { type: 'json' };

/** The computer's levels, weakest first. */
export const AI_LEVELS = ['beginner', 'medium', 'strong'] as const;
export type AiLevel = (typeof AI_LEVELS)[number];

/**
 * How the strong level looks ahead: the best `keep` plays within `window` points of the best,
 * stopping after `budget` evaluated positions (keeps a move well within 100 ms; see bench/ai.ts).
 * Against gnubg Expert, 6 plays within 0.25 won 45.9 % where 4 within 0.16 won 44.5 % (same net,
 * same 1,000 games' dice). Judged by gnubg 2-ply on 700 positions (bench/errors.ts), 8 within 0.3
 * lose 6.5 millipoints a play where 6 within 0.25 lose 7.0 (−0.6 ± 0.3 paired; most of it in
 * crashed positions, where the net's 0-ply order is least right), for about a quarter more time;
 * 10 or 16 plays, a wider window or a larger budget gain nothing more there.
 *
 * `deep`: then the 5 best by 1-ply within 0.1 of the best at 2-ply, every roll of ours below
 * each of the opponent's, our answers to them scored by the full net among the pruning net's best
 * 6 (prune.ts), until 60,000 positions in all. Same bench, same run: the reduced 2-ply of the 3
 * best within 0.05 (until this evening) 4.5 mp a play; this one 3.9 at 1.8 times its time; the
 * same without a budget 3.8; at 30,000 or 40,000 positions 4.2. Pruning to 6 plays loses nothing
 * measurable there (4.1 and 4.1 over the 3 best within 0.05) for half the time.
 */
export const LOOKAHEAD = { keep: 8, window: 0.3, budget: 8000, deep: { plays: 5, window: 0.1, budget: 60_000, reduced: false, prune: 6 } } as const;

/**
 * The long family's 2-ply: the reduced one (a third of our rolls below each of the opponent's),
 * not pruned, over the best 5 by 1-ply within 0.1 until 60,000 positions (6 Dec, issue 51). On
 * the long-nardy benchmark's 1,000 positions it loses 0.0005 ± 0.0002 a decision less than the
 * reduced 2-ply over the best 3 within 0.05 until 30,000 of 2–6 Dec, position by position (the
 * full 2-ply over those 3 gained nothing: width, not depth); chosen among seven limits on those
 * positions, then confirmed on fresh dice: +0.013 ± 0.029 a game against it (2,000 games, ± 0.016
 * over the pairs), no loss (docs/lab/long-benchmark.md). Moves take 1.35 times as long (mean
 * 13.7 ms, p99 78 ms on a quiet machine; 6 within 0.15 reached a p99 of 96 ms for no more). Short
 * nardy's full pruned 2-ply had scored −0.018 ± 0.029 against the narrow one in long nardy.
 */
export const LONG_DEEP: DeepLimits = { plays: 5, window: 0.1, budget: 60_000, reduced: true, prune: 0 };

/**
 * The app's cap on the strong level's lookahead, in milliseconds from the start of the move: on a
 * machine busy with other work the node budget alone let a move take 500 ms (bench/ai.ts `load`).
 * Past it the roll in progress is dropped, as when the budget runs out (a 2-ply cut short compares
 * the plays on the opponent's rolls it got through). 80, since the 2-ply: under the 100 ms
 * for a move's p99.
 */
export const MOVE_TIME_LIMIT_MS = 80;

const nets: Partial<Record<VariantId, Net>> = {};

/**
 * Variants with a net of their own. Hypergammon's three checkers a side make another game than
 * short nardy's fifteen: its net started from short nardy's and was trained on by hypergammon
 * self-play (docs/computer.md).
 */
const OWN_WEIGHTS: Partial<Record<VariantId, NetJson>> = { hypergammon: hypergammonWeights as NetJson };

/** The trained net of a variant (loaded once): its own, else its family's, short nardy's or long nardy's. */
export function netFor(variant: VariantId): Net {
  const own = OWN_WEIGHTS[variant];
  if (own !== undefined) return (nets[variant] ??= netFromJson(own));
  const family = VARIANTS[variant].family === 'short' ? 'short' : 'long';
  return (nets[family] ??= netFromJson((family === 'short' ? shortWeights : longWeights) as NetJson));
}

let shortPruneNet: PruneNet | undefined;

/**
 * The pruning net of a variant's 2-ply (prune.ts), learnt from short nardy's committed net; none
 * where the net is not that one, or where the variant ends or scores in ways short nardy does not
 * (sudden death's hit): there the full net scores every play. The long family's 2-ply does not
 * prune (`LONG_DEEP`).
 */
export function pruneNetFor(variant: VariantId, net: Net): PruneNet | undefined {
  const v = VARIANTS[variant];
  if (v.family !== 'short' || v.firstHitWins || v.earlyEnd || OWN_WEIGHTS[variant] !== undefined || net !== netFor(variant)) return undefined;
  return (shortPruneNet ??= pruneFromJson(shortPrune as PruneJson));
}

/**
 * What a nuclear bomb's detonation must gain in equity before the computer uses it: the bomb then
 * passes to the opponent, whose own detonation later is worth something the net does not see.
 */
export const DETONATE_GAIN = 0.1;

/** A computer player of one level for one variant and its options. Holds scratch space: one per thread. */
export class ComputerPlayer {
  readonly rules: AiRules;
  readonly searcher: Searcher;
  readonly net: NetEvaluator;
  private readonly medium: Evaluator;
  /** The strong level's ranking where the net does not serve (plakoto); undefined: the net with lookahead. */
  private readonly own: Evaluator | undefined;

  /** The evaluator the strong level ranks plays by instead of the net (plakoto), if any. */
  get ownEvaluator(): Evaluator | undefined {
    return this.own;
  }
  private readonly board = new Int8Array(BOARD);
  private readonly swapped = new Int8Array(BOARD);
  private readonly chances = new Float64Array(OUTPUTS);
  /** When set, the strong level's lookahead stops this many ms after a move began (`MOVE_TIME_LIMIT_MS`); unset: the node budget alone, deterministic. */
  moveTimeLimitMs: number | undefined;
  /** The strong level's 2-ply (`LOOKAHEAD.deep`, `LONG_DEEP` for the long family); undefined: 1-ply only, as until 2 Dec 2026 (benches compare the two). */
  deep: DeepLimits | undefined;

  /** `net`: the trained net of the variant unless given (benches play another, e.g. the one before a retrain). */
  constructor(readonly level: AiLevel, variant: VariantId, options?: Partial<VariantOptions>, private readonly random: () => number = seededRandom(1), net: Net = netFor(variant)) {
    this.rules = aiRules(variant, options);
    this.searcher = new Searcher(this.rules);
    this.net = new NetEvaluator(net, this.rules);
    this.deep = this.rules.short ? LOOKAHEAD.deep : LONG_DEEP;
    const prune = pruneNetFor(variant, net);
    if (prune) this.searcher.pruner = new Pruner(prune, this.rules);
    const pinning = this.rules.variant.pinning === true;
    this.medium = pinning ? new PipHit() : this.rules.short ? new Pubeval() : new LongHeuristic();
    this.own = pinning ? new PlakotoHeuristic() : undefined;
  }

  /** True when the level judges the cube by an equity (not the beginner, not plakoto's heuristics). */
  private get judgesCube(): boolean {
    return this.level !== 'beginner' && this.own === undefined;
  }

  /**
   * Returns the index (into the searcher's generator) of the chosen play for the board at
   * `b[at..]` (mover first) and dice, or -1 when the roll cannot be played. The fast path for
   * benches and training-style loops.
   */
  chooseIndex(b: Int8Array, at: number, dice: Dice, firstTurn: boolean, moves?: number): number {
    const started = performance.now();
    const n = this.searcher.generate(b, at, dice, firstTurn, moves);
    if (n === 0) return -1;
    if (n === 1) return 0;
    switch (this.level) {
      case 'beginner':
        return this.random() < 0.5 ? this.searcher.scorePlays(n, this.medium) : Math.floor(this.random() * n);
      case 'medium':
        return this.searcher.scorePlays(n, this.medium);
      case 'strong':
        if (this.own) return this.searcher.scorePlays(n, this.own);
        this.searcher.deadline = this.moveTimeLimitMs === undefined ? Infinity : started + this.moveTimeLimitMs;
        try {
          return this.searcher.lookahead(n, this.net, LOOKAHEAD.keep, LOOKAHEAD.window, LOOKAHEAD.budget, this.deep);
        } finally {
          this.searcher.deadline = Infinity;
        }
    }
  }

  /** Returns the chosen play of a position and roll, one of `legalPlays`; undefined when none. */
  choosePlay(position: Position, dice: Dice, context: TurnContext = {}): Play | undefined {
    loadInto(this.board, position);
    const i = this.chooseIndex(this.board, 0, dice, context.firstTurn ?? false, context.moves);
    if (i < 0) return undefined;
    const chosen = this.searcher.gen.boards.subarray(i * BOARD, i * BOARD + BOARD);
    const plays = legalPlays(position, dice, context);
    const play = plays.find((p) => sameBoardAs(p, chosen));
    if (!play) throw new Error('computer: the chosen play is not among the legal plays');
    return play;
  }

  /**
   * Returns the cubeless equity (points per game) of the side to roll in `position` (board[0] is
   * to roll): at the strong level averaged over its 21 rolls, else the net's static estimate.
   */
  equityToRoll(position: Position): number {
    loadInto(this.board, position);
    swapInto(this.board, 0, this.swapped, 0);
    return this.level === 'strong' ? -this.searcher.replyValue(this.swapped, 0, this.net) : -this.net.score(this.swapped, 0);
  }

  /**
   * The chances of the side to roll in `position` (board[0]): P(win), P(win mars+), P(win koks),
   * P(lose mars+), P(lose koks); at the strong level averaged over its 21 rolls, else the net's
   * static outputs. A view of scratch space, overwritten by the next call.
   */
  chancesToRoll(position: Position): Float64Array {
    loadInto(this.board, position);
    swapInto(this.board, 0, this.swapped, 0);
    const c = this.chances;
    if (this.level === 'strong') return this.searcher.rollerChances(this.swapped, 0, this.net, c);
    this.net.score(this.swapped, 0);
    flipOutputs(c, this.net.last); // `last` is the opponent's view: it is "the side that has just moved"
    return c;
  }

  /**
   * Janowski's cube efficiency for the side to roll in `position`: contact 0.68, a short-family
   * race by its pip count (`raceEfficiency`).
   */
  cubeEfficiency(position: Position): number {
    loadInto(this.board, position);
    if (!this.rules.short || !isRace(this.board, 0)) return CONTACT_EFFICIENCY;
    let pips = 0;
    for (let p = 1; p <= 25; p++) pips += p * this.board[p];
    return raceEfficiency(pips);
  }

  /** The computer's cube action as the side to roll in `position`, the cube (`cube`) its to turn. */
  doubleAction(position: Position, cube: CubeContext): DoubleAction {
    if (!this.judgesCube) return 'noDouble';
    if (this.level === 'strong') return cubefulDouble(this.chancesToRoll(position), this.cubeEfficiency(position), cube);
    const equity = this.equityToRoll(position);
    return doubleDecision(equity, cube) ? 'double' : equity >= TOO_GOOD ? 'tooGood' : 'noDouble';
  }

  /** Should the side to roll in `position` (the computer) double now? */
  shouldDouble(position: Position, cube: CubeContext): boolean {
    return this.doubleAction(position, cube) === 'double';
  }

  /**
   * The computer's answer to a double: `position` has the doubler to roll, `cube` is the cube
   * before the double, from the computer's view. A beaver only where `cube.beaver` allows it.
   */
  answerDouble(position: Position, cube: CubeContext): DoubleAnswer {
    if (!this.judgesCube) return 'take';
    if (this.level === 'strong') return cubefulAnswer(this.chancesToRoll(position), this.cubeEfficiency(position), cube);
    return takeDecision(-this.equityToRoll(position), { ...cube, value: cube.value * 2 }) ? 'take' : 'pass';
  }

  /**
   * The computer doubled and was beavered: take (play on at four times `cube.value`) or pass?
   * `position` has the computer to roll.
   */
  answerBeaver(position: Position, cube: CubeContext): 'take' | 'pass' {
    if (!this.judgesCube) return 'take';
    if (this.level === 'strong') return cubefulBeaverAnswer(this.chancesToRoll(position), this.cubeEfficiency(position), cube);
    return takeDecision(this.equityToRoll(position), { ...cube, value: cube.value * 4 }) ? 'take' : 'pass';
  }

  /**
   * Nuclear: should the side to roll (the computer) detonate the bomb, `detonated` being
   * `position` with every blot on the bar? When its equity to roll gains `DETONATE_GAIN` or more.
   */
  shouldDetonate(position: Position, detonated: Position): boolean {
    return this.judgesCube && this.equityToRoll(detonated) >= this.equityToRoll(position) + DETONATE_GAIN;
  }
}

/** A play with the computer's judgement of it: its equity after 1-ply, undefined where only a ranking exists (plakoto). */
export interface RankedPlay {
  readonly play: Play;
  readonly equity: number | undefined;
}

/**
 * The computer as a teacher: the best plays of a roll and the equity of any play, judged as the
 * strong level judges (0-ply over every play, 1-ply over the best eight, then its 2-ply over the
 * best three of those; every equity given is a 2-ply one). Slower than a move (no work budget),
 * so for a hint or a review, not for the computer's own turns.
 */
export class Teacher {
  readonly player: ComputerPlayer;
  private readonly board = new Int8Array(BOARD);
  private readonly after = new Int8Array(BOARD);

  constructor(variant: VariantId, options?: Partial<VariantOptions>) {
    this.player = new ComputerPlayer('strong', variant, options);
  }

  /** True when its judgements are equities (every variant but plakoto). */
  get judgesEquity(): boolean {
    return this.player.ownEvaluator === undefined;
  }

  /** The best `count` plays of `dice` in `position`, best first; empty when the roll cannot be played. */
  rankPlays(position: Position, dice: Dice, context: TurnContext = {}, count = 3): RankedPlay[] {
    return finish(this.rankingPlays(position, dice, context, count));
  }

  /**
   * `rankPlays` a look-ahead at a time: each `yield` falls between two plays' 1-ply or 2-ply, a
   * place where a caller that must stay responsive (a review in one process that answers
   * everyone) may let other work run. The searcher's state stays this teacher's between them.
   */
  *rankingPlays(position: Position, dice: Dice, context: TurnContext = {}, count = 3): Generator<void, RankedPlay[]> {
    const { searcher, net } = this.player;
    loadInto(this.board, position);
    const n = searcher.generate(this.board, 0, dice, context.firstTurn ?? false, context.moves);
    if (n === 0) return [];
    const own = this.player.ownEvaluator;
    searcher.scorePlays(n, own ?? net);
    const order = topIndices(searcher.scores, n, own ? count : Math.max(count, LOOKAHEAD.keep));
    const boards = searcher.gen.boards;
    // Each play's 1-ply keeps its replies in the slot of its 0-ply rank, for the 2-ply to go on from.
    const judged: { i: number; slot: number; value: number }[] = [];
    for (const [slot, i] of order.entries()) {
      if (!own) yield;
      judged.push({ i, slot, value: own ? searcher.scores[i]! : searcher.replyValue(boards, i * BOARD, net, Infinity, slot) });
    }
    judged.sort((a, b) => b.value - a.value);
    if (!own) {
      // The best by 1-ply again at 2-ply, so that the hint and the review agree with the strong level's own play.
      const deep = this.player.deep!;
      judged.splice(Math.max(count, deep.plays));
      for (const j of judged) {
        yield;
        j.value = searcher.deepValue(boards, j.i * BOARD, j.slot, net, deep.reduced, Infinity, deep.prune);
      }
      judged.sort((a, b) => b.value - a.value);
    }
    const plays = legalPlays(position, dice, context);
    return judged.slice(0, count).map(({ i, value }) => {
      const chosen = boards.subarray(i * BOARD, i * BOARD + BOARD);
      const play = plays.find((p) => sameBoardAs(p, chosen));
      if (!play) throw new Error('teacher: a ranked play is not among the legal plays');
      return { play, equity: own ? undefined : value };
    });
  }

  /** The equity (2-ply, the mover's) of the board after a play, mover still first; NaN where there is no equity. */
  equityAfter(board: Position['board']): number {
    return finish(this.judgingAfter(board));
  }

  /** `equityAfter` with a place to pause between its 1-ply and its 2-ply (see `rankingPlays`). */
  *judgingAfter(board: Position['board']): Generator<void, number> {
    if (!this.judgesEquity) return NaN;
    for (let i = 0; i < 26; i++) { this.after[i] = board[0][i]; this.after[26 + i] = board[1][i]; }
    const { searcher, net } = this.player;
    searcher.replyValue(this.after, 0, net, Infinity, 0);
    yield;
    const deep = this.player.deep!;
    return searcher.deepValue(this.after, 0, 0, net, deep.reduced, Infinity, deep.prune);
  }
}

/** Copies a position's board (mover first) into the generator layout. */
export function loadInto(b: Int8Array, position: Position): Int8Array {
  for (let i = 0; i < 26; i++) { b[i] = position.board[0][i]; b[26 + i] = position.board[1][i]; }
  return b;
}

function sameBoardAs(play: Play, b: Int8Array): boolean {
  const [x, y] = play.board;
  for (let i = 0; i < 26; i++) if (x[i] !== b[i] || y[i] !== b[26 + i]) return false;
  return true;
}
