/**
 * Issue 3, the history exported: a short-nardy match as a `.mat` file in gnubg's layout, and the
 * plain record of a long-nardy match replayed through `nardy play`. That gnubg imports each `.mat`
 * back with the same games and score is checked in export.system.test.ts (`npm run test:system`:
 * it needs Debian's gnubg).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asciiBoard } from '../../src/cli/ascii.ts';
import { fixedDice } from '../../src/dice/index.ts';
import { formatDice } from '../../src/engine/index.ts';
import { exportLongText, exportMat } from '../../src/game/export.ts';
import { apply, boardFor, createChallenge, other, replayHistory } from '../../src/game/index.ts';
import { ANN, BOB, HAND_MAT, SHORT, eventsOf, handWritten, must, okValue, playMatch } from './export-matches.ts';

const ROOT = join(import.meta.dirname, '..', '..');

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

  it('a 7-point match of random legal play with doubles taken and passed: numbered plays, "and the match" at its end', () => {
    const state = playMatch({ ...SHORT, matchLength: 7 }, 3, { double: 0.08, take: 0.5, beaver: 0, resign: 0.004 });
    expect(state.phase).toBe('finished');
    expect(eventsOf(state, 'taken').length).toBeGreaterThan(0);
    expect(eventsOf(state, 'passed').length).toBeGreaterThan(0);
    const mat = okValue(exportMat(state));
    expect(mat).toMatch(/^ {2}1\) {29}\d\d: /m);
    expect(mat).toContain('and the match');
  });

  it('a match in progress exports the games so far and the unfinished one', () => {
    const full = handWritten();
    const cut = full.history.findIndex((e) => e.type === 'played' && e.seat === 0 && e.move === '13/7 8/7');
    const state = replayHistory(full.history.slice(0, cut + 1));
    expect(state.phase).toBe('playing');
    expect(okValue(exportMat(state)).endsWith(' Game 3\n Ann : 2                        Bob : 1\n  1) 61: 13/7 8/7\n')).toBe(true);
  });

  for (const seed of [1, 2, 4]) {
    it(`money play with Jacoby and beavers (seed ${seed}) exports as a 0-point match`, () => {
      const state = playMatch({ ...SHORT, matchLength: 0, jacoby: true, beaver: true }, seed, { double: 0.1, take: 0.6, beaver: 0.5, resign: 0.002 });
      const mat = okValue(exportMat(state));
      expect(mat).toContain('\n 0 point match\n');
      expect(mat).not.toContain('and the match');
    });
  }

  it('a beaver passed (the doubler loses twice the stake) is written as beavered and dropped', () => {
    const state = playMatch({ ...SHORT, matchLength: 0, beaver: true }, 5, { double: 0.5, take: 0, beaver: 1, resign: 0 });
    expect(eventsOf(state, 'beavered')).toHaveLength(1);
    expect(eventsOf(state, 'gameEnded')[0].points).toBe(2);
    expect(okValue(exportMat(state))).toMatch(/Beavers => 4 +Drops|Beavers => 4\n.* Drops/);
  });

  it('names lose only what gnubg cannot read back (":", ",", quotes, more than 31 bytes)', () => {
    const names: [string, string] = ['Алиса: "Ali", the first of her name', ' '];
    const state = playMatch({ ...SHORT, matchLength: 1 }, 6, { double: 0, take: 1, beaver: 0, resign: 0 }, names);
    const tags = [...okValue(exportMat(state)).matchAll(/^; \[Player \d "(.*)"\]$/gm)].map((m) => m[1]);
    expect(tags).toEqual(['Алиса Ali the first of her', 'Player 2']);
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
