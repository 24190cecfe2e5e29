/**
 * AWS Lambda (Function URL / HTTP API v2): the Telegram webhook. Wiring only (src/wiring.ts): the
 * secrets (Parameter Store, src/secrets.ts), store, dice, bot and renderer are read and built once
 * per sandbox, at INIT; each event is adapted and handed on.
 */
import { deployedConfig } from '../src/config.ts';
import { lambdaWebhook } from '../src/platforms/telegram/lambda.ts';
import { readParameters } from '../src/secrets.ts';
import { wireFromConfig } from '../src/wiring.ts';

const config = await deployedConfig(readParameters);
const wired = await wireFromConfig(config, { telegram: 'receive', warm: true }, { telegram: () => import('../src/platforms/telegram/index.ts') });

export const handler = lambdaWebhook(wired.connected.telegram!.webhook!);
