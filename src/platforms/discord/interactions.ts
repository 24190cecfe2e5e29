/**
 * The Discord interactions' second half: the work after the acknowledgement (`ingress.ts`), the
 * same for the HTTP endpoint and the gateway. An interaction becomes an intent (`parse.ts`), the
 * app handles it (the interaction id is its update key: a duplicate is applied once), and its
 * effects go out through the interaction's token (`send.ts`).
 *
 * The boundary (`shared/boundary.ts`): the app answers deterministic problems itself (a toast, a
 * text). Anything thrown — or no answer before the deadline — is logged (a bug with its stack) and
 * the user gets a polite "something went wrong" in place of the "thinking…" (`emit.fail`): Discord
 * never redelivers an interaction, so there is nothing a retry status could achieve — the user
 * presses again.
 */
import { Routes, type APIInteraction } from 'discord-api-types/v10';
import { handleIntent, type AppDeps } from '../../app/index.ts';
import { t, pickLang } from '../../i18n/index.ts';
import { errorFields, judge } from '../shared/boundary.ts';
import { countUnit, inUnit, phase, unitFields } from '../shared/observe.ts';
import { markMention } from './content.ts';
import { acknowledgement, type InteractionWork } from './ingress.ts';
import { parseInteraction } from './parse.ts';
import { discordInteractionEmit, type DiscordClient } from './send.ts';

/**
 * Returns how a player is named so that Discord notifies them: a user mention, as a mark that only
 * this messenger's emitter turns into one (`content.ts`), so no name in the same text can.
 */
export function discordMention(player: { readonly id: string; readonly name: string }): string {
  return /^discord:\d+$/.test(player.id) ? markMention(player.id.slice('discord:'.length)) : player.name;
}

/**
 * How long the work may run before the user is told it failed: inside the Discord function's
 * 30-second timeout, so a store that never answers cannot leave "thinking…" behind when the
 * invocation is cut off. The work goes on; a late result arrives as a follow-up.
 */
const DEADLINE_MS = 25_000;

/** Returns the work of an interaction: parse, run the app, answer through the interaction's token; never throws. */
export function answerInteractions(app: AppDeps, client: DiscordClient, options: { readonly deadlineMs?: number } = {}): InteractionWork {
  // Each interaction is one unit of work (shared/observe.ts): its log line and its metrics (docs/operate.md).
  return (interaction) => inUnit(async (unit) => {
    const started = Date.now();
    const emit = discordInteractionEmit(client, interaction);
    let fields: Record<string, unknown> = { interaction: interaction.id };
    let told: Promise<void> | undefined;
    let failure: string | undefined;
    const fail = (outcome: string, error: unknown) => {
      failure ??= outcome === 'timed out' ? 'timeout' : judge(error);
      client.log({ level: 'error', event: 'discord-interaction', ...fields, outcome, ...errorFields(error), ...unitFields(unit) });
      told ??= emit.fail(t(pickLang('locale' in interaction ? interaction.locale : undefined), 'error.generic'));
      return told;
    };
    const deadline = setTimeout(() => void fail('timed out', new Error(`no answer within ${options.deadlineMs ?? DEADLINE_MS} ms`)), options.deadlineMs ?? DEADLINE_MS);
    try {
      const intent = parseInteraction(interaction);
      fields = { ...fields, intent: intent?.kind ?? 'ignored', chat: intent?.chat.chatId, user: intent?.from.id };
      if (intent !== undefined) await phase('app', () => handleIntent(app, intent, emit));
      client.log({ level: 'info', event: 'discord-interaction', ...fields, outcome: 'ok', ms: Date.now() - started, ...unitFields(unit) });
    } catch (error) {
      await fail('failed', error);
    } finally {
      clearTimeout(deadline);
      await told;
      await phase('finish', () => emit.finish());
      // Errors by kind: `retry` (the world failed: the user is asked to press again), `bug`, `timeout` (no answer within the deadline).
      const metrics = app.metrics;
      if (metrics !== undefined) {
        metrics.time('AnswerLatency', Date.now() - started, { Platform: 'discord' });
        if (failure !== undefined) metrics.count('Errors', 1, { Platform: 'discord', Kind: failure });
        countUnit(metrics, unit, 'discord');
        metrics.flush?.();
      }
    }
  });
}

/** A gateway dispatch as `discord.js` hands it over raw (`Events.Raw`). */
export interface GatewayPacket {
  readonly t?: string | null;
  readonly d?: unknown;
}

/**
 * Returns the listener for raw gateway packets (the self-hosted process with a bot token and no
 * public endpoint): an `INTERACTION_CREATE` is acknowledged through the callback endpoint — there
 * is no HTTP response to carry it — with the same deferral the endpoint would answer, then the same
 * work runs. Other packets are ignored.
 */
export function gatewayInteractions(client: DiscordClient, work: InteractionWork): (packet: GatewayPacket) => Promise<void> {
  return async (packet) => {
    if (packet.t !== 'INTERACTION_CREATE') return;
    const interaction = packet.d as APIInteraction;
    const ack = acknowledgement(interaction);
    if (ack === undefined || ack.type === 1) return;
    try {
      await client.api.rest.post(Routes.interactionCallback(interaction.id, interaction.token), { body: ack, auth: false });
    } catch (error) {
      return void client.log({ level: 'warn', event: 'discord-ack-failed', interaction: interaction.id, error: String(error) });
    }
    await work(interaction);
  };
}
