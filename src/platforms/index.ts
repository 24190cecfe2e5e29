/**
 * The messenger registry: each messenger's configuration (`configs.ts`, one line) and its module,
 * loaded only when a process wires it (here, one line). A messenger is one folder here whose
 * `config.ts` says what it reads from the environment (`MessengerConfig`, shared/config.ts) and
 * whose `index.ts` exports `connect(parts, app)`, returning its `Messenger` (src/app/ports.ts) and
 * its edge. The loaders are kept apart from the configurations so that only the processes that
 * wire every messenger (the scheduler, `npm start`) bundle them all. docs/architecture.md,
 * "Adding a messenger", lists the rest.
 */
import type { PlatformName } from './configs.ts';

export { CONFIGS, type PlatformName, type SettingsOf } from './configs.ts';

/** Every messenger's module loader, by name: what a process that wires them all (the scheduler, `npm start`) loads from. */
export const PLATFORMS = {
  telegram: () => import('./telegram/index.ts'),
  discord: () => import('./discord/index.ts'),
  vk: () => import('./vk/index.ts'),
} as const satisfies Record<PlatformName, () => Promise<unknown>>;
