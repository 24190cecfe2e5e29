/**
 * AWS Lambda (EventBridge schedule, every minute): the scheduler's sweep (src/app/sweep.ts), through
 * every messenger whose variables are set (its secrets from Parameter Store: src/secrets.ts; no
 * webhook secret, it receives nothing). Wiring only (src/wiring.ts). Two invocations at once, or
 * one after a crash, are safe: the sweep claims every notice with a conditional write.
 */
import { deployedConfig } from '../src/config.ts';
import { PLATFORMS } from '../src/platforms/index.ts';
import { readParameters } from '../src/secrets.ts';
import { senderRoles, wireFromConfig } from '../src/wiring.ts';

/** New games are taken on for 40 s, well inside the function's 60 s timeout; the rest wait a minute. */
const SWEEP_BUDGET_MS = 40_000;

const config = await deployedConfig(readParameters);
// Every messenger whose variables are set, each through its entry in the registry; none at all is an error.
const wired = await wireFromConfig(config, senderRoles(config), PLATFORMS);

// One log line and the metrics of each sweep are written by the wiring (docs/operate.md).
export const handler = () => wired.sweep({ stopAt: Date.now() + SWEEP_BUDGET_MS });
