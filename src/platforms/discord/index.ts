/**
 * The Discord platform's door: the interactions endpoint (acknowledge, then work), the emitters,
 * the slash-command definitions. `ingress.ts` and `lambda.ts` are imported directly by the Lambda
 * so that its cold path loads nothing else.
 */
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
