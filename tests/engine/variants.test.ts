/**
 * The backgammon-family variants of docs/rules/variants.md §6 in the engine: start positions, the few rules each
 * changes (tavla's hit during bear-off, hypergammon's three-checker bear-off, the scoring hooks),
 * the registry's lookups, and tavla against a generator written here. Counts from the start are
 * in data/*.perft; gnubg checks Nackgammon and hypergammon in gnubg-variants.test.ts. Boards are
 * `[mover, opponent]`, each side in its own numbering (my point p is the opponent's 25 − p);
 * key 0 = borne off, 25 = bar.
 */
import { describe, expect, it } from 'vitest';
import {
  VARIANTS, emptySide, findVariant, gameResult, legalPlays, openingThrow, resolveOptions, startBoard, turnProgress,
  type Dice, type SideCheckers, type VariantId,
} from '../../src/engine/index.ts';

/** A side from `{ point: checkers }`; the variant's checker count is checked by the caller. */
function side(points: Record<number, number>): SideCheckers {
  const s = emptySide();
  for (const [p, n] of Object.entries(points)) s[Number(p)] = n;
  return s;
}

function moves(variant: VariantId, me: Record<number, number>, opp: Record<number, number>, dice: Dice): string[] {
  return legalPlays({ variant, board: [side(me), side(opp)] }, dice).map((p) => p.move).sort();
}

describe('docs/rules/variants.md §6 start positions', () => {
  const starts: Record<string, Record<number, number>> = {
    nackgammon: { 24: 2, 23: 2, 13: 4, 8: 3, 6: 4 },
    hypergammon: { 24: 1, 23: 1, 22: 1 },
    longgammon: { 24: 15 },
    suddenDeath: { 24: 2, 13: 5, 8: 3, 6: 5 },
    nuclear: { 24: 2, 13: 5, 8: 3, 6: 5 },
    tavla: { 24: 2, 13: 5, 8: 3, 6: 5 },
  };
  for (const [id, start] of Object.entries(starts)) {
    it(`${id}: each side starts with ${JSON.stringify(start)}`, () => {
      const board = startBoard(VARIANTS[id as VariantId]);
      expect(board[0]).toEqual(side(start));
      expect(board[1]).toEqual(side(start));
      expect(VARIANTS[id as VariantId].checkers).toBe(Object.values(start).reduce((a, b) => a + b, 0));
    });
  }

  it('every variant is found by its id and its aliases, case-insensitively', () => {
    for (const v of Object.values(VARIANTS)) {
      for (const name of [v.id, v.id.toUpperCase(), ...v.aliases]) expect(findVariant(name)).toEqual({ ok: true, value: v });
    }
  });

  it('no two variants share an alias', () => {
    const names = Object.values(VARIANTS).flatMap((v) => [v.id.toLowerCase(), ...v.aliases]);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('docs/rules/variants.md §6 tavla: during bear-off a checker that hits may not move on', () => {
  // All my checkers are home (6, 6, 4); the opponent has a blot on my 3 (its 22).
  const me = { 6: 2, 4: 1, 0: 12 };
  const opp = { 22: 1, 0: 14 };

  it('3-1: the hitter stays on 3 — no 6/3*/2 and no 4/3*/off, which backgammon allows', () => {
    expect(moves('short', me, opp, [3, 1])).toEqual(['4/3*/off', '4/off', '6/2', '6/3* 4/3', '6/3*/2', '6/5 4/1', '6/5 6/3*']);
    expect(moves('tavla', me, opp, [3, 1])).toEqual(['4/off', '6/2', '6/3* 4/3', '6/5 4/1', '6/5 6/3*']);
  });

  it('1-1: the other checkers still play every die; only the hitter is stopped', () => {
    expect(moves('tavla', me, opp, [1, 1])).toEqual(['6/3* 4/3', '6/4(2)', '6/5 6/3*']);
  });

  it('a hit with the last checker still outside is not during bear-off: hit and run is allowed', () => {
    const outside = { 8: 1, 6: 1, 4: 1, 0: 12 };
    expect(moves('tavla', outside, opp, [3, 1])).toEqual(moves('short', outside, opp, [3, 1]));
    expect(moves('tavla', outside, opp, [3, 1])).toContain('6/3*/2');
  });

  it('a hit that bears nothing off: 5/2*/off is gone, 5/off (the 5 alone, larger die) stays', () => {
    expect(moves('short', { 5: 1, 4: 1, 0: 13 }, { 23: 1, 0: 14 }, [2, 3])).toEqual(['5/2 4/2*', '5/2*/off', '5/3 4/1', '5/off']);
    expect(moves('tavla', { 5: 1, 4: 1, 0: 13 }, { 23: 1, 0: 14 }, [2, 3])).toEqual(['5/2 4/2*', '5/3 4/1', '5/off']);
  });

  it('the step-by-step turn offers the stopped hitter no further step', () => {
    const position = { variant: 'tavla' as const, board: [side(me), side(opp)] as [SideCheckers, SideCheckers] };
    const r = turnProgress(position, [3, 1], [{ from: 6, to: 3, die: 3, hit: true }]);
    expect(r.ok && r.value.next.map((s) => `${s.from}/${s.to}`).sort()).toEqual(['4/3', '6/5']);
  });

  it('the opening winner rolls both dice again (like long nardy)', () => {
    expect(openingThrow('tavla', 5, 2)).toEqual({ kind: 'start', starter: 0, dice: null });
    expect(openingThrow('short', 5, 2)).toEqual({ kind: 'start', starter: 0, dice: [5, 2] });
  });

  it('mars counts 2 and koks counts as mars', () => {
    const koks = { variant: 'tavla' as const, board: [side({ 0: 15 }), side({ 25: 1, 6: 14 })] as [SideCheckers, SideCheckers] };
    expect(gameResult(koks)).toEqual({ winner: 0, kind: 'mars', points: 2 });
    expect(gameResult({ ...koks, variant: 'short' })).toEqual({ winner: 0, kind: 'koks', points: 3 });
    expect(gameResult({ ...koks, board: [side({ 0: 15 }), side({ 6: 14, 0: 1 })] })).toEqual({ winner: 0, kind: 'oin', points: 1 });
  });

  it('is a match to 3 without the cube by default; later games are opened by the winner', () => {
    expect(VARIANTS.tavla).toMatchObject({ noCube: true, defaultMatchLength: 3 });
    expect(resolveOptions(VARIANTS.tavla)).toMatchObject({ ok: true, value: { nextGameStarter: 'winner', withMars: true } });
  });
});

describe('docs/rules/variants.md §6 hypergammon: three checkers, bear off when all three are home', () => {
  it('a checker outside the home must come in before any bears off', () => {
    // 7, 2, 1 with 6-1: two end positions — one off (7/1 1/off, the same as 7/6/off) or three on
    // the 1 (7/1 2/1). Never 1/off or 2/off while the 7 is out.
    const plays = legalPlays({ variant: 'hypergammon', board: [side({ 7: 1, 2: 1, 1: 1 }), side({ 13: 1, 12: 1, 11: 1 })] }, [6, 1]);
    expect(plays.map((p) => JSON.stringify(p.board[0])).sort()).toEqual([side({ 1: 3 }), side({ 2: 1, 1: 1, 0: 1 })].map((s) => JSON.stringify(s)).sort());
    for (const p of plays) {
      const firstOff = p.steps.findIndex((s) => s.to === 0);
      const fromSeven = p.steps.findIndex((s) => s.from === 7);
      if (firstOff >= 0) expect(fromSeven).toBeLessThan(firstOff);
    }
  });

  it('the game is won when three are off: mars if the loser has none off, koks with one on the bar', () => {
    const win = (loser: Record<number, number>) => gameResult({ variant: 'hypergammon', board: [side({ 0: 3 }), side(loser)] });
    expect(win({ 0: 1, 3: 2 })).toEqual({ winner: 0, kind: 'oin', points: 1 });
    expect(win({ 3: 3 })).toEqual({ winner: 0, kind: 'mars', points: 2 });
    expect(win({ 25: 1, 3: 2 })).toEqual({ winner: 0, kind: 'koks', points: 3 });
    expect(gameResult({ variant: 'hypergammon', board: [side({ 0: 2, 1: 1 }), side({ 3: 3 })] })).toBeUndefined();
  });
});

describe('docs/rules/variants.md §6 sudden death and longgammon scoring', () => {
  it('sudden death: every win is single, whatever the loser has left', () => {
    expect(gameResult({ variant: 'suddenDeath', board: [side({ 0: 15 }), side({ 25: 1, 6: 14 })] })).toEqual({ winner: 0, kind: 'oin', points: 1 });
    expect(VARIANTS.suddenDeath.firstHitWins).toBe(true);
    expect(resolveOptions(VARIANTS.suddenDeath, { withMars: false }).ok).toBe(false);
  });

  it('longgammon keeps backgammon scoring: a loser with a checker still in the winner\'s home loses a koks', () => {
    expect(gameResult({ variant: 'longgammon', board: [side({ 0: 15 }), side({ 20: 1, 6: 14 })] })).toMatchObject({ kind: 'koks' });
  });
});

/**
 * An independent tavla generator written here from docs/rules §1 and §6: every order of the dice,
 * one checker step at a time; a checker that hits while nothing of its side is outside the home
 * is frozen for the rest of the turn; plays keep the most dice, then the most pips.
 */
function referenceTavla(me: number[], opp: number[], dice: Dice): Set<string> {
  const found = new Map<string, { used: number; pips: number }>();
  const walk = (m: number[], o: number[], frozen: number[], rest: number[], used: number, pips: number) => {
    let moved = false;
    const d = rest[0];
    if (d !== undefined) {
      const outside = m.slice(7, 26).reduce((a, b) => a + b, 0);
      const highest = Math.max(0, ...m.map((n, p) => (p >= 1 && p <= 24 && n > 0 ? p : 0)));
      const sources = m[25] > 0 ? [25] : [...Array(24).keys()].map((i) => i + 1).filter((p) => m[p] - frozen[p] > 0);
      for (const p of sources) {
        const dest = p - d;
        const m2 = m.slice(), o2 = o.slice(), f2 = frozen.slice();
        if (dest >= 1) {
          if (o[25 - dest] >= 2) continue;
          if (o[25 - dest] === 1) {
            o2[25 - dest] = 0; o2[25]++;
            if (outside === 0) f2[dest]++;
          }
          m2[p]--; m2[dest]++;
        } else {
          if (outside > 0 || (dest < 0 && p !== highest)) continue;
          m2[p]--; m2[0]++;
        }
        moved = true;
        walk(m2, o2, f2, rest.slice(1), used + 1, pips + d);
      }
    }
    if (!moved && used > 0) {
      const key = JSON.stringify([m, o]);
      const best = found.get(key);
      if (!best || used > best.used || (used === best.used && pips > best.pips)) found.set(key, { used, pips });
    }
  };
  const orders = dice[0] === dice[1] ? [[dice[0], dice[0], dice[0], dice[0]]] : [[dice[0], dice[1]], [dice[1], dice[0]]];
  for (const order of orders) walk(me, opp, new Array(26).fill(0), order, 0, 0);
  const all = [...found.values()];
  const most = Math.max(0, ...all.map((v) => v.used));
  const pips = Math.max(0, ...all.filter((v) => v.used === most).map((v) => v.pips));
  return new Set([...found].filter(([, v]) => v.used === most && v.pips === pips).map(([k]) => k));
}

describe('docs/rules/variants.md §6 tavla against an independent generator', () => {
  it('bear-off positions with opposing blots in the home: the same plays for every roll', () => {
    let seed = 20261129;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
    let compared = 0, differFromShort = 0;
    for (let n = 0; n < 300; n++) {
      const me = new Array(26).fill(0), opp = new Array(26).fill(0);
      for (let i = 0; i < 15; i++) me[rnd() < 0.3 ? 0 : rnd() < 0.1 ? 7 + Math.floor(rnd() * 3) : 1 + Math.floor(rnd() * 6)]++;
      for (let i = 0; i < 15; i++) {
        const q = rnd() < 0.3 ? 19 + Math.floor(rnd() * 6) : rnd() < 0.5 ? 0 : 1 + Math.floor(rnd() * 12);
        if (q >= 19 && (me[25 - q] > 0 || opp[q] > 0)) opp[0]++; // only blots, and only on empty points of my home
        else opp[q]++;
      }
      for (const dice of [[6, 5], [3, 1], [2, 2], [1, 1], [4, 2], [5, 5], [6, 1], [3, 3]] as Dice[]) {
        const ours = legalPlays({ variant: 'tavla', board: [me, opp] }, dice);
        expect(new Set(ours.map((p) => JSON.stringify(p.board))), `${JSON.stringify([me, opp])} ${dice}`).toEqual(referenceTavla(me, opp, dice));
        if (ours.length !== legalPlays({ variant: 'short', board: [me, opp] }, dice).length) differFromShort++;
        compared++;
      }
    }
    expect(compared).toBe(2400);
    expect(differFromShort, 'the sample reaches the rule').toBeGreaterThan(50);
  });
});
