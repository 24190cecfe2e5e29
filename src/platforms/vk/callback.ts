/**
 * The VK Callback API endpoint's first half: what must happen before VK gives up on a request
 * (it waits a few seconds, then sends the event again, and switches a server off that keeps
 * failing). The body must be a JSON event of this community (`group_id`); a `confirmation` event
 * is answered with the confirmation code the community's settings show; any other event must carry
 * the secret key set there (compared in constant time: else 403, nothing read further, nothing
 * stored) and is answered `ok` at once — the work (the store, the renderer, the API calls) comes
 * back as `after`, for the host to run once the answer is on its way (`lambda.ts`: response
 * streaming). VK sends an event again only when it got no `ok`, so after one the event is done
 * with: at most once; the event id also travels with the intent (`updateKey`), so a redelivered
 * command is applied once, and an event seen by this process lately is not worked again at all.
 * This module imports only `node:crypto`, so a cold start answers quickly.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readJsonObject } from '../shared/http.ts';
import type { VkEvent } from './parse.ts';

export interface CallbackRequest {
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string;
}

/** The HTTP answer, and the work to run after it is sent (absent when there is none). */
export interface CallbackAnswer {
  readonly status: number;
  readonly body: string;
  readonly after?: () => Promise<void>;
}

/** Does an event's work after its `ok`; never expected to throw (it logs). */
export type EventWork = (event: VkEvent) => Promise<void>;

export type VkCallback = (request: CallbackRequest) => CallbackAnswer;

export interface CallbackOptions {
  readonly groupId: number;
  readonly secret: string;
  readonly confirmation: string;
  readonly work: EventWork;
}

/** Events this process worked lately (VK's retries of an `ok` lost on the way). */
const KEPT = 2000;

/** Returns the endpoint: check, confirm or answer `ok`; the work comes back as `after`. */
export function createVkCallback(options: CallbackOptions): VkCallback {
  const secret = digest(options.secret);
  const seen = new Set<string>();
  return (request) => {
    const value = readJsonObject(request.body);
    const event = value as VkEvent | undefined;
    if (event === undefined || typeof event.type !== 'string') return { status: 400, body: 'bad request' };
    if (event.group_id !== options.groupId) return { status: 403, body: 'unknown community' };
    if (event.type === 'confirmation') return { status: 200, body: options.confirmation };
    if (typeof event.secret !== 'string' || !timingSafeEqual(digest(event.secret), secret)) return { status: 403, body: 'bad secret' };
    const id = typeof event.event_id === 'string' ? event.event_id : undefined;
    if (id !== undefined) {
      if (seen.has(id)) return { status: 200, body: 'ok' };
      seen.add(id);
      for (const old of seen) if (seen.size > KEPT) seen.delete(old);
    }
    return { status: 200, body: 'ok', after: () => options.work(event) };
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
