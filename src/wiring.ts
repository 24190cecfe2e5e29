/**
 * The one composition root: configuration → store → dice → renderer → messengers, built once per
 * process. `functions/*.ts` (the Lambdas) and `src/local/main.ts` (`npm start`) call it and only
 * adapt their host's events. The messengers come from loaders: the registry (`src/platforms/index.ts`)
 * for the scheduler and `npm start`, one entry of it for a Lambda of one messenger, so that its
 * bundle holds no other messenger's libraries; the store (its DynamoDB client) and the renderer (sharp)
 * are imported here on first use for the same reason.
 */
import { createHash } from 'node:crypto';
import type { AppDeps, Messenger, Metrics, SweepOptions, SweepReport } from './app/index.ts';
import { requireDiscord, requireDiscordPublicKey, requireTelegram, requireTelegramSender, type Config } from './config.ts';
import type { DiceSource } from './dice/index.ts';
import type { PLATFORMS, PlatformName } from './platforms/index.ts';
import { createDiscordIngress, type DiscordIngress, type InteractionWork } from './platforms/discord/ingress.ts';
import type { Log } from './platforms/shared/log.ts';
import type { GameStore } from './store/index.ts';

type Module<K extends PlatformName> = Awaited<ReturnType<(typeof PLATFORMS)[K]>>;
/** Where the messengers' modules come from: the registry, or the part of it a process needs. */
export type Loaders = { readonly [K in PlatformName]?: (typeof PLATFORMS)[K] };
/** What messenger `K` is built from (its `connect`'s first argument). */
export type PartsOf<K extends PlatformName> = Parameters<Module<K>['connect']>[0];
/** What connecting messenger `K` gives: its `Messenger` and its edge. */
export type Connected<K extends PlatformName> = ReturnType<Module<K>['connect']>;

/** What a process is built from. */
export interface WiringParts {
  readonly store: GameStore;
  readonly now?: () => number;
  /** Fixed dice (tests): new matches then roll with them, uncommitted, unless `serverSeed` is given too. */
  readonly dice?: DiceSource;
  /** New matches' secret server seeds (src/dice/fair.ts); default random ones, unless `dice` is given. */
  readonly serverSeed?: () => string;
  /** The messengers to wire, each with its parts. */
  readonly platforms: { readonly [K in PlatformName]?: PartsOf<K> };
  /** Messengers the caller built itself (the local process's stand-ins), added to the registry as they are. */
  readonly messengers?: Readonly<Record<string, Messenger>>;
  /** The scheduler's log; default one JSON line per entry. */
  readonly log?: Log;
  /** Whether each sweep writes its log line (what it did, its time, cold start, DynamoDB calls); default yes. `npm start` prints its own. */
  readonly logSweeps?: boolean;
  /** Where the operator's figures go (src/platforms/shared/metrics.ts: EMF lines); none counted when absent. */
  readonly metrics?: Metrics;
  /** Start loading the renderer now (Lambda INIT, `npm start`), so the first picture does not wait for all of it. */
  readonly warm?: boolean;
}

/** A wired process. */
export interface Wired {
  /** The app, its registry holding every wired messenger. */
  readonly app: AppDeps;
  /** Each wired messenger's connection (its edge: webhook, interactions' work, clients). */
  readonly connected: { readonly [K in PlatformName]?: Connected<K> };
  /** Runs one scheduler sweep now. */
  sweep(options?: SweepOptions): Promise<SweepReport>;
}

/** Builds the app and its messengers from `parts`. */
export async function wire(parts: WiringParts, loaders: Loaders): Promise<Wired> {
  // Imported here, not at the top: the Discord endpoint's INIT loads this module and must stay light.
  const [{ sweep }, { jsonLog }, { countUnit, inUnit, unitFields }, { judge }, dice, serverSeed] = await Promise.all([
    import('./app/index.ts'), import('./platforms/shared/log.ts'), import('./platforms/shared/observe.ts'), import('./platforms/shared/boundary.ts'),
    parts.dice ?? import('./dice/index.ts').then((d) => d.cryptoDice()),
    parts.serverSeed ?? (parts.dice === undefined ? import('./dice/fair.ts').then((f) => f.newServerSeed) : undefined),
  ]);
  const messengers: Record<string, Messenger> = {};
  const connected: Record<string, unknown> = {};
  let app: AppDeps | undefined;
  const appOf = (): AppDeps => {
    if (app === undefined) throw new Error('the app is used before it is wired');
    return app;
  };
  for (const name of Object.keys(parts.platforms) as PlatformName[]) {
    const platformParts = parts.platforms[name];
    const load = loaders[name];
    if (platformParts === undefined) continue;
    if (load === undefined) throw new Error(`messenger ${name} is configured but not loaded by this process`);
    const connect = (await load()).connect as (p: unknown, app: () => AppDeps) => { messenger: Messenger };
    const connection = connect(platformParts, appOf);
    connected[name] = connection;
    messengers[connection.messenger.platform] = connection.messenger;
  }
  app = {
    store: parts.store, now: parts.now ?? Date.now, dice, ...(serverSeed === undefined ? {} : { serverSeed }), messengers: { ...messengers, ...parts.messengers },
    ...ticketKeyOf(parts), ...(parts.metrics === undefined ? {} : { metrics: parts.metrics }),
  };
  // Not awaited: the renderer loads while INIT ends and the first update reads its game.
  if (parts.warm === true) void (await import('./render/index.ts')).warmRenderer();
  const scheduler = { ...app, log: parts.log ?? jsonLog };
  // A sweep is one unit of work (platforms/shared/observe.ts): one log line (what it did, its time,
  // cold start, DynamoDB calls) and its metrics, `Errors` of the scheduler when it throws (docs/operate.md).
  const sweepUnit = (options?: SweepOptions) => inUnit(async (unit) => {
    const started = Date.now();
    try {
      const report = await sweep(scheduler, options);
      if (parts.logSweeps !== false) scheduler.log({ level: 'info', event: 'sweep', ...report, ms: Date.now() - started, ...unitFields(unit) });
      return report;
    } catch (error) {
      parts.metrics?.count('Errors', 1, { Platform: 'scheduler', Kind: judge(error) });
      throw error;
    } finally {
      countUnit(parts.metrics, unit, 'scheduler');
      parts.metrics?.flush?.();
    }
  });
  return { app, connected: connected as Wired['connected'], sweep: sweepUnit };
}

/**
 * The key of inline challenges' tickets (`AppDeps.ticketKey`): drawn from the bot's token, the one
 * secret every function of a deployment shares, so no new variable is needed; a new token voids
 * the tickets of results offered before it (at most a day's worth of open inline challenges).
 */
function ticketKeyOf(parts: WiringParts): { ticketKey?: string } {
  const token = parts.platforms.telegram?.token;
  return token === undefined ? {} : { ticketKey: createHash('sha256').update(`nardy inline tickets\n${token}`).digest('base64url') };
}

/** Which messengers a deployed function speaks, and how: a webhook receives updates, `send` only writes (the scheduler). */
export interface Roles {
  readonly telegram?: 'webhook' | 'send';
  readonly discord?: boolean;
  readonly warm?: boolean;
}

/** The parts of the messengers `roles` names, from the configuration (a missing variable is a `ConfigError`). */
export function platformsFromConfig(config: Config, roles: Roles): WiringParts['platforms'] {
  const telegram = roles.telegram === undefined ? undefined : requireTelegramSender(config);
  const discord = roles.discord ? requireDiscord(config) : undefined;
  return {
    ...(telegram === undefined ? {} : {
      telegram: {
        token: telegram.botToken, bot: { id: telegram.botId, username: telegram.botUsername }, apiRoot: telegram.apiRoot,
        ...(roles.telegram === 'webhook' ? { webhookSecret: requireTelegram(config).webhookSecret } : {}),
      },
    }),
    ...(discord === undefined ? {} : { discord: { applicationId: discord.applicationId, botToken: discord.botToken, apiRoot: discord.apiRoot } }),
  };
}

/** A deployed function's process: the configured DynamoDB table and the messengers `roles` names. */
export async function wireFromConfig(config: Config, roles: Roles, loaders: Loaders): Promise<Wired> {
  const [{ DynamoGameStore, connectDynamoDb }, { noteDynamoDb }, { emfMetrics }] = await Promise.all([
    import('./store/index.ts'), import('./platforms/shared/observe.ts'), import('./platforms/shared/metrics.ts'),
  ]);
  // Every function signs and checks buttons with the one key, or presses on one's boards fail in another.
  if (config.buttonTokenKey !== undefined) (await import('./app/index.ts')).useTokenKey(config.buttonTokenKey);
  // Each DynamoDB attempt is counted on the update it serves; the metrics go to stdout as EMF lines (docs/operate.md).
  const store = new DynamoGameStore(connectDynamoDb(config.dynamodb, noteDynamoDb), config.tableName);
  return wire({ store, platforms: platformsFromConfig(config, roles), warm: roles.warm ?? false, metrics: emfMetrics() }, loaders);
}

/**
 * The Discord interactions endpoint of a deployed function: INIT runs the configuration and the
 * signature check only; the secrets (`withSecrets`: the bot token from Parameter Store), store,
 * engine, renderer and REST client come on the first interaction, after its acknowledgement is
 * sent, and are kept for the warm ones.
 */
export function discordEndpoint(config: Config, loaders: Loaders, withSecrets: () => Promise<Config> = async () => config): DiscordIngress {
  const publicKey = requireDiscordPublicKey(config);
  let work: Promise<InteractionWork> | undefined;
  const load = async () => (await wireFromConfig(await withSecrets(), { discord: true }, loaders)).connected.discord!.work;
  // A failed load (Parameter Store or DynamoDB unreachable for a moment) is tried again by the
  // next interaction, instead of failing every interaction of this sandbox.
  const loaded = () => (work ??= load().catch((error: unknown) => {
    work = undefined;
    throw error;
  }));
  return createDiscordIngress({ publicKey, work: async (interaction) => (await loaded())(interaction) });
}
