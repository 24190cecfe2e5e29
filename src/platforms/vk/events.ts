/**
 * The Callback API's second half: an event's work after its `ok` (`callback.ts`). A message or a
 * press becomes an intent (`parse.ts`: parsed once without names to skip talk cheaply, then with
 * the names `users.get` gives), the app handles it, and its effects go out through `send.ts`. A
 * long keyboard's page button is this edge's own: the next page of the grid kept under the message
 * (`pages.ts`), the message's text and photo as VK has them (`messages.getByConversationMessageId`).
 *
 * The boundary (`shared/boundary.ts`): the app answers deterministic problems itself. Anything
 * thrown — or no answer before the deadline — is logged (a bug with its stack) and the user is told
 * politely: the press's snackbar, or a line in the chat. VK does not send the event again after
 * `ok`, so there is nothing a retry status could achieve: the user presses or writes again.
 */
import { handleIntent, type AppDeps, type Intent, type MessageRef, type Painter, type Questions } from '../../app/index.ts';
import { pickLang, t } from '../../i18n/index.ts';
import { errorFields, judge } from '../shared/boundary.ts';
import type { Log } from '../shared/log.ts';
import { countUnit, inUnit, phase, unitFields, type Unit } from '../shared/observe.ts';
import type { VkClient } from './api.ts';
import type { EventWork } from './callback.ts';
import { keyboardOf } from './keyboard.ts';
import { recallPages, type PageMemory } from './pages.ts';
import { isConversation, namesWanted, pageOf, parseEvent, vkChat, type VkEvent, type VkPress } from './parse.ts';
import { photoAttachment, vkEmit } from './send.ts';

export interface WorkOptions {
  readonly groupId: number;
  readonly client: VkClient;
  /** Draws boards' pictures; default the app's painter. */
  readonly painter?: Painter;
  readonly log: Log;
  /** How long the work may run before the user is told it failed (ms); default 25 000. */
  readonly deadlineMs?: number;
}

/** Page presses one user may make in a row before they are ignored for a while (the app's buckets never see them). */
const PAGE_BURST = 12;
const PAGE_REFILL_MS = 500;

/** Returns the work of every event; never throws. */
export function vkEvents(app: AppDeps, options: WorkOptions): EventWork {
  const { client, log } = options;
  const pages: PageMemory = { remember: (k, v, n) => app.store.remember(k, v, n), recall: (k) => app.store.recall(k), now: app.now };
  const names = nameBook(client, log);
  const pageBuckets = new Map<number, number>();
  return (event) => inUnit(async (unit) => {
    const started = Date.now();
    const press = event.type === 'message_event' ? (event.object as unknown as VkPress) : undefined;
    const emit = vkEmit({ client, ...(options.painter === undefined ? {} : { painter: options.painter }), pages, log, ...(press === undefined ? {} : { press: { eventId: press.event_id, userId: press.user_id, peerId: press.peer_id } }) });
    let fields: Record<string, unknown> = { eventId: event.event_id, type: event.type };
    let failure: string | undefined;
    let told: Promise<unknown> | undefined;
    let intent: Intent | undefined;
    const fail = (outcome: string, error: unknown) => {
      failure ??= outcome === 'timed out' ? 'timeout' : judge(error);
      log({ level: 'error', event: 'vk-event', ...fields, outcome, ...errorFields(error), ...unitFields(unit) });
      const text = t(pickLang(intent?.from.language), 'error.generic');
      told ??= press !== undefined ? emit.finish(text) : intent !== undefined ? emit({ kind: 'text', chat: intent.chat, text }) : Promise.resolve();
      return told;
    };
    const deadline = setTimeout(() => void fail('timed out', new Error(`no answer within ${options.deadlineMs ?? 25_000} ms`)), options.deadlineMs ?? 25_000);
    try {
      const page = pageOf(event);
      if (page !== undefined && press !== undefined) {
        fields = { ...fields, intent: 'page', chat: String(press.peer_id) };
        if (spend(pageBuckets, press.user_id)) await phase('page', () => showPage(client, pages, press, page, log));
      } else if (parseEvent(event, options.groupId, new Map()) !== undefined) {
        // Parsed once without names (talk in a conversation costs no call), then with the names VK tells.
        const known = await phase('names', () => names(namesWanted(event)));
        intent = parseEvent(event, options.groupId, known)!;
        fields = { ...fields, intent: intent.kind, chat: intent.chat.chatId, user: intent.from.id };
        const asked = await withChatAdmin(client, intent, log);
        await phase('app', () => handleIntent(app, asked, emit, questionsOf(client, intent!, log)));
      }
      log({ level: 'info', event: 'vk-event', ...fields, outcome: fields.intent === undefined ? 'ignored' : 'ok', ms: Date.now() - started, ...unitFields(unit) });
    } catch (error) {
      await fail('failed', error);
    } finally {
      clearTimeout(deadline);
      await told;
      await phase('finish', () => emit.finish());
      measure(app.metrics, unit, Date.now() - started, failure);
    }
  });
}

/**
 * An event's metrics (docs/operate.md): `AnswerLatency`, `Errors` by kind (`retry`: the world
 * failed; `bug`; `timeout`: no answer within the deadline), the unit's cold start, DynamoDB calls
 * and throttles; then written out.
 */
function measure(metrics: AppDeps['metrics'], unit: Unit, ms: number, failure: string | undefined): void {
  if (metrics === undefined) return;
  metrics.time('AnswerLatency', ms, { Platform: 'vk' });
  if (failure !== undefined) metrics.count('Errors', 1, { Platform: 'vk', Kind: failure });
  countUnit(metrics, unit, 'vk');
  metrics.flush?.();
}

/** Shows page `page` of the grid kept under the pressed message, its text and photo as VK has them. */
async function showPage(client: VkClient, pages: PageMemory, press: VkPress, page: number, log: Log): Promise<void> {
  const message: MessageRef = { chat: vkChat(press.peer_id), messageId: String(press.conversation_message_id) };
  const grid = await recallPages(pages, message);
  if (grid === undefined) return;
  try {
    const found = await client.call<{ items: { text?: string; attachments?: { type: string; photo?: { id: number; owner_id: number; access_key?: string } }[] }[] }>(
      'messages.getByConversationMessageId', { peer_id: press.peer_id, conversation_message_ids: press.conversation_message_id });
    const shown = found.items[0];
    if (shown === undefined) return;
    const photo = shown.attachments?.find((a) => a.type === 'photo')?.photo;
    await client.call('messages.edit', {
      peer_id: press.peer_id, conversation_message_id: press.conversation_message_id, message: shown.text ?? '', dont_parse_links: 1,
      ...(photo === undefined ? {} : { attachment: photoAttachment(photo) }),
      keyboard: keyboardOf(grid, page),
    });
  } catch (error) {
    log({ level: 'warn', event: 'vk-page-failed', chat: String(press.peer_id), error: String(error) });
  }
}

/** A token bucket per user, in this process: whether one more page press may be shown. */
function spend(buckets: Map<number, number>, userId: number): boolean {
  const now = Date.now();
  const fullAt = Math.max(buckets.get(userId) ?? now, now);
  if (fullAt - now > (PAGE_BURST - 1) * PAGE_REFILL_MS) return false;
  buckets.set(userId, fullAt + PAGE_REFILL_MS);
  if (buckets.size > 5000) for (const [id, at] of buckets) if (at < now) buckets.delete(id);
  return true;
}

/** Names of VK users by id (`users.get`), kept a while in this process; one not told is left out. */
function nameBook(client: VkClient, log: Log): (ids: readonly number[]) => Promise<Map<number, string>> {
  const known = new Map<number, string>();
  return async (ids) => {
    const missing = [...new Set(ids)].filter((id) => !known.has(id));
    if (missing.length > 0) {
      try {
        const users = await client.call<{ id: number; first_name?: string; last_name?: string }[]>('users.get', { user_ids: missing.join(',') });
        for (const u of users) known.set(u.id, [u.first_name, u.last_name].filter((s) => s !== undefined && s.trim() !== '').join(' ') || `id${u.id}`);
        for (const id of known.keys()) if (known.size > 5000) known.delete(id);
      } catch (error) {
        log({ level: 'warn', event: 'vk-users-get', error: String(error) });
      }
    }
    return new Map(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id)!] as const] : [])));
  };
}

/** A conversation's `/lang xx` or `/weekly on|off`: whether its author administers it, on the intent. */
async function withChatAdmin(client: VkClient, intent: Intent, log: Log): Promise<Intent> {
  if (intent.kind !== 'lang' && intent.kind !== 'weekly') return intent;
  const changes = intent.kind === 'lang' ? intent.lang !== undefined : intent.on !== undefined;
  if (!changes || intent.shared !== true) return intent;
  return { ...intent, isAdmin: await isChatAdmin(client, intent, log) };
}

function questionsOf(client: VkClient, intent: Intent, log: Log): Questions {
  let asked: Promise<boolean> | undefined;
  return { isChatAdmin: () => (asked ??= isChatAdmin(client, intent, log)) };
}

/** Whether the author administers the conversation (`messages.getConversationMembers`: the bot must be its admin to ask); a failed question answers no. */
async function isChatAdmin(client: VkClient, intent: Intent, log: Log): Promise<boolean> {
  if (!isConversation(intent.chat)) return false;
  const userId = Number(intent.from.id.slice('vk:'.length));
  try {
    const members = await client.call<{ items: { member_id: number; is_admin?: boolean; is_owner?: boolean }[] }>('messages.getConversationMembers', { peer_id: intent.chat.chatId });
    const me = members.items.find((m) => m.member_id === userId);
    return me?.is_admin === true || me?.is_owner === true;
  } catch (error) {
    log({ level: 'warn', event: 'vk-get-conversation-members', chat: intent.chat.chatId, error: String(error) });
    return false;
  }
}
