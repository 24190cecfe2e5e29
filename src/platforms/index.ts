/**
 * The messenger registry: one line per messenger, each with its configuration (light: read by
 * `src/config.ts` in every process) and its module, loaded only when a process wires it (a Lambda
 * of one messenger never loads the other's libraries). A messenger is one folder here whose
 * `config.ts` says what it reads from the environment (`MessengerConfig`, shared/config.ts) and
 * whose `index.ts` exports `connect(parts, app)`, returning its `Messenger` (src/app/ports.ts) and
 * its edge. docs/architecture.md, "Adding a messenger", lists the rest.
 */
import { DISCORD_CONFIG } from './discord/config.ts';
import { TELEGRAM_CONFIG } from './telegram/config.ts';
import { VK_CONFIG } from './vk/config.ts';

export const MESSENGERS = {
  telegram: { config: TELEGRAM_CONFIG, load: () => import('./telegram/index.ts') },
  discord: { config: DISCORD_CONFIG, load: () => import('./discord/index.ts') },
  vk: { config: VK_CONFIG, load: () => import('./vk/index.ts') },
} as const;

export type PlatformName = keyof typeof MESSENGERS;

/** Every messenger's module loader, by name: what a process that wires them all (the scheduler, `npm start`) loads from. */
export const PLATFORMS = Object.fromEntries(Object.entries(MESSENGERS).map(([name, entry]) => [name, entry.load])) as {
  readonly [K in PlatformName]: (typeof MESSENGERS)[K]['load'];
};

/** Every messenger's configuration, by name. */
export const CONFIGS = Object.fromEntries(Object.entries(MESSENGERS).map(([name, entry]) => [name, entry.config])) as {
  readonly [K in PlatformName]: (typeof MESSENGERS)[K]['config'];
};

/** The settings messenger `K` reads from the environment. */
export type SettingsOf<K extends PlatformName> = NonNullable<ReturnType<(typeof CONFIGS)[K]['read']>>;
