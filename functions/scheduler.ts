/**
 * AWS Lambda (EventBridge schedule, every minute): the scheduler's sweep (src/app/sweep.ts), through
 * every messenger whose variables are set (its secrets from Parameter Store: src/secrets.ts; no
 * webhook secret, it receives nothing). Wiring only (src/wiring.ts). Two invocations at once, or
 * one after a crash, are safe: the sweep claims every notice with a conditional write.
 */
import { deployedConfig } from '../src/config.ts';
import { PLATFORMS } from '../src/platforms/index.ts';
import { readParameters } from '../src/secrets.ts';
import { wireFromConfig } from '../src/wiring.ts';

/** New games are taken on for 40 s, well inside the function's 60 s timeout; the rest wait a minute. */
const SWEEP_BUDGET_MS = 40_000;

const config = await deployedConfig(readParameters);
if (config.telegram === undefined && config.discord === undefined) throw new Error('the scheduler needs TELEGRAM_* or DISCORD_* variables: it has nobody to write to');
const wired = await wireFromConfig(config, { ...(config.telegram ? { telegram: 'send' } : {}), discord: config.discord !== undefined, warm: true }, PLATFORMS);

// One log line and the metrics of each sweep are written by the wiring (docs/operate.md).
export const handler = () => wired.sweep({ stopAt: Date.now() + SWEEP_BUDGET_MS });
