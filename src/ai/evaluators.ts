/**
 * Static evaluators: each scores a board after a move (Generator layout at `at`: the side that has
 * just moved first, the side to roll second) from the mover's view; higher is better for it.
 * Only the neural evaluator's score is an equity (points per game); the others are rankings.
 */
import { PINNED } from '../engine/index.ts';
import { bearoffWinChance, isBearoffRace } from './bearoff.ts';
import { EXPERT_INPUTS, ExpertScratch, RAW_INPUTS, encode, encodeExpert, expertInputs, newFeatures, rawDelta, shotsAtMover, type Features } from './features.ts';
import { Net, OUTPUTS } from './net.ts';
import { type AiRules, BOARD, wonPoints } from './rules.ts';
import { PUBEVAL_CONTACT, PUBEVAL_RACE } from './pubeval-weights.ts';

export interface Evaluator {
  /** Called with the position before the move (mover first) once per decision. */
  prepare?(b: Int8Array, at: number): void;
  /** Scores the board after a move from the mover's view. */
  score(b: Int8Array, at: number): number;
  /** True when `score` is an equity in points (so it can drive cube decisions and lookahead). */
  readonly equity: boolean;
}

/** Money equity of the five outputs (win, winMars, winKoks, loseMars, loseKoks). */
export function outputsEquity(o: ArrayLike<number>, withMars: boolean): number {
  const e = 2 * o[0] - 1;
  return withMars ? e + o[1] - o[3] + o[2] - o[4] : e;
}

/** Neural evaluator; finished games score exactly, bear-off races by the one-sided table. */
export class NetEvaluator implements Evaluator {
  readonly equity = true;
  private readonly f: Features = newFeatures();
  /** Outputs of the last `score` (exact ones for a finished game; in sudden death times the chance of not being shot at). */
  readonly last = new Float32Array(OUTPUTS);
  private readonly expert: ExpertScratch | undefined;
  /** Sudden death only: scratch for the shots that would end the game at once. */
  private readonly firstHit: ExpertScratch | undefined;
  /**
   * The position before the plays being scored (`prepare`), which they are evaluated from: its
   * board, its hidden pre-activations and its expert inputs.
   */
  private readonly nearBoard = new Int8Array(BOARD);
  private readonly nearSums: Float64Array;
  private readonly nearExpert = new Float64Array(EXPERT_INPUTS);
  private nearReady = false;
  /** The inputs where a play differs from the position before it. */
  private readonly delta: Features = newFeatures();
  constructor(readonly net: Net, readonly rules: AiRules) {
    this.expert = net.inputs > RAW_INPUTS ? new ExpertScratch() : undefined;
    this.firstHit = rules.variant.firstHitWins ? new ExpertScratch() : undefined;
    this.nearSums = new Float64Array(net.hidden);
  }

  /** The plays of a roll share most of their inputs with the position before it: the net then adds only their differences. */
  prepare(b: Int8Array, at: number): void {
    if (this.nearReady && sameBoard(this.nearBoard, b, at)) return;
    this.net.accumulate(this.encode(b, at, this.f), this.nearSums);
    if (this.expert) this.nearExpert.set(this.expert.values);
    this.nearBoard.set(b.subarray(at, at + BOARD));
    this.nearReady = true;
  }

  /** The net's outputs for the board at `b[at..]`, from the position before it when there is one. */
  private forward(b: Int8Array, at: number): Float32Array {
    if (!this.nearReady) return this.net.forward(this.encode(b, at, this.f));
    const d = rawDelta(this.nearBoard, 0, b, at, this.delta);
    if (this.expert) {
      const v = expertInputs(b, at, this.rules.short, this.expert), near = this.nearExpert;
      for (let i = 0; i < EXPERT_INPUTS; i++) if (v[i] !== near[i]) { d.index[d.count] = RAW_INPUTS + i; d.value[d.count++] = v[i] - near[i]; }
    }
    return this.net.forwardDelta(d, this.nearSums);
  }

  /** Writes the net's inputs for the board at `b[at..]` into `f` (raw, plus expert ones when the net reads them). */
  encode(b: Int8Array, at: number, f: Features): Features {
    encode(b, at, f);
    return this.expert ? encodeExpert(b, at, f, this.rules.short, this.expert) : f;
  }

  score(b: Int8Array, at: number): number {
    const won = wonPoints(this.rules, b, at);
    const o = this.last;
    if (won > 0) {
      o[0] = 1; o[1] = won >= 2 ? 1 : 0; o[2] = won >= 3 ? 1 : 0; o[3] = 0; o[4] = 0;
      return won;
    }
    if (isBearoffRace(b, at)) {
      o[0] = bearoffWinChance(b, at); o[1] = o[2] = o[3] = o[4] = 0;
      return 2 * o[0] - 1;
    }
    o.set(this.forward(b, at));
    // The net's outputs are not bound to be consistent; as gnubg's sanity check, a mars win is a
    // win, a koks a mars, and the same for losses (the cube's chances must be a distribution).
    if (o[1] > o[0]) o[1] = o[0];
    if (o[2] > o[1]) o[2] = o[1];
    if (o[3] > 1 - o[0]) o[3] = 1 - o[0];
    if (o[4] > o[3]) o[4] = o[3];
    // What the variant does not score the net's outputs must not count (long nardy without koks, tavla, sudden death).
    if (this.rules.topPoints < 3) { o[2] = 0; o[4] = 0; }
    if (this.rules.topPoints < 2) { o[1] = 0; o[3] = 0; }
    const e = outputsEquity(o, this.rules.topPoints > 1);
    if (!this.firstHit) return e;
    // Sudden death: a shot at a blot is a game lost outright, which the net (trained on short nardy) takes for a setback.
    const hit = shotsAtMover(b, at, this.firstHit) / 36;
    for (let m = 0; m < OUTPUTS; m++) o[m] *= 1 - hit; // so that `last` stays the chances of the equity returned (the cube reads them)
    return (1 - hit) * e - hit;
  }
}

function sameBoard(a: Int8Array, b: Int8Array, at: number): boolean {
  for (let i = 0; i < BOARD; i++) if (a[i] !== b[at + i]) return false;
  return true;
}

/** Short family: true when no checker of either side can hit or block the other any more. */
export function isRace(b: Int8Array, at: number): boolean {
  let me = 0, opp = 0;
  for (let p = 25; p >= 1; p--) if (b[at + p] > 0) { me = p; break; }
  for (let p = 25; p >= 1; p--) if (b[at + 26 + p] > 0) { opp = p; break; }
  return me + opp < 25;
}

/**
 * Tesauro's pubeval (public domain): a linear score of the position after the move, with
 * separate race and contact weights chosen from the position before the move. Short family only.
 */
export class Pubeval implements Evaluator {
  readonly equity = false;
  private race = false;
  prepare(b: Int8Array, at: number): void {
    this.race = isRace(b, at);
  }
  score(b: Int8Array, at: number): number {
    if (b[at] === 15) return 1e9;
    const w = this.race ? PUBEVAL_RACE : PUBEVAL_CONTACT;
    let s = w[120] * (b[at + 26 + 25] / 2) + w[121] * (b[at] / 15);
    for (let j = 1; j <= 24; j++) {
      const i = (24 - j) * 5;
      const n = b[at + j];
      if (n === 0) {
        if (b[at + 26 + 25 - j] === 1) s += w[i];
        continue;
      }
      if (n === 1) s += w[i + 1];
      else {
        s += w[i + 2];
        if (n === 3) s += w[i + 3];
        else if (n >= 4) s += w[i + 4] * ((n - 3) / 2);
      }
    }
    return s;
  }
}

/** Long nardy: my point number of the opponent's point q (docs/rules/README.md §0). */
function mine(q: number): number {
  return ((q + 11) % 24) + 1;
}

/**
 * Long nardy rules of thumb: pips, points held (a single checker holds one), walls in the
 * opponent's way that it still has to pass, stacks, and checkers brought home. A ranking.
 */
export class LongHeuristic implements Evaluator {
  readonly equity = false;
  private readonly theirs = new Int8Array(25); // opponent's checkers in my numbering
  score(b: Int8Array, at: number): number {
    if (b[at] === 15) return 1e9;
    const t = this.theirs;
    t.fill(0);
    let myPips = 0, theirPips = 0, held = 0, stacks = 0, home = 0;
    for (let q = 1; q <= 24; q++) { const n = b[at + 26 + q]; t[mine(q)] = n; theirPips += n * q; }
    for (let p = 1; p <= 24; p++) {
      const n = b[at + p];
      if (n === 0) continue;
      myPips += n * p;
      if (p !== 24) { held++; if (n > 3) stacks += n - 3; }
      if (p <= 6) home += n;
    }
    // Walls along the opponent's route (its 24 → 1 is my 12 → 1, then 24 → 13), worth more the
    // longer they are, only while an opponent checker is still behind them.
    let walls = 0, run = 0, behind = 0;
    for (let k = 0; k < 24; k++) {
      const p = ((24 - k + 11) % 24) + 1;
      if (b[at + p] > 0) run++;
      else {
        if (run >= 2 && behind > 0) walls += run * run;
        run = 0;
      }
      behind += t[p];
    }
    if (run >= 2 && behind > 0) walls += run * run;
    return (theirPips - myPips) * 0.1 + b[at] * 0.5 + held * 0.25 + walls * 0.12 - stacks * 0.15 + home * 0.05;
  }
}

/** Greedy racer: bears off and moves as far as it can, the rearmost checkers first. A ranking. */
export class PipRace implements Evaluator {
  readonly equity = false;
  score(b: Int8Array, at: number): number {
    let s = b[at] * 1000;
    for (let p = 1; p <= 25; p++) s -= b[at + p] * p * p;
    return s;
  }
}

/**
 * Greedy pip-and-hit player (benches' "greedy", plakoto's medium level): the pip lead after the
 * move, an opponent checker sent to the bar or pinned counting ten pips more. A ranking.
 */
export class PipHit implements Evaluator {
  readonly equity = false;
  score(b: Int8Array, at: number): number {
    let s = b[at] - b[at + 26];
    for (let p = 1; p <= 25; p++) {
      const mine = b[at + p], theirs = b[at + 26 + p];
      s += p * (Math.abs(theirs) - Math.abs(mine));
      if (theirs === PINNED) s += 10;
      if (mine === PINNED) s -= 10;
    }
    return s + 10 * b[at + 26 + 25];
  }
}

/** The chance (out of 36) that a checker `d` points away hits a given point directly, by 1..12. */
const DIRECT_SHOTS = [0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3];

/**
 * Plakoto (docs/rules/variants.md §6), by hand-written rules of thumb, not trained: a pinned checker is lost for
 * as long as the pin holds, and more so the further it still has to go; my blots cost what being
 * pinned there would cost times the opponent's shots at them; the mother checker alone on the 24
 * point is the whole game. Points made, checkers home and borne off count a little. A ranking.
 */
export class PlakotoHeuristic implements Evaluator {
  readonly equity = false;
  score(b: Int8Array, at: number): number {
    const them = at + 26;
    let myPips = 0, theirPips = 0, pins = 0, made = 0, home = 0, risk = 0, chances = 0;
    for (let p = 1; p <= 24; p++) {
      const mine = b[at + p], theirs = b[them + p];
      myPips += p * Math.abs(mine);
      theirPips += p * Math.abs(theirs);
      if (theirs === PINNED) pins += 3 + p * 0.25; // their checker pinned on their point p (my 25 − p)
      if (mine === PINNED) pins -= 3 + p * 0.25;
      if (mine >= 2) made++;
      if (p <= 6 && mine > 0) home += mine;
    }
    for (let p = 1; p <= 24; p++) {
      // A lone checker that pins is safe: the pinned side may not land there.
      if (b[at + p] === 1 && b[them + 25 - p] !== PINNED) risk += this.shots(b, them, 25 - p) * (p === 24 ? 12 : 3 + p * 0.25);
      if (b[them + p] === 1 && b[at + 25 - p] !== PINNED) chances += this.shots(b, at, 25 - p) * (p === 24 ? 6 : 1 + p * 0.1);
    }
    return (theirPips - myPips) * 0.05 + pins - risk / 36 + chances / 72 + made * 0.3 + home * 0.05 + b[at] * 0.4;
  }

  /** Direct shots (out of 36, capped) that the side at `o` has at its own point `q`: its free checkers above q land there. */
  private shots(b: Int8Array, o: number, q: number): number {
    let s = 0;
    for (let d = 1; d <= 12 && q + d <= 24; d++) if (b[o + q + d] > 0) s += DIRECT_SHOTS[d];
    return Math.min(s, 36);
  }
}
