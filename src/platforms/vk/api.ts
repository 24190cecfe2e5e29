/**
 * The VK API client every VK effect goes through: a small one over node's `fetch`, written here
 * rather than taken from `vk-io`. We call nine methods (messages.send / edit / delete /
 * sendMessageEventAnswer / getConversationMembers, photos.getMessagesUploadServer /
 * saveMessagesPhoto, docs.getMessagesUploadServer / save, users.get) and two uploads; vk-io brings
 * its updates machinery, its keyboard builder and its whole typed schema (several MB unpacked) into a
 * Lambda that would use none of it, and loading it on a cold start costs more than this file does.
 *
 * A method is `POST <apiRoot>/method/<name>` with a form body (the token and `v` in it, never in
 * the URL, so no log line quotes it). VK answers 200 with `{ response }` or `{ error }`: an error
 * is a `VkApiError` with its code. Code 6 ("too many requests per second") and 10 (internal) are
 * retried after a wait; the network failing is retried with backoff; the rest is the caller's.
 * Every call is paced first (`pace.ts`): a community token may make about 20 calls a second.
 */
import type { Pacer } from './pace.ts';

/** The API version every call names (the one this client's fields are read from). */
export const API_VERSION = '5.199';

/** VK said no: its error code and message. */
export class VkApiError extends Error {
  override name = 'VkApiError';
  constructor(readonly method: string, readonly code: number, text: string) {
    super(`${method}: VK error ${code}: ${text}`);
  }
}

/** A value a VK method takes: numbers and strings as they are, anything else as JSON (a keyboard, event data). */
export type Param = string | number | boolean | object | undefined;

export interface VkClient {
  /** Calls `method` with `params`; the `response` on success, else throws `VkApiError` (or the network's error). */
  call<T>(method: string, params: Readonly<Record<string, Param>>): Promise<T>;
  /** POSTs one file as multipart to an upload server's URL; the JSON it answers. */
  upload(url: string, field: string, file: { readonly name: string; readonly type: string; readonly bytes: Uint8Array }): Promise<Record<string, unknown>>;
}

export interface VkClientOptions {
  readonly token: string;
  /** `https://api.vk.com`, or a stand-in. */
  readonly apiRoot: string;
  readonly pace: Pacer;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Waits before each retry of code 6 / 10 or a network failure (ms); default [400, 1200]. */
  readonly retryMs?: readonly number[];
  /** One call's time limit (ms); default 8000. */
  readonly timeoutMs?: number;
  /** Told of each "slow down" (code 6), for the operator's figures. */
  readonly onThrottle?: () => void;
}

const RETRIED = new Set([6, 10]);
const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Returns a client of the community token `token` at `apiRoot`. */
export function vkClient(options: VkClientOptions): VkClient {
  const root = options.apiRoot.replace(/\/+$/, '');
  const sleep = options.sleep ?? realSleep;
  const waits = options.retryMs ?? [400, 1200];
  const timeoutMs = options.timeoutMs ?? 8000;
  const once = async <T>(method: string, params: Readonly<Record<string, Param>>): Promise<T> => {
    await options.pace.wait();
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined) body.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    body.set('access_token', options.token);
    body.set('v', API_VERSION);
    const answer = await fetch(`${root}/method/${method}`, { method: 'POST', body, signal: AbortSignal.timeout(timeoutMs) });
    if (answer.status >= 500) throw Object.assign(new Error(`${method}: HTTP ${answer.status}`), { code: 'ECONNRESET' });
    const json = (await answer.json().catch(() => undefined)) as { response?: T; error?: { error_code?: number; error_msg?: string } } | undefined;
    if (json?.error !== undefined) throw new VkApiError(method, json.error.error_code ?? 0, json.error.error_msg ?? '');
    if (json === undefined || !('response' in json)) throw new Error(`${method}: VK's answer is not JSON (HTTP ${answer.status})`);
    return json.response as T;
  };
  return {
    async call<T>(method: string, params: Readonly<Record<string, Param>>): Promise<T> {
      for (let attempt = 0; ; attempt++) {
        try {
          return await once<T>(method, params);
        } catch (error) {
          const vk = error instanceof VkApiError ? error : undefined;
          if (vk?.code === 6) options.onThrottle?.();
          const retry = vk === undefined ? isNetwork(error) : RETRIED.has(vk.code);
          if (!retry || attempt >= waits.length) throw error;
          await sleep(waits[attempt]!);
        }
      }
    },
    async upload(url, field, file) {
      await options.pace.wait();
      const form = new FormData();
      form.set(field, new Blob([file.bytes], { type: file.type }), file.name);
      const answer = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(timeoutMs) });
      if (answer.status >= 500) throw Object.assign(new Error(`upload: HTTP ${answer.status}`), { code: 'ECONNRESET' });
      const json = (await answer.json().catch(() => undefined)) as Record<string, unknown> | undefined;
      if (json === undefined) throw new Error(`upload: the upload server's answer is not JSON (HTTP ${answer.status})`);
      return json;
    },
  };
}

/** Whether a thrown error is the network (or a timeout), not VK's answer. */
function isNetwork(error: unknown): boolean {
  if (error instanceof VkApiError) return false;
  const e = error as { name?: string; code?: string; cause?: { code?: string } } | undefined;
  return e?.name === 'TimeoutError' || e?.name === 'TypeError' || typeof e?.code === 'string' || typeof e?.cause?.code === 'string';
}
