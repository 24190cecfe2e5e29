/**
 * Issue 17's bench: ratings at club scale on embedded dynalite, every DynamoDB call counted on the
 * wire by a proxy (operations, and the items each Query read: `ScannedCount`). Prints figures; no
 * pass or fail.
 *
 * Seeds 10,000 players in 200 chats and 100,000 finished matches between them: the matches are
 * rated in memory by the app's own Glicko-2 step (`withMatch`), and the rating items that result
 * (each player's global and chat standing per family) and the 100,000 finished game items (copies
 * of one finished match's record under new ids, players and chats) are written directly, 25 a
 * batch. Then, through the app's `handleIntent` (and its match-end hook), it times and counts:
 * `/top` in a chat and in a private chat (everyone's table), `/stats` of a player, and rating one
 * more finished match.
 *
 * `npm run bench:ratings`; `RATINGS_MATCHES` / `RATINGS_PLAYERS` change the sizes.
 */
import { callsText, counted, countingProxy, reset } from './counting-proxy.ts';
import type { AddressInfo } from 'node:net';
import { handleIntent, openChallenge, recordOf, runCommand, type AppDeps, type ChatUser, type Effect } from '../src/app/index.ts';
import { rateAtMatchEnd } from '../src/app/club/match-end.ts';
import { matchWeight, type RatingFamily } from '../src/app/club/families.ts';
import { withMatch } from '../src/app/club/rate.ts';
import { boardOf, encodeStanding, newcomer, type Standing } from '../src/app/club/standing.ts';
import { cryptoDice } from '../src/dice/index.ts';
import type { MatchState } from '../src/game/index.ts';
import { telegramMessenger } from '../src/platforms/telegram/index.ts';
import { DynamoGameStore, connectDynamoDb, createTable, encodeGame, encodeRating } from '../src/store/index.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const TABLE = 'nardy-bench-ratings';
const PLAYERS = Number(process.env.RATINGS_PLAYERS ?? 10_000);
const MATCHES = Number(process.env.RATINGS_MATCHES ?? 100_000);
const CHATS = Math.max(1, Math.round(PLAYERS / 50));
/**
 * How many of the matches are also written as finished game items. dynalite keeps four indexes of
 * a game item and writes about 500 of them a second on two shared cores, so all 100,000 would take
 * over three minutes; `/top`, `/stats` and rating a match read no game item (their figures do not
 * depend on it), so by default a tenth are written, and the time measured is printed.
 */
const GAME_ITEMS = Math.min(MATCHES, Number(process.env.RATINGS_GAME_ITEMS ?? Math.round(MATCHES / 10)));

const calls = () => callsText() + (counted.queried > 0 ? `; Query read ${counted.queried} items` : '');

/** A small seeded PRNG (mulberry32): the same club every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const { default: dynalite } = await import('dynalite');
const db = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
await new Promise<void>((done) => db.listen(0, '127.0.0.1', done));
const proxy = await countingProxy(`http://127.0.0.1:${(db.address() as AddressInfo).port}`);
const dynamo = connectDynamoDb({ endpoint: proxy.url, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

/** Writes items 25 a batch, `parallel` batches at once (the store's client retries what is left unprocessed). */
async function writeAll(items: readonly Record<string, unknown>[], parallel = 8): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let from = (next += 25) - 25; from < items.length; from = (next += 25) - 25) {
      await dynamo.batchWrite(TABLE, items.slice(from, from + 25).map((Item) => ({ PutRequest: { Item } })));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

try {
  await createTable(dynamo, TABLE, { pollMs: 20 });
  const store = new DynamoGameStore(dynamo, TABLE);
  let clock = Date.UTC(2026, 11, 1, 12);
  const deps: AppDeps = { store, now: () => clock, dice: cryptoDice(), messengers: { telegram: telegramMessenger('nardy_bench_bot') } };
  const said: string[] = [];
  const emit = async (e: Effect) => {
    if (e.kind === 'text') said.push(e.text);
    return { chat: e.kind === 'text' ? e.chat : { platform: 'telegram', chatId: '0' }, messageId: String(said.length) };
  };

  // One finished match between two people, the model of the seeded game items (and of the match rated at the end).
  const chatOf = (c: number) => ({ platform: 'telegram', chatId: `-100${c}` });
  const playerOf = (p: number): ChatUser => ({ id: `telegram:${1000 + p}`, name: `Player ${p}`, language: 'en' });
  const modelGame = async (id: string, a: ChatUser, b: ChatUser, chat: { platform: string; chatId: string }) => {
    const opened = await openChallenge(deps, { id, by: a, invitee: b.id, settings: { variant: 'long' } }, chat, 'en');
    if (!opened.ok) throw new Error(opened.error.kind);
    await runCommand(deps, id, { type: 'accept', by: b });
    const first = await runCommand(deps, id, { type: 'resign', by: a.id });
    const over = first.ok ? first : await runCommand(deps, id, { type: 'resign', by: b.id });
    if (!over.ok || over.value.state.phase !== 'finished') throw new Error('the model game did not finish');
    return over.value;
  };
  const model = await modelGame('model', playerOf(0), playerOf(1), chatOf(0));

  // The club in memory: players with a hidden skill, each in one chat; matches by family, rated by the app's step.
  console.log(`ratings: seeding ${PLAYERS.toLocaleString('en')} players in ${CHATS} chats and ${MATCHES.toLocaleString('en')} finished matches`);
  const random = rng(17);
  const skill = Array.from({ length: PLAYERS }, () => random() * 2 - 1);
  const standings = new Map<string, Standing>();
  const at = (player: number, board: string) => standings.get(`${player}|${board}`) ?? newcomer(`Player ${player}`);
  const variants: Record<RatingFamily, string[]> = { long: ['long'], short: ['short'], variants: ['nackgammon', 'tavla', 'plakoto', 'gulbara'] };
  const seats: { m: number; a: number; b: number; chat: number; when: number }[] = [];
  const rateStarted = performance.now();
  for (let m = 0; m < MATCHES; m++) {
    const chat = Math.floor(random() * CHATS);
    const members = Math.ceil(PLAYERS / CHATS);
    const a = Math.min(PLAYERS - 1, chat * members + Math.floor(random() * members));
    let b = Math.min(PLAYERS - 1, chat * members + Math.floor(random() * members));
    if (b === a) b = (a + 1) % PLAYERS;
    const r = random();
    const family: RatingFamily = r < 0.5 ? 'long' : r < 0.85 ? 'short' : 'variants';
    const variant = variants[family][Math.floor(random() * variants[family].length)]!;
    const matchLength = [0, 0, 3, 5, 7][Math.floor(random() * 5)]!;
    const aWins = random() < 1 / (1 + Math.exp(-(skill[a]! - skill[b]!) * 2));
    const when = clock - (MATCHES - m) * 40_000;
    for (const board of [boardOf(family), boardOf(family, chatOf(chat))]) {
      const sa = at(a, board);
      const sb = at(b, board);
      const side = { match: `m${m}`, at: when, variant, weight: matchWeight(matchLength) };
      standings.set(`${a}|${board}`, withMatch(sa, { ...side, name: `Player ${a}`, opponent: sb, score: aWins ? 1 : 0 }));
      standings.set(`${b}|${board}`, withMatch(sb, { ...side, name: `Player ${b}`, opponent: sa, score: aWins ? 0 : 1 }));
    }
    if (m < GAME_ITEMS) seats.push({ m, a, b, chat, when });
  }
  const ratingItems = [...standings].map(([key, standing]) => {
    const [player, board] = key.split('|') as [string, string];
    return encodeRating({ player: playerOf(Number(player)).id, board, rating: standing.rating, version: standing.games, value: encodeStanding(standing) });
  });
  console.log(`  rated in memory: ${(performance.now() - rateStarted).toFixed(0)} ms (${ratingItems.length.toLocaleString('en')} rating items)`);
  reset();
  let started = performance.now();
  await writeAll(ratingItems);
  console.log(`  wrote the rating items: ${((performance.now() - started) / 1000).toFixed(1)} s (${calls()})`);
  reset();
  started = performance.now();
  const games = seats.map(({ m, a, b, chat, when }) => {
    const [pa, pb] = [playerOf(a), playerOf(b)];
    const state: MatchState = { ...model.state, id: `m${m}`, players: [{ id: pa.id, name: pa.name }, { id: pb.id, name: pb.name }] };
    return encodeGame({ ...recordOf(state, 4, when, chatOf(chat), 'en'), id: `m${m}` }, 4);
  });
  await writeAll(games);
  const gameSeconds = (performance.now() - started) / 1000;
  console.log(`  wrote ${games.length.toLocaleString('en')} of the ${MATCHES.toLocaleString('en')} finished game items: ${gameSeconds.toFixed(1)} s (${calls()}); all of them would take about ${((gameSeconds * MATCHES) / Math.max(1, games.length)).toFixed(0)} s`);

  /** Times one intent through the app and counts its DynamoDB calls. */
  const measure = async (label: string, run: () => Promise<unknown>) => {
    reset();
    said.length = 0;
    const t0 = performance.now();
    await run();
    console.log(`  ${label}: ${(performance.now() - t0).toFixed(1)} ms, ${calls()}`);
  };
  // A player in the middle of chat 7's table, not in its top 10.
  const caller = playerOf(7 * Math.ceil(PLAYERS / CHATS) + 3);
  const group = chatOf(7);
  console.log('ratings: what players ask');
  await measure(`/top long in a chat (${Math.ceil(PLAYERS / CHATS)} players there)`, () => handleIntent(deps, { kind: 'top', chat: group, from: caller, variant: 'long', shared: true }, emit));
  console.log(`    ${said.at(-1)?.split('\n').slice(0, 2).join(' | ')} … ${said.at(-1)?.split('\n').at(-1)}`);
  await measure('/top in a chat, every family', () => handleIntent(deps, { kind: 'top', chat: group, from: caller, shared: true }, emit));
  await measure(`/top long in a private chat (everyone's table, ${PLAYERS.toLocaleString('en')} players)`, () => handleIntent(deps, { kind: 'top', chat: { platform: 'telegram', chatId: caller.id.split(':')[1]! }, from: caller, variant: 'long' }, emit));
  console.log(`    ${said.at(-1)?.split('\n').at(-1)}`);
  const other = playerOf(7 * Math.ceil(PLAYERS / CHATS) + 4);
  await measure('/stats of another player in a chat', () => handleIntent(deps, { kind: 'stats', chat: group, from: caller, player: other, shared: true }, emit));
  console.log(`    ${said.at(-1)?.split('\n').join(' | ')}`);
  // One more finished match between two seeded players, rated by the match-end hook (the result message's part).
  const last = await modelGame('last-match', caller, other, group);
  await measure('rating one finished match (global and chat boards, both players)', () => rateAtMatchEnd(store, last.record, last.state, clock));
  await measure('the same match rated again (a redelivery)', () => rateAtMatchEnd(store, last.record, last.state, clock));
} finally {
  await proxy.close();
  await new Promise<void>((done) => db.close(() => done()));
}
