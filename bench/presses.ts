/**
 * Presses per turn (issue 16, "Press economy"): random games of every variant played through the
 * real Telegram webhook handler, the Bot API stand-in and DynamoDB (embedded dynalite), by two
 * players who press only the buttons the bot sent. Prints, per variant, the presses a turn takes
 * (mean, median, p90), for turns without and with doubles, and the targets beside them.
 *
 * What counts: every press of the player to move from the end of the opponent's play to the end of
 * their own — Roll, Double, a step, a checker picked, a whole play, Confirm. The opponent's Take is
 * theirs, not the mover's. A turn the bot played with no press at all (no legal play, or one, with
 * the dice rolled by themselves) is counted apart, as "automatic".
 *
 * How the players choose: uniformly among the moving buttons offered (whole plays, steps, checkers,
 * Confirm); Roll, with a double now and then (10 % of the times the cube may be turned) and a take
 * three times in four; never Undo or Resign. Settings: each variant's defaults as `/nardy <variant>`
 * opens it (its default match length; the cube on in a match of the short family), and each
 * player's default `/confirm off`. Everything is real but the pixels: each board is sent as a
 * blank PNG (the `draw` seam of the Telegram send path), as the picture does not change the count.
 *
 * Run: npm run bench (or npx tsx bench/presses.ts). BENCH_GAMES: games per variant (200);
 * BENCH_VARIANTS: a comma list (all). Asserts nothing; prints figures.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { AppDeps } from '../src/app/index.ts';
import { decodeToken, type Token } from '../src/app/tokens.ts';
import { VARIANTS, type VariantId } from '../src/engine/index.ts';
import { decodeMatch, seatToAct, type MatchState } from '../src/game/index.ts';
import { startTelegramApi, type StoredMessage, type TelegramApi, type TgChat, type TgUser } from '../src/local/telegram-api/index.ts';
import { createTelegramWebhook, telegramMessenger } from '../src/platforms/telegram/index.ts';
import { ok } from '../src/lib/index.ts';
import { mulberry32 } from '../tests/arbitraries.ts';
import { connectDynamoDb, createTable, DynamoGameStore } from '../src/store/index.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const GAMES = Number(process.env.BENCH_GAMES ?? 200);
const ONLY = process.env.BENCH_VARIANTS?.split(',').filter(Boolean) as VariantId[] | undefined;
const TOKEN = '7016:presses';
const BOT = { id: 7016, username: 'nardy_bench_bot', first_name: 'Nardy' };
const SECRET = 'presses-secret';
const PLAYERS: readonly TgUser[] = [
  { id: 1601, is_bot: false, first_name: 'Anna', language_code: 'en' },
  { id: 1602, is_bot: false, first_name: 'Nodar', language_code: 'en' },
];
/** Games played through one stand-in before a fresh one (it keeps every message and picture in memory). */
const GAMES_PER_STAND_IN = 10;
/** A 1×1 PNG for every board: the bench counts presses, and rendering would take most of its time. */
const BLANK = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const blank = async () => ok(BLANK);
const MOVING = new Set(['play', 'step', 'pick', 'confirm']);

/**
 * The targets of issue 16 by family: a turn that may begin with a decision (the cube, or nuclear's
 * bomb) begins with a Roll press, so it may take one press more.
 */
function target(variant: VariantId, decision: boolean): string {
  const v = VARIANTS[variant];
  if (v.family === 'long') return 'median ≤ 2, mean ≤ 2.5';
  return `median ≤ ${decision ? 3 : 2}; doubles ≤ 5`;
}

function stats(xs: readonly number[]): { n: number; mean: number; median: number; p90: number } {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? NaN;
  return { n: s.length, mean: s.reduce((a, b) => a + b, 0) / Math.max(1, s.length), median: at(0.5), p90: at(0.9) };
}

interface Tally {
  plain: number[];
  doubles: number[];
  automatic: number;
  games: number;
  cube: boolean;
  presses: number;
  /** Presses the bot answered with a refusal: must stay 0. */
  refused: number;
  ms: number;
}

interface Press {
  readonly data: string;
  readonly token: Token;
}

function buttonsOf(message: StoredMessage): Press[] {
  return (message.reply_markup?.inline_keyboard ?? []).flat()
    .filter((b): b is typeof b & { callback_data: string } => 'callback_data' in b && typeof b.callback_data === 'string')
    .map((b) => ({ data: b.callback_data, token: decodeToken(b.callback_data)! }));
}

function choose(buttons: readonly Press[], rng: () => number): Press {
  const of = (k: string) => buttons.filter((b) => b.token.choice.k === k);
  const any = (list: readonly Press[]) => list[Math.floor(rng() * list.length)];
  if (of('pass').length > 0) return of('pass')[0];
  if (of('take').length > 0) return rng() < 0.75 ? of('take')[0] : of('askPass')[0];
  if (of('roll').length > 0) return of('double').length > 0 && rng() < 0.1 ? of('double')[0] : of('roll')[0];
  const moving = buttons.filter((b) => MOVING.has(b.token.choice.k));
  if (moving.length > 0) return any(moving);
  if (of('detonate').length > 0) return of('detonate')[0];
  throw new Error(`no way forward among ${buttons.map((b) => b.token.choice.k).join(', ') || 'no buttons'}`);
}

let tables = 0;
let store: DynamoGameStore;
let dynamo: ReturnType<typeof connectDynamoDb>;

async function playVariant(variant: VariantId, words: string, seed: number): Promise<Tally> {
  const tally: Tally = { plain: [], doubles: [], automatic: 0, games: 0, cube: false, presses: 0, refused: 0, ms: 0 };
  const rng = mulberry32(seed);
  const started = performance.now();
  let api: TelegramApi | undefined;
  let hook: ReturnType<typeof createTelegramWebhook> | undefined;
  let chats = 0;
  for (let match = 0; tally.games < GAMES; match++) {
    if (match % GAMES_PER_STAND_IN === 0) {
      await api?.close();
      api = await startTelegramApi({ token: TOKEN, bot: BOT });
      // A fresh stand-in numbers its updates from the start again: a fresh table, so none looks redelivered.
      const table = `presses-${tables++}`;
      await createTable(dynamo, table, { pollMs: 20 });
      store = new DynamoGameStore(dynamo, table);
      const deps: AppDeps = { store, now: () => Date.UTC(2026, 11, 1, 12), dice: { die: () => 1 + Math.floor(rng() * 6) }, messengers: { telegram: telegramMessenger(BOT.username) } };
      hook = createTelegramWebhook({ token: TOKEN, secret: SECRET, botInfo: BOT, apiRoot: api.apiRoot, app: deps, log: (e) => void (e.level === 'error' || e.level === 'warn' ? console.error(JSON.stringify(e)) : undefined), send: { sleep: async () => {}, draw: blank } });
    }
    const group: TgChat = { id: -1_016_000_000 - seed * 10_000 - chats++, type: 'supergroup', title: 'presses' };
    const post = async (update: object) => {
      const status = (await hook!({ headers: { 'x-telegram-bot-api-secret-token': SECRET }, body: JSON.stringify(update) })).status;
      if (status !== 200) throw new Error(`the webhook answered ${status}`);
    };
    const live = () => api!.messages(group.id).filter((m) => !m.deleted && m.fromBot);
    await post(api!.userMessage(PLAYERS[1], group, 'let us play'));
    await post(api!.userMessage(PLAYERS[0], group, `/nardy ${words}`, { replyTo: { chat: { id: group.id }, message_id: api!.messages(group.id).at(-1)!.message_id } }));
    const challenge = live().at(-1);
    if (!challenge) throw new Error(`/nardy ${words}: no challenge in the chat: ${JSON.stringify(api!.messages(group.id).map((m) => m.text))}`);
    const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept');
    if (!accept) throw new Error(`${variant}: no Accept under the challenge`);
    const gameId = accept.token.gameId;
    await post(api!.userPress(PLAYERS[1], { chat: { id: group.id }, message_id: challenge.message_id }, accept.data));

    let state = await load(gameId);
    if (state.settings.variant !== variant) throw new Error(`/nardy ${words} opened ${state.settings.variant}`);
    tally.cube ||= state.settings.doubling || VARIANTS[variant].bomb === true;
    let seen = 0;
    const pending = [0, 0];
    for (let presses = 0; state.phase === 'playing'; presses++) {
      if (presses > 20_000) throw new Error(`${variant}: match ${gameId} did not end`);
      const board = live().filter((m) => m.photo !== undefined).at(-1);
      if (!board) throw new Error(`${variant}: no board in the chat (stage ${state.game?.turn.stage}); last: ${live().at(-1)?.text ?? live().at(-1)?.caption}`);
      const seat = seatToAct(state)!;
      const choice = choose(buttonsOf(board), rng);
      if (seat === state.game!.turn.seat && choice.token.choice.k !== 'take' && choice.token.choice.k !== 'askPass' && choice.token.choice.k !== 'pass') pending[seat]++;
      const press = api!.userPress(PLAYERS[state.players[seat]!.id === `telegram:${PLAYERS[0].id}` ? 0 : 1], { chat: { id: group.id }, message_id: board.message_id }, choice.data);
      await post(press);
      tally.presses++;
      // A button the bot offered is never refused: an answer with words is a refusal (or a stale board).
      if (api!.callbackAnswer(press.callback_query!.id)?.text) tally.refused++;
      state = await load(gameId);
      for (const e of state.history.slice(seen)) {
        if (e.type === 'gameStarted' && ++tally.games % 25 === 0) process.stderr.write(`  /nardy ${words}: ${tally.games} of ${GAMES} games\n`);
        if (e.type !== 'played') continue;
        const n = pending[e.seat];
        pending[e.seat] = 0;
        if (n === 0) tally.automatic++;
        else (e.dice[0] === e.dice[1] ? tally.doubles : tally.plain).push(n);
      }
      seen = state.history.length;
    }
  }
  await api?.close();
  tally.ms = performance.now() - started;
  return tally;
}

async function load(gameId: string): Promise<MatchState> {
  const record = await store.load(gameId);
  if (!record.ok) throw new Error(`load ${gameId}: ${record.error.kind}`);
  const state = decodeMatch(record.value.state);
  if (!state.ok) throw new Error(`decode ${gameId}: ${state.error.message}`);
  return state.value;
}

/** The runs: every variant as `/nardy <variant>` opens it, and short nardy as a 3-point match too (the cube is on only in matches). */
function runs(): [VariantId, string][] {
  const list: [VariantId, string][] = (ONLY ?? (Object.keys(VARIANTS) as VariantId[])).map((v) => [v, v]);
  if (list.some(([v]) => v === 'short')) list.splice(list.findIndex(([v]) => v === 'short') + 1, 0, ['short', 'short 3']);
  return list;
}

/** A child process: plays the runs it is given (BENCH_CHILD, indexes) on its own dynalite and prints one JSON line each. */
async function child(indexes: number[]): Promise<void> {
  const { default: dynalite } = await import('dynalite');
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dynamo = connectDynamoDb({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    for (const i of indexes) {
      const [variant, words] = runs()[i];
      console.log(JSON.stringify({ i, ...(await playVariant(variant, words, 16 + i)) }));
    }
  } finally {
    dynamo.destroy();
    await new Promise((done) => server.close(done));
  }
}

/** Splits the runs between two processes (the machine's two cores), long nardy's slow games apart. */
async function main(): Promise<void> {
  const all = runs();
  console.log(`presses per turn: ${GAMES} games a variant through the webhook, the Bot API stand-in and dynalite; default settings, /confirm off`);
  console.log('/nardy …      cube* turns   all: mean median | plain: mean median p90 | doubles: mean median p90 | automatic | target                    | presses/s');
  const parts = [all.map((_, i) => i).filter((i) => i % 2 === 0), all.map((_, i) => i).filter((i) => i % 2 === 1)].filter((p) => p.length > 0);
  const results = new Map<number, Tally>();
  const started = performance.now();
  await Promise.all(parts.map((part) => new Promise<void>((done, failed) => {
    const proc = spawn(process.execPath, [...process.execArgv, import.meta.filename], { env: { ...process.env, BENCH_CHILD: part.join(',') }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (chunk) => (out += chunk));
    proc.on('exit', (code) => {
      for (const line of out.split('\n').filter((l) => l.startsWith('{'))) {
        const r = JSON.parse(line) as Tally & { i: number };
        results.set(r.i, r);
      }
      return code === 0 ? done() : failed(new Error(`a bench process exited with ${code}`));
    });
  })));
  for (const [i, [variant, words]] of all.entries()) {
    const t = results.get(i)!;
    const p = stats(t.plain);
    const d = stats(t.doubles);
    const a = stats([...t.plain, ...t.doubles]);
    const f = (x: number) => (Number.isNaN(x) ? '–' : x.toFixed(2).replace(/\.00$/, ''));
    console.log(
      `${words.padEnd(13)} ${(t.cube ? 'on' : 'off').padEnd(5)} ${String(p.n + d.n).padStart(6)}   ` +
      `${f(a.mean).padStart(9)} ${f(a.median).padStart(6)} | ` +
      `${f(p.mean).padStart(11)} ${f(p.median).padStart(6)} ${f(p.p90).padStart(3)} | ` +
      `${f(d.mean).padStart(13)} ${f(d.median).padStart(6)} ${f(d.p90).padStart(3)} | ` +
      `${String(t.automatic).padStart(9)} | ${target(variant, t.cube).padEnd(25)} | ${(t.presses / (t.ms / 1000)).toFixed(0)}`,
    );
  }
  console.log('* cube: a turn may begin with a decision (the cube, or nuclear\'s bomb), so with a Roll press');
  const tallies = [...results.values()];
  console.log(`refused presses (a button the bot offered and then refused): ${tallies.reduce((a, t) => a + t.refused, 0)}`);
  console.log(`${tallies.reduce((a, t) => a + t.presses, 0)} presses in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (process.env.BENCH_CHILD !== undefined) await child(process.env.BENCH_CHILD.split(',').map(Number));
else await main();
