/**
 * Issue 3, the history exported: a short-nardy match as a `.mat` file that gnubg imports with the
 * same score, and the plain record of a long-nardy match replayed through `nardy play`.
 * gnubg is required (CI installs it); a missing gnubg fails these tests, it never skips them.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asciiBoard } from '../../src/cli/ascii.ts';
import { fixedDice, type DiceSource } from '../../src/dice/index.ts';
import { mulberry32 as seeded } from '../arbitraries.ts';
import { formatDice, legalPlays } from '../../src/engine/index.ts';
import { exportLongText, exportMat } from '../../src/game/export.ts';
import { apply, boardFor, createChallenge, mayDouble, other, positionOf, replayHistory } from '../../src/game/index.ts';
import type { Command, MatchEvent, MatchSettings, MatchState, Player } from '../../src/game/index.ts';
import { gnubgImport, type GnubgMatch } from './gnubg.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const T0 = Date.UTC(2026, 10, 29, 14, 5);
const ANN: Player = { id: 'telegram:1', name: 'Ann' };
const BOB: Player = { id: 'telegram:2', name: 'Bob' };


const seededDice = (seed: number): DiceSource => {
  const r = seeded(seed);
  return { die: () => 1 + Math.floor(r() * 6) };
};

/** How often the random players double, take, beaver and resign. */
interface Policy { double: number; take: number; beaver: number; resign: number }

function must(r: ReturnType<typeof apply>, cmd: Command): MatchState {
  if (!r.ok) throw new Error(`${cmd.type} rejected: ${r.error.kind}: ${r.error.message}`);
  return r.value.state;
}

/** A random legal command for whoever has to act. */
function randomCommand(state: MatchState, r: () => number, p: Policy): Command {
  const game = state.game!;
  const t = game.turn;
  const mover = state.players[t.seat]!.id;
  const answerer = state.players[other(t.seat)]!.id;
  switch (t.stage) {
    case 'decide':
      if (r() < p.resign) return { type: 'resign', by: mover, kind: r() < 0.5 ? 'oin' : 'mars' };
      return mayDouble(state) && r() < p.double ? { type: 'double', by: mover } : { type: 'roll', by: mover };
    case 'doubled':
      if (state.settings.beaver && r() < p.beaver) return { type: 'beaver', by: answerer };
      return { type: r() < p.take ? 'take' : 'pass', by: answerer };
    case 'beavered':
      return { type: r() < p.take ? 'take' : 'pass', by: mover };
    case 'resignOffered':
      return { type: r() < 0.5 ? 'acceptResign' : 'declineResign', by: answerer };
    case 'moving': {
      if (r() < p.resign / 2) return { type: 'resign', by: mover };
      const plays = legalPlays(positionOf(state.settings, game), t.dice!, { firstTurn: game.turnsPlayed[t.seat] === 0 });
      return { type: 'play', by: mover, move: plays[Math.floor(r() * plays.length)].move };
    }
    default:
      throw new Error(`nobody can act at stage ${t.stage}`);
  }
}

/** Ann (White, seat 0) and Bob play a whole match with random legal commands and seeded dice. */
function playMatch(settings: Partial<MatchSettings> & { variant: string }, seed: number, policy: Policy, names: [string, string] = [ANN.name, BOB.name]): MatchState {
  const dice = seededDice(seed * 7919 + 1);
  const r = seeded(seed);
  const created = createChallenge({ id: `match-${seed}`, by: { ...ANN, name: names[0] }, invitee: BOB.id, settings: { colour: 'white', ...settings } }, T0);
  if (!created.ok) throw new Error(created.error.message);
  const accept: Command = { type: 'accept', by: { ...BOB, name: names[1] } };
  let state = must(apply(created.value.state, accept, T0, dice), accept);
  for (let i = 1; state.phase === 'playing'; i++) {
    if (i > 20_000) throw new Error('the match did not end');
    const cmd = randomCommand(state, r, policy);
    state = must(apply(state, cmd, T0 + i * 1000, dice), cmd);
  }
  return state;
}

const eventsOf = <T extends MatchEvent['type']>(s: MatchState, type: T) => s.history.filter((e): e is Extract<MatchEvent, { type: T }> => e.type === type);

// ---------------------------------------------------------------- gnubg

/** Each game as gnubg replayed it must be ours (score before it, winner, points), and so the final score. */
function expectSameMatch(state: MatchState, g: GnubgMatch): void {
  const ends = eventsOf(state, 'gameEnded');
  const ours: [number, number, string, number][] = [];
  const score = [0, 0];
  for (const e of ends) {
    ours.push([score[0], score[1], e.winner === 0 ? 'X' : 'O', e.points]);
    score[e.winner!] += e.points;
  }
  expect(g.games.map((x) => [x['score-X'], x['score-O'], x.winner, x['points-won']])).toEqual(ours);
  const last = g.games[g.games.length - 1];
  const final = [last['score-X'], last['score-O']];
  final[last.winner === 'X' ? 0 : 1] += last['points-won'] ?? 0;
  expect(final).toEqual([...state.score]);
  expect(g.info['match-length']).toBe(state.settings.matchLength);
  expect(g.info.variation).toBe('Standard');
}


/** Runs commands in order against one list of dice faces, which must be used up exactly. */
function scripted(settings: Partial<MatchSettings> & { variant: string }, faces: number[], commands: Command[], players: [Player, Player] = [ANN, BOB]): MatchState {
  const dice = fixedDice(faces);
  const created = createChallenge({ id: 'm1', by: players[0], invitee: players[1].id, settings: { colour: 'white', ...settings } }, T0);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value.state;
  commands.forEach((cmd, i) => { state = must(apply(state, cmd, T0 + (i + 1) * 60_000, dice), cmd); });
  expect(() => dice.die(), 'every scripted face is used').toThrow(/ran out/);
  return state;
}

/**
 * A 3-point match written by hand: a take and a redouble passed (Black dances on the bar after a
 * hit), a Crawford game Black opens and White resigns after rolling, a double passed in the
 * left column, and a resignation of a mars that ends the match.
 */
function handWritten(): MatchState {
  const [a, b] = [ANN.id, BOB.id];
  return scripted({ variant: 'short', matchLength: 3 }, [3, 1, 6, 4, 6, 2, 6, 6, 2, 5, 4, 4, 6, 1, 4, 3], [
    { type: 'accept', by: BOB },
    { type: 'play', by: a, move: '8/5 6/5' },
    { type: 'double', by: b }, { type: 'take', by: a },
    { type: 'play', by: b, move: '24/14' },
    { type: 'roll', by: a }, { type: 'play', by: a, move: '24/18 13/11*' },
    { type: 'double', by: a }, { type: 'pass', by: b },
    { type: 'play', by: b, move: '13/8 13/11' },
    { type: 'resign', by: a },
    { type: 'play', by: a, move: '13/7 8/7' },
    { type: 'double', by: b }, { type: 'pass', by: a },
    { type: 'play', by: a, move: '13/9 13/10' },
    { type: 'resign', by: b, kind: 'mars' }, { type: 'acceptResign', by: a },
  ]);
}

const HAND_MAT = `; [Match ID "m1"]
; [Player 1 "Ann"]
; [Player 2 "Bob"]
; [EventDate "2026.11.29"]
; [EventTime "14.05"]
; [Variation "Backgammon"]
; [Crawford "On"]

 3 point match

 Game 1
 Ann : 0                        Bob : 0
  1) 31: 8/5 6/5                  Doubles => 2
  2)  Takes                      64: 24/18 18/14
  3) 62: 24/18 13/11*            66:
  4)  Doubles => 4                Drops
      Wins 2 points

 Game 2
 Ann : 2                        Bob : 0
  1)                             52: 13/8 13/11
  2) 44:                          Wins 1 point

 Game 3
 Ann : 2                        Bob : 1
  1) 61: 13/7 8/7                 Doubles => 2
  2)  Drops                       Wins 1 point

 Game 4
 Ann : 2                        Bob : 2
  1) 43: 13/9 13/10
      Wins 2 points and the match
`;

const HAND_TEXT = `; Nardy match record 1
; Id: m1
; Variant: short
; Options: {"gameType":"international","nextGameStarter":"toss","withMars":true}
; Match: to 3 points
; Cube: on (Crawford on, Jacoby off, beaver off, auto-double off)
; White: Ann (telegram:1)
; Black: Bob (telegram:2)
; Started: 2026.11.29 14.05 UTC
; Result: White wins the match 4-2

Game 1: White 0, Black 0
Opening: White 3, Black 1
White 3-1: 8/5 6/5
Black doubles to 2
White takes
Black 6-4: 24/14
White 6-2: 24/18 13/11*
Black 6-6: Ø
White doubles to 4
Black passes
White wins 2 points (oin, double passed)

Game 2: White 2, Black 0
Opening: White 2, Black 5
Black 5-2: 13/11 13/8
White rolls 4-4
White resigns
Black wins 1 point (oin, resigned)

Game 3: White 2, Black 1
Opening: White 6, Black 1
White 6-1: 13/7 8/7
Black doubles to 2
White passes
Black wins 1 point (oin, double passed)

Game 4: White 2, Black 2
Opening: White 4, Black 3
White 4-3: 13/10 13/9
Black offers to resign a mars
White wins 2 points (mars, resigned) and the match
`;

const SHORT = { variant: 'short' } as const;
const okValue = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('exportMat: a short-nardy match as a gnubg .mat file (anchors-engine.md §1.5)', () => {
  it('writes gnubg\'s layout: two columns, step-by-step plays, cube lines, "Wins" in the winner\'s column', () => {
    expect(okValue(exportMat(handWritten()))).toBe(HAND_MAT);
  });

  it('writes XG\'s rule tags where they apply: Crawford in a match, Jacoby and Beaver in money play, CubeLimit 1 without a cube', () => {
    const tags = (mat: string) => [...mat.matchAll(/^; \[(Crawford|Jacoby|Beaver|CubeLimit) "(.*)"\]$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(tags(HAND_MAT)).toEqual(['Crawford On']);
    const money = playMatch({ ...SHORT, matchLength: 0, jacoby: true, beaver: true }, 1, { double: 0.1, take: 0.6, beaver: 0.5, resign: 0.002 });
    expect(tags(okValue(exportMat(money)))).toEqual(['Jacoby On', 'Beaver On']);
    const noCube = playMatch({ ...SHORT, matchLength: 0, doubling: false }, 2, { double: 0, take: 1, beaver: 0, resign: 0 });
    expect(tags(okValue(exportMat(noCube)))).toEqual(['Jacoby Off', 'Beaver Off', 'CubeLimit 1']);
  });

  it('the hand-written match imports into gnubg with the same games and the final score 4-2', () => {
    const g = gnubgImport(HAND_MAT, 'hand');
    expectSameMatch(handWritten(), g);
    expect(g.games.map((x) => x.resigned)).toEqual([false, true, false, true]);
    expect([g.info.X.name, g.info.O.name]).toEqual(['Ann', 'Bob']);
  });

  it('a 7-point match of random legal play with doubles taken and passed imports into gnubg with the same score', () => {
    const state = playMatch({ ...SHORT, matchLength: 7 }, 3, { double: 0.08, take: 0.5, beaver: 0, resign: 0.004 });
    expect(state.phase).toBe('finished');
    expect(eventsOf(state, 'taken').length).toBeGreaterThan(0);
    expect(eventsOf(state, 'passed').length).toBeGreaterThan(0);
    const mat = okValue(exportMat(state));
    expect(mat).toMatch(/^ {2}1\) {29}\d\d: /m);
    expect(mat).toContain('and the match');
    expectSameMatch(state, gnubgImport(mat, 'match7'));
  });

  it('a match in progress exports the games so far and the unfinished one, which gnubg imports as unfinished', () => {
    const full = handWritten();
    const cut = full.history.findIndex((e) => e.type === 'played' && e.seat === 0 && e.move === '13/7 8/7');
    const state = replayHistory(full.history.slice(0, cut + 1));
    expect(state.phase).toBe('playing');
    const mat = okValue(exportMat(state));
    expect(mat.endsWith(' Game 3\n Ann : 2                        Bob : 1\n  1) 61: 13/7 8/7\n')).toBe(true);
    const g = gnubgImport(mat, 'unfinished');
    expect(g.games.map((x) => [x.winner, x['points-won']])).toEqual([['X', 2], ['O', 1], [null, undefined]]);
  });

  for (const seed of [38, 40]) {
    it(`a 3-point match full of resignations (seed ${seed}: after rolling, mars offers accepted and declined) imports with the same score`, () => {
      const state = playMatch({ ...SHORT, matchLength: 3 }, seed, { double: 0.05, take: 0.5, beaver: 0, resign: 0.05 });
      expect(eventsOf(state, 'gameEnded').map((e) => e.reason)).toContain('resigned');
      expectSameMatch(state, gnubgImport(okValue(exportMat(state)), `resign${seed}`));
    });
  }

  for (const seed of [1, 2, 4]) {
    it(`money play with Jacoby and beavers (seed ${seed}) imports as a 0-point match with the same result`, () => {
      const state = playMatch({ ...SHORT, matchLength: 0, jacoby: true, beaver: true }, seed, { double: 0.1, take: 0.6, beaver: 0.5, resign: 0.002 });
      const mat = okValue(exportMat(state));
      expect(mat).toContain('\n 0 point match\n');
      expect(mat).not.toContain('and the match');
      expectSameMatch(state, gnubgImport(mat, `money${seed}`, ['set jacoby on']));
    });
  }

  it('a beaver passed (the doubler loses twice the stake) imports with the same result', () => {
    const state = playMatch({ ...SHORT, matchLength: 0, beaver: true }, 5, { double: 0.5, take: 0, beaver: 1, resign: 0 });
    expect(eventsOf(state, 'beavered')).toHaveLength(1);
    expect(eventsOf(state, 'gameEnded')[0].points).toBe(2);
    const mat = okValue(exportMat(state));
    expect(mat).toMatch(/Beavers => 4 +Drops|Beavers => 4\n.* Drops/);
    expectSameMatch(state, gnubgImport(mat, 'beaver-pass', ['set jacoby off']));
  });

  it('names lose only what gnubg cannot read back (":", ",", quotes, more than 31 bytes), and gnubg shows them', () => {
    const names: [string, string] = ['Алиса: "Ali", the first of her name', ' '];
    const state = playMatch({ ...SHORT, matchLength: 1 }, 6, { double: 0, take: 1, beaver: 0, resign: 0 }, names);
    const mat = okValue(exportMat(state));
    const tags = [...mat.matchAll(/^; \[Player \d "(.*)"\]$/gm)].map((m) => m[1]);
    expect(tags).toEqual(['Алиса Ali the first of her', 'Player 2']);
    const g = gnubgImport(mat, 'names');
    expect([g.info.X.name, g.info.O.name]).toEqual(tags);
    expectSameMatch(state, g);
  });

  it('dates come from the challenge time (UTC) unless given; a bad date, long nardy or no game yet are typed errors', () => {
    const leap = createChallenge({ id: 'm2', by: ANN, invitee: BOB.id, settings: { variant: 'short', matchLength: 1 } }, Date.UTC(2024, 1, 29, 23, 59, 59));
    const started = must(apply(okValue(leap).state, { type: 'accept', by: BOB }, Date.UTC(2024, 2, 1), fixedDice([1, 6, 5])), { type: 'accept', by: BOB });
    const mat = okValue(exportMat(started));
    expect(mat).toContain('; [EventDate "2024.02.29"]\n; [EventTime "23.59"]');
    expect(okValue(exportMat(started, { eventDate: '2025.01.02' }))).toContain('; [EventDate "2025.01.02"]');
    expect(exportMat(started, { eventDate: '2025-01-02' })).toMatchObject({ ok: false, error: { kind: 'invalid-settings' } });
    expect(exportMat(okValue(leap).state)).toMatchObject({ ok: false, error: { kind: 'wrong-phase' } });
    const long = playMatch({ variant: 'long', matchLength: 0 }, 1, { double: 0, take: 1, beaver: 0, resign: 0.02 });
    expect(exportMat(long)).toMatchObject({ ok: false, error: { kind: 'invalid-state', message: expect.stringContaining('exportLongText') } });
  });
});

/** The games of a plain record: each game's turn records, as `nardy play` takes them. */
function recordsOf(text: string): string[][] {
  const games: string[][] = [];
  for (const line of text.split('\n')) {
    if (/^Game \d+: /.test(line)) games.push([]);
    const turn = /^(?:White|Black) ([1-6]-[1-6]: .*)$/.exec(line);
    if (turn) games[games.length - 1].push(turn[1]);
  }
  return games;
}

describe('exportLongText: the plain record of any variant, replayable with `nardy play`', () => {
  it('writes the header, the openings, every turn, the cube and each result', () => {
    expect(exportLongText(handWritten())).toBe(HAND_TEXT);
  });

  it('a long-nardy match with the cube: every game replayed through the CLI reaches the same final board', () => {
    const state = playMatch({ variant: 'long', matchLength: 3, doubling: true }, 7, { double: 0.05, take: 0.6, beaver: 0, resign: 0 });
    const text = exportLongText(state);
    const options = /^; Options: (.*)$/m.exec(text)![1];
    const games = recordsOf(text);
    const ends = state.history.flatMap((e, i) => (e.type === 'gameEnded' ? [i] : []));
    expect(games.flat()).toEqual(eventsOf(state, 'played').map((e) => `${formatDice(e.dice)}: ${e.move}`));
    expect(games).toHaveLength(ends.length);
    games.forEach((records, k) => {
      const run = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'src/cli/main.ts'), 'play', '--variant', 'long', '--options', options, ...records], { cwd: ROOT, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const echoed = run.stdout.split('\n').flatMap((l) => /^\d+\. (?:first |second) (.*)$/.exec(l)?.[1] ?? []);
      // The CLI echoes each turn in its own strict notation; the same play may be written through another checker.
      expect(echoed.map((t) => t.split(':')[0])).toEqual(records.map((t) => t.split(':')[0]));
      const game = replayHistory(state.history.slice(0, ends[k] + 1)).game!;
      const toMove = records.length % 2 === 0 ? game.starter : other(game.starter);
      expect(run.stdout).toContain(asciiBoard(boardFor(game, toMove), 'long'));
      if (game.ended!.reason === 'borne-off') {
        expect(run.stdout).toContain(`game over: ${game.ended!.winner === game.starter ? 'first' : 'second'} side wins, ${game.ended!.kind}`);
      }
    });
  });
});
