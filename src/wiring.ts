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
import type { Config } from './config.ts';
import type { DiceSource } from './dice/index.ts';
import { CONFIGS, type PlatformName } from './platforms/configs.ts';
import type { PLATFORMS } from './platforms/index.ts';
import type { MessengerConfig, Role } from './platforms/shared/config.ts';
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
  // Imported here, not at the top: an endpoint that answers at INIT (`wireOnFirstUse`) loads this module and must stay light.
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
 * The key of inline challenges' tickets (`AppDeps.ticketKey`): drawn from the first wired
 * messenger's ticket secret (its bot's token, the one secret every function of a deployment
 * shares), so no new variable is needed; a new token voids the tickets of results offered before
 * it (at most a day's worth of open inline challenges).
 */
function ticketKeyOf(parts: WiringParts): { ticketKey?: string } {
  for (const name of Object.keys(parts.platforms) as PlatformName[]) {
    const own = parts.platforms[name];
    const secret = own === undefined ? undefined : configOf(name).ticketSecret?.(own);
    if (secret !== undefined) return { ticketKey: createHash('sha256').update(`nardy inline tickets\n${secret}`).digest('base64url') };
  }
  return {};
}

/** A messenger's configuration, its types forgotten: the wiring only hands its parts on. */
const configOf = (name: PlatformName) => CONFIGS[name] as MessengerConfig<unknown, unknown>;

/** Which messengers a deployed function speaks, and how (`Role`); `warm`: start loading the renderer at INIT. */
export type Roles = { readonly [K in PlatformName]?: Role } & { readonly warm?: boolean };

/** The parts of the messengers `roles` names, from the configuration (a missing variable is a `ConfigError`). */
export function platformsFromConfig(config: Config, roles: Roles): WiringParts['platforms'] {
  const platforms: Record<string, unknown> = {};
  for (const name of Object.keys(CONFIGS) as PlatformName[]) {
    const role = roles[name];
    if (role !== undefined) platforms[name] = configOf(name).parts(config[name], role);
  }
  return platforms as WiringParts['platforms'];
}

/** The scheduler's roles: every messenger whose variables are set, to write to. Throws when there is none. */
export function senderRoles(config: Config): Roles {
  const configured = (Object.keys(CONFIGS) as PlatformName[]).filter((name) => config[name] !== undefined);
  if (configured.length === 0) throw new Error(`the scheduler needs ${Object.values(CONFIGS).map((c) => c.variables).join(' or ')} variables: it has nobody to write to`);
  return { ...Object.fromEntries(configured.map((name) => [name, 'send'])), warm: true };
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
 * A deployed function wired on its first use, not at INIT (an endpoint that must answer within
 * seconds of a cold start): the configuration with its secrets (`withSecrets`, from
 * Parameter Store), the store, the engine, the renderer and the clients come then, and are kept
 * for the warm invocations. A failed wiring (Parameter Store or DynamoDB unreachable for a moment)
 * is tried again on the next use, instead of failing every use of this sandbox.
 */
export function wireOnFirstUse(withSecrets: () => Promise<Config>, roles: Roles, loaders: Loaders): () => Promise<Wired> {
  let wired: Promise<Wired> | undefined;
  return () => (wired ??= withSecrets().then((config) => wireFromConfig(config, roles, loaders)).catch((error: unknown) => {
    wired = undefined;
    throw error;
  }));
}
