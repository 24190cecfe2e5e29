/**
 * AWS Lambda (EventBridge schedule, every minute): the scheduler's sweep (src/app/sweep.ts).
 * Wiring only (STYLE.md §13). Two invocations at once, or one after a crash, are safe: the sweep
 * claims every notice with a conditional write.
 */
import { Telegram } from 'telegraf';
import { sweep, type Emit, type SweepReport } from '../src/app/index.ts';
import { config, requireDiscord, requireTelegram } from '../src/config.ts';
import { cryptoDice } from '../src/dice/index.ts';
import type { ChatPlatform } from '../src/store/index.ts';
import { discordBotEmit, discordClient } from '../src/platforms/discord/index.ts';
import { telegramMessageLink } from '../src/platforms/telegram/links.ts';
import { createChatPacer } from '../src/platforms/telegram/pace.ts';
import { jsonLog, unpromptedEmit } from '../src/platforms/telegram/send.ts';
import { warmRenderer } from '../src/render/index.ts';
import { DynamoGameStore, connectDynamoDb } from '../src/store/index.ts';

/** New games are taken on for 40 s, well inside the function's 60 s timeout; the rest wait a minute. */
const SWEEP_BUDGET_MS = 40_000;

// Each platform whose variables are set gets its emitter; a game of a platform without one is logged by the sweep.
const emitters: Partial<Record<ChatPlatform, Emit>> = {};
if (config.telegram !== undefined) {
  const telegram = requireTelegram(config);
  // The pacer lives as long as the sandbox: consecutive sweeps share each chat's budget.
  emitters.telegram = unpromptedEmit(new Telegram(telegram.botToken, { apiRoot: telegram.apiRoot }), { pace: createChatPacer(), maxRetryWaitMs: 5_000 });
}
if (config.discord !== undefined) emitters.discord = discordBotEmit(discordClient(requireDiscord(config)));
if (Object.keys(emitters).length === 0) throw new Error('the scheduler needs TELEGRAM_* or DISCORD_* variables: it has nobody to write to');
const store = new DynamoGameStore(connectDynamoDb(config.dynamodb).documents, config.tableName);
const deps = { store, now: Date.now, dice: cryptoDice(), emitters, messageLink: telegramMessageLink, log: jsonLog };
await warmRenderer();

export async function handler(): Promise<SweepReport> {
  const report = await sweep(deps, { stopAt: Date.now() + SWEEP_BUDGET_MS });
  jsonLog({ event: 'sweep', ...report });
  return report;
}
