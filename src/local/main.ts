/**
 * `npm start`: the whole bot in one process, no account needed (issue 8). An embedded DynamoDB
 * (dynalite, data under `./.data/`; `DYNAMODB_ENDPOINT` uses that one instead), the local stand-in
 * of the Telegram Bot API, the production Telegram webhook (`POST /telegram`, exactly the Lambda's
 * handler) and the playground at `http://localhost:3000/`, where simulated users write to the bot
 * and press its buttons in the browser. `PORT` changes the port. With `TELEGRAM_BOT_TOKEN` and
 * `TELEGRAM_BOT_USERNAME` set, the real bot also runs, by long polling (`polling.ts`), on the same
 * store, its command menu set as a deploy sets it. With `DISCORD_APPLICATION_ID` and `DISCORD_BOT_TOKEN` set, the Discord bot runs too:
 * with `DISCORD_PUBLIC_KEY`, `POST /discord` is the interactions endpoint, for a tunnel, and the
 * gateway stays off unless `DISCORD_GATEWAY=on`; without it, over the gateway (`discord-gateway.ts`:
 * no public URL needed; `localDiscord`). Without any of them the playground still has a
 * Discord channel: a local application signing its interactions to `POST /discord`
 * (`discord-channel.ts`), and a VK conversation: a local community sending its Callback API events
 * to `POST /vk` (`vk-chat.ts`). The scheduler sweeps every minute
 * (`SWEEP_EVERY_SECONDS`), so reminders and time-outs arrive in the playground through the stand-in
 * (or through the real bots when they run). Buttons are signed with `BUTTON_TOKEN_KEY`, else with a
 * key kept in `./.data/` when a real bot runs, else with the public development key (`button-key.ts`).
 * Ctrl-C (SIGINT or SIGTERM, to the process group or to the pid of `npm start`, whose script
 * `exec`s node so that nothing stands between npm and node) closes everything and keeps the data.
 * Not a rule: local infrastructure.
 *
 * `startLocal(options)` does it programmatically (the tests); run as a script, it reads `config`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppDeps, Emit, SweepReport } from '../app/index.ts';
import type { DiscordSettings } from '../platforms/discord/config.ts';
import type { DiceSource } from '../dice/index.ts';
import { connect as connectDiscord, createDiscordIngress, discordMessenger, type DiscordIngress } from '../platforms/discord/index.ts';
import { connect as connectTelegram, createChatPacer, NO_PACE, setCommandMenus, type TelegramParts, type TelegramWebhook } from '../platforms/telegram/index.ts';
import { connectDynamoDb, createTable, DynamoGameStore, type DynamoDbSettings, type GameStore } from '../store/index.ts';
import { PLATFORMS } from '../platforms/index.ts';
import { emfMetrics } from '../platforms/shared/metrics.ts';
import { noteDynamoDb } from '../platforms/shared/observe.ts';
import { wire, type Wired } from '../wiring.ts';
import { useLocalButtonKey } from './button-key.ts';
import { startEmbeddedDatabase, DataDirBusyError } from './database.ts';
import { closeServer, createLocalServer, listen, PortBusyError, type Handlers } from './http.ts';
import { readableLog, type LineSink } from './log.ts';
import { startDiscordGateway } from './discord-gateway.ts';
import { startDiscordChannel } from './discord-channel.ts';
import { startVkChat, type LocalVkChat } from './vk-chat.ts';
import { startPolling } from './polling.ts';
import { playgroundApi } from './playground/api.ts';
import { keepChats } from './playground/chat-archive.ts';
import { PlaygroundPeople } from './playground/people.ts';
import { startTelegramApi, type TelegramApi, type TgUpdate } from './telegram-api/index.ts';

export { DataDirBusyError } from './database.ts';
export { PortBusyError } from './http.ts';

/** The local bot: a fixed identity (the stand-in accepts any token), a fresh webhook secret per run. */
export const LOCAL_BOT = { id: 1000, username: 'nardy_bot', first_name: 'Nardy' };
const LOCAL_TOKEN = `${LOCAL_BOT.id}:local-playground`;

export type LocalOptions = {
  /** The HTTP port (0: any free one); default 3000. */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** Where the embedded database and the playground's users and chats live; default `./.data`. */
  dataDir?: string;
  /** A DynamoDB to use instead of the embedded one. */
  dynamodb?: DynamoDbSettings;
  tableName?: string;
  /** Where log lines go; default stdout. */
  log?: LineSink;
  dice?: DiceSource;
  /** New matches' server seeds (src/dice/fair.ts); default random ones unless `dice` is given. */
  serverSeed?: () => string;
  now?: () => number;
  /** A real bot to run by long polling as well (`TELEGRAM_BOT_TOKEN`), against `apiRoot`. */
  polling?: { token: string; botId: number; botUsername: string; apiRoot: string };
  /** A Discord application: `POST /discord` with `publicKey`; the gateway client with `gateway`. */
  discord?: { applicationId: string; botToken: string; apiRoot: string; publicKey?: string; gateway: boolean };
  /** How often the scheduler sweeps, in ms; default 60 000 (as deployed); 0: only by `sweep()`. */
  sweepEveryMs?: number;
  /** `BUTTON_TOKEN_KEY`; unset, a real bot (`polling`, `discord`) gets a key kept in `dataDir` (`button-key.ts`). */
  buttonTokenKey?: string;
  /** Keeps the playground's Telegram chats in `dataDir` across restarts (`playground/chat-archive.ts`); default true, when the games are kept. */
  keepChats?: boolean;
};

/** A running local process. */
export type LocalProcess = {
  /** `http://HOST:PORT` of the playground and `POST /telegram`. */
  readonly url: string;
  readonly port: number;
  /** The secret `POST /telegram` requires in `X-Telegram-Bot-Api-Secret-Token`. */
  readonly webhookSecret: string;
  /** Whether games outlive the process (false: the embedded database fell back to memory). */
  readonly persistent: boolean;
  readonly store: GameStore;
  readonly telegram: TelegramApi;
  /** The VK conversation: its stand-in and the events it sends to `POST /vk`. */
  readonly vk: LocalVkChat;
  /** Runs one scheduler sweep now (the timer runs them every `sweepEveryMs` anyway). */
  sweep(): Promise<SweepReport>;
  /** Closes the servers and the database (its data stays on disk). */
  close(): Promise<void>;
};

/**
 * Starts everything; on a failure closes what had started and rethrows (`PortBusyError` for a busy
 * port, `DataDirBusyError` when another process holds the data folder).
 */
export async function startLocal(options: LocalOptions = {}): Promise<LocalProcess> {
  const sink = options.log ?? ((line: string) => console.log(line));
  const dataDir = resolve(options.dataDir ?? '.data');
  const closers: (() => Promise<unknown>)[] = [];
  // The HTTP server (first in) closes first, so no request reaches a closed database; then the rest, last in first out.
  const closeAll = async () => {
    const [first, ...rest] = closers.splice(0);
    for (const close of [first, ...rest.reverse()].filter((c) => c !== undefined)) await close().catch((error: unknown) => sink(`while closing: ${String(error)}`));
  };
  let handlers: Handlers | undefined;
  try {
    const server = createLocalServer(() => handlers, (error) => sink(`ERROR ${error instanceof Error ? error.stack : String(error)}`));
    const host = options.host ?? '127.0.0.1';
    const port = await listen(server, options.port ?? 3000, host);
    closers.push(() => closeServer(server));
    await mkdir(dataDir, { recursive: true });
    sink(await useLocalButtonKey({
      ...(options.buttonTokenKey === undefined ? {} : { configured: options.buttonTokenKey }),
      realBot: options.polling !== undefined || options.discord !== undefined, dataDir,
    }));
    const { settings, persistent } = await database(options, dataDir, sink, closers);
    // Each DynamoDB attempt is counted on the update it serves, as deployed (docs/operate.md).
    const db = connectDynamoDb(settings, noteDynamoDb);
    closers.push(async () => db.destroy());
    const tableName = options.tableName ?? 'nardy';
    await createTable(db, tableName, { pollMs: 50, timeoutMs: 30_000 });
    const store = new DynamoGameStore(db, tableName);

    const telegram = await startTelegramApi({ token: LOCAL_TOKEN, bot: LOCAL_BOT });
    closers.push(() => telegram.close());
    const people = await PlaygroundPeople.load(telegram, dataDir);
    // The chats as they were when the last run stopped, while its games are kept (not with a database in memory).
    if (persistent && options.keepChats !== false) {
      const chats = await keepChats(telegram, dataDir, sink);
      closers.push(() => chats.close());
    }

    // The composition root (src/wiring.ts) builds the app with its messengers, as in the cloud: the
    // stand-in's bot (or the real one, when it polls) for Telegram, the local channel's application
    // (beside the real one, when configured) for Discord.
    let wired: Wired | undefined;
    const app = (): AppDeps => wired!.app;
    const standIn = standInBot(telegram, sink);
    const polled = options.polling === undefined ? undefined : realBotParts(options.polling, sink);
    const real = options.discord === undefined ? undefined : await discordBot(options.discord, app, sink, closers);
    const channel = await startDiscordChannel({ app, log: sink, real: real?.ingress, host, port });
    closers.push(channel.close);
    const vk = await startVkChat({ host, port, log: sink });
    closers.push(vk.close);
    vk.meet(people.users);
    const schedulerLog = readableLog((line) => sink(`${line} (scheduler)`), () => undefined);
    wired = await wire({
      // The same metrics lines as deployed (CloudWatch's embedded metric format), in this log (docs/operate.md).
      store, warm: true, log: schedulerLog, logSweeps: false, metrics: emfMetrics({ write: sink }),
      ...(options.now === undefined ? {} : { now: options.now }), ...(options.dice === undefined ? {} : { dice: options.dice }),
      ...(options.serverSeed === undefined ? {} : { serverSeed: options.serverSeed }),
      // The scheduler writes through the real bot when one runs, else through the stand-in.
      platforms: { telegram: polled?.parts ?? standIn.parts, vk: vk.parts },
      messengers: { discord: discordMessenger(undefined, channel.emit(real?.emit)) },
    }, PLATFORMS);
    // The bot that is not the registry's has its own webhook, its app naming it as the Telegram messenger.
    const webhookOf = (parts: TelegramParts): TelegramWebhook => {
      const own = connectTelegram(parts, () => ({ ...app(), messengers: { ...app().messengers, telegram: own.messenger } }));
      return own.webhook!;
    };
    const standInWebhook = polled ? webhookOf(standIn.parts) : wired.connected.telegram!.webhook!;
    if (polled) closers.push(polled.start(wired.connected.telegram!.webhook!));
    const deliver = standIn.deliver(standInWebhook);
    handlers = { webhook: standInWebhook, api: playgroundApi(telegram, people, deliver, channel, vk), discord: channel.ingress, vk: vk.ingress(wired.connected.vk!.callback!) };
    const scheduler = startScheduler(wired, options, sink);
    closers.push(scheduler.stop);
    const webhookSecret = standIn.parts.webhookSecret!;
    const url = `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`;
    return { url, port, webhookSecret, persistent, store, telegram, vk, sweep: scheduler.sweepNow, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** The stand-in's bot (a fresh webhook secret per run), and in-process delivery to its webhook that names each update for the log. */
function standInBot(telegram: TelegramApi, sink: LineSink) {
  const descriptions = new Map<number, string>();
  const parts: TelegramParts = {
    token: LOCAL_TOKEN, bot: LOCAL_BOT, apiRoot: telegram.apiRoot, webhookSecret: randomBytes(18).toString('base64url'), pace: NO_PACE,
    log: readableLog(sink, (id) => descriptions.get(id)),
  };
  const deliver = (webhook: TelegramWebhook) => async (update: TgUpdate, description: string): Promise<number> => {
    descriptions.set(update.update_id, description);
    try {
      const answer = await webhook({ headers: { 'x-telegram-bot-api-secret-token': parts.webhookSecret }, body: JSON.stringify(update) });
      return answer.status;
    } finally {
      descriptions.delete(update.update_id);
    }
  };
  return { parts, deliver };
}

/** The real bot by long polling: its own webhook (real token, paced), fed by `getUpdates`; `start` returns its closer. */
function realBotParts(bot: NonNullable<LocalOptions['polling']>, sink: LineSink) {
  const parts: TelegramParts = {
    token: bot.token, bot: { id: bot.botId, username: bot.botUsername }, apiRoot: bot.apiRoot, webhookSecret: randomBytes(18).toString('base64url'),
    pace: createChatPacer(), log: readableLog((line) => sink(`${line} (Telegram)`), () => undefined),
  };
  const start = (webhook: TelegramWebhook): (() => Promise<void>) => {
    const poller = startPolling({ token: bot.token, apiRoot: bot.apiRoot, webhook, secret: parts.webhookSecret!, log: sink });
    sink(`Telegram: polling as @${bot.botUsername}`);
    // The command menu, as a deploy sets it (tools/telegram/set-commands.ts): the bot is usable without it, so a failure only warns.
    // Stopping waits for it, so no call is left in flight when the process closes its servers.
    const menus = setCommandMenus({ token: bot.token, apiRoot: bot.apiRoot }).then(
      (n) => sink(`Telegram: set ${n} command menus`),
      (error: unknown) => sink(`WARNING Telegram: the command menu was not set: ${String(error)}`),
    );
    return async () => {
      await poller.stop();
      await menus;
    };
  };
  return { parts, start };
}

/** The real Discord application on the same store: the endpoint's ingress (with a public key) and the gateway client (when asked). */
async function discordBot(discord: NonNullable<LocalOptions['discord']>, app: () => AppDeps, sink: LineSink, closers: (() => Promise<unknown>)[]): Promise<{ ingress?: DiscordIngress; emit: Emit }> {
  const { work, client, messenger } = connectDiscord({ ...discord, log: readableLog((line) => sink(`${line} (Discord)`), () => undefined) }, app);
  if (discord.gateway) {
    const gateway = await startDiscordGateway(discord.botToken, { apiRoot: discord.apiRoot, rest: client, work, log: sink });
    closers.push(() => gateway.stop());
  }
  const emit = messenger.unprompted!;
  return discord.publicKey === undefined ? { emit } : { ingress: createDiscordIngress({ publicKey: discord.publicKey, work }), emit };
}

/**
 * The scheduler (functions/scheduler.ts in the cloud) on a timer: it writes through the real bot
 * when one runs, else through the stand-in, so the playground shows reminders and results arriving.
 * Sweeps never overlap here; stopping waits for the one in flight.
 */
function startScheduler(wired: Wired, options: LocalOptions, sink: LineSink) {
  let running: Promise<SweepReport> | undefined;
  const sweepNow = async (): Promise<SweepReport> => {
    while (running) await running.catch(() => undefined);
    running = wired.sweep();
    try {
      const report = await running;
      const done = Object.entries(report).filter(([key, n]) => key !== 'due' && n > 0).map(([key, n]) => `${key} ${n}`);
      if (done.length > 0) sink(`scheduler: ${report.due} due — ${done.join(', ')}`);
      return report;
    } finally {
      running = undefined;
    }
  };
  const every = options.sweepEveryMs ?? 60_000;
  const timer = every > 0 ? setInterval(() => void sweepNow().catch((error: unknown) => sink(`ERROR scheduler: ${String(error)}`)), every) : undefined;
  const stop = async () => {
    clearInterval(timer);
    await running?.catch(() => undefined);
  };
  return { sweepNow, stop };
}

/** The embedded database (closed with the rest), or the one `options.dynamodb` names. */
async function database(options: LocalOptions, dataDir: string, sink: LineSink, closers: (() => Promise<unknown>)[]) {
  if (options.dynamodb !== undefined) {
    sink(`database: ${options.dynamodb.endpoint ?? `AWS DynamoDB in ${options.dynamodb.region}`} (DYNAMODB_ENDPOINT)`);
    return { settings: options.dynamodb, persistent: true };
  }
  const embedded = await startEmbeddedDatabase(dataDir);
  closers.push(() => embedded.close());
  if (embedded.warning !== undefined) sink(`WARNING ${embedded.warning}`);
  else sink(`database: embedded dynalite, data kept in ${dataDir}/dynamodb`);
  const settings: DynamoDbSettings = { region: 'local', endpoint: embedded.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  return { settings, persistent: embedded.persistent };
}

/**
 * The Discord application `npm start` runs, from the configuration: with a public key it serves
 * `POST /discord` (behind a tunnel) and logs in to the gateway only when `DISCORD_GATEWAY=on`, so
 * the endpoint works where the gateway cannot (a stand-in API, a firewall); without a public key
 * the gateway is the only way in, so it is on unless `DISCORD_GATEWAY=off`.
 */
export function localDiscord(dc: DiscordSettings | undefined): LocalOptions['discord'] {
  if (dc?.botToken === undefined || dc.applicationId === undefined) return undefined;
  const gateway = dc.gateway ?? dc.publicKey === undefined;
  return { applicationId: dc.applicationId, botToken: dc.botToken, apiRoot: dc.apiRoot, gateway, ...(dc.publicKey === undefined ? {} : { publicKey: dc.publicKey }) };
}

/** The script: configuration from the environment, a banner, Ctrl-C handling; exit 1 on a start failure. */
async function main(): Promise<void> {
  const { config } = await import('../config.ts');
  const dynamodb = config.dynamodb.endpoint === undefined ? undefined : config.dynamodb;
  const tg = config.telegram;
  const polling = tg?.botToken !== undefined && tg.botUsername !== undefined && tg.botId !== undefined
    ? { token: tg.botToken, botId: tg.botId, botUsername: tg.botUsername, apiRoot: tg.apiRoot } : undefined;
  if (tg?.botToken !== undefined && polling === undefined) console.log('TELEGRAM_BOT_TOKEN is set but TELEGRAM_BOT_USERNAME is not: the real bot is not started.');
  const dc = config.discord;
  const discord = localDiscord(dc);
  if (dc?.botToken !== undefined && discord === undefined) console.log('DISCORD_BOT_TOKEN is set but DISCORD_APPLICATION_ID is not: the Discord bot is not started.');
  if (discord !== undefined && !discord.gateway && discord.publicKey === undefined) console.log('DISCORD_GATEWAY=off and no DISCORD_PUBLIC_KEY: the Discord bot receives no interactions, it only sends.');
  // The signal handlers come first: one registered only after the start (seconds on a busy
  // machine) leaves a Ctrl-C during the start to the default, an exit without closing the data.
  let local: LocalProcess | undefined;
  let stopping = false;
  let firstSignalAt = 0;
  const close = (running: LocalProcess) => running.close().then(() => {
    console.log(running.persistent ? 'Stopped; the games are kept in .data/.' : 'Stopped.');
    process.exit(0);
  }, (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
  // A second signal forces the exit, unless it is the first one again: Ctrl-C in a terminal reaches
  // node twice, from the terminal and from npm, which forwards what it gets to its script.
  const stop = (signal: string) => {
    if (stopping) {
      if (Date.now() - firstSignalAt > 1000) process.exit(1);
      return;
    }
    stopping = true;
    firstSignalAt = Date.now();
    console.log(`\n${signal}: shutting down…`);
    if (local !== undefined) void close(local);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  try {
    local = await startLocal({
      sweepEveryMs: (config.sweepEverySeconds ?? 60) * 1000,
      port: config.port ?? 3000, tableName: config.tableName, ...(config.buttonTokenKey === undefined ? {} : { buttonTokenKey: config.buttonTokenKey }), ...(dynamodb === undefined ? {} : { dynamodb }), ...(polling === undefined ? {} : { polling }), ...(discord === undefined ? {} : { discord }),
    });
  } catch (error) {
    console.error(error instanceof PortBusyError || error instanceof DataDirBusyError ? `Cannot start: ${error.message}` : error);
    process.exit(1);
  }
  console.log(`\nNardy is running. Open ${local.url}/ in a browser to play (Ctrl-C to stop).`);
  console.log(`The Telegram webhook is at POST ${local.url}/telegram (secret header: ${local.webhookSecret}).`);
  if (discord?.publicKey !== undefined) console.log(`The Discord interactions endpoint is at POST ${local.url}/discord${discord.gateway ? '' : ' (no gateway: DISCORD_GATEWAY=on to log in to it as well)'}.`);
  if (discord?.gateway === true) console.log('Discord: logged in to the gateway.');
  console.log('');
  // A signal during the start: it is closed now that it has started.
  if (stopping) void close(local);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
