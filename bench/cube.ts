/**
 * The strong level's cube decisions against GNU Backgammon 1.07's (the Debian package, run as an
 * external judge through its embedded Python, `tools/gnubg/cube.py`; GPL: never bundled, nothing
 * trained on it). Short nardy = backgammon, money play, cube centred at 1, Jacoby and beavers off.
 *
 * Positions: `count` (default 500) positions before a roll from our own seeded self-play (the net
 * at 0-ply, one play in seven random), half of them in or near the doubling window (the net's
 * static equity to roll 0.2–1.2), half from anywhere after the opening. For each, gnubg's cubeful
 * equities of no double (ND), double/take (DT) and double/pass (DP) at each ply count asked; its
 * decisions follow from them (double when min(DT, DP) > ND; too good when not and ND ≥ DP; take
 * when DT ≤ DP). Ours: the strong level's old rules of thumb over its 1-ply cubeless equity, and
 * the new Janowski decisions over its 1-ply chances (`ComputerPlayer.doubleAction` /
 * `answerDouble`). A third row, not a method, applies the same Janowski decisions to gnubg's own
 * chances at that ply: what is left there is the model's part of the error (cube efficiency,
 * Janowski against gnubg's own cubeful evaluation), the rest is our net's.
 *
 * Printed per judge: agreement with gnubg's double / no double / too good and take / pass, and the
 * cube error — the cubeful equity our decision loses by gnubg's numbers, in millipoints per
 * position (the doubler's: best of ND and min(DT, DP) minus what our action gets, the opponent
 * answering as gnubg would; the taker's: best of −DT and −DP minus ours); for the first case also
 * the beavers (allowed), judged by the same equities. Asserts nothing.
 *
 *   nice -n 19 npm run bench:cube -- [count] [plies]      e.g. 500 0,2 (default)
 * Needs /usr/games/gnubg (apt-get install gnubg).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { BOARD, ComputerPlayer, TOO_GOOD, bestAction, cubefulAnswer, cubefulDouble, doubleDecision, seededRandom, swapInto, takeDecision, wonPoints, type CubeContext, type CubeEquities, type DoubleAction, type DoubleAnswer } from '../src/ai/index.ts';
import { formatPositionId, startBoard, VARIANTS, type Board, type Position } from '../src/engine/index.ts';

const GNUBG = process.env.GNUBG ?? '/usr/games/gnubg';
const count = Number(process.argv[2] ?? 500);
const plies = (process.argv[3] ?? '0,2').split(',').map(Number);
const MONEY: CubeContext = { value: 1, matchLength: 0, score: [0, 0] };
const WINDOW = [0.2, 1.2] as const;

const player = new ComputerPlayer('strong', 'short');
const rules = player.rules;

function toBoard(b: Int8Array): Board {
  return [Array.from(b.subarray(0, 26)), Array.from(b.subarray(26, 52))];
}

/** Seeded self-play positions before a roll: half in or near the doubling window, half from anywhere. */
function selfPlayPositions(n: number, seed = 19): Board[] {
  const random = seededRandom(seed);
  const s = player.searcher, net = player.net;
  const windowed: Board[] = [], other: Board[] = [];
  const seen = new Set<string>();
  const pos = new Int8Array(BOARD), swapped = new Int8Array(BOARD), after = new Int8Array(BOARD);
  const half = Math.ceil(n / 2);
  while (windowed.length < half || other.length < n - half) {
    const start = startBoard(VARIANTS.short);
    for (let i = 0; i < 26; i++) { pos[i] = start[0][i]; pos[26 + i] = start[1][i]; }
    for (let turn = 0; turn < 400; turn++) {
      if (turn >= 2) {
        swapInto(pos, 0, swapped, 0);
        const equity = -net.score(swapped, 0); // the roller's static equity
        const board = toBoard(pos);
        const id = formatPositionId(board);
        const inWindow = equity >= WINDOW[0] && equity <= WINDOW[1];
        const bucket = inWindow ? windowed : other;
        const room = inWindow ? windowed.length < half : other.length < n - half;
        if (room && !seen.has(id) && random() < (inWindow ? 0.5 : 0.1)) { seen.add(id); bucket.push(board); }
      }
      let d1 = 1 + Math.floor(random() * 6), d2 = 1 + Math.floor(random() * 6);
      if (turn === 0) while (d1 === d2) { d1 = 1 + Math.floor(random() * 6); d2 = 1 + Math.floor(random() * 6); }
      const m = s.generate(pos, 0, [d1, d2], false);
      after.set(pos);
      if (m > 0) {
        const i = random() < 1 / 7 ? Math.floor(random() * m) : s.scorePlays(m, net);
        after.set(s.gen.boards.subarray(i * BOARD, (i + 1) * BOARD));
      }
      if (wonPoints(rules, after, 0) > 0) break;
      swapInto(after, 0, pos, 0);
    }
  }
  return [...windowed, ...other];
}

interface Judged { nd: number; dt: number; dp: number; p: number[] }

/** One cube setting a set of positions is judged under: the doubler's (roller's) view and the taker's. */
interface Case {
  readonly name: string;
  /** Indices into the positions. */
  readonly at: readonly number[];
  readonly doubler: CubeContext;
  readonly taker: CubeContext;
}

/** gnubg's cubeful equities for every (case, position), per ply count, in the order given. */
function judge(ids: string[], cases: readonly Case[]): Map<number, Judged[]> {
  const input = `/tmp/nardy-cube-${process.pid}.jsonl`, output = `/tmp/nardy-cube-${process.pid}-judged.jsonl`;
  const lines = cases.flatMap((c) => c.at.map((i) => JSON.stringify({
    id: ids[i], cube: c.doubler.value, owner: c.doubler.owner === 'mine' ? 'mover' : 'centre',
    match: c.doubler.matchLength, score: c.doubler.score, jacoby: c.doubler.jacoby === true,
  })));
  writeFileSync(input, lines.join('\n') + '\n');
  const script = new URL('../tools/gnubg/cube.py', import.meta.url).pathname;
  const run = spawnSync(GNUBG, ['-t', '-q', '-r', '-p', script], { env: { ...process.env, IN: input, OUT: output, PLIES: plies.join(',') }, encoding: 'utf8', maxBuffer: 1 << 26 });
  const summary = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !summary.startsWith('CUBE ')) throw new Error(`gnubg failed (${run.status}): ${run.stderr.slice(-2000)}`);
  console.log(`gnubg: ${summary}`);
  const byPly = new Map<number, Judged[]>(plies.map((p) => [p, []]));
  for (const line of readFileSync(output, 'utf8').trim().split('\n')) {
    const j = JSON.parse(line) as Judged & { plies: number };
    byPly.get(j.plies)!.push(j);
  }
  return byPly;
}

interface Ours { action: DoubleAction; answer: DoubleAnswer }

/** The doubler's equity of an action by the judge's numbers (the opponent answering as the judge would). */
function doublerGets(e: CubeEquities, action: DoubleAction): number {
  return action === 'double' ? Math.min(e.doubleTake, e.doublePass) : e.noDouble;
}

/** The taker's equity of an answer by the judge's numbers. */
function takerGets(e: CubeEquities, answer: DoubleAnswer): number {
  return answer === 'pass' ? -e.doublePass : -e.doubleTake;
}

function pct(k: number, n: number): string {
  return n === 0 ? '   –  ' : `${((100 * k) / n).toFixed(1).padStart(5)} %`;
}

function report(label: string, judged: Judged[], methods: Record<string, Ours[]>): void {
  const eqs: CubeEquities[] = judged.map((j) => ({ noDouble: j.nd, doubleTake: j.dt, doublePass: j.dp }));
  const actions = eqs.map(bestAction);
  const answers: DoubleAnswer[] = eqs.map((e) => (e.doubleTake <= e.doublePass ? 'take' : 'pass'));
  // The positions where the cube is a live question by the judge: it doubles (or is too good), or a double loses under 0.1.
  const window = eqs.map((e, i) => actions[i] !== 'noDouble' || e.noDouble - Math.min(e.doubleTake, e.doublePass) < 0.1);
  const doubled = actions.map((a) => a !== 'noDouble');
  const nWindow = window.filter(Boolean).length, nDoubled = doubled.filter(Boolean).length;
  const tally = (a: DoubleAction[]) => `${a.filter((x) => x === 'double').length}/${a.filter((x) => x === 'noDouble').length}/${a.filter((x) => x === 'tooGood').length}`;
  console.log(`  judge gnubg ${label}: ${judged.length} positions, double/no double/too good ${tally(actions)}, ${answers.filter((a) => a === 'take').length} takes; ${nWindow} in the window, ${nDoubled} doubles`);
  console.log('    method              double agreement      take agreement     cube error, mp per position          ours: double/no/too good');
  console.log('                        all      window      all      doubled    double all / window, take all / doubled');
  for (const [name, ours] of Object.entries(methods)) {
    let agreeD = 0, agreeDW = 0, agreeT = 0, agreeTD = 0, errD = 0, errDW = 0, errT = 0, errTD = 0;
    ours.forEach((o, i) => {
      const e = eqs[i];
      const dErr = Math.max(e.noDouble, Math.min(e.doubleTake, e.doublePass)) - doublerGets(e, o.action);
      const tErr = Math.max(-e.doubleTake, -e.doublePass) - takerGets(e, o.answer);
      if (o.action === actions[i]) { agreeD++; if (window[i]) agreeDW++; }
      if (o.answer === answers[i]) { agreeT++; if (doubled[i]) agreeTD++; }
      errD += dErr; errT += tErr;
      if (window[i]) errDW += dErr;
      if (doubled[i]) errTD += tErr;
    });
    const mp = (x: number, n: number) => (n === 0 ? '–' : ((1000 * x) / n).toFixed(1)).padStart(5);
    console.log(`    ${name.padEnd(18)}  ${pct(agreeD, ours.length)}  ${pct(agreeDW, nWindow)}    ${pct(agreeT, ours.length)}  ${pct(agreeTD, nDoubled)}    ${mp(errD, ours.length)} / ${mp(errDW, nWindow)},  ${mp(errT, ours.length)} / ${mp(errTD, nDoubled)}          ${tally(ours.map((o) => o.action))}`);
  }
}

/**
 * Beavers, money play: by gnubg's equities the taker should beaver when its equity after the take
 * (−DT) is above 0; a beaver is then worth twice that, or +2 if the doubler would pass it (DT < −1).
 */
function beaverReport(judged: Judged[], ours: DoubleAnswer[]): void {
  let should = 0, did = 0, agree = 0, err = 0;
  judged.forEach((j, i) => {
    const take = -j.dt, beaver = Math.min(-2 * j.dt, 2), pass = -j.dp;
    const best = Math.max(take, beaver, pass);
    const right = beaver > take && beaver >= pass;
    const gets = ours[i] === 'beaver' ? beaver : ours[i] === 'take' ? take : pass;
    if (right) should++;
    if (ours[i] === 'beaver') did++;
    if (right === (ours[i] === 'beaver')) agree++;
    err += best - gets;
  });
  console.log(`    beavers allowed: gnubg's equities beaver ${should}, Janowski beavers ${did}; beaver or not agreed ${pct(agree, judged.length)}; answer error ${((1000 * err) / judged.length).toFixed(1)} mp per position`);
}

/** The old rules of thumb (the strong level's until issue 19) over the 1-ply cubeless equity. */
function oldDecisions(equity: number, c: Case): Ours {
  return {
    action: doubleDecision(equity, c.doubler) ? 'double' : equity >= TOO_GOOD ? 'tooGood' : 'noDouble',
    answer: takeDecision(-equity, { ...c.taker, value: c.taker.value * 2 }) ? 'take' : 'pass',
  };
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const boards = selfPlayPositions(count);
  const positions: Position[] = boards.map((board) => ({ variant: 'short', board }));
  const ids = boards.map(formatPositionId);
  const half = Math.ceil(count / 2);
  console.log(`${positions.length} self-play positions (${half} with the net's static equity to roll in ${WINDOW[0]}–${WINDOW[1]}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const all = positions.map((_, i) => i), windowed = all.slice(0, half);
  const money = (extra: Partial<CubeContext> = {}, takerExtra: Partial<CubeContext> = {}) => ({ doubler: { ...MONEY, ...extra }, taker: { ...MONEY, ...extra, ...takerExtra } });
  const match = (mover: number, opponent: number): Omit<Case, 'name' | 'at'> => ({
    doubler: { value: 1, matchLength: 7, score: [mover, opponent], crawford: true },
    taker: { value: 1, matchLength: 7, score: [opponent, mover], crawford: true },
  });
  const cases: Case[] = [
    { name: `money, centred cube (all ${all.length})`, at: all, ...money() },
    { name: `money, the roller redoubles 2 → 4 (the ${half} window-side positions)`, at: windowed, ...money({ value: 2, owner: 'mine' }, { owner: 'theirs' }) },
    { name: `money, Jacoby, centred (the ${half})`, at: windowed, ...money({ jacoby: true }) },
    { name: `7-point match at 0–0 (the ${half})`, at: windowed, ...match(0, 0) },
    { name: `7-point match, roller 2–4 behind: 5-away / 3-away (the ${half})`, at: windowed, ...match(2, 4) },
    { name: `7-point match, roller 4–2 ahead: 3-away / 5-away (the ${half})`, at: windowed, ...match(4, 2) },
    { name: `7-point match at 5–5, 2-away / 2-away (the ${half})`, at: windowed, ...match(5, 5) },
  ];

  const t1 = performance.now();
  const equity = positions.map((p) => player.equityToRoll(p));
  const chances = positions.map((p) => Array.from(player.chancesToRoll(p)));
  const efficiency = positions.map((p) => player.cubeEfficiency(p));
  const beavering = positions.map((p) => player.answerDouble(p, { ...MONEY, beaver: true }));
  const decided = cases.map((c) => ({
    old: c.at.map((i) => oldDecisions(equity[i], c)),
    janowski: c.at.map((i) => ({ action: player.doubleAction(positions[i], c.doubler), answer: player.answerDouble(positions[i], c.taker) })),
  }));
  console.log(`our decisions (old and Janowski, strong level, 1-ply) in ${((performance.now() - t1) / 1000).toFixed(1)} s`);

  const byPly = judge(ids, cases);
  for (const ply of plies) {
    const judged = byPly.get(ply)!;
    let dWin = 0, dGammon = 0;
    judged.slice(0, all.length).forEach((j, i) => { dWin += Math.abs(chances[i][0] - j.p[0]); dGammon += Math.abs(chances[i][1] - chances[i][3] - (j.p[1] - j.p[3])); });
    console.log(`\ngnubg ${ply}-ply as the judge; our 1-ply chances against its: mean |ΔP(win)| ${(dWin / all.length).toFixed(3)}, mean |Δ(P(win mars) − P(lose mars))| ${(dGammon / all.length).toFixed(3)}`);
    let from = 0;
    cases.forEach((c, k) => {
      const part = judged.slice(from, from + c.at.length);
      from += c.at.length;
      // Not a method: our Janowski decisions over gnubg's own chances, to tell the model's part of the error from the net's.
      const model: Ours[] = part.map((j, n) => ({ action: cubefulDouble(j.p, efficiency[c.at[n]], c.doubler), answer: cubefulAnswer(j.p, efficiency[c.at[n]], c.taker) }));
      console.log(`\n ${c.name}`);
      report(`${ply}-ply`, part, { 'old thresholds': decided[k].old, 'Janowski (new)': decided[k].janowski, "(gnubg's chances)": model });
      if (k === 0) beaverReport(part, beavering);
    });
  }
  console.log(`\ntotal ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

await main();
