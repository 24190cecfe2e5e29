/**
 * The messengers' configurations, one line each: light (what each reads from the environment,
 * `MessengerConfig`), read by `src/config.ts` and the wiring in every process. Apart from the
 * modules' loaders (`index.ts`) so that a Lambda of one messenger, which imports this, bundles no
 * other messenger's code or libraries (`tests/functions/bundles.test.ts`).
 */
import { DISCORD_CONFIG } from './discord/config.ts';
import { TELEGRAM_CONFIG } from './telegram/config.ts';
import { VK_CONFIG } from './vk/config.ts';

export const CONFIGS = {
  telegram: TELEGRAM_CONFIG,
  discord: DISCORD_CONFIG,
  vk: VK_CONFIG,
} as const;

export type PlatformName = keyof typeof CONFIGS;

/** The settings messenger `K` reads from the environment. */
export type SettingsOf<K extends PlatformName> = NonNullable<ReturnType<(typeof CONFIGS)[K]['read']>>;
