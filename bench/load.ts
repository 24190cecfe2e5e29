/**
 * Load figure (issue 15, item 9): 1,000 legitimate presses over 50 games, fired concurrently at
 * `npm start`'s `POST /telegram` (startLocal: the embedded dynalite, the Bot API stand-in, real
 * boards drawn as PNG), each a real HTTP request with the webhook secret. Prints presses/s, p50 and
 * p99 latency, and what must all be 0: 5xx, lost, doubled and stale boards.
 *
 * The presses come in bursts: every game gets one wave a burst, all waves fired at once, and the next
 * burst is built from the boards the bot left. A wave is what a real player does on the board as
 * shown: the player to move presses one button several times (double clicks, several devices),
 * several buttons at once, or a mix; one press in ten is delivered twice (Telegram redelivers when a
 * webhook is slow: half the second deliveries overlap the first, half follow its answer); and in the middle burst each game gets one press whose first delivery is cut at
 * the game's write (DynamoDB answers 500 to it, as if the process died there), then redelivered.
 * Only commanding buttons are pressed (roll, whole plays, steps, confirm, undo); a board offering
 * only checkers to pick gets one pick pressed, alone, before its wave (not counted among the presses).
 *
 * How each figure is decided, per wave, from the stored game (read through DynamoDB, decoded by
 * src/game) and the board message the stand-in keeps:
 * - doubled: every token of a wave carries the version of the board pressed, and a command applies
 *   only at that version, raising it by one; so a wave may raise the version by one at most, and
 *   each version beyond that is a command applied twice.
 * - lost: the board pressed was current, its buttons legal for the player to move, a press was
 *   answered 200 (or, cut, was redelivered) — and the stored version did not move.
 * - stale boards: games whose board, once a burst had settled, carried a version other than the
 *   stored one on its buttons (the waves that left one, and the games stale at the end, beside it:
 *   a wave pressed on a stale board redraws it, so the end alone would miss every other burst).
 * - 5xx: answers ≥ 500 to deliveries not cut on purpose; the cut ones are counted apart.
 * Latency: per HTTP request, cut deliveries left out; with hundreds in flight in one process it is
 * mostly the wait there. Games: `/nardy`'s default (long nardy), two players each, dice seeded.
 *
 * Run: npm run bench (or bench:load); BENCH_LOAD_PRESSES (1000), _GAMES (50), _BURSTS (5), _TIMEOUT_S
 * (300). Loopback only. Asserts nothing; exits 1 only when the run cannot finish (setup, timeout).
 */
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeToken, type Token } from '../src/app/tokens.ts';
import { decodeMatch, seatToAct, type MatchState } from '../src/game/index.ts';
import { startEmbeddedDatabase } from '../src/local/database.ts';
import { startLocal, type LocalProcess } from '../src/local/main.ts';
import type { StoredMessage, TgChat, TgUpdate, TgUser } from '../src/local/telegram-api/index.ts';
import { mulberry32 } from '../tests/arbitraries.ts';
import { faultyProxy } from './faulty-proxy.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const PRESSES = Number(process.env.BENCH_LOAD_PRESSES ?? 1000);
const GAMES = Number(process.env.BENCH_LOAD_GAMES ?? 50);
const BURSTS = Math.max(2, Number(process.env.BENCH_LOAD_BURSTS ?? 5));
const TIMEOUT_S = Number(process.env.BENCH_LOAD_TIMEOUT_S ?? 300);
const REDELIVERED = 0.1;
/** The burst whose waves are one press cut at the game's write, then redelivered. */
const CUT_BURST = Math.floor(BURSTS / 2);
const COMMANDS = new Set(['roll', 'play', 'step', 'confirm', 'undo']);
const rng = mulberry32(915);

/** A game in its own group: `i` numbers it in the output, `id` is the game's. */
type Game = { readonly i: number; readonly id: string; readonly chat: TgChat; readonly players: readonly [TgUser, TgUser] };

/** One press: its update, whether it is delivered twice (`again`) or cut first, and the statuses of its counted deliveries. */
type Press = { readonly update: TgUpdate; readonly again: boolean; readonly cut: boolean; readonly statuses: number[] };

/** One game's presses in one burst: `version` stored before it, `shown` on the buttons pressed, `since` the chat's last message id then. */
type Wave = { readonly game: Game; readonly kind: 'same button' | 'different buttons' | 'mixed' | 'cut, then redelivered'; readonly version: number; readonly shown: number; readonly since: number; readonly presses: Press[] };

const figures = { presses: 0, posts: 0, ms: 0, latencies: [] as number[], fiveXx: 0, cutAnswers: new Map<number, number>(), other: 0, lost: 0, lostCut: 0, doubled: 0, staleWaves: 0, waves: 0, views: 0, unanswered: 0, withdrawn: 0 };
const lostSamples: string[] = [];
/** Per kind of wave: how many, how many pressed a stale board, advanced the game, left a stale board. */
const byKind = new Map<Wave['kind'], { waves: number; onStale: number; advanced: number; leftStale: number }>();
/** The games whose board showed another version than the stored one once a burst had settled. */
const staleGames = new Set<number>();
let stage = 'starting';

const timer = setTimeout(() => {
  console.error(`bench/load.ts: FAILED: not done after ${TIMEOUT_S} s (while ${stage}); BENCH_LOAD_TIMEOUT_S gives it longer`);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
}, TIMEOUT_S * 1000);

const work = await mkdtemp(join(tmpdir(), 'nardy-bench-load-'));
const database = await startEmbeddedDatabase(join(work, 'db'));
const proxy = await faultyProxy(database.endpoint);
const errors: string[] = [];
const local = await startLocal({
  port: 0, dataDir: work, sweepEveryMs: 0, dice: { die: () => 1 + Math.floor(rng() * 6) },
  log: (line) => void (/ERROR|WARN/.test(line) && errors.push(line)),
  dynamodb: { region: 'local', endpoint: proxy.url, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
});
try {
  await run(local);
} catch (error) {
  // Requests may still be in flight: closing the database under them would hide this error.
  console.error(`bench/load.ts: FAILED while ${stage}:`, error);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
} finally {
  clearTimeout(timer);
  for (const close of [local.close, proxy.close, database.close]) await close();
  await rm(work, { recursive: true, force: true });
}

async function run(local: LocalProcess): Promise<void> {
  stage = 'opening the games';
  const games = await Promise.all(Array.from({ length: GAMES }, (_, i) => openGame(local, i)));
  console.log(`load: ${PRESSES} presses over ${GAMES} games at POST /telegram of startLocal (embedded dynalite behind a loopback proxy, Bot API stand-in, boards drawn as PNG), in ${BURSTS} bursts of up to ${Math.max(...Array.from({ length: BURSTS }, (_, b) => games.reduce((n, g) => n + quotaOf(g.i, b), 0)))} presses at once`);
  const callsBefore = local.telegram.calls.length;
  for (let b = 0; b < BURSTS; b++) {
    stage = `building burst ${b + 1}`;
    const waves = (await Promise.all(games.map((g) => planWave(local, g, quotaOf(g.i, b), b)))).filter((w) => w !== undefined);
    stage = `firing burst ${b + 1}`;
    const started = performance.now();
    await Promise.all(waves.flatMap((w) => w.presses.map((p) => fire(local, w.game.id, p))));
    const ms = performance.now() - started;
    figures.ms += ms;
    stage = `settling burst ${b + 1}`;
    const staleBefore = figures.staleWaves;
    for (const w of waves) await judgeWave(local, w);
    const kinds = [...new Set(waves.map((w) => w.kind))].join(', ');
    const onStale = waves.filter((w) => w.shown !== w.version).length;
    process.stderr.write(`  burst ${b + 1} of ${BURSTS}: ${waves.reduce((a, w) => a + w.presses.length, 0)} presses (${kinds}) in ${(ms / 1000).toFixed(1)} s; ${onStale} waves pressed a stale board, ${figures.staleWaves - staleBefore} left one\n`);
  }
  stage = 'reading the boards';
  const stale = (await Promise.all(games.map(async (g) => shownVersion(board(local, g)) !== (await stored(local, g.id)).version))).filter(Boolean).length;
  const calls = new Map<string, number>();
  for (const c of local.telegram.calls.slice(callsBefore)) tally(calls, c.status === 200 ? c.method : `${c.method} refused ${c.status}`);
  report(stale, games.length, [...calls].sort((a, b) => b[1] - a[1]).map(([method, n]) => `${method} ${n}`).join(', '));
}

/** The presses of game `g` in burst `b`: one in the cut burst, the rest of its share spread evenly. */
function quotaOf(g: number, b: number): number {
  const mine = Math.floor(PRESSES / GAMES) + (g < PRESSES % GAMES ? 1 : 0);
  const cut = Math.min(1, mine);
  if (b === CUT_BURST) return cut;
  const k = b < CUT_BURST ? b : b - 1;
  return Math.floor((mine - cut) / (BURSTS - 1)) + (k < (mine - cut) % (BURSTS - 1) ? 1 : 0);
}

function report(atEnd: number, games: number, calls: string): void {
  const s = figures.latencies.slice().sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? NaN;
  const cut = [...figures.cutAnswers].map(([status, n]) => `${n} × ${status}`).join(', ') || 'none';
  const seconds = figures.ms / 1000;
  console.log(`  ${figures.presses} presses, ${figures.posts} POSTs (${figures.posts - figures.presses} redeliveries), in ${seconds.toFixed(1)} s of bursts: ${(figures.presses / seconds).toFixed(1)} presses/s (${(figures.posts / seconds).toFixed(1)} POSTs/s)`);
  console.log(`  latency per POST: p50 ${at(0.5).toFixed(0)} ms   p99 ${at(0.99).toFixed(0)} ms   (max ${at(1).toFixed(0)} ms; cut deliveries left out)`);
  console.log(`  5xx: ${figures.fiveXx}   (other non-200: ${figures.other}; the cut first deliveries answered ${cut}: 500 where the write failed, 200 on a stale board, which writes nothing)`);
  console.log(`  lost: ${figures.lost}   (of which after a cut delivery: ${figures.lostCut})`);
  console.log(`  doubled: ${figures.doubled}`);
  console.log(`  stale boards: ${staleGames.size} of ${games} games   (${figures.staleWaves} of ${figures.waves} waves left one; ${atEnd} games at the end)`);
  for (const [name, k] of byKind) console.log(`    ${name.padEnd(22)} ${String(k.waves).padStart(4)} waves: ${k.onStale} pressed a stale board, ${k.advanced} advanced the game, ${k.leftStale} left a stale board`);
  console.log(`  presses never answered (spinner left): ${figures.unanswered}; checker picks pressed between waves: ${figures.views}; warnings and errors logged: ${errors.length}`);
  console.log(`  Bot API calls from the first burst on (picks between waves included): ${calls}`);
  // A message deleted at once has still notified the chat: each is a "your move" ping for nothing.
  console.log(`  bot messages posted and deleted again within one wave: ${figures.withdrawn}`);
  for (const line of lostSamples.slice(0, 3)) console.log(`    e.g. lost: ${line}`);
  const logged = new Map<string, number>();
  for (const line of errors) tally(logged, logKind(line));
  for (const [key, n] of logged) console.log(`    logged ${n} × ${key}`);
}

function tally<K>(counts: Map<K, number>, key: K): void { counts.set(key, (counts.get(key) ?? 0) + 1); }

/** A logged line without its particulars (time, chat, user, ids), to count lines of one kind together. */
function logKind(line: string): string {
  const level = /\b(ERROR|WARN\w*)\b/.exec(line)?.[1];
  const what = /(\[\w+\] → [^(=]+?)(?= \(\d+ ms\)| \w+=|$)/.exec(line)?.[1] ?? /\b(?:ERROR|WARN\w*) (\S+)/.exec(line)?.[1];
  const why = /\b(?:reason|error)=(.+?)(?= \w+=|$)/.exec(line)?.[1]?.slice(0, 80);
  return [level, what, why].filter(Boolean).join(' ');
}

/** Posts a press (twice if redelivered; cut first, then redelivered once the cut answer is back). */
async function fire(local: LocalProcess, gameId: string, p: Press): Promise<void> {
  figures.presses++;
  figures.posts += p.again || p.cut ? 2 : 1;
  if (p.cut) {
    proxy.cut(gameId);
    const first = await post(local, p.update, false);
    proxy.heal(gameId);
    tally(figures.cutAnswers, first);
    p.statuses.push(await post(local, p.update));
    return;
  }
  // Half the redeliveries overlap the first delivery (a slow webhook), half follow its answer.
  const late = rng() < 0.5;
  const again = p.again && !late ? new Promise<void>((done) => setTimeout(done, Math.floor(rng() * 30))).then(() => post(local, p.update)) : undefined;
  p.statuses.push(await post(local, p.update));
  if (again) p.statuses.push(await again);
  else if (p.again) p.statuses.push(await post(local, p.update));
}

async function post(local: LocalProcess, update: TgUpdate, counted = true): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${local.url}/telegram`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': local.webhookSecret }, body: JSON.stringify(update),
  });
  await response.arrayBuffer();
  if (!counted) return response.status;
  figures.latencies.push(performance.now() - started);
  if (response.status >= 500) figures.fiveXx++;
  else if (response.status !== 200) figures.other++;
  return response.status;
}

/** A challenge in its own group, accepted: the game is on and its first board is in the chat. */
async function openGame(local: LocalProcess, i: number): Promise<Game> {
  const tg = local.telegram;
  const chat: TgChat = { id: -1_009_150_000_000 - i, type: 'supergroup', title: `load ${i}` };
  const players = [0, 1].map((k) => ({ id: 91_500 + 2 * i + k, is_bot: false, first_name: `P${2 * i + k}`, language_code: 'en' })) as unknown as [TgUser, TgUser];
  const hello = tg.userMessage(players[1], chat, 'a game?');
  await mustPost(local, hello);
  await mustPost(local, tg.userMessage(players[0], chat, '/nardy', { replyTo: { chat, message_id: hello.message!.message_id } }));
  const challenge = tg.messages(chat.id).filter((m) => m.fromBot).at(-1);
  const accept = challenge && buttonsOf(challenge).find((b) => b.token.choice.k === 'accept');
  if (!challenge || !accept) throw new Error(`game ${i}: no challenge with an Accept button: ${JSON.stringify(tg.messages(chat.id).map((m) => [m.fromBot, m.text ?? m.caption]))}`);
  await mustPost(local, tg.userPress(players[1], challenge, accept.data));
  return { i, id: accept.token.gameId, chat, players };
}

async function mustPost(local: LocalProcess, update: TgUpdate): Promise<void> {
  const status = await post(local, update, false);
  if (status !== 200) throw new Error(`setting up: POST /telegram answered ${status}`);
}

/** The wave of one game in burst `b`, on its board as shown (after picking a checker, if that is all it offers). */
async function planWave(local: LocalProcess, g: Game, size: number, b: number): Promise<Wave | undefined> {
  const { state } = await stored(local, g.id);
  const seat = seatToAct(state);
  if (size === 0 || state.phase !== 'playing' || seat === null) return undefined;
  const user = state.players[seat]!.id === `telegram:${g.players[0].id}` ? g.players[0] : g.players[1];
  let shown = board(local, g);
  for (let tries = 0; tries < 3 && !buttonsOf(shown).some((x) => COMMANDS.has(x.token.choice.k)); tries++) {
    const pick = buttonsOf(shown).find((x) => x.token.choice.k === 'pick');
    if (!pick) break;
    await mustPost(local, local.telegram.userPress(user, shown, pick.data));
    figures.views++;
    shown = board(local, g);
  }
  const { version } = await stored(local, g.id);
  const offered = buttonsOf(shown).filter((x) => COMMANDS.has(x.token.choice.k));
  if (offered.length === 0) throw new Error(`game ${g.i}: no button to press on its board (${buttonsOf(shown).map((x) => x.token.choice.k).join(', ')})`);
  const kind = b === CUT_BURST ? 'cut, then redelivered' : (['same button', 'different buttons', 'mixed'] as const)[(b + g.i) % 3];
  const any = () => offered[Math.floor(rng() * offered.length)];
  const one = any();
  const start = Math.floor(rng() * offered.length);
  const chosen = Array.from({ length: size }, (_, k) =>
    kind === 'different buttons' ? offered[(start + k) % offered.length] : kind === 'mixed' && k % 2 === 1 ? any() : one);
  const presses = chosen.map((x): Press => ({
    update: local.telegram.userPress(user, shown, x.data), again: kind !== 'cut, then redelivered' && rng() < REDELIVERED, cut: kind === 'cut, then redelivered', statuses: [],
  }));
  return { game: g, kind, version, shown: shownVersion(shown), since: local.telegram.messages(g.chat.id).length, presses };
}

/** Compares what a wave did with what its presses could do. */
async function judgeWave(local: LocalProcess, w: Wave): Promise<void> {
  const after = (await stored(local, w.game.id)).version;
  const moved = after - w.version;
  figures.waves++;
  figures.doubled += Math.max(0, moved - 1);
  const kind = byKind.get(w.kind) ?? byKind.set(w.kind, { waves: 0, onStale: 0, advanced: 0, leftStale: 0 }).get(w.kind)!;
  kind.waves++;
  if (w.shown !== w.version) kind.onStale++;
  if (moved > 0) kind.advanced++;
  const acknowledged = w.presses.some((p) => p.statuses.includes(200));
  if (w.shown === w.version && moved === 0 && acknowledged) {
    figures.lost++;
    if (w.kind === 'cut, then redelivered') figures.lostCut++;
    lostSamples.push(`game ${w.game.i}, a ${w.kind} wave of ${w.presses.length} on version ${w.version}: answered ${w.presses.map((p) => p.statuses.join('+')).join(', ')} (toasts: ${w.presses.map((p) => JSON.stringify(local.telegram.callbackAnswer(p.update.callback_query!.id)?.text ?? '')).join(', ')}), stored version still ${after}`);
  }
  if (shownVersion(board(local, w.game)) !== after) {
    figures.staleWaves++;
    kind.leftStale++;
    staleGames.add(w.game.i);
  }
  figures.withdrawn += local.telegram.messages(w.game.chat.id).filter((m) => m.message_id > w.since && m.fromBot && m.deleted).length;
  for (const p of w.presses) if (local.telegram.callbackAnswer(p.update.callback_query!.id) === undefined) figures.unanswered++;
}

/** The game as stored: read through the DynamoDB protocol, decoded by src/game. */
async function stored(local: LocalProcess, id: string): Promise<{ state: MatchState; version: number }> {
  const record = await local.store.load(id);
  if (!record.ok) throw new Error(`load ${id}: ${record.error.kind}`);
  const state = decodeMatch(record.value.state);
  if (!state.ok) throw new Error(`decode ${id}: ${state.error.message}`);
  return { state: state.value, version: record.value.version };
}

/** The game's board: the last picture the bot has in the chat, as it looks now. */
function board(local: LocalProcess, g: Game): StoredMessage {
  const shown = local.telegram.messages(g.chat.id).filter((m) => m.fromBot && !m.deleted && m.photo !== undefined).at(-1);
  if (!shown) throw new Error(`game ${g.i}: no board in its chat`);
  return shown;
}

function shownVersion(message: StoredMessage): number {
  return buttonsOf(message)[0]?.token.version ?? -1;
}

function buttonsOf(message: StoredMessage): { data: string; token: Token }[] {
  return (message.reply_markup?.inline_keyboard ?? []).flat()
    .flatMap((b) => (typeof b.callback_data === 'string' ? [{ data: b.callback_data, token: decodeToken(b.callback_data) }] : []))
    .filter((b): b is { data: string; token: Token } => b.token !== undefined);
}
