/**
 * Discord as the app sees it (`Messenger`, src/app/ports.ts) and its edge: the interactions
 * endpoint (acknowledge, then work), the emitters, the slash-command definitions. `ingress.ts` and
 * `lambda.ts` are imported directly by the Lambda so that its cold path loads nothing else.
 */
import type { AppDeps, Emit, Messenger } from '../../app/index.ts';
import type { DiscordApplication } from './config.ts';
import type { InteractionWork } from './ingress.ts';
import { answerInteractions, discordMention } from './interactions.ts';
import { CONTENT_LIMIT, discordBotEmit, discordClient, type DiscordClient, type Log } from './send.ts';

export { NARDY_COMMANDS, registerCommands } from './commands.ts';

export { actionRows, fitGrid, MAX_PER_ROW, MAX_ROWS } from './components.ts';
export { acknowledgement, createDiscordIngress } from './ingress.ts';
export type { DiscordIngress, InteractionAnswer, InteractionRequest, InteractionWork } from './ingress.ts';
export { answerInteractions, discordMention, gatewayInteractions } from './interactions.ts';
export type { GatewayPacket } from './interactions.ts';
export { discordChat, discordUser, parseInteraction } from './parse.ts';
export { classify, discordBotEmit, discordClient, discordDirectChat, discordInteractionEmit, jsonLog } from './send.ts';
export type { DiscordClient, DiscordInteractionEmit, Log, SendFailure } from './send.ts';
export { isSignedByDiscord, discordPublicKey } from './verify.ts';

/** What a Discord application is made of in one process: the application (`config.ts`) and a log. */
export interface DiscordParts extends DiscordApplication {
  readonly log?: Log;
}

/** The messenger of a Discord application: no invite links, the help of `/nardy` subcommands. */
export function discordMessenger(client?: DiscordClient, unprompted: Emit | undefined = client && discordBotEmit(client)): Messenger {
  return {
    platform: 'discord',
    helpKey: 'help.discord',
    whispers: true,
    commandText: (name) => `/nardy ${name}`,
    limits: { buttonsPerRow: 5, rows: 5, caption: CONTENT_LIMIT, text: CONTENT_LIMIT },
    mention: discordMention,
    // A message link needs the guild id, which an interaction's channel does not carry here.
    messageLink: () => undefined,
    ...(unprompted === undefined ? {} : { unprompted }),
  };
}

/** The messenger and the interactions' work of one application; the work runs `app()` (built after every messenger). */
export function connect(parts: DiscordParts, app: () => AppDeps): { messenger: Messenger; work: InteractionWork; client: DiscordClient } {
  const client = discordClient(parts);
  let work: InteractionWork | undefined;
  return { messenger: discordMessenger(client), client, work: (interaction) => (work ??= answerInteractions(app(), client))(interaction) };
}
