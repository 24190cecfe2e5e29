/**
 * Issue #20's bench: what a spammer leaves in the table and what a long-time player's `/games`
 * costs, through the app's `handleIntent` on embedded dynalite, every DynamoDB call counted on the
 * wire by a proxy (operations, and the items each Query read: `ScannedCount`). Prints figures; no
 * pass or fail.
 *
 * (a) One user sends 1,000 `/nardy` in one minute in a group: how many were answered, how many
 *     told to slow down, dropped; the game items (and all items) left in the table.
 * (b) A player with 5,000 finished games and 3 open ones sends `/games`: the items its queries read.
 */
import { callsText, counted, countingProxy, reset } from './counting-proxy.ts';
import type { AddressInfo } from 'node:net';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { sdkClients } from '../tests/store/sdk.ts';
import { DEFAULT_LIMITS, handleIntent, openChallenge, recordOf, runCommand, type AppDeps, type ChatUser, type Effect } from '../src/app/index.ts';
import { cryptoDice } from '../src/dice/index.ts';
import { t } from '../src/i18n/index.ts';
import { telegramMessenger } from '../src/platforms/telegram/index.ts';
import { DynamoGameStore, connectDynamoDb, createTable } from '../src/store/index.ts';

// The AWS SDK's one-off warning that its 2027 releases need Node 22 (README) is noise here, as in `npm start`.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const TABLE = 'nardy-bench-abuse';


const { default: dynalite } = await import('dynalite');
const db = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
await new Promise<void>((done) => db.listen(0, '127.0.0.1', done));
const proxy = await countingProxy(`http://127.0.0.1:${(db.address() as AddressInfo).port}`);
const settings = { endpoint: proxy.url, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const dynamo = connectDynamoDb(settings);
const { documents } = sdkClients(settings);
try {
  await createTable(dynamo, TABLE, { pollMs: 20 });
  const store = new DynamoGameStore(dynamo, TABLE);
  let clock = 1_900_000_000_000;
  const deps: AppDeps = { store, now: () => clock, dice: cryptoDice(), messengers: { telegram: telegramMessenger('nardy_bench_bot') } };
  const said: string[] = [];
  const emit = async (e: Effect) => {
    if (e.kind === 'text') said.push(e.text);
    return { chat: e.kind === 'text' ? e.chat : { platform: 'telegram', chatId: '0' }, messageId: String(said.length) };
  };

  // (a) 1,000 /nardy in a minute from one user in one group.
  const spammer: ChatUser = { id: 'telegram:666', name: 'Spam', language: 'en' };
  const group = { platform: 'telegram', chatId: '-100666' };
  reset();
  const started = performance.now();
  for (let i = 0; i < 1000; i++) {
    clock += 60;
    await handleIntent(deps, { kind: 'challenge', chat: group, from: spammer, updateKey: `spam-${i}` }, emit);
  }
  const ms = performance.now() - started;
  const items = ((await documents.send(new ScanCommand({ TableName: TABLE }))).Items ?? []) as { pk: string }[];
  const kinds = new Map<string, number>();
  for (const item of items) kinds.set(item.pk.split('#')[0]!, (kinds.get(item.pk.split('#')[0]!) ?? 0) + 1);
  const slowDown = t('en', 'limits.slowDown');
  const tooManyTexts = new Set([t('en', 'challenge.tooMany', { n: DEFAULT_LIMITS.openChallengesPerUser }), t('en', 'challenge.tooManyHere', { n: DEFAULT_LIMITS.openChallengesInChatPerUser })]);
  console.log('abuse (a): one user sends 1,000 /nardy in one minute in a group (handleIntent on dynalite)');
  console.log(`  answered with a challenge ${said.filter((s) => s !== slowDown && !tooManyTexts.has(s)).length}, refused as too many open ${said.filter((s) => tooManyTexts.has(s)).length}, told to slow down ${said.filter((s) => s === slowDown).length}, dropped without a word ${1000 - said.length}`);
  console.log(`  items left: ${kinds.get('GAME') ?? 0} games (caps: ${DEFAULT_LIMITS.openChallengesPerUser} a user, ${DEFAULT_LIMITS.openChallengesInChatPerUser} to anyone a user in a chat); all items ${items.length}: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(`  DynamoDB calls: ${callsText()}; ${(ms / 1000).toFixed(1)} s for the 1,000`);

  // (b) /games for a player with 5,000 finished games and 3 open ones.
  const veteran: ChatUser = { id: 'telegram:777', name: 'Veteran', language: 'en' };
  const rival = { id: 'telegram:778', name: 'Rival' };
  const opened = await openChallenge(deps, { id: 'finished-model', by: veteran, invitee: rival.id, settings: { variant: 'short' } }, group, 'en');
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  await runCommand(deps, 'finished-model', { type: 'accept', by: rival });
  // Whoever the dice made start resigns (a resignation is one's own turn's decision).
  const byVeteran = await runCommand(deps, 'finished-model', { type: 'resign', by: veteran.id });
  const resigned = byVeteran.ok ? byVeteran : await runCommand(deps, 'finished-model', { type: 'resign', by: rival.id });
  const over = resigned.ok ? resigned.value.state : undefined;
  const model = await store.load('finished-model');
  if (!over || !model.ok || model.value.status !== 'finished') throw new Error('the model game did not finish');
  // The 5,000 are copies of one finished match's record under new ids (what the lists read), written in parallel.
  for (let from = 0; from < 5000; from += 50) {
    await Promise.all(Array.from({ length: 50 }, (_, k) => store.create({ ...recordOf(over, 1, clock - (from + k) * 1000, { platform: 'telegram', chatId: `-${from + k}` }, 'en'), id: `over-${from + k}` })));
  }
  for (let i = 0; i < 3; i++) {
    clock += 1000;
    await openChallenge(deps, { id: `open-${i}`, by: veteran, invitee: null, settings: { variant: 'long' } }, { platform: 'telegram', chatId: `-9${i}` }, 'en');
  }
  clock += 60_000;
  reset();
  said.length = 0;
  await handleIntent(deps, { kind: 'games', chat: { platform: 'telegram', chatId: '777' }, from: veteran, updateKey: 'games-1' }, emit);
  console.log('abuse (b): /games of a player with 5,000 finished games and 3 open challenges');
  console.log(`  items read by its Queries: ${counted.queried} (open games: 3; games over: 5,001); DynamoDB calls: ${callsText()}`);
  console.log(`  listed: ${said.at(-1)?.split('\n').filter((line) => line.trim() !== '').length ?? 0} lines`);
} finally {
  dynamo.destroy();
  await proxy.close();
  await new Promise((done) => db.close(done));
}
