/**
 * Issue #45's flood bench: what a bystander, a player and a crowd can make the bot do in a public
 * group, through `npm start`'s own process (`startLocal`: POST /telegram → embedded dynalite →
 * the Bot API stand-in), over real HTTP. Prints figures beside their targets; asserts nothing.
 *
 * (a) A bystander floods the buttons under a finished board — 📊 Review, 📜 History, 🍀 Luck,
 *     🔍 Verify — and 🔐 Dice under a challenge, 30 presses each, 8 in flight — while another user sends /help in their
 *     own chat: bot messages per 100 presses, the CPU the flood cost, and the /help latency
 *     before and during (its p90 as a ratio to before's, measured in the same run).
 * (b) A player not on turn types `roll` 100 times as replies to the board: bot messages.
 * (c) 50 different users send /help to one group at the same moment: how many are answered.
 * The figures of main at 33fbb04, measured from outside by the security review, are printed
 * beside (`../shared/research/reviews-2026-12-06/security.md`, F1 and F2).
 *
 * Run: npm run bench (or npx tsx bench/flood.ts); FLOOD_ONLY=review (history, luck, verify, dice)
 * floods with one kind of button alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { decodeMatch, seatToAct } from '../src/game/index.ts';
import { startEmbeddedDatabase } from '../src/local/database.ts';
import { startLocal } from '../src/local/main.ts';
import { privateChatOf, type StoredMessage, type TgChat, type TgUpdate, type TgUser } from '../src/local/telegram-api/index.ts';
import { median, percentile } from './stats.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const PRESSES_EACH = 30;
const IN_FLIGHT = 8;

const dataDir = await mkdtemp(join(tmpdir(), 'nardy-flood-'));
const database = await startEmbeddedDatabase(join(dataDir, 'db'));
/** DynamoDB calls by operation, as dynalite answers them: what each kind of input costs. */
const calls = new Map<string, number>();
database.onCall((op) => calls.set(op, (calls.get(op) ?? 0) + 1));
const callsPer = (count: number) => [...calls].map(([op, n]) => `${op} ${(n / count).toFixed(2)}`).join(', ');
const local = await startLocal({ port: 0, dataDir, log: () => {}, sweepEveryMs: 0, keepChats: false, dynamodb: { region: 'local', endpoint: database.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } });
try {
  const tg = local.telegram;
  const group: TgChat = { id: -1004500000001, type: 'supergroup', title: 'Flood club' };
  const user = (id: number, name: string): TgUser => ({ id, is_bot: false, first_name: name, language_code: 'en' });
  const [alice, bob, frank, helper] = [user(4501, 'Alice'), user(4502, 'Bob'), user(4503, 'Frank'), user(4504, 'Helen')];
  for (const u of [alice, bob, frank, helper]) tg.addChat(privateChatOf(u));
  const post = async (update: TgUpdate): Promise<void> => {
    const response = await fetch(`${local.url}/telegram`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': local.webhookSecret }, body: JSON.stringify(update),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`POST /telegram answered ${response.status}`);
  };
  const fromBot = (chat: TgChat) => tg.messages(chat.id).filter((m) => m.fromBot);
  const buttonsOf = (m: StoredMessage) => (m.reply_markup?.inline_keyboard ?? []).flat().filter((b) => b.callback_data !== undefined);
  const board = (chat: TgChat) => fromBot(chat).filter((m) => m.photo !== undefined && !m.deleted).at(-1)!;
  const choiceOf = (data: string) => data.split(':')[3];

  /** A game between Alice and Bob in `chat`: its id. */
  const newGame = async (chat: TgChat): Promise<string> => {
    const bobSays = tg.userMessage(bob, chat, 'a game?');
    await post(bobSays);
    await post(tg.userMessage(alice, chat, '/nardy', { replyTo: { chat, message_id: (bobSays.message as { message_id: number }).message_id } }));
    const challenge = fromBot(chat).at(-1)!;
    const accept = buttonsOf(challenge).find((b) => /accept/i.test(b.text))!;
    await post(tg.userPress(bob, challenge, accept.callback_data!));
    return accept.callback_data!.split(':')[1]!;
  };
  const toAct = async (gameId: string): Promise<TgUser | undefined> => {
    const loaded = await local.store.load(gameId);
    const state = loaded.ok ? decodeMatch(loaded.value.state) : undefined;
    if (!state?.ok) return undefined;
    const seat = seatToAct(state.value);
    return seat === null ? undefined : state.value.players[seat]?.id === `telegram:${alice.id}` ? alice : bob;
  };

  // A finished game with some plays: about 20 presses of the first board button, then a resignation.
  const gameId = await newGame(group);
  for (let i = 0; i < 20; i++) {
    const who = await toAct(gameId);
    const b = board(group);
    const button = buttonsOf(b).find((x) => !/resign|undo|back|💡|hint/i.test(x.text));
    if (!who || !button) break;
    await post(tg.userPress(who, b, button.callback_data!));
  }
  for (const step of ['askResign', 'resign']) {
    const who = await toAct(gameId);
    const b = board(group);
    const button = buttonsOf(b).find((x) => choiceOf(x.callback_data!)?.startsWith(step === 'askResign' ? 'R' : 'r') && /resign|сда/i.test(x.text)) ?? buttonsOf(b).find((x) => /resign/i.test(x.text));
    if (!who || !button) break;
    await post(tg.userPress(who, b, button.callback_data!));
  }
  const finished = fromBot(group).filter((m) => buttonsOf(m).some((b) => /review/i.test(b.text))).at(-1);
  if (!finished) throw new Error('the game did not finish with a 📊 Review button');
  // 🔐 lives under challenges and boards in play: Bob's open challenge in the group carries it.
  await post(tg.userMessage(bob, group, '/nardy'));
  const challenge = fromBot(group).at(-1)!;
  const lock = buttonsOf(challenge).find((b) => b.text.includes('🔐'));
  if (!lock) throw new Error('the challenge has no 🔐 button');
  const only = process.env.FLOOD_ONLY; // one kind alone (review, history, luck, verify, dice): where the time goes
  const flooded = [...buttonsOf(finished).filter((b) => /review|history|luck|verify/i.test(b.text)).map((b) => ({ message: finished, b })), { message: challenge, b: lock }].filter((f) => only === undefined || f.b.text.toLowerCase().includes(only));

  // /help in Helen's own chat, one at a time: its latency is what everyone else feels.
  const helps = async (count: number, until?: () => boolean): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < count || (until !== undefined && !until()); i++) {
      const started = performance.now();
      await post(tg.userMessage(helper, privateChatOf(helper), '/help'));
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, until === undefined ? 150 : 40));
      if (until !== undefined && until() && i >= count) break;
    }
    return times;
  };
  const before = await helps(20);

  // (a) The bystander's flood, 8 presses in flight.
  const queue = flooded.flatMap((b) => Array.from({ length: PRESSES_EACH }, () => b));
  const messagesBefore = fromBot(group).length;
  const cpuBefore = process.cpuUsage();
  calls.clear();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let done = false;
  const started = performance.now();
  const during = helps(5, () => done);
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    for (let q = queue.shift(); q !== undefined; q = queue.shift()) await post(tg.userPress(frank, q.message, q.b.callback_data!));
  }));
  const floodMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  loop.disable();
  done = true;
  const duringTimes = await during;
  const floodCalls = callsPer(flooded.length * PRESSES_EACH + duringTimes.length);
  const presses = flooded.length * PRESSES_EACH;
  const posted = fromBot(group).length - messagesBefore;
  const p90 = (xs: number[]) => percentile(xs, 90);
  console.log(`flood (a): a bystander presses ${flooded.map((f) => f.b.text).join(' ')} under a finished board and a challenge, ${PRESSES_EACH} each (${presses}), ${IN_FLIGHT} in flight (npm start's process, POST /telegram)`);
  console.log(`  bot messages: ${posted} for ${presses} presses = ${(100 * posted / presses).toFixed(1)} per 100 (target ≤ 20 for 150; main at 33fbb04: 270 for 120 presses of four kinds + 30 of 🔐, 4,467 for 8 Reviews in flight)`);
  console.log(`  CPU of the flood: ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s in ${(floodMs / 1000).toFixed(1)} s (33fbb04: 39.4 CPU-s for 30 Reviews)`);
  console.log(`  the process's event loop: p99 delay ${(loop.percentile(99) / 1e6).toFixed(0)} ms, longest ${(loop.max / 1e6).toFixed(0)} ms (one process answers everyone: a long synchronous step delays every other chat)`);
  console.log(`  DynamoDB calls per press (the /help beside included): ${floodCalls}`);
  console.log(`  another user's /help: before p50 ${median(before).toFixed(0)} ms p90 ${p90(before).toFixed(0)} ms; during p50 ${median(duringTimes).toFixed(0)} ms p90 ${p90(duringTimes).toFixed(0)} ms (${duringTimes.length} sent) = ${(p90(duringTimes) / p90(before)).toFixed(2)}× before (target ≤ 5×; 33fbb04: 3,518–9,117 ms against 7–42 ms)`);

  // (b) The player not on turn types `roll` 100 times as replies to the board.
  const chat2: TgChat = { id: -1004500000002, type: 'supergroup', title: 'Typing club' };
  const game2 = await newGame(chat2);
  const onTurn = await toAct(game2);
  const waiting = onTurn === alice ? bob : alice;
  const b2 = board(chat2);
  const typedBefore = fromBot(chat2).length;
  calls.clear();
  for (let i = 0; i < 100; i++) await post(tg.userMessage(waiting, chat2, 'roll', { replyTo: { chat: chat2, message_id: b2.message_id } }));
  const typed = fromBot(chat2).length - typedBefore;
  console.log(`flood (b): a player not on turn types "roll" 100 times as replies to the board: ${typed} bot messages (target ≤ 20; 33fbb04: 100)`);
  console.log(`  DynamoDB calls per line: ${callsPer(100)}`);

  // (c) 50 users send /help to one group at the same moment.
  const chat3: TgChat = { id: -1004500000003, type: 'supergroup', title: 'Crowd' };
  const crowd = Array.from({ length: 50 }, (_, i) => user(45100 + i, `C${i}`));
  const crowdBefore = fromBot(chat3).length;
  await Promise.all(crowd.map((u) => post(tg.userMessage(u, chat3, '/help'))));
  const answered = fromBot(chat3).length - crowdBefore;
  console.log(`flood (c): 50 different users send /help to one group at once: ${answered} answered, ${50 - answered} dropped (target 50; 33fbb04: 20 /nardy at once → 1 stored, 19 dropped)`);
} finally {
  await local.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
