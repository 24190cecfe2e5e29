/**
 * AWS Lambda (Function URL / HTTP API v2): the Telegram webhook. Wiring only (src/wiring.ts): the
 * store, dice, bot and renderer are built once per sandbox, at INIT; each event is adapted and handed on.
 */
import { config } from '../src/config.ts';
import { lambdaWebhook } from '../src/platforms/telegram/lambda.ts';
import { wireFromConfig } from '../src/wiring.ts';

const wired = await wireFromConfig(config, { telegram: 'webhook', warm: true }, { telegram: () => import('../src/platforms/telegram/index.ts') });

export const handler = lambdaWebhook(wired.connected.telegram!.webhook!);
