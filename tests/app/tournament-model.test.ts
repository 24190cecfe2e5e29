/**
 * Issue 17: the tournament's rules as pure functions (src/app/tournament/model.ts) — byes, the
 * bracket, the circle method, the round robin's tie-break, forfeits of a removed player — with
 * random results (fast-check) and one table written out by hand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as model from '../../src/app/tournament/model.ts';
import type { Tournament } from '../../src/app/tournament/model.ts';

const chat = { platform: 'telegram', chatId: '-17' };
const people = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `telegram:${100 + i}`, name: `P${i}` }));

function must<T, E>(r: { ok: true; value: T } | { ok: false; error: E }): T {
  if (!r.ok) throw new Error(`refused: ${String(r.error)}`);
  return r.value;
}

function started(n: number, format: model.TournamentFormat, id = 'tmodel0001'): Tournament {
  const [organiser, ...rest] = people(n);
  let tm = model.openTournament(id, chat, 'en', organiser!, 0);
  tm = must(model.configure(tm, organiser!.id, { format, maxPlayers: 32 }));
  for (const p of rest) tm = must(model.join(tm, p));
  return must(model.start(tm, organiser!.id));
}

/** Plays the tournament out: each pending match won by the side `pick` says. */
function playOut(tm: Tournament, pick: (a: string, b: string) => boolean): { tm: Tournament; matches: number } {
  let matches = 0;
  while (tm.phase === 'playing') {
    const p = model.pendingPairings(tm)[0]!;
    const aWins = pick(p.a, p.b);
    const counted = must(model.count(tm, p.match, { winner: aWins ? p.a : p.b, points: { [p.a]: aWins ? 1 : 0, [p.b]: aWins ? 0 : 1 } }));
    if (counted === 'already') throw new Error('counted twice');
    tm = counted;
    matches++;
  }
  return { tm, matches };
}

describe('issue 17: tournament rules', () => {
  it('knockout: n − 1 matches, a bye only for an odd number, nobody sits out twice, the last winner wins', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 32 }), fc.infiniteStream(fc.boolean()), (n, coins) => {
      const { tm, matches } = playOut(started(n, 'knockout'), () => coins.next().value);
      expect(matches).toBe(n - 1);
      expect(tm.phase).toBe('finished');
      for (const r of tm.rounds) expect(r.bye !== undefined).toBe((r.pairings.length * 2 + (r.bye ? 1 : 0)) % 2 === 1);
      const byes = tm.rounds.map((r) => r.bye).filter((b) => b !== undefined);
      expect(new Set(byes).size).toBe(byes.length);
      expect(tm.winner).toBe(tm.rounds.at(-1)!.pairings[0]!.result!.winner);
    }), { numRuns: 60 });
  });

  it('round robin: everyone meets everyone exactly once, a round each, at most one sits out', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 12 }), fc.infiniteStream(fc.boolean()), (n, coins) => {
      const { tm, matches } = playOut(started(n, 'roundRobin'), () => coins.next().value);
      expect(matches).toBe((n * (n - 1)) / 2);
      expect(tm.rounds).toHaveLength(n % 2 === 0 ? n - 1 : n);
      const met = tm.rounds.flatMap((r) => r.pairings.map((p) => [p.a, p.b].sort().join('|')));
      expect(new Set(met).size).toBe(met.length);
      for (const r of tm.rounds) {
        const seated = r.pairings.flatMap((p) => [p.a, p.b]);
        expect(new Set(seated).size).toBe(seated.length);
        expect(seated.length + (r.bye ? 1 : 0)).toBe(n);
      }
      expect(tm.winner).toBe(model.standings(tm)[0]!.player);
    }), { numRuns: 60 });
  });

  it('a match counted again is `already`, and a match of no pairing is refused', () => {
    const tm = started(4, 'knockout');
    const p = tm.rounds[0]!.pairings[0]!;
    const once = must(model.count(tm, p.match, { winner: p.a, points: { [p.a]: 1, [p.b]: 0 } })) as Tournament;
    expect(must(model.count(once, p.match, { winner: p.b, points: {} }))).toBe('already');
    expect(model.count(once, 'nosuchmatch', { winner: p.a, points: {} })).toEqual({ ok: false, error: 'unknown-match' });
  });

  it('the table: wins, then head-to-head among the tied, then points difference, then the draw', () => {
    // Four players, all six matches by hand: A beat B and D, B beat C and D, C beat A by 5, D beat C.
    // A and B have two wins: A beat B. C and D have one: D beat C, though C's points difference (+3) is better than D's (−1).
    let tm = started(4, 'roundRobin', 'ttiebreak1');
    const [a, b, c, d] = people(4).map((p) => p.id) as [string, string, string, string];
    const score: Record<string, [string, number, number]> = {
      [[a, b].sort().join()]: [a, 1, 0], [[b, c].sort().join()]: [b, 1, 0], [[c, a].sort().join()]: [c, 5, 0],
      [[a, d].sort().join()]: [a, 1, 0], [[b, d].sort().join()]: [b, 1, 0], [[c, d].sort().join()]: [d, 1, 0],
    };
    while (tm.phase === 'playing') {
      const p = model.pendingPairings(tm)[0]!;
      const [winner, won, lost] = score[[p.a, p.b].sort().join()]!;
      const loser = winner === p.a ? p.b : p.a;
      tm = must(model.count(tm, p.match, { winner, points: { [winner]: won, [loser]: lost } })) as Tournament;
    }
    const table = model.standings(tm);
    expect(table.map((l) => [l.player, l.wins, l.difference])).toEqual([[a, 2, -3], [b, 2, 1], [d, 1, -1], [c, 1, 3]]);
    expect(tm.winner).toBe(a);
  });

  it('the table falls to points difference, then to the draw, when head to head ties too', () => {
    // Three players in a circle of wins (A>B, B>C, C>A): all tied on wins and head to head.
    let tm = started(3, 'roundRobin', 'ttiebreak2');
    const [a, b, c] = people(3).map((p) => p.id) as [string, string, string];
    const by: Record<string, [string, number]> = { [[a, b].sort().join()]: [a, 3], [[b, c].sort().join()]: [b, 1], [[a, c].sort().join()]: [c, 1] };
    while (tm.phase === 'playing') {
      const p = model.pendingPairings(tm)[0]!;
      const [winner, margin] = by[[p.a, p.b].sort().join()]!;
      const loser = winner === p.a ? p.b : p.a;
      tm = must(model.count(tm, p.match, { winner, points: { [winner]: margin, [loser]: 0 } })) as Tournament;
    }
    const table = model.standings(tm);
    // A +3 −1, C +1 −1, B +1 −3.
    expect(table.map((l) => [l.player, l.difference])).toEqual([[a, 2], [c, 0], [b, -2]]);
  });

  it('only the draw is left: the lower hash of the tournament id and the player id goes first', () => {
    let tm = started(3, 'roundRobin', 'ttiebreak3');
    const [a, b, c] = people(3).map((p) => p.id) as [string, string, string];
    const by: Record<string, string> = { [[a, b].sort().join()]: a, [[b, c].sort().join()]: b, [[a, c].sort().join()]: c };
    while (tm.phase === 'playing') {
      const p = model.pendingPairings(tm)[0]!;
      const winner = by[[p.a, p.b].sort().join()]!;
      tm = must(model.count(tm, p.match, { winner, points: { [winner]: 1, [winner === p.a ? p.b : p.a]: 0 } })) as Tournament;
    }
    const drawn = [a, b, c].sort((x, y) => (model.drawOf(tm, x) < model.drawOf(tm, y) ? -1 : 1));
    expect(model.standings(tm).map((l) => l.player)).toEqual(drawn);
  });

  it('a removed player forfeits the pending match and every later one; a knockout goes on without them', () => {
    let rr = started(4, 'roundRobin', 'tremove001');
    const out = rr.players[0]!.id;
    rr = must(model.remove(rr, rr.organiser.id, out));
    const theirs = rr.rounds.flatMap((r) => r.pairings).filter((p) => p.a === out || p.b === out);
    expect(theirs.every((p) => p.result?.forfeit && p.result.winner !== out)).toBe(true);
    const { tm, matches } = playOut(rr, () => true);
    expect(matches).toBe(3);
    expect(tm.rounds.flatMap((r) => r.pairings).filter((p) => p.a === out || p.b === out)).toHaveLength(3);
    expect(model.standings(tm).map((l) => l.player)).not.toContain(out);
    // Only the organiser removes.
    expect(model.remove(started(4, 'knockout'), 'telegram:101', 'telegram:102')).toEqual({ ok: false, error: 'not-organiser' });
    let ko = started(5, 'knockout', 'tremove002');
    const bye = ko.rounds[0]!.bye!;
    ko = must(model.remove(ko, ko.organiser.id, bye));
    const played = playOut(ko, () => true);
    // Two matches of the first round, then their winners' final: the removed bye is not in it.
    expect(played.matches).toBe(3);
    expect(played.tm.winner).toBeDefined();
    expect(played.tm.winner).not.toBe(bye);
  });

  it('sign-up: a full tournament refuses, settings only off the keyboard and by the organiser', () => {
    const [o, x, y] = people(3);
    let tm = model.openTournament('tsignup001', chat, 'en', o!, 0);
    expect(model.configure(tm, o!.id, { maxPlayers: 1 })).toEqual({ ok: false, error: 'bad-setting' });
    expect(model.configure(tm, o!.id, { maxPlayers: 33 })).toEqual({ ok: false, error: 'bad-setting' });
    expect(model.configure(tm, x!.id, { matchLength: 3 })).toEqual({ ok: false, error: 'not-organiser' });
    tm = must(model.configure(tm, o!.id, { maxPlayers: 2 }));
    tm = must(model.join(tm, x!));
    expect(model.join(tm, y!)).toEqual({ ok: false, error: 'full' });
    expect(model.start(model.openTournament('tsignup002', chat, 'en', o!, 0), o!.id)).toEqual({ ok: false, error: 'too-few' });
  });
});
