/**
 * AWS Lambda (Function URL, response streaming): the VK Callback API endpoint. Wiring only
 * (src/wiring.ts): INIT reads the configuration and its secrets (Parameter Store, src/secrets.ts)
 * and answers `ok` from then on; the store, engine, renderer and client are wired on the first
 * event, after its `ok` is sent, and kept for the warm ones (src/platforms/vk/lambda.ts).
 */
import { deployedConfig } from '../src/config.ts';
import { createVkCallback, type EventWork } from '../src/platforms/vk/callback.ts';
import { requireVk } from '../src/platforms/vk/config.ts';
import { streamingCallback } from '../src/platforms/vk/lambda.ts';
import { readParameters } from '../src/secrets.ts';
import { wireOnFirstUse } from '../src/wiring.ts';

const config = await deployedConfig(readParameters);
const wired = wireOnFirstUse(async () => config, { vk: 'receive', warm: true }, { vk: () => import('../src/platforms/vk/index.ts') });
const work: EventWork = async (event) => (await wired()).connected.vk!.work(event);

export const handler = streamingCallback(createVkCallback({ ...requireVk(config.vk), work }));
