/**
 * The Discord bot for `npm start` with `DISCORD_BOT_TOKEN` set and no public interactions
 * endpoint: the full `discord.js` client holds the gateway connection, and each raw
 * `INTERACTION_CREATE` goes to the same acknowledgement and work as the Lambda endpoint's
 * (`gatewayInteractions`). No public URL needed, as with Telegram's long polling.
 * Not a rule: local infrastructure.
 */
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { gatewayInteractions, type DiscordClient, type InteractionWork } from '../platforms/discord/index.ts';
import type { LineSink } from './log.ts';

export interface DiscordGateway {
  /** The discord.js client (tests feed it recorded packets with `emit(Events.Raw, …)`). */
  readonly client: Client;
  /** Resolves when every packet received so far has been handled. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** Returns the gateway client with the interactions listener attached; `login` connects it. */
export function discordGateway(options: { apiRoot: string; rest: DiscordClient; work: InteractionWork; log: LineSink }): DiscordGateway {
  // Interactions arrive without any privileged intent; Guilds keeps the channel cache discord.js expects.
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: options.apiRoot } });
  const onPacket = gatewayInteractions(options.rest, options.work);
  const inFlight = new Set<Promise<void>>();
  client.on(Events.Raw, (packet: { t?: string | null; d?: unknown }) => {
    const handled = onPacket(packet).catch((error: unknown) => options.log(`Discord gateway: ${String(error)}`));
    inFlight.add(handled);
    void handled.finally(() => inFlight.delete(handled));
  });
  client.once(Events.ClientReady, (ready) => options.log(`Discord: connected to the gateway as ${ready.user.tag}`));
  return {
    client,
    settled: async () => void (await Promise.all([...inFlight])),
    stop: async () => {
      await Promise.all([...inFlight]);
      await client.destroy();
    },
  };
}

/** Starts the gateway client with the bot token. */
export async function startDiscordGateway(token: string, options: Parameters<typeof discordGateway>[0]): Promise<DiscordGateway> {
  const gateway = discordGateway(options);
  await gateway.client.login(token);
  return gateway;
}
