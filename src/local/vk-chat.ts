/**
 * The playground's VK conversation (issue #50): a local VK community — its id, token, Callback
 * API secret key and confirmation code made at start by the VK API stand-in (`vk-api/`) — with one
 * conversation, "VK · беседа", where the playground's users write and press buttons. Each message
 * or press becomes the event VK would send and is POSTed over real HTTP to this process's
 * `POST /vk`, where the production endpoint (`createVkCallback`, the same checks as
 * `functions/vk.ts`) answers `ok` and the production work answers through our VK client, which
 * talks to the stand-in. Not a rule: local infrastructure.
 */
import type { AppDeps } from '../app/index.ts';
import type { VkCallback, VkParts } from '../platforms/vk/index.ts';
import { NO_PACE } from '../platforms/vk/index.ts';
import type { TgUser } from './telegram-api/index.ts';
import { startVkApi, type VkApi, type VkCallbackEvent } from './vk-api/index.ts';
import { formatEntry, type LineSink } from './log.ts';

/** The conversation's peer id, fixed so that games outlive a restart in the same chat (its messages do not). */
export const LOCAL_VK_CHAT = 2_000_000_001;
export const LOCAL_VK_CHAT_TITLE = 'VK · беседа';

/** How long an event's work may take before the page stops waiting for it (it still finishes). */
const WORK_TIMEOUT_MS = 30_000;

export interface LocalVkChat {
  readonly api: VkApi;
  readonly peerId: number;
  /** The community as the composition root wires it (`VkParts`): the stand-in's token, secret and code. */
  readonly parts: VkParts;
  /** `POST /vk`: the production endpoint, each event's work marked done for `deliver`. */
  ingress(callback: VkCallback): VkCallback;
  /** POSTs `event` to `POST /vk` as VK would and resolves once its work is done; `description` names it in the log. */
  deliver(event: VkCallbackEvent, description: string): Promise<{ status: number; body: string }>;
  /** Makes the playground's users VK users and members of the conversation (the first its admin). */
  meet(users: readonly TgUser[]): void;
  close(): Promise<void>;
}

/** VK's `lang_id` of a playground user's language: 0 Russian, 3 English; Georgian has none VK tells. */
const LANG_IDS: Readonly<Record<string, number>> = { ru: 0, en: 3 };

export async function startVkChat(options: { readonly host: string; readonly port: number; readonly log: LineSink }): Promise<LocalVkChat> {
  const endpoint = `http://${/^(0\.0\.0\.0|::)$/.test(options.host) ? '127.0.0.1' : options.host}:${options.port}/vk`;
  // No per-second limit here: the page's users cannot outrun VK, and the tests' whole games should not wait.
  const api = await startVkApi({ perSecond: 0 });
  const peerId = api.conversation(LOCAL_VK_CHAT_TITLE, [], [], LOCAL_VK_CHAT);
  const descriptions = new Map<string, string>();
  const log = (entry: Readonly<Record<string, unknown>>) => options.log(lineOf(entry, descriptions));
  const done = new Map<string, () => void>();
  const parts: VkParts = {
    groupId: api.groupId, token: api.token, apiRoot: api.apiRoot, secret: api.secret, confirmation: api.confirmation,
    // No Lambda limit here: a review on a busy machine may take longer than a function's 25 s.
    pace: NO_PACE, deadlineMs: 120_000, log,
  };
  let admin: number | undefined;
  return {
    api, peerId, parts,
    ingress: (callback) => (request) => {
      const answer = callback(request);
      const id = eventIdOf(request.body);
      const finished = id === undefined ? undefined : done.get(id);
      if (answer.after === undefined) {
        finished?.();
        return answer;
      }
      const after = answer.after;
      return { ...answer, after: async () => {
        try {
          await after();
        } finally {
          finished?.();
        }
      } };
    },
    async deliver(event, description) {
      descriptions.set(event.event_id, description);
      const finished = new Promise<void>((resolve) => done.set(event.event_id, resolve));
      try {
        const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
        const answer = { status: response.status, body: await response.text() };
        if (answer.status === 200 && answer.body === 'ok') await Promise.race([finished, sleep(WORK_TIMEOUT_MS)]);
        return answer;
      } finally {
        done.delete(event.event_id);
        descriptions.delete(event.event_id);
      }
    },
    meet(users) {
      admin ??= users[0]?.id;
      const members = users.map((u) => u.id);
      for (const u of users) api.addUser({ id: u.id, first_name: u.first_name, ...(LANG_IDS[u.language_code ?? ''] === undefined ? {} : { langId: LANG_IDS[u.language_code ?? '']! }) });
      api.conversation(LOCAL_VK_CHAT_TITLE, members, admin === undefined ? [] : [admin], peerId);
    },
    close: () => api.close(),
  };
}

function eventIdOf(body: string): string | undefined {
  try {
    const id = (JSON.parse(body) as { event_id?: unknown }).event_id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** One readable line: "Alice in VK · беседа: /nardy [challenge] → ok (12 ms)"; other entries as the local log writes them. */
function lineOf(entry: Readonly<Record<string, unknown>>, descriptions: ReadonlyMap<string, string>): string {
  if (entry.event !== 'vk-event') return `${formatEntry(entry, () => undefined)} (local VK)`;
  const who = typeof entry.eventId === 'string' ? descriptions.get(entry.eventId) : undefined;
  const { intent, outcome, ms } = entry;
  const time = new Date().toISOString().slice(11, 19);
  const level = typeof entry.level === 'string' && entry.level !== 'info' ? `${entry.level.toUpperCase()} ` : '';
  const line = [`${time} ${level}${who ?? 'VK event'}`, `[${String(intent ?? 'ignored')}]`, `→ ${String(outcome)}`, typeof ms === 'number' ? `(${ms} ms)` : '', typeof entry.error === 'string' ? `error=${entry.error}` : '']
    .filter(Boolean).join(' ');
  return typeof entry.stack === 'string' ? `${line}\n    ${entry.stack.split('\n').join('\n    ')}` : line;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
