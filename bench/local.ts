/**
 * Deployment figures (issue 8, "Bench"): (a) the bundled size of each function entry, bundled as
 * serverless.yml's `custom.esbuild` does; (b) the cold import time of each bundle, as Lambda init
 * would see it: a fresh `node` per run, timed from spawn to the import resolved (median of 5;
 * dummy TELEGRAM_* variables, DYNAMODB_ENDPOINT on an unused local port, so no network); (c) the
 * warm time of one board press through the local HTTP endpoint (`POST /telegram` → DynamoDB
 * (embedded dynalite) → engine → PNG → Bot API stand-in), median and p90, and (d) the DynamoDB calls
 * of each kind of press, by operation, counted as dynalite answers them (X-Amz-Target);
 * (e) spawn → first answer of the bundled Telegram handler against a bundled bare telegraf handler
 * (one `handleUpdate` answering the press), alternating, each a fresh node answering a board press
 * of a fresh game through the same dynalite and Bot API stand-in: what a cold Lambda's first
 * update costs, INIT render and first picture included; (f) a bare telegraf `handleUpdate` warm, in
 * this process, beside the warm board press.
 * Targets (issue #15): first answer ≤ 2.5 × the bare handler's; a warm press ≤ 20 ms median.
 * Prints figures; asserts nothing.
 * Run: npm run bench (or npx tsx bench/local.ts). BENCH_MOVES changes the number of presses (50).
 * BENCH_WARM_PROFILE=1 prints where the warm presses' main-thread time goes (self time by function,
 * sampled only while a timed press is in flight: the bench's own bookkeeping between presses is left out;
 * BENCH_WARM_PROFILE=<folder> also keeps each press's .cpuprofile there, for its stacks);
 * BENCH_WARM_TRACE=1, each press's outgoing calls on a timeline.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import { BARE_TELEGRAF, bundle, bundleSource, ROOT } from './bundles.ts';
import { median, percentile } from './stats.ts';
import { decodeMatch, seatToAct } from '../src/game/index.ts';
import { startEmbeddedDatabase } from '../src/local/database.ts';
import { LOCAL_BOT, startLocal, type LocalProcess } from '../src/local/main.ts';
import { privateChatOf, type StoredMessage, type TgChat, type TgUpdate, type TgUser } from '../src/local/telegram-api/index.ts';

// The AWS SDK's one-off warning that its 2027 releases need Node 22 (README) is noise here, as in `npm start`.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const ENTRIES = ['functions/telegram.ts', 'functions/legal.ts'];
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
const MOVES = Number(process.env.BENCH_MOVES ?? 50);
/** The token the local stand-in of the Bot API accepts (src/local/main.ts). */
const STAND_IN_TOKEN = `${LOCAL_BOT.id}:local-playground`;
/** DynamoDB calls by operation (`GetItem`, `BatchGetItem`, …), counted by `countingProxy`. */
const calls = new Map<string, number>();
// Made before any client is: the DynamoDB client keeps the `http.request` it finds first.
const tracer = pressTracer();

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  await new Promise((done) => server.close(done));
  return port;
}

const work = await mkdtemp(join(tmpdir(), 'nardy-bench-local-'));
try {
  // The bundles' layout mirrors the zip: functions/<name>.mjs beside assets/ (the font) and node_modules (sharp's binaries).
  await symlink(join(ROOT, 'assets'), join(work, 'assets'));
  await symlink(join(ROOT, 'node_modules'), join(work, 'node_modules'));

  // (a) bundled size, as serverless.yml's custom.esbuild bundles (minified, ESM, sharp's binaries external).
  console.log("bundled size (esbuild, as serverless.yml: minified ESM, node22, sharp's JavaScript bundled, its binaries external):");
  const bundles: { entry: string; file: string }[] = [];
  for (const entry of ENTRIES) {
    const file = join(work, entry.replace(/\.ts$/, '.mjs'));
    const { bytes, top } = await bundle(join(ROOT, entry), file, { minify: !process.env.BENCH_COLD_PROFILE });
    console.log(`  ${entry.padEnd(22)} ${(bytes / 1024).toFixed(1).padStart(8)} KB   (largest: ${top})`);
    bundles.push({ entry, file });
  }
  // BENCH_COLD_BESIDE=<a checkout of another commit>: its Telegram handler, bundled the same way beside its own assets, answers first presses in turn with ours.
  const besideRoot = process.env.BENCH_COLD_BESIDE;
  let beside: string | undefined;
  if (besideRoot) {
    const dir = join(work, 'beside');
    await mkdir(dir);
    await symlink(join(besideRoot, 'assets'), join(dir, 'assets'));
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    beside = join(dir, 'functions/telegram.mjs');
    const { bytes } = await bundle(join(besideRoot, 'functions/telegram.ts'), beside, { minify: !process.env.BENCH_COLD_PROFILE });
    console.log(`  ${'(beside) telegram.ts'.padEnd(22)} ${(bytes / 1024).toFixed(1).padStart(8)} KB   (${besideRoot})`);
  }
  const bareFile = join(work, 'functions/bare-telegraf.mjs');
  const bareBytes = await bundleSource(BARE_TELEGRAF, bareFile);
  console.log(`  ${'(bare telegraf handler)'.padEnd(22)} ${(bareBytes / 1024).toFixed(1).padStart(8)} KB`);

  // (b) cold import: spawn → import resolved, fresh node each time.
  const env = {
    ...process.env,
    TELEGRAM_BOT_TOKEN: '123456:bench-dummy-token', TELEGRAM_WEBHOOK_SECRET: 'bench-secret', TELEGRAM_BOT_USERNAME: 'nardy_bot',
    TELEGRAM_API_ROOT: '', TELEGRAM_BOT_ID: '',
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${await unusedPort()}`, AWS_REGION: 'eu-central-1', TABLE_NAME: 'nardy',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', FONTCONFIG_FILE: join(ROOT, 'assets/fonts/fonts.conf'),
  };
  const coldImport = (file: string) => new Promise<{ total: number; inside: number }>((done, fail) => {
    const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); ` +
      'process.stdout.write(`ready ${performance.now()} ${performance.now() - t}\\n`); process.exit(0);';
    const started = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready (\S+) (\S+)/.exec(out);
      if (match) done({ total: performance.now() - started, inside: Number(match[2]) });
    });
    child.stderr.on('data', (chunk: Buffer) => void (err += chunk.toString()));
    child.on('exit', (code) => {
      if (!/ready/.test(out)) fail(new Error(`import of ${file} failed (exit ${code}): ${err.trim().split('\n').slice(0, 5).join(' | ')}`));
    });
  });
  console.log(`cold import of each bundle (fresh node ${process.version}, median of ${COLD_RUNS}; target for telegram ≤ 250 ms):`);
  for (const { entry, file } of bundles) {
    const runs: { total: number; inside: number }[] = [];
    try {
      for (let i = 0; i < COLD_RUNS; i++) runs.push(await coldImport(file));
      console.log(`  ${entry.padEnd(22)} spawn → imported ${median(runs.map((r) => r.total)).toFixed(0).padStart(5)} ms   (import itself ${median(runs.map((r) => r.inside)).toFixed(0)} ms)`);
    } catch (error) {
      console.log(`  ${entry.padEnd(22)} FAILED: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const bareNode = [];
  for (let i = 0; i < COLD_RUNS; i++) bareNode.push(await new Promise<number>((done) => {
    const started = performance.now();
    spawn(process.execPath, ['-e', ''], { stdio: 'ignore' }).on('exit', () => done(performance.now() - started));
  }));
  console.log(`  ${'(bare node -e "")'.padEnd(22)} spawn → exit       ${median(bareNode).toFixed(0).padStart(5)} ms`);

  // (c)–(f) against one dynalite and one Bot API stand-in.
  await warmMoves(join(work, 'data'), { ours: bundles.find((b) => b.entry === 'functions/telegram.ts')!.file, bare: bareFile, ...(beside === undefined ? {} : { beside }), env });
} finally {
  await rm(work, { recursive: true, force: true });
}

/** Times a bare telegraf `handleUpdate` answering presses through the stand-in: the floor under a press. */
async function bareHandleUpdate(tg: LocalProcess['telegram'], press: () => TgUpdate, warmup: number): Promise<number[]> {
  const { Telegraf } = await import('telegraf');
  const bot = new Telegraf(STAND_IN_TOKEN, { telegram: { apiRoot: tg.apiRoot } });
  bot.botInfo = { id: LOCAL_BOT.id, is_bot: true, first_name: LOCAL_BOT.first_name, username: LOCAL_BOT.username, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false };
  bot.on('callback_query', (ctx) => ctx.answerCbQuery('ok'));
  const times: number[] = [];
  for (let i = 0; i < MOVES + warmup; i++) {
    const update = press();
    const started = performance.now();
    await bot.handleUpdate(update as Parameters<typeof bot.handleUpdate>[0]);
    times.push(performance.now() - started);
  }
  return times.slice(warmup);
}

/** Lets the database thread's last counts arrive: they come as messages, beside the answers. */
function callsCounted(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1));
}

/** What a press asks for, from its token's choice code (app/tokens.ts). */
function pressKind(data: string): string {
  const code = data.split(':')[3] ?? '';
  if (code.startsWith('f')) return 'select a checker (view only)';
  if (code.startsWith('s')) return 'a step';
  if (code.startsWith('L')) return 'a whole-play button';
  if (code === 'k') return 'confirm';
  if (code === 'r') return 'roll';
  if (code === 'q' || code === 'n') return 'ask to resign, back (view only)';
  return `other (${code})`;
}

/** The bundles whose first answers are compared, and the environment their processes start with. */
interface ColdHandlers {
  readonly ours: string;
  readonly bare: string;
  /** Another commit's handler (BENCH_COLD_BESIDE), timed in the same turns. */
  readonly beside?: string;
  readonly env: NodeJS.ProcessEnv;
}

/** Spawns a fresh node that imports `file` and hands its `handler` one webhook event; resolves when it answered. */
function firstAnswer(file: string, env: NodeJS.ProcessEnv, update: TgUpdate): Promise<{ total: number; imported: number }> {
  const script = `const t = performance.now(); const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)}); const imported = performance.now() - t; ` +
    `const answer = await handler({ headers: { 'x-telegram-bot-api-secret-token': process.env.TELEGRAM_WEBHOOK_SECRET, 'content-type': 'application/json' }, body: process.env.BENCH_UPDATE }); ` +
    'process.stdout.write(`answered ${answer.statusCode} ${imported}\\n`); process.exit(0);';
  return new Promise((done, fail) => {
    const started = performance.now();
    // BENCH_COLD_PROFILE=<folder>: each first answer leaves a CPU profile there (node --cpu-prof; the bundles are then not minified, so it names functions).
    const profile = process.env.BENCH_COLD_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_COLD_PROFILE] : [];
    const child = spawn(process.execPath, [...profile, '--input-type=module', '-e', script], { cwd: dirname(dirname(file)), env: { ...env, BENCH_UPDATE: JSON.stringify(update) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /answered (\d+) (\S+)/.exec(out);
      if (match === null) return;
      if (match[1] !== '200') fail(new Error(`${file} answered ${match[1]}`));
      else done({ total: performance.now() - started, imported: Number(match[2]) });
    });
    child.stderr.on('data', (chunk: Buffer) => void (err += chunk.toString()));
    child.on('exit', (code) => {
      if (!/answered/.test(out)) fail(new Error(`${file} did not answer (exit ${code}): ${err.trim().split('\n').slice(0, 5).join(' | ')}`));
    });
  });
}

/**
 * The timeline of each timed press (BENCH_WARM_TRACE=1): when each outgoing call (a DynamoDB
 * operation, a Bot API method) started and ended, in ms from the press's POST, as medians over the
 * presses of the same calls; the gaps between calls are the press's own work (reading the update,
 * the engine, drawing the picture). Wraps `http.request`, so it must be made before any client.
 */
function pressTracer(): { start: () => void; stop: (total: number) => void; print: () => void } | undefined {
  if (!process.env.BENCH_WARM_TRACE) return undefined;
  type Call = { request: http.ClientRequest; from: number; to: number };
  let t0 = 0;
  let current: Call[] | undefined;
  const timelines: { calls: { label: string; from: number; to: number }[]; total: number }[] = [];
  const original = http.request;
  http.request = ((...args: Parameters<typeof http.request>) => {
    const request = original(...args);
    const call: Call = { request, from: performance.now() - t0, to: NaN };
    current?.push(call);
    request.on('response', (response) => response.on('end', () => void (call.to = performance.now() - t0)));
    return request;
  }) as typeof http.request;
  const labelOf = (request: http.ClientRequest) =>
    `${String(request.getHeader('x-amz-target') ?? '').split('.').at(-1) || request.path.split('/').at(-1)}`;
  return {
    start() { t0 = performance.now(); current = []; },
    stop(total) {
      if (current) timelines.push({ calls: current.map(({ request, from, to }) => ({ label: labelOf(request), from, to })), total });
      current = undefined;
    },
    print() {
      const shapes = new Map<string, typeof timelines>();
      for (const t of timelines) {
        const shape = t.calls.map((c) => c.label).join(' ');
        shapes.set(shape, [...(shapes.get(shape) ?? []), t]);
      }
      console.log('  timelines of the timed presses (ms from the POST, medians over the presses making the same calls):');
      for (const ts of [...shapes.values()].sort((a, b) => b.length - a.length).slice(0, 4)) {
        const cells = ts[0]!.calls.map((c, i) => `${c.label} ${median(ts.map((t) => t.calls[i]!.from)).toFixed(1)}–${median(ts.map((t) => t.calls[i]!.to)).toFixed(1)}`);
        console.log(`    ${String(ts.length).padStart(3)} presses, answered at ${median(ts.map((t) => t.total)).toFixed(1)}: ${cells.join(', ')}`);
      }
    },
  };
}

/** Self time by function over the windows it is started and stopped around (BENCH_WARM_PROFILE). */
async function windowProfiler(): Promise<{ start: () => Promise<void>; stop: () => Promise<void>; print: (presses: number) => void } | undefined> {
  if (!process.env.BENCH_WARM_PROFILE) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  const self = new Map<string, number>();
  return {
    start: () => session.post('Profiler.start'),
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      // BENCH_WARM_PROFILE=<dir>: each window's profile kept too, for a look at the stacks.
      if (process.env.BENCH_WARM_PROFILE !== '1') writeFileSync(join(process.env.BENCH_WARM_PROFILE!, `press-${Date.now()}.cpuprofile`), JSON.stringify(profile));
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const deltas = profile.timeDeltas ?? [];
      (profile.samples ?? []).forEach((id, i) => {
        const frame = byId.get(id)!.callFrame;
        const where = frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(src|bench)\//, '$1/');
        const key = `${frame.functionName || '(anonymous)'} ${where}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
        self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
      });
    },
    print(presses) {
      // The inspector's own frames (starting and stopping the profiler) are not the press's.
      const own = [...self.entries()].filter(([key]) => !key.startsWith('dispatch '));
      const total = own.reduce((a, [, ms]) => a + ms, 0);
      const groups = new Map<string, number>();
      for (const [key, ms] of own) {
        const where = key.split(' ')[1] ?? '';
        const group = /^(src|bench)\//.test(where) ? where.split('/').slice(0, 2).join('/') : where.startsWith('node:') ? 'node' : where === '' ? key : where.split('/')[0]!.replace(/:\d+$/, '');
        groups.set(group, (groups.get(group) ?? 0) + ms);
      }
      console.log(`  main thread per timed press, sampled (${(total / presses).toFixed(1)} ms a press; (idle) is waiting on I/O or sharp's and zlib's threads):`);
      for (const [group, ms] of [...groups.entries()].sort((a, b) => b[1] - a[1]).slice(0, 16)) console.log(`    ${(ms / presses).toFixed(2).padStart(6)} ms  ${group}`);
      console.log('  by function:');
      for (const [key, ms] of own.sort((a, b) => b[1] - a[1]).slice(0, 24)) console.log(`    ${(ms / presses).toFixed(2).padStart(6)} ms  ${key}`);
    },
  };
}

async function warmMoves(dataDir: string, cold: ColdHandlers): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const database = await startEmbeddedDatabase(join(dataDir, 'db'));
  // Counted as dynalite answers them (X-Amz-Target), in its own thread: no proxy hop in the way.
  database.onCall((op) => calls.set(op, (calls.get(op) ?? 0) + 1));
  const local: LocalProcess = await startLocal({ port: 0, dataDir, log: () => {}, sweepEveryMs: 0, keepChats: false, dynamodb: { region: 'local', endpoint: database.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } });
  const byKind = new Map<string, { presses: number; calls: Map<string, number> }>();
  try {
    const tg = local.telegram;
    const group: TgChat = { id: -1009000000001, type: 'supergroup', title: 'Bench club' };
    const alice: TgUser = { id: 301, is_bot: false, first_name: 'Alice', language_code: 'en' };
    const bob: TgUser = { id: 302, is_bot: false, first_name: 'Bob', language_code: 'en' };
    for (const user of [alice, bob]) tg.addChat(privateChatOf(user));
    const post = async (update: TgUpdate): Promise<number> => {
      const response = await fetch(`${local.url}/telegram`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': local.webhookSecret }, body: JSON.stringify(update),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`POST /telegram answered ${response.status}`);
      return response.status;
    };
    const lastFromBot = (predicate: (m: StoredMessage) => boolean, chat = group) => tg.messages(chat.id).filter((m) => m.fromBot && predicate(m)).at(-1);
    const buttonsOf = (m: StoredMessage) => (m.reply_markup?.inline_keyboard ?? []).flat().filter((b) => b.callback_data !== undefined);

    /** Two players in a chat: Alice and Bob in the bench club, or a new pair of the same names in a new chat (each first answer's game: no limit on games per player or chat is reached however many runs). */
    type Table = { readonly alice: TgUser; readonly bob: TgUser; readonly chat: TgChat };
    const club: Table = { alice, bob, chat: group };
    let tables = 0;
    const newTable = (): Table => {
      tables += 1;
      const table = { alice: { ...alice, id: 10_000 + 2 * tables }, bob: { ...bob, id: 10_001 + 2 * tables }, chat: { ...group, id: group.id - tables } };
      for (const user of [table.alice, table.bob]) tg.addChat(privateChatOf(user));
      return table;
    };

    /** A new game between Alice and Bob; returns its id. */
    const newGame = async ({ alice, bob, chat }: Table = club) => {
      const bobSays = tg.userMessage(bob, chat, 'anyone for a game?');
      await post(bobSays);
      const replyTo = { chat, message_id: (bobSays.message as { message_id: number }).message_id };
      await post(tg.userMessage(alice, chat, '/nardy', { replyTo }));
      const challenge = lastFromBot(() => true, chat);
      const accept = challenge === undefined ? undefined : buttonsOf(challenge).find((b) => /accept/i.test(b.text));
      if (challenge === undefined || accept?.callback_data === undefined) throw new Error('no challenge with an Accept button');
      const gameId = accept.callback_data.split(':')[1] as string;
      await post(tg.userPress(bob, challenge, accept.callback_data));
      return gameId;
    };
    /** Plays recorded in the games so far: a press's turn ends when one is added. */
    let plays = 0;
    const mover = async (gameId: string, { alice, bob }: Table = club): Promise<TgUser | undefined> => {
      const loaded = await local.store.load(gameId);
      if (!loaded.ok) return undefined;
      const state = decodeMatch(loaded.value.state);
      if (!state.ok) return undefined;
      plays = state.value.history.filter((e) => e.type === 'played').length + playsBefore;
      const seat = seatToAct(state.value);
      if (seat === null) return undefined;
      return state.value.players[seat]?.id === `telegram:${alice.id}` ? alice : bob;
    };

    let playsBefore = 0;

    // (e) first answers: each run presses the first button of a fresh game's board, as the warm presses do.
    const coldEnv = {
      ...cold.env, TELEGRAM_BOT_TOKEN: STAND_IN_TOKEN, TELEGRAM_BOT_ID: String(LOCAL_BOT.id), TELEGRAM_BOT_USERNAME: LOCAL_BOT.username,
      TELEGRAM_API_ROOT: tg.apiRoot, DYNAMODB_ENDPOINT: database.endpoint, TABLE_NAME: 'nardy',
    };
    const freshPress = async (): Promise<TgUpdate> => {
      const table = newTable();
      const id = await newGame(table);
      const user = await mover(id, table);
      const board = lastFromBot((m) => m.photo !== undefined, table.chat);
      const button = board === undefined ? undefined : buttonsOf(board).find((b) => !/resign|undo|back/i.test(b.text));
      if (user === undefined || board === undefined || button?.callback_data === undefined) throw new Error('a fresh game has no board button to press');
      return tg.userPress(user, board, button.callback_data);
    };
    const firsts = { ours: [] as { total: number; imported: number }[], bare: [] as { total: number; imported: number }[], beside: [] as { total: number; imported: number }[] };
    try {
      for (let i = 0; i < COLD_RUNS; i++) {
        firsts.bare.push(await firstAnswer(cold.bare, coldEnv, await freshPress()));
        firsts.ours.push(await firstAnswer(cold.ours, coldEnv, await freshPress()));
        if (cold.beside !== undefined) firsts.beside.push(await firstAnswer(cold.beside, coldEnv, await freshPress()));
      }
      const ours = median(firsts.ours.map((r) => r.total));
      const bare = median(firsts.bare.map((r) => r.total));
      console.log(`first answer after spawn: a board press of a fresh game, fresh node each, alternating (median of ${COLD_RUNS}; target ≤ 2.5 × the bare handler):`);
      console.log(`  ${'functions/telegram.ts'.padEnd(22)} ${ours.toFixed(0).padStart(5)} ms   (import ${median(firsts.ours.map((r) => r.imported)).toFixed(0)} ms, then the press)`);
      console.log(`  ${'bare telegraf handler'.padEnd(22)} ${bare.toFixed(0).padStart(5)} ms   (import ${median(firsts.bare.map((r) => r.imported)).toFixed(0)} ms, then answerCallbackQuery)`);
      console.log(`  ratio ${(ours / bare).toFixed(2)} × (target ≤ 2.50 ×)`);
      if (cold.beside !== undefined) {
        const beside = median(firsts.beside.map((r) => r.total));
        // Per turn (bare, ours, beside run back to back): the ratio of each turn's pair, then their median.
        const perTurn = median(firsts.ours.map((r, i) => r.total / firsts.beside[i]!.total));
        console.log(`  beside: ${beside.toFixed(0)} ms, ratio ${(beside / bare).toFixed(2)} × the bare handler; ours ÷ beside ${perTurn.toFixed(2)} (median of the turns' ratios)`);
      }
    } catch (error) {
      console.log(`first answer after spawn: FAILED: ${error instanceof Error ? error.message : String(error)}`);
    }

    /** Adds the calls counted since `calls.clear()` to the kind of the press `data` made. */
    const countCalls = (data: string) => {
      const kind = byKind.get(pressKind(data)) ?? { presses: 0, calls: new Map<string, number>() };
      kind.presses += 1;
      for (const [op, n] of calls) kind.calls.set(op, (kind.calls.get(op) ?? 0) + n);
      byKind.set(pressKind(data), kind);
    };
    let gameId = await newGame();
    let games = 1;
    const turn = { ms: 0, calls: 0, playsAtStart: undefined as number | undefined };
    const times: number[] = [];
    const profiler = await windowProfiler();
    /** CPU time of this process per press (the app, dynalite and the stand-in together): steadier than the clock on a busy machine. */
    const cpuTimes: number[] = [];
    /** CPU time per thread name over the timed presses, in ms (Linux: /proc/self/task). */
    const threadCpu = new Map<string, number>();
    const warmup = 5;
    let stuck = 0;
    while (times.length < MOVES + warmup && stuck < 20) {
      const user = await mover(gameId);
      const board = lastFromBot((m) => m.photo !== undefined);
      const button = board === undefined ? undefined : buttonsOf(board).find((b) => !/resign|undo|back/i.test(b.text));
      if (times.length === warmup) turn.playsAtStart ??= plays;
      if (user === undefined || board === undefined || button?.callback_data === undefined) {
        playsBefore = plays;
        gameId = await newGame();
        games += 1;
        stuck += 1;
        continue;
      }
      const update = tg.userPress(user, board, button.callback_data);
      calls.clear();
      if (times.length >= warmup) await profiler?.start();
      const cpuBefore = process.cpuUsage();
      const threadsBefore = times.length >= warmup ? threadTimes() : undefined;
      if (times.length >= warmup) tracer?.start();
      const started = performance.now();
      await post(update);
      times.push(performance.now() - started);
      if (times.length > warmup) tracer?.stop(times.at(-1)!);
      if (times.length > warmup) await profiler?.stop();
      const cpu = process.cpuUsage(cpuBefore);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      if (threadsBefore !== undefined) addThreadTimes(threadCpu, threadsBefore, threadTimes());
      await callsCounted();
      if (times.length > warmup) {
        turn.ms += times.at(-1)!;
        turn.calls += [...calls.values()].reduce((a, b) => a + b, 0);
      }
      countCalls(button.callback_data);
    }
    const measured = times.slice(warmup);
    if (measured.length === 0) {
      console.log('warm board press: could not play (no board buttons found)');
      return;
    }
    console.log(`warm board press through POST /telegram (embedded dynalite, PNG, stand-in; ${measured.length} presses after ${warmup} warm-up, ${games} game(s); target ≤ 20 ms median):`);
    console.log(`  median ${median(measured).toFixed(1)} ms   p90 ${percentile(measured, 90).toFixed(1)} ms   min ${Math.min(...measured).toFixed(1)} ms   max ${Math.max(...measured).toFixed(1)} ms`);
    console.log(`  CPU time of this process per press (app + dynalite + stand-in, all threads): median ${median(cpuTimes.slice(warmup)).toFixed(1)} ms`);
    if (threadCpu.size > 0) {
      const cells = [...threadCpu.entries()].sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${(ms / measured.length).toFixed(1)}`);
      // Threads other than main all say "node": dynalite's worker, libuv's pool (zlib, sharp's calls), V8's (GC, compiling).
      console.log(`  of which, by thread (mean ms a press; "node": dynalite's, libuv's and V8's threads; ${availableParallelism()} cores): ${cells.join(', ')}`);
    }
    profiler?.print(measured.length);
    tracer?.print();
    // View-only presses that leave the picture as it is: ask to resign, then back, on the board in play.
    const viewOnly: number[] = [];
    for (let i = 0; i < MOVES + warmup; i++) {
      const user = await mover(gameId);
      const board = lastFromBot((m) => m.photo !== undefined);
      // Choice codes (app/tokens.ts): q asks to resign, n goes back.
      const button = board === undefined ? undefined : buttonsOf(board).find((b) => ['q', 'n'].includes(b.callback_data?.split(':')[3] ?? ''));
      if (user === undefined || board === undefined || button?.callback_data === undefined) break;
      const update = tg.userPress(user, board, button.callback_data);
      calls.clear();
      const started = performance.now();
      await post(update);
      viewOnly.push(performance.now() - started);
      await callsCounted();
      countCalls(button.callback_data);
    }
    if (viewOnly.length > warmup) {
      const shown = viewOnly.slice(warmup);
      console.log(`  view-only presses that keep the picture (ask to resign, back; ${shown.length}): median ${median(shown).toFixed(1)} ms   p90 ${percentile(shown, 90).toFixed(1)} ms`);
    }
    const bareWarm = await bareHandleUpdate(tg, () => {
      const board = lastFromBot((m) => m.photo !== undefined)!;
      return tg.userPress(alice, board, buttonsOf(board)[0]!.callback_data!);
    }, warmup);
    console.log(`  bare telegraf handleUpdate answering a press (answerCallbackQuery to the stand-in), in this process: median ${median(bareWarm).toFixed(1)} ms; the board press is ${(median(measured) / median(bareWarm)).toFixed(1)} × that`);
    await mover(gameId);
    const turns = plays - (turn.playsAtStart ?? 0);
    // Per turn: what a player's presses cost the system from one recorded play to the next (the
    // figure that falls when a turn takes fewer presses, even if each press then does more).
    if (turns > 0) console.log(`  per turn played: ${(turn.ms / turns).toFixed(1)} ms of presses and ${(turn.calls / turns).toFixed(1)} DynamoDB calls (${turns} plays, ${(measured.length / turns).toFixed(2)} presses a play, view-only presses included)`);
    console.log('DynamoDB calls per board press, by operation (mean over the presses of each kind, warm-up included):');
    for (const [kind, { presses, calls: ops }] of [...byKind.entries()].sort()) {
      const total = [...ops.values()].reduce((a, b) => a + b, 0) / presses;
      const detail = [...ops.entries()].sort().map(([op, n]) => `${op} ${(n / presses).toFixed(1)}`).join(', ');
      console.log(`  ${kind.padEnd(30)} ${String(presses).padStart(4)} presses   ${total.toFixed(1).padStart(4)} calls   (${detail})`);
    }
  } finally {
    await local.close();
    await database.close();
  }
}

/** Each thread of this process: its name ("main" for the main thread) and CPU time so far in ns; empty where /proc has no schedstat. */
function threadTimes(): Map<string, { readonly name: string; readonly ns: number }> {
  const threads = new Map<string, { name: string; ns: number }>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        const ns = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
        const name = Number(tid) === process.pid ? 'main' : readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
        threads.set(tid, { name, ns });
      } catch {
        // The thread ended meanwhile.
      }
    }
  } catch {
    // Not Linux.
  }
  return threads;
}

/** Adds each thread's CPU time between `before` and `after` to `into`, by thread name, in ms. */
function addThreadTimes(into: Map<string, number>, before: ReturnType<typeof threadTimes>, after: ReturnType<typeof threadTimes>): void {
  for (const [tid, { name, ns }] of after) {
    const ms = (ns - (before.get(tid)?.ns ?? 0)) / 1e6;
    into.set(name, (into.get(name) ?? 0) + ms);
  }
}
