/**
 * AWS Lambda (Function URL, response streaming): the Discord interactions endpoint. Wiring only
 * (src/wiring.ts): INIT runs the configuration and the signature check, nothing else; the bot
 * token (Parameter Store, src/secrets.ts) and the rest are wired on the first interaction, after
 * its acknowledgement is sent (src/platforms/discord/lambda.ts).
 */
import { config, deployedConfig } from '../src/config.ts';
import { requireDiscordPublicKey } from '../src/platforms/discord/config.ts';
import { createDiscordIngress, type InteractionWork } from '../src/platforms/discord/ingress.ts';
import { streamingHandler } from '../src/platforms/discord/lambda.ts';
import { wireOnFirstUse } from '../src/wiring.ts';

const withSecrets = async () => deployedConfig((await import('../src/secrets.ts')).readParameters);
const wired = wireOnFirstUse(withSecrets, { discord: 'receive' }, { discord: () => import('../src/platforms/discord/index.ts') });
const work: InteractionWork = async (interaction) => (await wired()).connected.discord!.work(interaction);

export const handler = streamingHandler(createDiscordIngress({ publicKey: requireDiscordPublicKey(config), work }));
