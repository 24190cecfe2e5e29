/**
 * Short nardy (or nackgammon, or hypergammon: VARIANT=…) against GNU Backgammon 1.07 (the Debian package, never bundled: GPL) as a fixed
 * yardstick, through its external-player socket (anchors-engine.md §1.6): gnubg listens, we send
 * FIBS `board:` lines, it answers its play. Cubeless money games (mars 2, koks 3), fixed seeds,
 * pairs of games with the same dice and the sides swapped. Prints figures; asserts nothing.
 *
 *   nice -n 19 npm run bench:gnubg -- [games] [opponents…]
 *   opponents: expert (0-ply, no noise), beginner (0-ply, noise 0.06); default both.
 *   VARIANT=nackgammon|hypergammon: that variant's start and checkers; ours reads it with its own
 *   rules through its net (hypergammon's own, nackgammon short nardy's: docs/computer.md), gnubg
 *   with its standard one. OURS=previous plays PREVIOUS_SHORT's weights file in that variant too.
 * Needs /usr/games/gnubg (apt-get install gnubg). Our players (env OURS, default strong,medium): strong, net0 (its net at
 * 0-ply), medium (pubeval), previous (the strong level with the net of the file PREVIOUS_SHORT, e.g. the one before a retrain),
 * strong/keep/window/budget (bench/players.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import { BOARD, aiRules, rollDie, seededRandom, swapInto, wonPoints } from '../src/ai/index.ts';
import { parsePlay, startBoard, VARIANTS } from '../src/engine/index.ts';
import { chooser, toBoard, type Chooser } from './players.ts';

const GNUBG = process.env.GNUBG ?? '/usr/games/gnubg';
const games = Number(process.argv[2] ?? 1000);
/** FROM=k plays the games k.. of the fixed series instead of 0.. (e.g. two halves of 2,000 side by side, one per core). */
const from = Number(process.env.FROM ?? 0);
const opponents = process.argv.slice(3).length > 0 ? process.argv.slice(3) : ['expert', 'beginner'];
const ours = (process.env.OURS ?? 'strong,medium').split(',');
/**
 * The variants gnubg plays too: backgammon's board and scoring, another start or three checkers a
 * side. gnubg judges every board it is sent with its standard nets and bear-off databases. Its own
 * hypergammon mode (`set variation 3-chequer-hypergammon`) reads a hypergammon database the Debian
 * package does not ship, and then gives no answer for some boards.
 */
const GNUBG_PLAYS = ['short', 'nackgammon', 'hypergammon'] as const;
const variant = (process.env.VARIANT ?? 'short') as (typeof GNUBG_PLAYS)[number];
if (!GNUBG_PLAYS.includes(variant)) throw new Error(`VARIANT=${variant}: gnubg plays ${GNUBG_PLAYS.join(', ')}`);

/** A gnubg process answering FIBS boards on a local port. */
class Gnubg {
  private socket!: net.Socket;
  private buffer = '';
  private waiting: ((line: string) => void) | undefined;
  private constructor(private readonly child: ChildProcess) {}

  static async start(noise: number, port: number): Promise<Gnubg> {
    const file = `/tmp/nardy-gnubg-${process.pid}-${port}.cmd`;
    writeFileSync(file, [
      'set evaluation chequerplay evaluation plies 0',
      'set evaluation chequerplay evaluation cubeful off',
      'set evaluation chequerplay evaluation prune off',
      `set evaluation chequerplay evaluation noise ${noise}`,
      'set evaluation chequerplay evaluation deterministic on',
      `external localhost:${port}`,
    ].join('\n') + '\n');
    const child = spawn(GNUBG, ['-t', '-q', '-r', '-c', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    const g = new Gnubg(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => { if (d.toString().includes('Waiting for a connection')) resolve(); });
      child.on('error', reject);
      child.on('exit', (code) => reject(new Error(`gnubg exited (${code})`)));
    });
    g.socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => g.socket.on('connect', () => resolve()));
    g.socket.on('data', (d) => {
      g.buffer += d.toString();
      const nl = g.buffer.indexOf('\n');
      if (nl >= 0 && g.waiting) {
        const line = g.buffer.slice(0, nl).trim();
        g.buffer = g.buffer.slice(nl + 1);
        const w = g.waiting; g.waiting = undefined; w(line);
      }
    });
    return g;
  }

  /** gnubg's play for the board at `b` (gnubg to move, first) and dice, as it writes it. */
  async move(b: Int8Array, d1: number, d2: number): Promise<string> {
    // FIBS board: gnubg is O (positive), moving 24 → 1 with its bar at 25; we are X (negative), our bar at 0.
    const fibs = new Array<number>(26).fill(0);
    for (let p = 1; p <= 24; p++) fibs[p] += b[p];
    for (let q = 1; q <= 24; q++) fibs[25 - q] -= b[26 + q];
    fibs[25] = b[25];
    fibs[0] = -b[26 + 25];
    const line = `board:gnubg:nardy:9999:0:0:${fibs.join(':')}:1:${d1}:${d2}:0:0:1:1:1:0:1:-1:0:25:${b[0]}:${b[26]}:${b[25]}:${b[51]}:${d1 === d2 ? 4 : 2}:0:0:0`;
    // A gnubg that never answers fails the bench with the board it was given, instead of hanging it.
    let timer: NodeJS.Timeout | undefined;
    const reply = new Promise<string>((resolve, reject) => {
      this.waiting = (answer) => { clearTimeout(timer); resolve(answer); };
      timer = setTimeout(() => reject(new Error(`gnubg gave no play in 60 s for ${line}`)), 60_000);
    });
    this.socket.write(line + '\r\n');
    return reply;
  }

  close(): void {
    this.socket.end();
    this.child.kill();
  }
}

const rules = aiRules(variant);

/** Games of the current match-up stopped after 5,000 turns (scored 0). */
let unfinished = 0;

async function playGame(choose: Chooser, gnubg: Gnubg, oursStarts: boolean, seed: number): Promise<number> {
  const random = seededRandom(seed);
  const pos = new Int8Array(BOARD);
  const s = startBoard(VARIANTS[variant]);
  for (let i = 0; i < 26; i++) { pos[i] = s[0][i]; pos[26 + i] = s[1][i]; }
  const after = new Int8Array(BOARD);
  for (let turn = 0; turn < 5000; turn++) {
    const oursToMove = (turn % 2 === 0) === oursStarts;
    let d1 = rollDie(random), d2 = rollDie(random);
    if (turn === 0) while (d1 === d2) { d1 = rollDie(random); d2 = rollDie(random); }
    after.set(pos);
    if (oursToMove) {
      const chosen = choose(pos, [d1, d2]);
      if (chosen) after.set(chosen);
    } else {
      const text = await gnubg.move(pos, d1, d2);
      const position = { variant, board: toBoard(pos) };
      if (text !== '') {
        const play = parsePlay(text, position, [d1, d2]);
        if (!play.ok) throw new Error(`gnubg's "${text}" for ${d1}${d2}: ${play.error.message}`);
        for (let i = 0; i < 26; i++) { after[i] = play.value.board[0][i]; after[26 + i] = play.value.board[1][i]; }
      }
    }
    const won = wonPoints(rules, after, 0);
    if (won > 0) return oursToMove ? won : -won;
    swapInto(after, 0, pos, 0);
  }
  // Both sides closed out with a checker on the bar can pass for ever (a mutual closeout): a draw.
  unfinished++;
  return 0;
}

async function main(): Promise<void> {
  let port = 43000 + (process.pid % 1000);
  console.log(`gnubg ${GNUBG} via its external socket; ${games} cubeless money games of ${variant} per match-up${from ? `, from game ${from} of the series` : ''}`);
  for (const opponent of opponents) {
    const noise = opponent === 'beginner' ? 0.06 : 0;
    const gnubg = await Gnubg.start(noise, port++);
    for (const level of ours) {
      const choose = chooser(level, variant);
      let sum = 0, sum2 = 0, wins = 0;
      unfinished = 0;
      const t0 = performance.now();
      for (let g = from; g < from + games; g++) {
        const pts = await playGame(choose, gnubg, g % 2 === 0, 5000 + (g >> 1));
        sum += pts; sum2 += pts * pts; if (pts > 0) wins++;
      }
      const mean = sum / games, se = Math.sqrt((sum2 / games - mean * mean) / (games - 1));
      const p = wins / games, pse = Math.sqrt(p * (1 - p) / games);
      console.log(`${variant} ${level.padEnd(6)} vs gnubg ${opponent.padEnd(8)}: ${mean >= 0 ? '+' : ''}${mean.toFixed(3)} ± ${se.toFixed(3)} ppg, ` +
        `wins ${(100 * p).toFixed(1)} ± ${(100 * pse).toFixed(1)} % (${games} games, sum ${sum} of squares ${sum2}${unfinished ? `, ${unfinished} stopped at 5,000 turns as draws` : ''}, ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }
    gnubg.close();
  }
}

await main();
