/**
 * The move generator: every distinct legal play of one roll (docs/rules §1.1–§1.5, §2, §3).
 *
 * This is the engine's hot loop, so it breaks the house style on purpose: one class with typed
 * arrays, make/unmake on a scratch board kept with bit masks of occupied and blocked points, the
 * board packed into a seven-word key and an additive hash, both changed with every step, and an
 * open-addressing table cleared by a stamp, so a call allocates nothing. Everything outside this
 * file sees plain values (`plays.ts`). Measured against gnubg's C generator by `bench/perft.ts`.
 *
 * Layout of the scratch board `b` (Int8Array(52)): indices 0..25 are the side to move in its own
 * numbering (0 off, 1..24 points, 25 bar), 26..51 the opponent in its own numbering.
 *
 * How maximum use is found (docs/rules/README.md §1.3): every order of the dice is walked depth first; each
 * sequence that cannot go on (short family) or each prefix of a sequence (long family, where the
 * six-block rule judges the final position and so a shorter play may be the longest legal one) is
 * a candidate; a candidate that uses fewer dice, or the same dice for fewer pips, than the best so
 * far is dropped, a better one empties the table. "Fewer pips" is the larger-die rule. Candidates
 * are deduplicated by final position (docs/rules/README.md §1.4), comparing whole boards (the packed key),
 * not only hashes. Orders known to repeat a position are not walked: doubles take their steps from
 * non-increasing points (`ordered`), and the second order of a non-double moves on only the checker
 * its first step moved (`skipSwapped`).
 */
import type { Family } from './board.ts';

/** What the generator must know about the rules of the turn; built once per variant and options. */
export interface TurnRules {
  readonly family: Family;
  /** A lone opposing checker is hit; checkers on the bar enter first (short family). */
  readonly hitting: boolean;
  /** How many checkers may leave the head (point 24) this turn; 15 means no head rule. */
  readonly headAllowance: number;
  /** Six-block rule on the final position: none, 'ahead', 'inHome' or 'never'. */
  readonly sixBlock: 'none' | 'ahead' | 'inHome' | 'never';
  /** Caucasian rule: a checker that hit in its own home may not hide in the same turn. */
  readonly caucasian: boolean;
  /** Tavla: a checker that hits while its side is bearing off stops there for the turn (docs/rules/variants.md §6). */
  readonly hitStopsInBearOff: boolean;
  /** Plakoto: a lone opposing checker is pinned (`PINNED` on its side), never hit; no bar. */
  readonly pinning: boolean;
  /** Gul bara: only the exact die bears a checker off. */
  readonly exactBearOff: boolean;
  /** How many moves a double gives: 4, fewer for the rest of a gul bara rung passed on. */
  readonly doubleMoves: number;
}

const SIDE = 26;
const KEY_WORDS = 7; // the 52 entries of a board as 4-bit fields, 8 to a 32-bit word
const MAX_STEPS = 4;
const PATH = MAX_STEPS * 4; // per step: from, to, die, hit

/** The step that adds one checker to board entry i in the packed key: 1 in the entry's 4-bit field. */
function unit(i: number): number {
  return 1 << ((i & 7) << 2);
}

/**
 * Random odd 32-bit weights per board entry, fixed so that hashes are reproducible. The hash of a
 * board is the sum of entry × weight: a step changes it by two additions, with no table per count.
 */
const WEIGHTS = (() => {
  const w = new Int32Array(52);
  let s = 0x9e3779b9 | 0;
  for (let i = 0; i < w.length; i++) {
    // xorshift32: fixed seed, no Math.random in the engine
    s ^= s << 13; s ^= s >>> 17; s ^= s << 5;
    w[i] = s | 1;
  }
  return w;
})();

/** Scrambles the sum's low bits, which alone would depend only on the weights' low bits, into a slot. */
function mix(h: number): number {
  const x = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return x ^ (x >>> 16);
}

function opponentIndexTable(family: Family): Int8Array {
  const t = new Int8Array(25);
  for (let p = 1; p <= 24; p++) t[p] = SIDE + (family === 'short' ? 25 - p : ((p + 11) % 24) + 1);
  return t;
}
const OPP_SHORT = opponentIndexTable('short');
const OPP_LONG = opponentIndexTable('long');

/**
 * My points in the order the opponent passes them in the long family: its 24 (my 12) first,
 * its 1 (my 13) last. A run of my points is a block only if it is consecutive in this order.
 */
const LONG_ROUTE = (() => {
  const r = new Int8Array(24);
  for (let k = 0; k < 24; k++) r[k] = ((24 - k + 11) % 24) + 1;
  return r;
})();

/** A recorded sequence of steps (only kept when the caller asks for sequences). */
export interface RawSequence {
  path: Int8Array;
  steps: number;
  used: number;
  pips: number;
  tagged: boolean;
  play: number; // index of the play (final position) it reaches
}

export class Generator {
  /** Scratch board; also where the caller loads the position. */
  readonly b = new Int8Array(52);
  /**
   * The scratch board packed as the dedup key, kept with every change: entry i in bits
   * 4(i mod 8).. of word i / 8. A count fits 4 bits (at most 15 checkers); a pinned checker (−1)
   * is 15, a count it can never share a point with. Kept as words, so comparing and copying it never
   * reads back as words the bytes just written to `b` (a store-forwarding stall).
   */
  private readonly key = new Int32Array(KEY_WORDS);
  private readonly b32 = new Int32Array(this.b.buffer); // for copying final boards
  private hash = 0; // the sum of entry × WEIGHTS over the scratch board

  // The plays found: final boards, one path each, and bookkeeping.
  private cap = 0;
  boards = new Int8Array(0);
  private keys = new Int32Array(0);
  private boards32 = new Int32Array(0);
  private paths32 = new Int32Array(0);
  paths = new Int8Array(0);
  pathSteps = new Uint8Array(0);
  private hashes = new Int32Array(0);
  private tags = new Uint8Array(0);
  count = 0;
  /**
   * False when the caller only counts the plays (perft's last level): then neither final boards
   * nor paths are written, and `boards` and `paths` hold nothing of this generation.
   */
  keepPlays = true;
  bestUsed = 0;
  bestPips = 0;

  /**
   * The open-addressing table, three words a slot so that a probe reads one cache line: the stamp
   * of the generation that filled it (older stamps are empty slots, so nothing is cleared), the
   * play's index and its hash.
   */
  private slots = new Int32Array(0);
  private mask = 0;
  private stamp = 1;

  // The turn being walked.
  private rules!: TurnRules;
  private opp = OPP_SHORT;
  private readonly dice = new Int8Array(MAX_STEPS);
  private nDice = 0;
  private isDouble = false;
  /**
   * Doubles walk steps from non-increasing points only. Sound when the order of steps cannot
   * matter; not for sequences (the step API offers every order) nor the Caucasian and tavla
   * rules, where whether a checker may move depends on what it did earlier in the turn.
   */
  private ordered = false;
  /**
   * Set while the second order of a non-double is walked (d2 first, then d1). A second step by
   * another checker than the one just moved ends where the first order already ended: there the
   * same two steps were legal in the other order (a first step only opens its destination by a
   * hit, so the other step's point was open before it), and reached the same hits. So only the
   * moved checker going on, or a bear-off (whose legality the first step may have made), is
   * walked. Unsound with checkers on the bar (entering comes first) and where `ordered` is unsound.
   */
  private skipSwapped = false;
  /**
   * Last steps change only the key and the hash (`lastSteps`): when nothing needs the final board
   * (`keepPlays` false, no sequences, no six-block rule to judge it) nor a checker's history.
   */
  private leavesByKey = false;
  private readonly path = new Int8Array(PATH);
  private readonly path32 = new Int32Array(this.path.buffer);
  private outside = 0; // mover's checkers on points 7..25: bearing off needs zero
  private occ = 0; // bit p set while the mover has checkers on point p (1..24); `walk` keeps it
  private blocked = 0; // bit p set when the mover may not land on point p; no step changes it
  private headUsed = 0;
  private headAllowance = 15;
  private readonly restricted = new Int8Array(SIDE); // Caucasian: hitters that may not hide; tavla: hitters that stop; per point
  private tagged = 0; // Caucasian: restricted hitters borne off on this path
  private recordPrefixes = false;
  private collect = false;
  sequences: RawSequence[] = [];

  constructor() {
    this.grow(1024);
  }

  /**
   * Generates the plays of dice (d1, d2) for the position loaded in `b`. Returns the number of
   * distinct plays; `b` is unchanged afterwards. With `collectSequences`, every legal order of
   * steps is also kept in `sequences` (for the interactive step API; slower, no pruning).
   */
  generate(rules: TurnRules, d1: number, d2: number, collectSequences = false): number {
    this.rules = rules;
    this.opp = rules.family === 'short' ? OPP_SHORT : OPP_LONG;
    this.recordPrefixes = rules.sixBlock !== 'none';
    this.collect = collectSequences;
    if (collectSequences || this.sequences.length > 0) this.sequences = [];
    this.count = 0;
    this.bestUsed = 0;
    this.bestPips = 0;
    this.stamp++;
    this.headAllowance = rules.headAllowance;
    this.prepare();
    this.isDouble = d1 === d2;
    this.ordered = this.isDouble && !collectSequences && !rules.caucasian && !rules.hitStopsInBearOff;
    this.leavesByKey = !this.keepPlays && !collectSequences && rules.sixBlock === 'none' && !rules.caucasian && !rules.hitStopsInBearOff;
    const walk = rules.pinning ? this.walkPinning : this.walk;
    if (this.isDouble) {
      this.nDice = rules.doubleMoves;
      this.dice[0] = this.dice[1] = this.dice[2] = this.dice[3] = d1;
      walk.call(this, 0, 0, 0, 25);
    } else {
      this.nDice = 2;
      this.dice[0] = d1; this.dice[1] = d2;
      walk.call(this, 0, 0, 0, 25);
      this.dice[0] = d2; this.dice[1] = d1;
      this.skipSwapped = !collectSequences && !rules.caucasian && !rules.hitStopsInBearOff && this.b[25] === 0;
      walk.call(this, 0, 0, 0, 25);
      this.skipSwapped = false;
    }
    if (rules.caucasian) this.dropTaggedIfUntaggedExist();
    if (collectSequences) this.keepLegalSequences();
    return this.count;
  }

  private prepare(): void {
    const b = this.b;
    let outside = 0;
    const key = this.key;
    key.fill(0);
    let h = 0;
    for (let i = 0; i < 52; i++) {
      key[i >> 3] |= (b[i] & 15) << ((i & 7) << 2);
      h = (h + Math.imul(b[i], WEIGHTS[i])) | 0;
    }
    this.hash = h;
    for (let p = 7; p <= 25; p++) outside += b[p];
    if (this.rules.pinning) {
      // Plakoto: a pinned checker of the mover, even at home, keeps it from bearing off.
      for (let p = 1; p <= 24; p++) if (b[p] < 0) outside += p >= 7 ? 2 : 1;
    }
    let occ = 0, blocked = 0;
    const opp = this.rules.family === 'short' ? OPP_SHORT : OPP_LONG;
    const hold = this.rules.hitting ? 2 : 1; // opposing checkers that hold a point
    for (let p = 1; p <= 24; p++) {
      if (b[p] > 0) occ |= 1 << p;
      if (b[opp[p]] >= hold) blocked |= 1 << p;
    }
    this.occ = occ;
    this.blocked = blocked;
    this.outside = outside;
    this.headUsed = 0;
    this.tagged = 0;
    this.restricted.fill(0);
  }

  private set(i: number, v: number): void {
    this.key[i >> 3] ^= ((this.b[i] ^ v) & 15) << ((i & 7) << 2);
    this.hash = (this.hash + Math.imul(v - this.b[i], WEIGHTS[i])) | 0;
    this.b[i] = v;
  }

  /**
   * Depth-first walk over the remaining dice. `minFrom` is the highest source point allowed: with
   * `ordered` doubles, steps are taken from non-increasing points (gnubg's trick), which reaches
   * every final position once per multiset of steps instead of once per order.
   */
  private walk(depth: number, used: number, pips: number, minFrom: number): void {
    if (depth === this.nDice) {
      this.record(used, pips);
      return;
    }
    const b = this.b;
    const d = this.dice[depth];
    const hitting = this.rules.hitting;
    const pathAt = depth * 4;
    let moved = false;
    if (hitting && b[25] > 0) {
      // docs/rules/short.md §3: checkers on the bar enter first, on my point 25 - d.
      const dest = 25 - d;
      const q = this.opp[dest];
      if (b[q] < 2) {
        moved = true;
        const hit = b[q] === 1;
        this.stepTo(25, dest, q, hit);
        this.pathStep(pathAt, 25, dest, d, hit);
        this.walk(depth + 1, used + 1, pips + d, 25);
        this.stepBack(25, dest, q, hit);
      }
    } else {
      const caucasian = this.rules.caucasian;
      const stops = this.rules.hitStopsInBearOff;
      const top = minFrom > 24 ? 24 : minFrom;
      // Candidates at once from bit masks: my occupied points up to `top`, less those whose
      // destination is blocked, the head when its allowance is spent and bear-offs before all are home.
      let m = this.occ & ((2 << top) - 2) & ~(this.blocked << d);
      const bearOffs = (2 << d) - 2; // points 1..d: a step from there bears off
      if (this.headUsed >= this.headAllowance) m &= ~(1 << 24);
      if (this.outside > 0) m &= ~bearOffs;
      if (this.skipSwapped && depth === 1 && this.path[1] >= 1) {
        // Only the checker just moved goes on (`skipSwapped`); other steps, all legal here, were
        // played in the first order, so the one-die prefix is not a play either.
        const goesOn = this.path[1];
        const keep = bearOffs | (b[goesOn] === 1 ? 1 << goesOn : 0);
        if ((m & ~keep) !== 0) moved = true;
        m &= keep;
      }
      if (this.leavesByKey && depth + 1 === this.nDice && m !== 0) {
        if (this.lastSteps(m, d, used + 1, pips + d)) moved = true;
        m = 0;
      }
      while (m !== 0) {
        const p = 31 - Math.clz32(m);
        m ^= 1 << p;
        const n = b[p];
        const dest = p - d;
        const next = this.ordered ? p : 25;
        const r = caucasian || stops ? this.restricted[p] : 0;
        if (dest >= 1) {
          const q = this.opp[dest];
          const hit = hitting && b[q] === 1;
          if (n > r) {
            // A free checker moves; it becomes a restricted hitter when it hits at home (Caucasian) or
            // while its side is bearing off, i.e. nothing outside the home before the step (tavla).
            moved = true;
            const restrict = hit && (caucasian ? dest <= 6 : stops && this.outside === 0) ? 1 : 0;
            this.stepTo(p, dest, q, hit);
            if (restrict) this.restricted[dest]++;
            this.pathStep(pathAt, p, dest, d, hit);
            this.walk(depth + 1, used + 1, pips + d, next);
            if (restrict) this.restricted[dest]--;
            this.stepBack(p, dest, q, hit);
          }
          if (caucasian && r > 0 && b[dest] === 0) {
            // A restricted hitter may go on only to a point without its own checkers (docs/rules/short.md §3 Caucasian).
            moved = true;
            this.stepTo(p, dest, q, hit);
            this.restricted[p]--; this.restricted[dest]++;
            this.pathStep(pathAt, p, dest, d, hit);
            this.walk(depth + 1, used + 1, pips + d, next);
            this.restricted[p]++; this.restricted[dest]--;
            this.stepBack(p, dest, q, hit);
          }
        } else {
          // docs/rules/README.md §1.5: bear off with the exact number, or from the highest point with a larger one.
          // Nothing is outside the home here, so a checker above p is one in occ above bit p.
          if (dest < 0 && (this.rules.exactBearOff || this.occ >>> (p + 1) !== 0)) continue;
          if (n > r) {
            moved = true;
            this.bearOff(p);
            this.pathStep(pathAt, p, 0, d, false);
            this.walk(depth + 1, used + 1, pips + d, next);
            this.unBearOff(p);
          }
          if (caucasian && r > 0) {
            moved = true;
            this.restricted[p]--; this.tagged++;
            this.bearOff(p);
            this.pathStep(pathAt, p, 0, d, false);
            this.walk(depth + 1, used + 1, pips + d, next);
            this.unBearOff(p);
            this.restricted[p]++; this.tagged--;
          }
        }
      }
    }
    if (used > 0 && (!moved || this.recordPrefixes)) this.record(used, pips);
  }

  /**
   * The last steps of `walk` (candidates `m`, all legal but for bear-offs from below the highest
   * point), recorded by changing only the key and the hash: the board, `occ` and the counts stay.
   * Every one uses all the dice, so `record`'s checks always pass: they are left out. Returns
   * whether a step was legal.
   */
  private lastSteps(m: number, d: number, used: number, pips: number): boolean {
    const b = this.b, key = this.key, opp = this.opp;
    const hitting = this.rules.hitting, exact = this.rules.exactBearOff;
    const occ = this.occ;
    let moved = false;
    while (m !== 0) {
      const p = 31 - Math.clz32(m);
      m ^= 1 << p;
      const dest = p - d;
      if (dest >= 1) {
        const q = opp[dest];
        const wp = p >> 3, wd = dest >> 3, up = unit(p), ud = unit(dest);
        const h = this.hash;
        key[wp] -= up; key[wd] += ud;
        if (hitting && b[q] === 1) {
          const wq = q >> 3, uq = unit(q);
          key[wq] -= uq; key[6] += unit(51);
          this.hash = (h - WEIGHTS[p] + WEIGHTS[dest] - WEIGHTS[q] + WEIGHTS[51]) | 0;
          this.raiseBest(used, pips); this.insert();
          key[wq] += uq; key[6] -= unit(51);
        } else {
          this.hash = (h - WEIGHTS[p] + WEIGHTS[dest]) | 0;
          this.raiseBest(used, pips); this.insert();
        }
        key[wp] += up; key[wd] -= ud;
        this.hash = h;
        moved = true;
      } else {
        if (dest < 0 && (exact || occ >>> (p + 1) !== 0)) continue;
        const wp = p >> 3, up = unit(p);
        const h = this.hash;
        key[wp] -= up; key[0] += 1;
        this.hash = (h - WEIGHTS[p] + WEIGHTS[0]) | 0;
        this.raiseBest(used, pips); this.insert();
        key[wp] += up; key[0] -= 1;
        this.hash = h;
        moved = true;
      }
    }
    return moved;
  }

  /**
   * Plakoto's walk (docs/rules/variants.md §6): `walk` without bar, head rule or Caucasian hitters, where landing
   * on a lone opposing checker pins it and leaving a point frees what it pinned. Kept apart so the
   * pins cost short and long nardy nothing.
   */
  private walkPinning(depth: number, used: number, pips: number, minFrom: number): void {
    if (depth === this.nDice) {
      this.record(used, pips);
      return;
    }
    const b = this.b, opp = this.opp;
    const d = this.dice[depth];
    const pathAt = depth * 4;
    let moved = false;
    // `skipSwapped` holds here too: no step of mine holds a point against me (a pin or a freed
    // checker leaves it open), and an opposing checker ends pinned where I end with a checker.
    const goesOn = this.skipSwapped && depth === 1 && this.path[1] >= 1 ? this.path[1] : -1;
    for (let p = minFrom > 24 ? 24 : minFrom; p >= 1; p--) {
      if (b[p] <= 0) continue; // empty, the opponent's, or my pinned checker
      const dest = p - d;
      const next = this.ordered ? p : 25;
      if (dest >= 1) {
        const q = opp[dest];
        const c = b[q];
        // Two opposing checkers, or one that pins a checker of mine, hold the point.
        if (c >= 2 || (c === 1 && b[dest] < 0)) continue;
        if (goesOn >= 0 && (p !== goesOn || b[p] >= 2)) {
          moved = true; // played in the first order
          continue;
        }
        const pin = c === 1;
        const home = p >= 7 && dest <= 6 ? 1 : 0;
        const freed = this.leave(p);
        if (pin) this.set(q, -1);
        this.set(dest, b[dest] + 1);
        this.outside -= home;
        this.pathStep(pathAt, p, dest, d, pin);
        moved = true;
        this.walkPinning(depth + 1, used + 1, pips + d, next);
        this.outside += home;
        this.set(dest, b[dest] - 1);
        if (pin) this.set(q, 1);
        this.comeBack(p, freed);
      } else {
        if (this.outside > 0) continue;
        if (dest < 0 && !this.isHighest(p)) continue;
        const freed = this.leave(p);
        this.set(0, b[0] + 1);
        this.pathStep(pathAt, p, 0, d, false);
        moved = true;
        this.walkPinning(depth + 1, used + 1, pips + d, next);
        this.set(0, b[0] - 1);
        this.comeBack(p, freed);
      }
    }
    if (used > 0 && !moved) this.record(used, pips);
  }

  /** Takes one checker off my point p; frees the opposing checker it pinned when p empties. */
  private leave(p: number): boolean {
    const b = this.b;
    this.set(p, b[p] - 1);
    const q = this.opp[p];
    if (b[p] === 0 && b[q] < 0) {
      this.set(q, 1);
      return true;
    }
    return false;
  }

  private comeBack(p: number, freed: boolean): void {
    if (freed) this.set(this.opp[p], -1);
    this.set(p, this.b[p] + 1);
  }

  private pathStep(at: number, from: number, to: number, die: number, hit: boolean): void {
    const path = this.path;
    path[at] = from; path[at + 1] = to; path[at + 2] = die; path[at + 3] = hit ? 1 : 0;
  }

  private isHighest(p: number): boolean {
    const b = this.b;
    for (let i = p + 1; i <= 6; i++) if (b[i] > 0) return false;
    return true;
  }

  // The steps of `walk`, keeping the key, `occ`, `outside` and the head count. `to` is a point (1..24).
  private stepTo(from: number, to: number, q: number, hit: boolean): void {
    const b = this.b, key = this.key;
    const nf = b[from] - 1;
    b[from] = nf;
    b[to]++;
    key[from >> 3] -= unit(from);
    key[to >> 3] += unit(to);
    this.hash = (this.hash - WEIGHTS[from] + WEIGHTS[to]) | 0;
    if (nf === 0 && from <= 24) this.occ ^= 1 << from;
    this.occ |= 1 << to;
    if (from >= 7 && to <= 6) this.outside--;
    if (from === 24) this.headUsed++;
    if (hit) {
      b[q] = 0;
      b[51]++;
      key[q >> 3] -= unit(q);
      key[6] += unit(51);
      this.hash = (this.hash - WEIGHTS[q] + WEIGHTS[51]) | 0;
    }
  }

  private stepBack(from: number, to: number, q: number, hit: boolean): void {
    const b = this.b, key = this.key;
    if (hit) {
      b[q] = 1;
      b[51]--;
      key[q >> 3] += unit(q);
      key[6] -= unit(51);
      this.hash = (this.hash + WEIGHTS[q] - WEIGHTS[51]) | 0;
    }
    const nt = b[to] - 1;
    b[to] = nt;
    b[from]++;
    key[to >> 3] -= unit(to);
    key[from >> 3] += unit(from);
    this.hash = (this.hash + WEIGHTS[from] - WEIGHTS[to]) | 0;
    if (nt === 0) this.occ ^= 1 << to;
    if (from <= 24) this.occ |= 1 << from;
    if (from >= 7 && to <= 6) this.outside++;
    if (from === 24) this.headUsed--;
  }

  private bearOff(p: number): void {
    const b = this.b, key = this.key;
    const n = b[p] - 1;
    b[p] = n;
    b[0]++;
    key[p >> 3] -= unit(p);
    key[0] += 1;
    this.hash = (this.hash - WEIGHTS[p] + WEIGHTS[0]) | 0;
    if (n === 0) this.occ ^= 1 << p;
  }

  private unBearOff(p: number): void {
    const b = this.b, key = this.key;
    b[p]++;
    b[0]--;
    key[p >> 3] += unit(p);
    key[0] -= 1;
    this.hash = (this.hash + WEIGHTS[p] - WEIGHTS[0]) | 0;
    this.occ |= 1 << p;
  }

  /** Keeps the current position as a play if it is at least as good as the best so far. */
  private record(used: number, pips: number): void {
    if (used < this.bestUsed || (used === this.bestUsed && pips < this.bestPips)) return;
    if (this.rules.sixBlock !== 'none' && this.isIllegalBlock()) return;
    this.raiseBest(used, pips);
    const index = this.insert();
    if (this.collect) {
      this.sequences.push({ path: this.path.slice(), steps: used, used, pips, tagged: this.tagged > 0, play: index });
    }
  }

  /** A play better than every one so far empties the table. */
  private raiseBest(used: number, pips: number): void {
    if (used > this.bestUsed || pips > this.bestPips) {
      this.bestUsed = used;
      this.bestPips = pips;
      this.count = 0;
      this.stamp++;
    }
  }

  /** Inserts the scratch board into the table of plays; returns the play's index. */
  private insert(): number {
    const key = this.key, keys = this.keys;
    const k0 = key[0], k1 = key[1], k2 = key[2], k3 = key[3], k4 = key[4], k5 = key[5], k6 = key[6];
    const h = this.hash;
    let slot = mix(h) & this.mask;
    const slots = this.slots, stamp = this.stamp;
    while (slots[slot * 3] === stamp) {
      const idx = slots[slot * 3 + 1];
      const at = idx * KEY_WORDS;
      if (slots[slot * 3 + 2] === h && keys[at] === k0 && keys[at + 1] === k1 && keys[at + 2] === k2 &&
        keys[at + 3] === k3 && keys[at + 4] === k4 && keys[at + 5] === k5 && keys[at + 6] === k6) {
        // The same final position: one play (docs/rules/README.md §1.4). Prefer a path that needs no exception.
        if (this.tags[idx] === 1 && this.tagged === 0) {
          this.tags[idx] = 0;
          this.paths.set(this.path, idx * PATH);
        }
        return idx;
      }
      slot = (slot + 1) & this.mask;
    }
    if (this.count === this.cap) {
      this.grow(this.cap * 2);
      return this.insert();
    }
    const idx = this.count++;
    slots[slot * 3] = stamp;
    slots[slot * 3 + 1] = idx;
    slots[slot * 3 + 2] = h;
    this.hashes[idx] = h;
    this.tags[idx] = this.tagged > 0 ? 1 : 0;
    const at = idx * KEY_WORDS;
    keys[at] = k0; keys[at + 1] = k1; keys[at + 2] = k2; keys[at + 3] = k3;
    keys[at + 4] = k4; keys[at + 5] = k5; keys[at + 6] = k6;
    if (this.keepPlays) {
      // Word by word: TypedArray.prototype.set costs more than these few stores.
      const b32 = this.b32, boards32 = this.boards32, path32 = this.path32, paths32 = this.paths32;
      const bat = idx * 13, pat = idx * (PATH >> 2);
      for (let w = 0; w < 13; w++) boards32[bat + w] = b32[w];
      for (let w = 0; w < PATH >> 2; w++) paths32[pat + w] = path32[w];
      this.pathSteps[idx] = this.bestUsed;
    }
    return idx;
  }

  private grow(cap: number): void {
    const old = this.count;
    const boards = new Int8Array(cap * 52);
    boards.set(this.boards.subarray(0, old * 52));
    const paths = new Int8Array(cap * PATH);
    paths.set(this.paths.subarray(0, old * PATH));
    const steps = new Uint8Array(cap); steps.set(this.pathSteps.subarray(0, old));
    const keys = new Int32Array(cap * KEY_WORDS); keys.set(this.keys.subarray(0, old * KEY_WORDS));
    const hashes = new Int32Array(cap); hashes.set(this.hashes.subarray(0, old));
    const tags = new Uint8Array(cap); tags.set(this.tags.subarray(0, old));
    this.cap = cap;
    this.boards = boards;
    this.keys = keys;
    this.boards32 = new Int32Array(boards.buffer);
    this.paths = paths;
    this.paths32 = new Int32Array(paths.buffer);
    this.pathSteps = steps;
    this.hashes = hashes;
    this.tags = tags;
    const size = cap * 4;
    const slots = new Int32Array(size * 3);
    this.slots = slots;
    this.mask = size - 1;
    this.stamp = 1;
    for (let idx = 0; idx < old; idx++) {
      let slot = mix(hashes[idx]) & this.mask;
      while (slots[slot * 3] === this.stamp) slot = (slot + 1) & this.mask;
      slots[slot * 3] = this.stamp;
      slots[slot * 3 + 1] = idx;
      slots[slot * 3 + 2] = hashes[idx];
    }
  }

  /**
   * docs/rules/long.md §2 six-block rule: true when the mover holds six or more points in a row along the
   * opponent's route and the option's condition for allowing it does not hold.
   */
  private isIllegalBlock(): boolean {
    const b = this.b;
    let run = 0;
    for (let k = 0; k <= 24; k++) {
      if (k < 24 && b[LONG_ROUTE[k]] > 0) { run++; continue; }
      if (run >= 6 && !this.isBlockAllowed(k - 1)) return true;
      run = 0;
    }
    return false;
  }

  /** Whether a block ending at route index `end` (the opponent's point 24 − end) is allowed. */
  private isBlockAllowed(end: number): boolean {
    const b = this.b;
    const mode = this.rules.sixBlock;
    if (mode === 'never') return false;
    if (b[SIDE] > 0) return true; // an opposing checker borne off is ahead of everything
    const limit = mode === 'inHome' ? 7 : 24 - end; // opponent's points below `limit` count
    for (let q = 1; q < limit; q++) if (b[SIDE + q] > 0) return true;
    return false;
  }

  private dropTaggedIfUntaggedExist(): void {
    let untagged = 0;
    for (let i = 0; i < this.count; i++) if (this.tags[i] === 0) untagged++;
    if (untagged === 0 || untagged === this.count) return;
    // Compact, keeping the order; the hash table is not needed after generation.
    let w = 0;
    const remap = new Int32Array(this.count).fill(-1);
    for (let i = 0; i < this.count; i++) {
      if (this.tags[i] === 1) continue;
      if (w !== i) {
        this.boards.copyWithin(w * 52, i * 52, i * 52 + 52);
        this.paths.copyWithin(w * PATH, i * PATH, i * PATH + PATH);
        this.pathSteps[w] = this.pathSteps[i];
        this.keys.copyWithin(w * KEY_WORDS, i * KEY_WORDS, i * KEY_WORDS + KEY_WORDS);
        this.hashes[w] = this.hashes[i];
        this.tags[w] = 0;
      }
      remap[i] = w++;
    }
    this.count = w;
    this.stamp++; // the table no longer matches the compacted arrays
    for (const s of this.sequences) s.play = remap[s.play];
    this.sequences = this.sequences.filter((s) => s.play >= 0 && !s.tagged);
  }

  private keepLegalSequences(): void {
    this.sequences = this.sequences.filter(
      (s) => s.used === this.bestUsed && s.pips === this.bestPips && s.play < this.count &&
        !(s.tagged && this.tags[s.play] === 0),
    );
  }
}
