/**
 * The Telegram handler against a bare telegraf webhook handler, in one run (issue #46, item 3:
 * a warm press ≤ 6 × the bare handler's, the cold first answer ≤ 1.5 ×). Both bundled as
 * serverless.yml bundles a function (bench/bundles.ts), both through one dynalite and the Bot API
 * stand-in, in turns:
 *
 * - **cold**: a fresh node per run imports the bundle and hands its handler one board press of a
 *   fresh game, timed from spawn to the answer (INIT, the store's read and write, the first
 *   picture, the Bot API calls): the bare handler, then ours (then the commit beside, if any),
 *   round after round;
 * - **warm**: each handler in a process of its own (bench/sandbox.ts), as a warm Lambda sandbox,
 *   timed inside it around the handler; each press of ours is a board's first button in one of
 *   many games in turn (a game a chat, so the per-chat pacer never waits), the bare handler
 *   answering a press of the same board just before it.
 *
 * Ratios are medians of each side's figures (and, for the pairs, the median of the pairs' ratios).
 * BENCH_BESIDE=<a commit, or a checkout of one> runs that commit's handler too, in the same turns
 * (cold) and on games of its own (warm): the before and after of a change in one run. A commit is
 * exported with `git archive` into a temporary folder (no worktree).
 * BENCH_VERSUS_COLD (9) and BENCH_VERSUS_WARM (600) are the runs and presses (after 50 warm-up),
 * BENCH_VERSUS_GAMES (100) the games in turn; BENCH_VERSUS_TRACE=1 prints the calls of the first
 * answers and of the warm presses on a timeline (ms from the process's start, from the event; the gaps are
 * the handler's own work).
 * Prints figures; asserts nothing. Run: npx tsx bench/versus-bare.ts (part of npm run bench).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BARE_TELEGRAF, bundle, bundleSource, ROOT } from './bundles.ts';
import { Sandbox, type Answer } from './sandbox.ts';
import { median, percentile } from './stats.ts';
import { decodeMatch, seatToAct } from '../src/game/index.ts';
import { startEmbeddedDatabase } from '../src/local/database.ts';
import { LOCAL_BOT, startLocal } from '../src/local/main.ts';
import { privateChatOf, type StoredMessage, type TgChat, type TgUpdate, type TgUser } from '../src/local/telegram-api/index.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const COLD_RUNS = Number(process.env.BENCH_VERSUS_COLD ?? 9);
const PRESSES = Number(process.env.BENCH_VERSUS_WARM ?? 600);
const GAMES_AT_ONCE = Number(process.env.BENCH_VERSUS_GAMES ?? 100);
const TRACE = Boolean(process.env.BENCH_VERSUS_TRACE);
const WARMUP = 50;
const STAND_IN_TOKEN = `${LOCAL_BOT.id}:local-playground`;

interface Handler {
  readonly name: string;
  readonly file: string;
}

const work = await mkdtemp(join(tmpdir(), 'nardy-bench-versus-'));
try {
  await symlink(join(ROOT, 'assets'), join(work, 'assets'));
  await symlink(join(ROOT, 'node_modules'), join(work, 'node_modules'));
  const bare = join(work, 'functions/bare-telegraf.mjs');
  const bareBytes = await bundleSource(BARE_TELEGRAF, bare);
  const ours = join(work, 'functions/telegram.mjs');
  const { bytes } = await bundle(join(ROOT, 'functions/telegram.ts'), ours);
  const handlers: Handler[] = [{ name: 'this tree', file: ours }];
  console.log(`bundles: the handler ${(bytes / 1024).toFixed(1)} KB, the bare telegraf handler ${(bareBytes / 1024).toFixed(1)} KB`);
  const beside = process.env.BENCH_BESIDE;
  if (beside) {
    const root = await checkout(beside, join(work, 'beside-source'));
    const dir = join(work, 'beside');
    await mkdir(dir);
    await symlink(join(root, 'assets'), join(dir, 'assets'));
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    const file = join(dir, 'functions/telegram.mjs');
    const built = await bundle(join(root, 'functions/telegram.ts'), file);
    const name = existsSync(beside) ? beside : execFileSync('git', ['rev-parse', '--short', beside], { cwd: ROOT, encoding: 'utf8' }).trim();
    handlers.push({ name, file });
    console.log(`  beside: ${name}, its handler ${(built.bytes / 1024).toFixed(1)} KB`);
  }
  await versus(join(work, 'data'), bare, handlers);
} finally {
  await rm(work, { recursive: true, force: true });
}

/** A folder holding `source`: itself when it is a folder, else that commit exported there. */
async function checkout(source: string, into: string): Promise<string> {
  if (existsSync(source)) return resolve(source);
  await mkdir(into, { recursive: true });
  execFileSync('sh', ['-c', `git archive --format=tar "$1" | tar -x -C "$2"`, 'sh', source, into], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  await symlink(join(ROOT, 'node_modules'), join(into, 'node_modules'));
  return into;
}

/** Spawns a fresh node that imports `file` and hands its `handler` one webhook event; resolves when it answered. */
function firstAnswer(file: string, env: NodeJS.ProcessEnv, update: TgUpdate): Promise<{ total: number; imported: number; cpu: number; trace?: ColdTrace }> {
  // Traced: each outgoing call (and each \`globalThis.__mark?.(name)\` a build may hold) in ms from the process's start.
  const tracing = TRACE ? `const calls = []; globalThis.__mark = (label) => calls.push({ label, from: performance.now(), to: NaN }); ` +
    `const http = (await import('node:http')).default; const original = http.request; http.request = function (...args) { const request = original.apply(this, args); ` +
    `const call = { label: String(request.getHeader('x-amz-target') ?? '').split('.').at(-1) || request.path.split('/').at(-1), from: performance.now(), to: NaN }; calls.push(call); ` +
    `request.on('response', (response) => response.on('end', () => void (call.to = performance.now()))); return request; }; ` : '';
  const script = `${tracing}const t = performance.now(); const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)}); const imported = performance.now() - t; ` +
    `const answer = await handler({ headers: { 'x-telegram-bot-api-secret-token': process.env.TELEGRAM_WEBHOOK_SECRET, 'content-type': 'application/json' }, body: process.env.BENCH_UPDATE }); ` +
    (TRACE ? 'process.stdout.write(`trace ${JSON.stringify({ importFrom: t, importTo: t + imported, answered: performance.now(), calls })}\\n`); ' : '') +
    'const cpu = process.cpuUsage(); process.stdout.write(`answered ${answer.statusCode} ${imported} ${(cpu.user + cpu.system) / 1000}\\n`); process.exit(0);';
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: dirname(dirname(file)), env: { ...env, BENCH_UPDATE: JSON.stringify(update) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /answered (\d+) (\S+) (\S+)/.exec(out);
      if (match === null) return;
      if (match[1] !== '200') fail(new Error(`${file} answered ${match[1]}`));
      const trace = /trace (.*)\n/.exec(out)?.[1];
      done({ total: performance.now() - started, imported: Number(match[2]), cpu: Number(match[3]), ...(trace === undefined ? {} : { trace: JSON.parse(trace) as ColdTrace }) });
    });
    child.stderr.on('data', (chunk: Buffer) => void (err += chunk.toString()));
    child.on('exit', (code) => {
      if (!/answered/.test(out)) fail(new Error(`${file} did not answer (exit ${code}): ${err.trim().split('\n').slice(0, 5).join(' | ')}`));
    });
  });
}

/** A traced first answer (BENCH_VERSUS_TRACE): in ms from the process's start. */
interface ColdTrace {
  readonly importFrom: number;
  readonly importTo: number;
  readonly answered: number;
  readonly calls: readonly { readonly label: string; readonly from: number; readonly to: number }[];
}

async function versus(dataDir: string, bare: string, handlers: readonly Handler[]): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const database = await startEmbeddedDatabase(join(dataDir, 'db'));
  const local = await startLocal({ port: 0, dataDir, log: () => {}, sweepEveryMs: 0, keepChats: false, dynamodb: { region: 'local', endpoint: database.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } });
  const tg = local.telegram;
  const env = {
    ...process.env,
    TELEGRAM_BOT_TOKEN: STAND_IN_TOKEN, TELEGRAM_WEBHOOK_SECRET: 'bench-secret', TELEGRAM_BOT_USERNAME: LOCAL_BOT.username, TELEGRAM_BOT_ID: String(LOCAL_BOT.id),
    TELEGRAM_API_ROOT: tg.apiRoot, DYNAMODB_ENDPOINT: database.endpoint, AWS_REGION: 'eu-central-1', TABLE_NAME: 'nardy',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', FONTCONFIG_FILE: join(ROOT, 'assets/fonts/fonts.conf'),
  };
  const sandboxes: Sandbox[] = [];
  try {
    const post = async (update: TgUpdate) => {
      const response = await fetch(`${local.url}/telegram`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': local.webhookSecret }, body: JSON.stringify(update),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`POST /telegram answered ${response.status}`);
    };
    const buttonsOf = (m: StoredMessage) => (m.reply_markup?.inline_keyboard ?? []).flat().filter((b) => b.callback_data !== undefined);
    const lastFromBot = (chat: TgChat, predicate: (m: StoredMessage) => boolean) => tg.messages(chat.id).filter((m) => m.fromBot && predicate(m)).at(-1);
    type Table = { readonly alice: TgUser; readonly bob: TgUser; readonly chat: TgChat };
    let tables = 0;
    /** A game in a chat of its own between two players of their own, started through `npm start`'s endpoint. */
    const newGame = async (): Promise<{ table: Table; id: string }> => {
      tables += 1;
      const table: Table = {
        alice: { id: 30_000 + 2 * tables, is_bot: false, first_name: 'Alice', language_code: 'en' },
        bob: { id: 30_001 + 2 * tables, is_bot: false, first_name: 'Bob', language_code: 'en' },
        chat: { id: -1009200000000 - tables, type: 'supergroup', title: `Bench club ${tables}` },
      };
      for (const user of [table.alice, table.bob]) tg.addChat(privateChatOf(user));
      const bobSays = tg.userMessage(table.bob, table.chat, 'anyone for a game?');
      await post(bobSays);
      await post(tg.userMessage(table.alice, table.chat, '/nardy', { replyTo: { chat: table.chat, message_id: (bobSays.message as { message_id: number }).message_id } }));
      const challenge = lastFromBot(table.chat, () => true);
      const accept = challenge === undefined ? undefined : buttonsOf(challenge).find((b) => /accept/i.test(b.text));
      if (challenge === undefined || accept?.callback_data === undefined) throw new Error('no challenge with an Accept button');
      await post(tg.userPress(table.bob, challenge, accept.callback_data));
      return { table, id: accept.callback_data.split(':')[1]! };
    };
    const mover = async (gameId: string, { alice, bob }: Table): Promise<TgUser | undefined> => {
      const loaded = await local.store.load(gameId);
      if (!loaded.ok) return undefined;
      const state = decodeMatch(loaded.value.state);
      if (!state.ok) return undefined;
      const seat = seatToAct(state.value);
      if (seat === null) return undefined;
      return state.value.players[seat]?.id === `telegram:${alice.id}` ? alice : bob;
    };
    /** The press of a game's board's first button (not resign, undo or back); undefined once the game is over. */
    const pressOf = async (game: { table: Table; id: string }): Promise<(() => TgUpdate) | undefined> => {
      const user = await mover(game.id, game.table);
      const board = lastFromBot(game.table.chat, (m) => m.photo !== undefined);
      const button = board === undefined ? undefined : buttonsOf(board).find((b) => !/resign|undo|back/i.test(b.text));
      if (user === undefined || board === undefined || button?.callback_data === undefined) return undefined;
      return () => tg.userPress(user, board, button.callback_data!);
    };
    const freshPress = async (): Promise<TgUpdate> => {
      const press = await pressOf(await newGame());
      if (press === undefined) throw new Error('a fresh game has no board button to press');
      return press();
    };

    // Cold: bare, ours, beside, round after round.
    type First = Awaited<ReturnType<typeof firstAnswer>>;
    const firsts = handlers.map(() => [] as First[]);
    const bareFirsts: First[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      bareFirsts.push(await firstAnswer(bare, env, await freshPress()));
      for (const [h, { file }] of handlers.entries()) firsts[h]!.push(await firstAnswer(file, env, await freshPress()));
    }
    const bareCold = median(bareFirsts.map((r) => r.total));
    console.log(`cold: spawn → first answer of a board press of a fresh game, a fresh node each, in turns (median of ${COLD_RUNS}; target ≤ 1.5 × bare):`);
    // The process's CPU time from its start to the answer (all threads): steadier than the clock when other processes share the cores.
    const cpuOf = (runs: readonly First[]) => `CPU ${median(runs.map((r) => r.cpu)).toFixed(0)} ms`;
    console.log(`  ${'bare telegraf handler'.padEnd(24)} ${bareCold.toFixed(0).padStart(5)} ms   (import ${median(bareFirsts.map((r) => r.imported)).toFixed(0)} ms; ${cpuOf(bareFirsts)})`);
    if (TRACE) printColdTimeline(bareFirsts.flatMap((r) => (r.trace === undefined ? [] : [r.trace])));
    for (const [h, { name }] of handlers.entries()) {
      const runs = firsts[h]!;
      const ms = median(runs.map((r) => r.total));
      const pairs = median(runs.map((r, i) => r.total / bareFirsts[i]!.total));
      console.log(`  ${name.padEnd(24)} ${ms.toFixed(0).padStart(5)} ms   (import ${median(runs.map((r) => r.imported)).toFixed(0)} ms; ${cpuOf(runs)})   ${(ms / bareCold).toFixed(2)} × bare (the turns' ratios: median ${pairs.toFixed(2)} ×)`);
      if (TRACE) printColdTimeline(runs.flatMap((r) => (r.trace === undefined ? [] : [r.trace])));
    }
    if (handlers.length === 2) {
      const [a, b] = firsts as [typeof bareFirsts, typeof bareFirsts];
      console.log(`  ${handlers[0]!.name} ÷ ${handlers[1]!.name}: ${median(a.map((r, i) => r.total / b[i]!.total)).toFixed(2)} (median of the turns' ratios)`);
    }

    // Warm: a process each, games in turn.
    const bareSandbox = await Sandbox.start(bare, env);
    sandboxes.push(bareSandbox);
    interface Run {
      readonly handler: Handler;
      readonly sandbox: Sandbox;
      readonly slots: { table: Table; id: string }[];
      turn: number;
      readonly answers: Answer[];
      readonly bareTimes: number[];
      readonly bareAnswers: Answer[];
    }
    const runs: Run[] = [];
    for (const handler of handlers) {
      const sandbox = await Sandbox.start(handler.file, env, { trace: TRACE });
      sandboxes.push(sandbox);
      const slots: { table: Table; id: string }[] = [];
      for (let i = 0; i < GAMES_AT_ONCE; i++) slots.push(await newGame());
      runs.push({ handler, sandbox, slots, turn: 0, answers: [], bareTimes: [], bareAnswers: [] });
    }
    const nextPress = async (run: Run): Promise<() => TgUpdate> => {
      for (;;) {
        const slot = run.turn++ % run.slots.length;
        const press = await pressOf(run.slots[slot]!);
        if (press !== undefined) return press;
        run.slots[slot] = await newGame();
      }
    };
    for (let i = 0; i < WARMUP + PRESSES; i++) {
      for (const run of runs) {
        const press = await nextPress(run);
        const bareAnswer = await bareSandbox.press(press());
        const answer = await run.sandbox.press(press());
        if (i < WARMUP) continue;
        run.answers.push(answer);
        run.bareTimes.push(bareAnswer.ms);
        run.bareAnswers.push(bareAnswer);
      }
    }
    if (PRESSES === 0) return;
    const bareWarm = median(runs.flatMap((r) => r.bareTimes));
    console.log(`warm: a board press (a board's first button, ${GAMES_AT_ONCE} games in turn), each handler in a process of its own, the bare one pressing the same board just before (${PRESSES} presses after ${WARMUP}; target ≤ 6 × bare):`);
    console.log(`  ${'bare telegraf handler'.padEnd(24)} ${bareWarm.toFixed(2).padStart(6)} ms`);
    for (const run of runs) {
      const times = run.answers.map((a) => a.ms);
      const ms = median(times);
      const pairs = median(times.map((t, i) => t / run.bareTimes[i]!));
      console.log(`  ${run.handler.name.padEnd(24)} ${ms.toFixed(2).padStart(6)} ms   (p90 ${percentile(times, 90).toFixed(1)})   ${(ms / bareWarm).toFixed(2)} × bare (the pairs' ratios: median ${pairs.toFixed(2)} ×)`);
      // CPU per press: steadier than the clock on a busy machine (a press's calls are answered by this process's neighbours, on the same cores).
      console.log(`  ${''.padEnd(24)} CPU a press (mean): ${mean(run.answers.map((a) => a.cpuMs)).toFixed(2)} ms in the handler's process, ${mean(run.answers.map((a) => a.mainMs)).toFixed(2)} ms of it on its main thread (collector pauses ${mean(run.answers.map((a) => a.gcMs)).toFixed(2)} ms); the bare handler's ${mean(run.bareAnswers.map((a) => a.cpuMs)).toFixed(2)} ms`);
      if (TRACE) printTimelines(run.answers);
    }
    if (runs.length === 2) {
      const [a, b] = runs as [Run, Run];
      console.log(`  ${a.handler.name} ÷ ${b.handler.name}: ${median(a.answers.map((x, i) => x.ms / b.answers[i]!.ms)).toFixed(2)} (median of the turns' ratios)`);
    }
  } finally {
    for (const sandbox of sandboxes) sandbox.stop();
    await local.close();
    await database.close();
  }
}

/** The traced first answers' timeline: medians, in ms from the process's start (node's own start-up is before the import). */
function printColdTimeline(traces: readonly ColdTrace[]): void {
  if (traces.length === 0) return;
  const shape = traces[0]!.calls.map((c) => c.label).join(' ');
  const same = traces.filter((t) => t.calls.map((c) => c.label).join(' ') === shape);
  const at = (f: (t: ColdTrace) => number) => median(same.map(f)).toFixed(0);
  // A mark has no end (NaN, null once sent as JSON).
  const cells = same[0]!.calls.map((c, i) => `${c.label} ${at((t) => t.calls[i]!.from)}${typeof c.to !== 'number' || Number.isNaN(c.to) ? '' : `–${at((t) => t.calls[i]!.to)}`}`);
  console.log(`    ${same.length} of ${traces.length} runs: import ${at((t) => t.importFrom)}–${at((t) => t.importTo)}, ${cells.join(', ')}, answered ${at((t) => t.answered)}`);
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** The presses' calls on a timeline: medians over the presses making the same calls, the commonest shapes first. */
function printTimelines(answers: readonly Answer[]): void {
  const shapes = new Map<string, Answer[]>();
  for (const a of answers) {
    const shape = (a.calls ?? []).map((c) => c.label).join(' ');
    shapes.set(shape, [...(shapes.get(shape) ?? []), a]);
  }
  for (const group of [...shapes.values()].sort((a, b) => b.length - a.length).slice(0, 4)) {
    const cells = (group[0]!.calls ?? []).map((c, i) => `${c.label} ${median(group.map((a) => a.calls![i]!.from)).toFixed(1)}–${median(group.map((a) => a.calls![i]!.to)).toFixed(1)}`);
    console.log(`    ${String(group.length).padStart(4)} presses, answered at ${median(group.map((a) => a.ms)).toFixed(1)}: ${cells.join(', ')}`);
  }
}
