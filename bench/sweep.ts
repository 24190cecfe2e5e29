/**
 * Scheduler load (issue 7, "Load"): 10,000 correspondence games on dynalite (in memory) whose
 * deadlines are spread evenly over the next day, then sweeps at a few moments of that day, each
 * through the Bot API stand-in (real HTTP, real board pictures). For each sweep: the DynamoDB
 * calls by kind, the items read, the due games handled, and the time. The point: a sweep reads
 * the due games only (one index query), never the table. Prints figures; asserts nothing.
 * Run: npm run bench (or npx tsx bench/sweep.ts). BENCH_GAMES changes the number of games.
 */
import type { Server } from 'node:http';
import { Telegram } from 'telegraf';
import { recordOf, sweep } from '../src/app/index.ts';
import { cryptoDice } from '../src/dice/index.ts';
import { apply, createChallenge } from '../src/game/index.ts';
import { startTelegramApi } from '../src/local/telegram-api/index.ts';
import { telegramMessenger, unpromptedEmit } from '../src/platforms/telegram/index.ts';
import { connectDynamoDb, createTable, DynamoDb, DynamoGameStore } from '../src/store/index.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const GAMES = Number(process.env.BENCH_GAMES ?? 10_000);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const T0 = Date.UTC(2026, 5, 1, 12);
const TOKEN = '4242:bench';
const GROUP = -1_001_234_567_890;

const { default: dynalite } = await import('dynalite');
const server: Server = dynalite({ createTableMs: 0 });
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const port = (server.address() as { port: number }).port;
const api = await startTelegramApi({ token: TOKEN, bot: { id: 4242, username: 'nardy_bench_bot', first_name: 'Nardy' } });
api.addChat({ id: GROUP, type: 'supergroup', title: 'Bench' });

try {
  const dynamo = connectDynamoDb({ region: 'local', endpoint: `http://127.0.0.1:${port}`, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  await createTable(dynamo, 'bench', { pollMs: 20 });

  // Every DynamoDB call of the sweep is counted, with the items it read.
  const calls = new Map<string, number>();
  let itemsRead = 0;
  const counting = new DynamoDb({
    call: async (operation, input) => {
      calls.set(operation, (calls.get(operation) ?? 0) + 1);
      const out = (await dynamo.service.call(operation, input)) as { Items?: unknown[]; Item?: unknown; Responses?: Record<string, unknown[]> };
      itemsRead += out.Items?.length ?? (out.Item ? 1 : Object.values(out.Responses ?? {}).reduce((n, items) => n + items.length, 0));
      return out;
    },
    destroy: () => dynamo.destroy(),
  });
  const store = new DynamoGameStore(counting, 'bench');

  // The games: accepted so that each player's deadline (one day per move) falls evenly over the day
  // after T0, their reminders already done (the alarm at its last step), so each wakes at its deadline.
  const setup = performance.now();
  const dice = cryptoDice();
  for (let start = 0; start < GAMES; start += 100) {
    await Promise.all(Array.from({ length: Math.min(100, GAMES - start) }, async (_, k) => {
      const i = start + k;
      const acceptedAt = T0 - DAY + Math.floor((i / GAMES) * DAY) + 1;
      const id = `b${i.toString(36).padStart(6, '0')}`;
      const challenge = createChallenge({ id, by: { id: `telegram:${10_000 + i}`, name: `A${i}` }, invitee: null, settings: { variant: 'long', clock: { kind: 'correspondence', daysPerMove: 1, poolDays: 0, vacationDays: 0 } } }, acceptedAt);
      if (!challenge.ok) throw new Error(challenge.error.message);
      const accepted = apply(challenge.value.state, { type: 'accept', by: { id: `telegram:${20_000 + i}`, name: `B${i}` } }, acceptedAt, dice);
      if (!accepted.ok) throw new Error(accepted.error.message);
      const deadline = acceptedAt + DAY;
      const record = recordOf(accepted.value.state, 1, acceptedAt, { platform: 'telegram', chatId: String(GROUP) }, 'en', { for: deadline, step: 4 });
      const created = await store.create(record);
      if (!created.ok) throw new Error(created.error.kind);
    }));
  }
  console.log(`${GAMES} games stored on dynalite in ${((performance.now() - setup) / 1000).toFixed(1)} s; deadlines spread over the day after T0`);
  calls.clear();
  itemsRead = 0;

  const messengers = { telegram: telegramMessenger('nardy_bot', unpromptedEmit(new Telegram(TOKEN, { apiRoot: api.apiRoot }), { log: () => {} })) };
  console.log('sweep at        | due read | timed out | DynamoDB calls                            | items read | time');
  let last = T0;
  for (const at of [T0 + MINUTE, T0 + 2 * MINUTE, T0 + 10 * MINUTE, T0 + 60 * MINUTE]) {
    calls.clear();
    itemsRead = 0;
    const t = performance.now();
    const report = await sweep({ store, now: () => at, dice, messengers });
    const ms = performance.now() - t;
    const callText = [...calls.entries()].map(([k, n]) => `${k} ${n}`).join(', ');
    const label = `T0 + ${Math.round((at - T0) / MINUTE)} min`.padEnd(15);
    console.log(`${label} | ${String(report.due).padStart(8)} | ${String(report.timedOut).padStart(9)} | ${callText.padEnd(41)} | ${String(itemsRead).padStart(10)} | ${ms.toFixed(0)} ms (${Math.round((at - last) / MINUTE)} min of deadlines)`);
    last = at;
  }
  console.log(`Bot API calls: ${api.calls.length} (each timed-out game: board redrawn, a line in the chat)`);
} finally {
  await api.close();
  await new Promise((done) => server.close(done));
}
