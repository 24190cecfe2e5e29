/**
 * AWS Lambda (Function URL, response streaming): the Discord interactions endpoint. Wiring only
 * (src/wiring.ts): INIT runs the configuration and the signature check, nothing else; the bot
 * token (Parameter Store, src/secrets.ts) and the rest are wired on the first interaction, after
 * its acknowledgement is sent (src/platforms/discord/lambda.ts).
 */
import { config, deployedConfig } from '../src/config.ts';
import { streamingHandler } from '../src/platforms/discord/lambda.ts';
import { discordEndpoint } from '../src/wiring.ts';

const withSecrets = async () => deployedConfig((await import('../src/secrets.ts')).readParameters);

export const handler = streamingHandler(discordEndpoint(config, { discord: () => import('../src/platforms/discord/index.ts') }, withSecrets));
