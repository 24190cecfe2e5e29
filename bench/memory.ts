/**
 * A warm Lambda sandbox over thousands of presses (issue #46): the bundled Telegram handler in a
 * process of its own, as Lambda keeps it between invocations, answering board presses of many
 * games in many chats (through one dynalite and the Bot API stand-in, as bench/local.ts); beside
 * it, a bundled bare telegraf handler in another process answering a press of the same board,
 * the two in turn. Prints, at each checkpoint, both processes' resident memory (RSS) and where
 * the handler's is (V8's heap, `external`: Buffers and sharp's pixels outside it), and the warm
 * press's time against the bare handler's (each timed inside its process, around the handler).
 * Target: the handler's RSS after 5,000 presses ≤ 1.2 × its RSS after 500; a warm press ≤ 6 × the bare handler's.
 * Run: npx tsx bench/memory.ts (part of npm run bench). BENCH_MEMORY_PRESSES (5000) changes the
 * number of presses, BENCH_MEMORY_GAMES (200) the games in turn. For a before and after in one run,
 * BENCH_MEMORY_BESIDE=<a checkout of another commit> runs its handler too, in the same turns, on
 * games of its own. Experiments: BENCH_MEMORY_ENV='A=1 B=2' adds variables to the handler's process
 * (say MALLOC_ARENA_MAX=2); BENCH_MEMORY_NODE_ARGS, node flags (with --cpu-prof the bundle is not
 * minified); BENCH_MEMORY_PRELUDE, code the handler's process runs before it imports the handler
 * (say `const s = (await import('sharp')).default; s.cache(false);`, or a wrapper of http.request
 * timing its calls); BENCH_MEMORY_SNAPSHOTS=<folder>, a heap snapshot of each handler at each checkpoint.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BARE_TELEGRAF, bundle, bundleSource, ROOT } from './bundles.ts';
import { Sandbox } from './sandbox.ts';
import { median, percentile } from './stats.ts';
import { decodeMatch, seatToAct } from '../src/game/index.ts';
import { startEmbeddedDatabase } from '../src/local/database.ts';
import { LOCAL_BOT, startLocal } from '../src/local/main.ts';
import { privateChatOf, type StoredMessage, type TgChat, type TgUpdate, type TgUser } from '../src/local/telegram-api/index.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const PRESSES = Number(process.env.BENCH_MEMORY_PRESSES ?? 5000);
const CHECKPOINTS = [100, 500, 1000, 2000, 3000, 4000, 5000, 10_000, 20_000].filter((n) => n <= PRESSES);
if (!CHECKPOINTS.includes(PRESSES)) CHECKPOINTS.push(PRESSES);
const WARMUP = 50;
/** Games played at once, in turn (a game a chat). */
const GAMES_AT_ONCE = Number(process.env.BENCH_MEMORY_GAMES ?? 200);
const STAND_IN_TOKEN = `${LOCAL_BOT.id}:local-playground`;

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0).padStart(4);

const work = await mkdtemp(join(tmpdir(), 'nardy-bench-memory-'));
try {
  await symlink(join(ROOT, 'assets'), join(work, 'assets'));
  await symlink(join(ROOT, 'node_modules'), join(work, 'node_modules'));
  // The handler's bundle, as deployed, exporting besides what the renderer's caches hold (where it can).
  const handlerBundle = async (root: string, dir: string) => {
    const file = join(dir, 'functions/telegram.mjs');
    const entry = join(dir, 'functions/telegram-and-caches.ts');
    await mkdir(dirname(entry), { recursive: true });
    const caches = readFileSync(join(root, 'src/render/index.ts'), 'utf8').includes('export async function rendererMemory');
    await writeFile(entry, `export { handler } from ${JSON.stringify(join(root, 'functions/telegram.ts'))};\n` +
      (caches ? `export { rendererMemory } from ${JSON.stringify(join(root, 'src/render/index.ts'))};\n` : ''));
    await bundle(entry, file, { minify: !process.env.BENCH_MEMORY_NODE_ARGS?.includes('prof') });
    return file;
  };
  const ours = await handlerBundle(ROOT, work);
  // BENCH_MEMORY_BESIDE=<a checkout of another commit>: its handler, bundled beside its own assets, in turn with ours (games of its own).
  const besideRoot = process.env.BENCH_MEMORY_BESIDE;
  let besideFile: string | undefined;
  if (besideRoot) {
    const dir = join(work, 'beside');
    await mkdir(dir);
    await symlink(join(besideRoot, 'assets'), join(dir, 'assets'));
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    besideFile = await handlerBundle(besideRoot, dir);
  }
  const bare = join(work, 'functions/bare-telegraf.mjs');
  await bundleSource(BARE_TELEGRAF, bare);

  const dataDir = join(work, 'data');
  await mkdir(dataDir, { recursive: true });
  const database = await startEmbeddedDatabase(join(dataDir, 'db'));
  const local = await startLocal({ port: 0, dataDir, log: () => {}, sweepEveryMs: 0, dynamodb: { region: 'local', endpoint: database.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } });
  const tg = local.telegram;
  const env = {
    ...process.env,
    TELEGRAM_BOT_TOKEN: STAND_IN_TOKEN, TELEGRAM_WEBHOOK_SECRET: 'bench-secret', TELEGRAM_BOT_USERNAME: LOCAL_BOT.username, TELEGRAM_BOT_ID: String(LOCAL_BOT.id),
    TELEGRAM_API_ROOT: tg.apiRoot, DYNAMODB_ENDPOINT: database.endpoint, AWS_REGION: 'eu-central-1', TABLE_NAME: 'nardy',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', FONTCONFIG_FILE: join(ROOT, 'assets/fonts/fonts.conf'),
  };
  const extraEnv = Object.fromEntries((process.env.BENCH_MEMORY_ENV ?? '').split(/\s+/).filter(Boolean).map((kv) => kv.split('=', 2) as [string, string]));
  const nodeArgs = (process.env.BENCH_MEMORY_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const bareHandler = await Sandbox.start(bare, env);
  const handlers = [{ name: 'handler', sandbox: await Sandbox.start(ours, { ...env, ...extraEnv }, { nodeArgs, prelude: process.env.BENCH_MEMORY_PRELUDE ?? '' }) }];
  if (besideFile !== undefined) handlers.push({ name: 'beside', sandbox: await Sandbox.start(besideFile, { ...env, ...extraEnv }, { nodeArgs, prelude: process.env.BENCH_MEMORY_PRELUDE ?? '' }) });
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
    /** Each game in a chat of its own between two players of their own: a warm sandbox serves many chats. */
    const newGame = async (): Promise<{ table: Table; id: string }> => {
      tables += 1;
      const table: Table = {
        alice: { id: 20_000 + 2 * tables, is_bot: false, first_name: 'Alice', language_code: 'en' },
        bob: { id: 20_001 + 2 * tables, is_bot: false, first_name: 'Bob', language_code: 'en' },
        chat: { id: -1009100000000 - tables, type: 'supergroup', title: `Bench club ${tables}` },
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

    console.log(`a warm sandbox: the bundled Telegram handler answering ${PRESSES} board presses (a game a chat, each press the board's first button), beside a bare telegraf handler answering the same boards, in turn` +
      `${Object.keys(extraEnv).length + nodeArgs.length > 0 ? ` (handler's process: ${[...nodeArgs, ...Object.entries(extraEnv).map(([k, v]) => `${k}=${v}`)].join(' ')})` : ''}:`);
    console.log('          presses   rss (anon file) heapTotal heapUsed external arrayBuffers (MB)   bare: rss (MB)   warm press ÷ bare (medians over the presses since the last line)');
    // The deployed handler paces what it sends to one chat (pace.ts: about one message a second,
    // 20 a minute in a group): the presses go round this many games, each in its chat, so none waits;
    // fewer than the matches a sandbox keeps decoded (app/decoded.ts), as a sandbox's games in play are.
    interface Run {
      readonly name: string;
      readonly sandbox: Sandbox;
      readonly slots: { table: Table; id: string }[];
      turn: number;
      games: number;
      presses: number;
      paced: number;
      readonly times: number[];
      readonly bareTimes: number[];
      sinceLine: number;
      readonly rssAt: Map<number, number>;
    }
    const runs: Run[] = [];
    for (const { name, sandbox } of handlers) {
      const slots: { table: Table; id: string }[] = [];
      for (let i = 0; i < GAMES_AT_ONCE; i++) slots.push(await newGame());
      runs.push({ name, sandbox, slots, turn: 0, games: slots.length, presses: 0, paced: 0, times: [], bareTimes: [], sinceLine: 0, rssAt: new Map<number, number>() });
    }
    /** The next press of a run's games: a new game where one ended. */
    const nextPress = async (run: Run): Promise<{ user: TgUser; board: StoredMessage; data: string }> => {
      for (;;) {
        const slot = run.turn++ % run.slots.length;
        const game = run.slots[slot]!;
        const user = await mover(game.id, game.table);
        const board = lastFromBot(game.table.chat, (m) => m.photo !== undefined);
        const button = board === undefined ? undefined : buttonsOf(board).find((b) => !/resign|undo|back/i.test(b.text));
        if (user !== undefined && board !== undefined && button?.callback_data !== undefined) return { user, board, data: button.callback_data };
        run.slots[slot] = await newGame();
        run.games += 1;
      }
    };
    while (runs[0]!.presses < PRESSES) {
      for (const run of runs) {
        const { user, board, data } = await nextPress(run);
        // In turn, the bare one first: the same board, the same moment, one after the other.
        const bareAnswer = await bareHandler.press(tg.userPress(user, board, data));
        const answer = await run.sandbox.press(tg.userPress(user, board, data));
        run.presses += 1;
        if (answer.ms > 900) run.paced += 1;
        if (run.presses > WARMUP) {
          run.times.push(answer.ms);
          run.bareTimes.push(bareAnswer.ms);
        }
        if (!CHECKPOINTS.includes(run.presses)) continue;
        const m = answer.memory;
        run.rssAt.set(run.presses, m.rss);
        const ours = run.times.slice(run.sinceLine);
        const bares = run.bareTimes.slice(run.sinceLine);
        run.sinceLine = run.times.length;
        const ratio = ours.length === 0 ? '' : `${median(ours).toFixed(1)} ÷ ${median(bares).toFixed(2)} ms = ${(median(ours) / median(bares)).toFixed(1)} ×`;
        console.log(`  ${run.name.padEnd(8)}${String(run.presses).padStart(5)}   ${mb(m.rss)} (${mb(answer.anon)} ${mb(answer.file)}) ${mb(m.heapTotal)} ${mb(m.heapUsed)} ${mb(m.external)} ${mb(m.arrayBuffers)}${' '.repeat(28)}${mb(bareAnswer.memory.rss)}${' '.repeat(13)}${ratio}`);
        const c = await run.sandbox.caches();
        const spaces = ['new_space', 'old_space', 'code_space', 'large_object_space'].map((name) => `${name} ${mb(c[name]!).trim()}`).join(', ');
        console.log(`${' '.repeat(12)}V8's heap, resident by space (MB): ${spaces}`);
        if (c.sprites !== undefined) {
          console.log(`${' '.repeat(12)}renderer's caches: ${c.sprites} sprites (${mb(c.spriteBytes ?? c.rgbaBytes!)} MB counted, keys ${mb(c.keyBytes!)} MB), ${c.bands} bands (${mb(c.chunkBytes!)} MB), ${c.imageIds} image ids (keys ${mb(c.imageKeyBytes!)} MB), ${c.paletteBands} palette bands`);
        }
        if (process.env.BENCH_MEMORY_SNAPSHOTS) {
          await mkdir(process.env.BENCH_MEMORY_SNAPSHOTS, { recursive: true });
          await run.sandbox.snapshot(join(process.env.BENCH_MEMORY_SNAPSHOTS, `${run.name}-${run.presses}.heapsnapshot`));
        }
      }
    }
    for (const run of runs) {
      const first = run.rssAt.get(500);
      const last = run.rssAt.get(PRESSES);
      if (first !== undefined && last !== undefined) console.log(`  ${run.name}: RSS after ${PRESSES} presses ÷ after 500: ${(last / first).toFixed(2)} (target ≤ 1.20); ${run.games} games, ${run.paced} presses over 900 ms (paced)`);
      const ratios = run.times.map((t, i) => t / run.bareTimes[i]!);
      console.log(`  ${run.name}: warm press over all ${run.times.length} presses after ${WARMUP}: median ${median(run.times).toFixed(1)} ms (p90 ${percentile(run.times, 90).toFixed(1)}), bare ${median(run.bareTimes).toFixed(2)} ms: ${(median(run.times) / median(run.bareTimes)).toFixed(1)} × (median of the pairs' ratios ${median(ratios).toFixed(1)} ×; target ≤ 6 ×)`);
    }
    if (runs.length === 2) {
      const [a, b] = runs as [Run, Run];
      const n = Math.min(a.times.length, b.times.length);
      console.log(`  handler ÷ beside, the same turns: ${median(a.times.slice(0, n).map((t, i) => t / b.times[i]!)).toFixed(2)} (median of the turns' ratios); medians ${(median(a.times) / median(b.times)).toFixed(2)}`);
    }
  } finally {
    for (const { sandbox } of handlers) sandbox.stop();
    bareHandler.stop();
    await local.close();
    await database.close();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
