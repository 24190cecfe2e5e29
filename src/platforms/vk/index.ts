/**
 * VK as the app sees it (`Messenger`, src/app/ports.ts) and its edge: a community's bot in its
 * conversations and private messages, over the Callback API (`callback.ts` → `events.ts` →
 * `parse.ts` → the app → `send.ts`), through a small client of our own (`api.ts`). `callback.ts`
 * and `lambda.ts` are imported directly by the Lambda, so that its cold path loads nothing else.
 */
import type { AppDeps, Emit, Messenger, Painter } from '../../app/index.ts';
import { jsonLog, type Log } from '../shared/log.ts';
import { noteThrottle } from '../shared/observe.ts';
import { vkClient, type VkClient } from './api.ts';
import { createVkCallback, type EventWork, type VkCallback } from './callback.ts';
import { vkEvents } from './events.ts';
import { MAX_PER_ROW, MAX_ROWS } from './keyboard.ts';
import type { VkCommunity } from './config.ts';
import { createPacer, type Pacer } from './pace.ts';
import { TEXT_LIMIT, vkEmit } from './send.ts';
import { markMention } from './text.ts';

export { API_VERSION, VkApiError, vkClient, type VkClient } from './api.ts';
export { createVkCallback, type CallbackAnswer, type CallbackRequest, type EventWork, type VkCallback } from './callback.ts';
export { vkEvents } from './events.ts';
export { keyboardOf, LABEL_LIMIT, MAX_BUTTONS, MAX_PER_ROW, MAX_ROWS, pageCount, readPayload, type VkKeyboard } from './keyboard.ts';
export { createPacer, NO_PACE, type Pacer } from './pace.ts';
export { CHAT_PEERS, parseEvent, vkChat, vkUser, type VkEvent } from './parse.ts';
export { classify, vkEmit } from './send.ts';
export { defuse, markMention, vkText } from './text.ts';

/** What a VK community's bot is made of in one process: the community (its configuration), and how this process talks to it. */
export interface VkParts extends VkCommunity {
  /** Draws boards' pictures; default the app's painter. */
  readonly painter?: Painter;
  /** Pacing of the API calls; default 20 a second. */
  readonly pace?: Pacer;
  /** How long an event's work may run before the user is told it failed (ms); default 25 000, inside the function's 30 s. */
  readonly deadlineMs?: number;
  readonly log?: Log;
}

/** The messenger of a VK community; `unprompted` writes outside any event. */
export function vkMessenger(unprompted?: Emit): Messenger {
  return {
    platform: 'vk',
    helpKey: 'help.vk',
    whispers: false,
    limits: { buttonsPerRow: MAX_PER_ROW, rows: MAX_ROWS, caption: TEXT_LIMIT, text: TEXT_LIMIT },
    mention: (player) => (/^vk:\d+$/.test(player.id) ? markMention(player.id.slice('vk:'.length), player.name) : player.name),
    // A conversation's message has no link a member can open by its conversation id.
    messageLink: () => undefined,
    ...(unprompted === undefined ? {} : { unprompted }),
  };
}

/**
 * The messenger, the client, the events' work and, with a secret and a confirmation code, the
 * Callback endpoint of one community; the work runs `app()` (built after every messenger).
 */
export function connect(parts: VkParts, app: () => AppDeps): { messenger: Messenger; client: VkClient; work: EventWork; callback?: VkCallback } {
  const log = parts.log ?? jsonLog;
  const client = vkClient({ token: parts.token, apiRoot: parts.apiRoot, pace: parts.pace ?? createPacer(), onThrottle: () => noteThrottle('vk') });
  // The app is built after every messenger: its store is reached when a paged keyboard is kept, not before.
  const pages = { remember: (key: string, value: unknown, now: number) => app().store.remember(key, value, now), recall: (key: string) => app().store.recall(key), now: () => app().now() };
  const painter = parts.painter === undefined ? {} : { painter: parts.painter };
  const messenger = vkMessenger((effect) => vkEmit({ client, ...painter, pages, log })(effect));
  let events: EventWork | undefined;
  const deadline = parts.deadlineMs === undefined ? {} : { deadlineMs: parts.deadlineMs };
  const work: EventWork = (event) => (events ??= vkEvents(app(), { groupId: parts.groupId, client, ...painter, ...deadline, log }))(event);
  if (parts.secret === undefined || parts.confirmation === undefined) return { messenger, client, work };
  return { messenger, client, work, callback: createVkCallback({ groupId: parts.groupId, secret: parts.secret, confirmation: parts.confirmation, work }) };
}
