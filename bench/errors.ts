/**
 * Checker-play error in short nardy, judged by GNU Backgammon 1.07 (the Debian package, run as an
 * external judge through its embedded Python, `tools/gnubg/judge.py`; GPL: never bundled, nothing
 * trained on it): issue 19's "mean error per unforced play".
 *
 * Positions: the first `count` (default all 700) of `bench/data/unforced-short.jsonl`, unforced
 * positions (two or more distinct plays) with their rolls from seeded self-play of the strong
 * level, about one in three of each game's; `-- positions [n]` makes the set anew. The set is
 * committed so that every net and search is judged on the same positions (differences between
 * them are paired). Every player named in OURS chooses its play in each. gnubg scores every play
 * at 0-ply, then its 8 best and each of ours at `plies` (default 2), cubeless money (mars 2, koks
 * 3). A play's error is the best of those equities minus the equity of the play made, in
 * millipoints of a point; a blunder loses more than 0.08. Printed per player: mean error ± its
 * standard error, the blunder rate, the mean error by gnubg's position class (contact, crashed,
 * race — bear-offs counted as race), the mean time per play, and each player's difference from the
 * first, position by position (± the standard error of the paired differences). A last row judges
 * gnubg's own 0-ply choices the same way: the reference measured in the same run. Asserts nothing.
 *
 * gnubg's verdicts are kept in the system's temp folder (`nardy-judge-<plies>ply.json`): a rerun
 * asks gnubg only about plays it has not judged yet (700 positions from nothing: about 5 minutes).
 *
 *   nice -n 19 npm run bench:errors -- [count] [plies]        e.g. 700 2 (default)
 * OURS (default strong,net0,medium): strong, net0 (its net at 0-ply), medium (pubeval), beginner,
 * previous (the strong level with the net of the file PREVIOUS_SHORT, e.g. the one before a retrain),
 * strong/keep/window/budget (its lookahead with other limits, e.g. strong/12/0.5/100000).
 * NET=<weights file>: the net strong, net0 and strong/… play with instead of the committed one.
 * Needs /usr/games/gnubg (apt-get install gnubg).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BOARD, ComputerPlayer, Searcher, aiRules, seededRandom, swapInto, wonPoints } from '../src/ai/index.ts';
import { formatPositionId, parsePositionId, startBoard, VARIANTS, type Dice } from '../src/engine/index.ts';
import { chooser, netFile, toBoard } from './players.ts';

const GNUBG = process.env.GNUBG ?? '/usr/games/gnubg';
const count = Number(process.argv[2] ?? 700);
const plies = Number(process.argv[3] ?? 2);
const ours = (process.env.OURS ?? 'strong,net0,medium').split(',');
const BLUNDER = 0.08;
/** gnubg 1.07's position classes (eval.h's positionclass), grouped as the issue reports them. */
const KIND = (gnubgClass: number): 'contact' | 'crashed' | 'race' => (gnubgClass === 10 ? 'contact' : gnubgClass === 9 ? 'crashed' : 'race');

/** One player judged, and its time spent choosing. */
interface Judged { readonly name: string; readonly choose: (b: Int8Array, dice: Dice) => Int8Array | null; ms: number }

/** One unforced position of the committed set: its Position ID before the play (the side on roll encoded second, gnubg's order) and the roll. */
interface Spot { readonly id: string; readonly dice: Dice }

interface Case {
  /** Position ID before the play, the side on roll encoded second (gnubg's order). */
  readonly id: string;
  /** The cache's key: the position and the roll. */
  readonly key: string;
  /** Per play: its Position ID with the opponent on roll, or null when it ends the game. */
  readonly plays: (string | null)[];
  /** Per play: the points it wins outright (0 when the game goes on). */
  readonly won: number[];
  /** Per player of OURS: the index of its play. */
  readonly chosen: number[];
}

const SPOTS = new URL('./data/unforced-short.jsonl', import.meta.url).pathname;
const keyOf = (s: Spot) => `${s.id} ${Math.min(...s.dice)}${Math.max(...s.dice)}`;

function sameBoard(a: Int8Array, at: number, b: Int8Array): boolean {
  for (let i = 0; i < BOARD; i++) if (a[at + i] !== b[i]) return false;
  return true;
}

/**
 * The committed set's positions: seeded self-play games of the strong level, about one unforced
 * position in three of each game. Made once (`-- positions`) so that every net and search is
 * judged on the same positions and a rerun finds most verdicts in the cache.
 */
function makeSpots(n: number, seed = 19): Spot[] {
  const random = seededRandom(seed);
  const lead = new ComputerPlayer('strong', 'short');
  const s = lead.searcher, rules = lead.rules;
  const spots: Spot[] = [];
  const seen = new Set<string>();
  const pos = new Int8Array(BOARD), after = new Int8Array(BOARD);
  while (spots.length < n) {
    const start = startBoard(VARIANTS.short);
    for (let i = 0; i < 26; i++) { pos[i] = start[0][i]; pos[26 + i] = start[1][i]; }
    for (let turn = 0; turn < 400 && spots.length < n; turn++) {
      let d1 = 1 + Math.floor(random() * 6), d2 = 1 + Math.floor(random() * 6);
      if (turn === 0) while (d1 === d2) { d1 = 1 + Math.floor(random() * 6); d2 = 1 + Math.floor(random() * 6); }
      const spot: Spot = { id: formatPositionId(toBoard(pos)), dice: [d1, d2] };
      const m = s.generate(pos, 0, spot.dice, false);
      if (m > 1 && random() < 1 / 3 && !seen.has(keyOf(spot))) { seen.add(keyOf(spot)); spots.push(spot); }
      after.set(pos);
      const k = lead.chooseIndex(pos, 0, spot.dice, false);
      if (k >= 0) after.set(s.gen.boards.subarray(k * BOARD, (k + 1) * BOARD));
      if (wonPoints(rules, after, 0) > 0) break;
      swapInto(after, 0, pos, 0);
    }
  }
  return spots;
}

/** Every player's choice in each position of the set. */
function cases(spots: Spot[], judged: Judged[]): Case[] {
  const rules = aiRules('short');
  const gen = new Searcher(rules);
  const pos = new Int8Array(BOARD), swapped = new Int8Array(BOARD);
  return spots.map((spot) => {
    const board = parsePositionId(spot.id);
    if (!board.ok) throw new Error(`${SPOTS}: ${spot.id}: ${board.error.message}`);
    for (let i = 0; i < 26; i++) { pos[i] = board.value[0][i]; pos[26 + i] = board.value[1][i]; }
    const m = gen.generate(pos, 0, spot.dice, false);
    const boards = gen.gen.boards.slice(0, m * BOARD);
    const plays: (string | null)[] = [], won: number[] = [];
    for (let i = 0; i < m; i++) {
      const w = wonPoints(rules, boards, i * BOARD);
      won.push(w);
      swapInto(boards, i * BOARD, swapped, 0);
      plays.push(w > 0 ? null : formatPositionId(toBoard(swapped)));
    }
    const chosen = judged.map((j) => {
      const t = performance.now();
      const b = j.choose(pos, spot.dice);
      j.ms += performance.now() - t;
      const k = b === null ? -1 : plays.findIndex((_, i) => sameBoard(boards, i * BOARD, b));
      if (k < 0) throw new Error(`${j.name}'s play for ${keyOf(spot)} is not among the generated plays`);
      return k;
    });
    return { id: spot.id, key: keyOf(spot), plays, won, chosen };
  });
}

/**
 * gnubg's verdict on one position: its class, the Position ID of its own 0-ply choice (null when
 * that play ends the game), and the mover's equity after each judged play, by the play's Position ID.
 */
interface Verdict { class: number; best0?: string | null; eq: Record<string, number> }

/**
 * gnubg's verdicts, from the cache where every play asked for is already judged (a verdict
 * depends only on the position, the play and the plies), else from gnubg, which adds them.
 */
function judge(all: Case[]): Verdict[] {
  const cacheFile = join(tmpdir(), `nardy-judge-${plies}ply.json`);
  const cache: Record<string, Verdict> = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {};
  const known = (c: Case) => cache[c.key]?.best0 !== undefined && c.chosen.every((i) => c.plays[i] === null || cache[c.key].eq[c.plays[i]!] !== undefined);
  const asked = all.filter((c) => !known(c));
  console.log(`gnubg's verdicts: ${all.length - asked.length} of ${all.length} positions from ${cacheFile}`);
  if (asked.length > 0) {
    const input = `/tmp/nardy-errors-${process.pid}.jsonl`, output = `/tmp/nardy-errors-${process.pid}-judged.jsonl`;
    writeFileSync(input, asked.map((c) => JSON.stringify({ id: c.id, plays: c.plays, must: c.chosen })).join('\n') + '\n');
    const script = new URL('../tools/gnubg/judge.py', import.meta.url).pathname;
    const run = spawnSync(GNUBG, ['-t', '-q', '-r', '-p', script], {
      env: { ...process.env, IN: input, OUT: output, PLIES: String(plies) }, encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (run.error) throw new Error(`${GNUBG} could not run (${run.error.message}): apt-get install gnubg`);
    const summary = run.stdout.trim().split('\n').pop() ?? '';
    if (run.status !== 0 || !summary.startsWith('JUDGE ')) throw new Error(`gnubg failed (${run.status}); see its output above`);
    console.log(`gnubg: ${summary}`);
    readFileSync(output, 'utf8').trim().split('\n').forEach((line, k) => {
      const j = JSON.parse(line) as { class: number; best0: number | null; eq: Record<string, number> };
      const c = asked[k], v = (cache[c.key] ??= { class: j.class, eq: {} });
      v.best0 = j.best0 === null ? null : c.plays[j.best0];
      for (const [i, e] of Object.entries(j.eq)) v.eq[c.plays[Number(i)]!] = e;
    });
    writeFileSync(`${cacheFile}.tmp`, JSON.stringify(cache));
    renameSync(`${cacheFile}.tmp`, cacheFile);
  }
  return all.map((c) => cache[c.key]);
}

/** The mover's equity after play `i` by the judge (a play that ends the game: its points). */
function worth(c: Case, v: Verdict, i: number): number | undefined {
  return c.won[i] > 0 ? c.won[i] : v.eq[c.plays[i]!];
}

function main(): void {
  const t0 = performance.now();
  if (process.argv[2] === 'positions') {
    const spots = makeSpots(Number(process.argv[3] ?? 700));
    writeFileSync(SPOTS, spots.map((p) => JSON.stringify(p)).join('\n') + '\n');
    console.log(`${spots.length} unforced positions written to ${SPOTS} in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    return;
  }
  const net = process.env.NET ? netFile(process.env.NET) : undefined;
  const judged: Judged[] = ours.map((name) => ({ name, choose: chooser(name, 'short', net), ms: 0 }));
  const spots = readFileSync(SPOTS, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Spot).slice(0, count);
  const all = cases(spots, judged);
  console.log(`${all.length} unforced positions of short nardy (${SPOTS}), every player's play chosen, in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const verdicts = judge(all);
  const kinds = ['contact', 'crashed', 'race'] as const;
  const inKind = Object.fromEntries(kinds.map((k) => [k, verdicts.filter((v) => KIND(v.class) === k).length]));
  console.log(`judge: gnubg ${plies}-ply cubeless over its 8 best plays at 0-ply and ours; positions contact ${inKind.contact}, crashed ${inKind.crashed}, race ${inKind.race}`);
  // gnubg's own 0-ply choice (a play that wins outright when there is one), the reference the issue measures ours against.
  const gnubg0 = all.map((c, k) => {
    const win = c.won.indexOf(Math.max(...c.won));
    return c.won[win] > 0 ? win : c.plays.indexOf(verdicts[k].best0!);
  });
  const rows = [...judged.map((j, p) => ({ name: j.name, chosen: all.map((c) => c.chosen[p]), ms: j.ms })), { name: 'gnubg 0-ply', chosen: gnubg0, ms: NaN }];
  // Each row's error in each position, so that two rows' difference is measured pair by pair.
  const errors = rows.map((row) => all.map((c, k) => {
    const v = verdicts[k];
    let best = -Infinity;
    for (let i = 0; i < c.plays.length; i++) { const w = worth(c, v, i); if (w !== undefined && w > best) best = w; }
    return best - worth(c, v, row.chosen[k])!;
  }));
  const meanAndSe = (xs: number[]) => {
    const n = xs.length, mean = xs.reduce((a, x) => a + x, 0) / n;
    return [mean, Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1) / n)];
  };
  const mp = (x: number) => (1000 * x).toFixed(1);
  console.log('  player                 mean error, mp per play   blunders (> 0.08)   by kind, mp: contact / crashed / race   ms per play');
  rows.forEach((row, r) => {
    const [mean, se] = meanAndSe(errors[r]);
    const blunders = errors[r].filter((e) => e > BLUNDER).length;
    const byKind = kinds.map((kind) => {
      const xs = errors[r].filter((_, k) => KIND(verdicts[k].class) === kind);
      return xs.length === 0 ? '–' : mp(meanAndSe(xs)[0]);
    }).join(' / ');
    const [d, dse] = meanAndSe(errors[r].map((e, k) => e - errors[0][k]));
    const paired = r === 0 ? '' : `   ${d >= 0 ? '+' : ''}${mp(d)} ± ${mp(dse)} than ${rows[0].name}`;
    const ms = Number.isNaN(row.ms) ? '' : (row.ms / all.length).toFixed(1);
    console.log(`  ${row.name.padEnd(22)} ${mp(mean).padStart(6)} ± ${mp(se).padEnd(4)}             ${((100 * blunders) / all.length).toFixed(1).padStart(5)} %             ${byKind.padEnd(24)}${ms.padStart(6)}${paired}`);
  });
  console.log(`total ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

main();
