/**
 * AWS Lambda (Function URL, response streaming): the Discord interactions endpoint. Wiring only
 * (STYLE.md §13). INIT runs the configuration and the signature check, nothing else; the store,
 * engine, renderer (sharp) and REST client are imported on the first interaction, after its
 * acknowledgement is sent (src/platforms/discord/lambda.ts), and kept for the warm ones.
 */
import { config, requireDiscord } from '../src/config.ts';
import { createDiscordIngress, type InteractionWork } from '../src/platforms/discord/ingress.ts';
import { streamingHandler } from '../src/platforms/discord/lambda.ts';

const discord = requireDiscord(config);

async function loadWork(): Promise<InteractionWork> {
  const [{ answerInteractions, discordClient }, { DynamoGameStore, connectDynamoDb }, { cryptoDice }] = await Promise.all([
    import('../src/platforms/discord/index.ts'), import('../src/store/index.ts'), import('../src/dice/index.ts'),
  ]);
  const store = new DynamoGameStore(connectDynamoDb(config.dynamodb).documents, config.tableName);
  return answerInteractions({ store, now: Date.now, dice: cryptoDice(), botUsername: '' }, discordClient(discord));
}

let work: Promise<InteractionWork> | undefined;
const ingress = createDiscordIngress({ publicKey: discord.publicKey, work: async (interaction) => (await (work ??= loadWork()))(interaction) });

export const handler = streamingHandler(ingress);
