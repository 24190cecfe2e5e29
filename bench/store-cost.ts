/**
 * What a move costs to store (issue #46, item 1): whole games played through the real Telegram
 * webhook handler, the Bot API stand-in and dynalite behind a proxy that meters what DynamoDB
 * would bill (`metering-proxy.ts`: read and write units, index writes computed from the table's
 * own index definitions), by two players who press only the buttons the bot sent (as
 * bench/presses.ts). Run for this tree and, in the same run, for an earlier commit (checked out in
 * a temporary worktree, this tree's node_modules linked in): the figures side by side.
 *
 * Printed for each: DynamoDB calls per writing press (a step, a whole play, a roll…) and per
 * view-only press (a checker picked); per turn (every press of the player to move, the turn notice
 * included): calls, and KB written counted as write units (1 KB each), table and indexes; the
 * largest game item written; and dollars per million moves — DynamoDB on-demand request units
 * plus Lambda requests and GB-seconds at the telegram function's memory, each press timed as the
 * handler took it here (the pictures drawn for real).
 *
 * Prices (AWS list prices, us-east-1, on demand, since the cut of 1 Nov 2024): $0.625 per million
 * write request units, $0.125 per million read request units; Lambda x86 $0.20 per million
 * requests and $0.0000166667 per GB-second. Storage, data transfer and the scheduler's sweeps
 * (one a minute, whatever the traffic) are left out.
 *
 * Run: npm run bench:store-cost (also part of npm run bench). BENCH_COST_GAMES: games per variant (4);
 * BENCH_VARIANTS (short,long); BENCH_COST_BASE: the commit to compare with (5f8318b, the last
 * before the filing: every step rewrote the game into its indexes). Asserts nothing; prints figures.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, copyFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AppDeps } from '../src/app/index.ts';
import { decodeToken, type Token } from '../src/app/tokens.ts';
import type { VariantId } from '../src/engine/index.ts';
import { decodeMatch, seatToAct, type MatchState } from '../src/game/index.ts';
import { startTelegramApi, type StoredMessage, type TgChat, type TgUser } from '../src/local/telegram-api/index.ts';
import { createTelegramWebhook, telegramMessenger } from '../src/platforms/telegram/index.ts';
import { connectDynamoDb, createTable, DynamoGameStore } from '../src/store/index.ts';
import { mulberry32 } from '../tests/arbitraries.ts';
import { meteringProxy, type Metered } from './metering-proxy.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const ROOT = resolve(import.meta.dirname, '..');
const GAMES = Number(process.env.BENCH_COST_GAMES ?? 4);
const VARIANTS = (process.env.BENCH_VARIANTS ?? 'short,long').split(',').filter(Boolean) as VariantId[];
const BASE = process.env.BENCH_COST_BASE ?? '5f8318b';
const PRICE = { write: 0.625e-6, read: 0.125e-6, request: 0.2e-6, gbSecond: 0.0000166667 };
const TOKEN = '7046:cost';
const BOT = { id: 7046, username: 'nardy_cost_bot', first_name: 'Nardy' };
const SECRET = 'cost-secret';
const PLAYERS: readonly TgUser[] = [
  { id: 4601, is_bot: false, first_name: 'Anna', language_code: 'en' },
  { id: 4602, is_bot: false, first_name: 'Nodar', language_code: 'en' },
];
const MOVING = new Set(['play', 'step', 'pick', 'confirm']);
const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);

/** One press as metered. */
interface Pressed {
  readonly calls: number;
  readonly wrote: boolean;
  readonly writeUnits: number;
  readonly indexUnits: number;
  readonly readUnits: number;
  readonly ms: number;
}

/** What one child printed: the presses, the turns (each the sum of its presses), the moves played. */
interface Figures {
  readonly variant: VariantId;
  readonly presses: Pressed[];
  readonly turns: Pressed[];
  readonly moves: number;
  readonly largestGameItem: number;
  readonly memoryMb: number;
}

interface Press { readonly data: string; readonly token: Token }

function buttonsOf(message: StoredMessage): Press[] {
  return (message.reply_markup?.inline_keyboard ?? []).flat()
    .filter((b): b is typeof b & { callback_data: string } => 'callback_data' in b && typeof b.callback_data === 'string')
    .map((b) => ({ data: b.callback_data, token: decodeToken(b.callback_data)! }));
}

function choose(buttons: readonly Press[], rng: () => number): Press {
  const of = (k: string) => buttons.filter((b) => b.token.choice.k === k);
  if (of('pass').length > 0) return of('pass')[0]!;
  if (of('take').length > 0) return of('take')[0]!;
  if (of('roll').length > 0) return of('roll')[0]!;
  const moving = buttons.filter((b) => MOVING.has(b.token.choice.k));
  if (moving.length > 0) return moving[Math.floor(rng() * moving.length)]!;
  throw new Error(`no way forward among ${buttons.map((b) => b.token.choice.k).join(', ') || 'no buttons'}`);
}

function asPressed(m: Metered, ms: number): Pressed {
  const calls = [...m.calls.values()].reduce((a, b) => a + b, 0);
  return { calls, wrote: [...m.calls.keys()].some((op) => WRITES.has(op)), writeUnits: m.tableWriteUnits, indexUnits: m.indexWriteUnits, readUnits: m.readUnits, ms };
}

function sum(list: readonly Pressed[]): Pressed {
  return list.reduce((a, p) => ({ calls: a.calls + p.calls, wrote: a.wrote || p.wrote, writeUnits: a.writeUnits + p.writeUnits, indexUnits: a.indexUnits + p.indexUnits, readUnits: a.readUnits + p.readUnits, ms: a.ms + p.ms }), { calls: 0, wrote: false, writeUnits: 0, indexUnits: 0, readUnits: 0, ms: 0 });
}

/** A child: plays GAMES games of `variant` on its own dynalite behind the metering proxy; prints one JSON line. */
async function child(variant: VariantId): Promise<void> {
  const { default: dynalite } = await import('dynalite');
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const proxy = await meteringProxy(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const dynamo = connectDynamoDb({ endpoint: proxy.url, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const table = 'cost';
  await createTable(dynamo, table, { pollMs: 20 });
  const store = new DynamoGameStore(dynamo, table);
  // Seeded choices, the same in both trees.
  const rng = mulberry32(46);
  const api = await startTelegramApi({ token: TOKEN, bot: BOT });
  const deps: AppDeps = { store, now: () => Date.UTC(2026, 11, 6, 12), dice: { die: () => 1 + Math.floor(rng() * 6) }, messengers: { telegram: telegramMessenger(BOT.username) } };
  const hook = createTelegramWebhook({ token: TOKEN, secret: SECRET, botInfo: BOT, apiRoot: api.apiRoot, app: deps, log: (e) => void (e.level === 'error' ? console.error(JSON.stringify(e)) : undefined), send: { sleep: async () => {} } });
  const presses: Pressed[] = [];
  const turns: Pressed[] = [];
  let moves = 0;
  let largestGameItem = 0;
  const load = async (gameId: string): Promise<MatchState> => {
    const record = await store.load(gameId);
    if (!record.ok) throw new Error(`load ${gameId}: ${record.error.kind}`);
    const state = decodeMatch(record.value.state);
    if (!state.ok) throw new Error(`decode ${gameId}: ${state.error.message}`);
    return state.value;
  };
  for (let g = 0; g < GAMES; g++) {
    const group: TgChat = { id: -1_046_000_000 - g, type: 'supergroup', title: 'cost' };
    const post = async (update: object): Promise<number> => {
      const started = performance.now();
      const status = (await hook({ headers: { 'x-telegram-bot-api-secret-token': SECRET }, body: JSON.stringify(update) })).status;
      if (status !== 200) throw new Error(`the webhook answered ${status}`);
      return performance.now() - started;
    };
    const live = () => api.messages(group.id).filter((m) => !m.deleted && m.fromBot);
    await post(api.userMessage(PLAYERS[1]!, group, 'let us play'));
    await post(api.userMessage(PLAYERS[0]!, group, `/nardy ${variant}`, { replyTo: { chat: { id: group.id }, message_id: api.messages(group.id).at(-1)!.message_id } }));
    const challenge = live().at(-1)!;
    const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
    const gameId = accept.token.gameId;
    await post(api.userPress(PLAYERS[1]!, { chat: { id: group.id }, message_id: challenge.message_id }, accept.data));
    proxy.take();
    let state = await load(gameId);
    let seen = state.history.length;
    let turn: Pressed[] = [];
    for (let n = 0; state.phase === 'playing'; n++) {
      if (n > 20_000) throw new Error(`${variant}: game ${gameId} did not end`);
      const board = live().filter((m) => m.photo !== undefined).at(-1)!;
      const seat = seatToAct(state)!;
      const press = api.userPress(PLAYERS[state.players[seat]!.id === `telegram:${PLAYERS[0]!.id}` ? 0 : 1]!, { chat: { id: group.id }, message_id: board.message_id }, choose(buttonsOf(board), rng).data);
      const ms = await post(press);
      const metered = proxy.take();
      largestGameItem = Math.max(largestGameItem, metered.largestGameItem);
      const pressed = asPressed(metered, ms);
      presses.push(pressed);
      turn.push(pressed);
      state = await load(gameId);
      proxy.take();
      const played = state.history.slice(seen).filter((e) => e.type === 'played').length;
      seen = state.history.length;
      if (played > 0) {
        moves += played;
        turns.push(sum(turn));
        turn = [];
      }
    }
  }
  console.log(JSON.stringify({ variant, presses, turns, moves, largestGameItem, memoryMb: telegramMemory() } satisfies Figures));
  await api.close();
  dynamo.destroy();
  await proxy.close();
  await new Promise((done) => server.close(done));
}

/** The telegram function's memory in serverless.yml (MB): what Lambda bills GB-seconds by. */
function telegramMemory(): number {
  const template = readFileSync(join(ROOT, 'serverless.yml'), 'utf8');
  const fn = /\n  telegram:\n((?:    .*\n|\n)*)/.exec(template)?.[1] ?? '';
  return Number(/memorySize: (\d+)/.exec(fn)?.[1] ?? /\n  memorySize: (\d+)/.exec(template)?.[1] ?? 1024);
}

function stats(xs: readonly number[]): { mean: number; median: number; p90: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? NaN;
  return { mean: s.reduce((a, b) => a + b, 0) / Math.max(1, s.length), median: at(0.5), p90: at(0.9), max: s.at(-1) ?? NaN };
}

/** Dollars per million moves: request units at list price, plus Lambda's requests and GB-seconds. */
function dollarsPerMillionMoves(f: Figures): { dynamo: number; lambda: number } {
  const total = sum(f.presses);
  const dynamo = (total.writeUnits + total.indexUnits) * PRICE.write + total.readUnits * PRICE.read;
  const lambda = f.presses.length * PRICE.request + f.presses.reduce((a, p) => a + Math.ceil(p.ms) / 1000, 0) * (f.memoryMb / 1024) * PRICE.gbSecond;
  return { dynamo: (dynamo / f.moves) * 1e6, lambda: (lambda / f.moves) * 1e6 };
}

function runIn(dir: string, variant: VariantId): Figures {
  const out = spawnSync('npx', ['tsx', 'bench/store-cost.ts'], { cwd: dir, env: { ...process.env, BENCH_COST_CHILD: variant }, encoding: 'utf8', timeout: 30 * 60_000, maxBuffer: 256 * 1024 * 1024 });
  const line = out.stdout.split('\n').find((l) => l.startsWith('{'));
  if (out.status !== 0 || line === undefined) throw new Error(`bench/store-cost.ts (${variant}) in ${dir} failed (${out.status ?? out.signal}):\n${`${out.stdout}${out.stderr}`.slice(-3000)}`);
  return JSON.parse(line) as Figures;
}

function report(label: string, f: Figures): { perTurnKb: number; dollars: number } {
  const writing = f.presses.filter((p) => p.wrote);
  const viewing = f.presses.filter((p) => !p.wrote);
  const calls = stats(f.turns.map((t) => t.calls));
  const kb = stats(f.turns.map((t) => t.writeUnits + t.indexUnits));
  const index = stats(f.turns.map((t) => t.indexUnits));
  const reads = stats(f.turns.map((t) => t.readUnits));
  const step = stats(writing.map((p) => p.calls));
  const cost = dollarsPerMillionMoves(f);
  const n = (x: number, d = 1) => x.toFixed(d);
  const view = viewing.length === 0 ? 'none' : n(stats(viewing.map((p) => p.calls)).mean, 2);
  console.log(`  ${label.padEnd(22)} calls/step ${n(step.mean, 2)} / ${step.median} (max ${step.max}) · view-only press ${view} | ` +
    `per turn: calls ${n(calls.mean, 2)} / ${calls.median} / max ${calls.max}, KB written ${n(kb.mean, 2)} / ${kb.median} / p90 ${kb.p90} / max ${kb.max} (indexes ${n(index.mean, 2)}), read units ${n(reads.mean, 1)} | ` +
    `game item ≤ ${n(f.largestGameItem / 1024, 2)} KB | $ per million moves: ${n(cost.dynamo + cost.lambda, 2)} (DynamoDB ${n(cost.dynamo, 2)}, Lambda ${n(cost.lambda, 2)} at ${f.memoryMb} MB)`);
  return { perTurnKb: kb.mean, dollars: cost.dynamo + cost.lambda };
}

async function main(): Promise<void> {
  console.log(`store cost (issue #46): ${GAMES} games a variant through the Telegram webhook, the Bot API stand-in and dynalite behind a metering proxy; turn figures are mean / median / …`);
  console.log('  targets: ≤ 2 calls a step, ≤ 4 a turn with the notice, ≤ 2 KB written a turn with the indexes, under $5 per million moves');
  const base = mkdtempSync(join(tmpdir(), 'nardy-cost-base-'));
  try {
    execFileSync('git', ['worktree', 'add', '--detach', base, BASE], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    // A shallow clone may lack the earlier commit: this tree's figures alone, and a word why.
    console.log(`  (${BASE} is not in this clone: this tree's figures only; fetch the history to compare)`);
    rmSync(base, { recursive: true, force: true });
    for (const variant of VARIANTS) {
      console.log(`/nardy ${variant}`);
      report('this tree', runIn(ROOT, variant));
    }
    return;
  }
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(base, 'node_modules'));
    // The earlier commit runs this very bench (it may predate it).
    copyFileSync(join(ROOT, 'bench/store-cost.ts'), join(base, 'bench/store-cost.ts'));
    copyFileSync(join(ROOT, 'bench/metering-proxy.ts'), join(base, 'bench/metering-proxy.ts'));
    for (const variant of VARIANTS) {
      console.log(`/nardy ${variant}`);
      const before = report(`${BASE} (before)`, runIn(base, variant));
      const now = report('this tree', runIn(ROOT, variant));
      console.log(`  this tree ÷ before: KB written a turn ${(now.perTurnKb / before.perTurnKb).toFixed(2)} ×, $ per million moves ${(now.dollars / before.dollars).toFixed(2)} ×`);
    }
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', base], { cwd: ROOT, stdio: 'ignore' });
    rmSync(base, { recursive: true, force: true });
  }
}

if (process.env.BENCH_COST_CHILD) await child(process.env.BENCH_COST_CHILD as VariantId);
else await main();
