/**
 * The app's effects as VK API calls (STYLE.md §16: translate, never decide). A toast answers the
 * press's `message_event` with `messages.sendMessageEventAnswer` (a snackbar, once); a text is
 * `messages.send`; a board is drawn, uploaded (`photos.getMessagesUploadServer` → the upload server
 * → `photos.saveMessagesPhoto`) and sent as a photo with its caption and keyboard, or replaces a
 * board in place with `messages.edit` by `conversation_message_id` — a message's id as every VK
 * client of a conversation knows it, and the one `message_event` names — so `MessageRef.messageId`
 * is that id; a document (a match record) goes through `docs.getMessagesUploadServer` → `docs.save`.
 * A picture already uploaded by this process with the same look is attached again, not drawn anew.
 *
 * A keyboard larger than VK's inline limit is shown a page at a time (`keyboard.ts`): its whole
 * grid is kept under the message (`pages.ts`), so the page button can show the next page.
 *
 * A VK failure never throws out of an effect: the user's move is already stored, the rest of the
 * effects still run, and the next press shows the current board. A board whose message cannot be
 * edited any more (VK lets a bot edit for a day: error 909, or the message is gone) is sent anew.
 */
import { BOARD_PAINTER, type BoardView, type Button, type Effect, type Emit, type MessageRef, type Painter } from '../../app/index.ts';
import { jsonLog, maskSecrets, type Log } from '../shared/log.ts';
import type { Sent as SentOf } from '../shared/sent.ts';
import { VkApiError, type VkClient } from './api.ts';
import { keyboardOf, pageCount } from './keyboard.ts';
import { rememberPages, type PageMemory } from './pages.ts';
import { clipText, vkText } from './text.ts';

/** What VK allows: a message's text, a snackbar. */
export const TEXT_LIMIT = 4096;
const SNACKBAR_LIMIT = 90;

/** The press being answered (a `message_event`). */
export interface PressContext {
  readonly eventId: string;
  readonly userId: number;
  readonly peerId: number;
}

/** How an emitter talks to VK for one event (or for the scheduler, with no press). */
export interface SendOptions {
  readonly client: VkClient;
  /** Draws boards' pictures; default the app's painter. */
  readonly painter?: Painter;
  readonly pages?: PageMemory;
  readonly press?: PressContext;
  readonly log?: Log;
  /** Random ids of sent messages (VK drops a second send with the same one); default random. */
  readonly randomId?: () => number;
}

/** The platform's `Emit`, plus `finish(text)`: answers the press with `text` (none: no snackbar) if no toast did. */
export type VkEmit = Emit & { readonly finish: (text?: string) => Promise<void> };

/** Why a VK call did not do its work. */
export type SendFailure = 'gone' | 'forbidden' | 'rate-limited' | 'unavailable' | 'rejected';
type Sent<T> = SentOf<T, SendFailure>;
type Grid = readonly (readonly Button[])[] | undefined;
type ChatRef = MessageRef['chat'];

/** Pictures this process uploaded, by look: attached again instead of drawn and uploaded. */
const uploaded = new Map<string, string>();
const KEPT = 500;

/** Returns the emitter performing effects through VK for one event. */
export function vkEmit(options: SendOptions): VkEmit {
  const log = options.log ?? jsonLog;
  const painter = options.painter ?? BOARD_PAINTER;
  const vk = new Calls(options, log);
  let answered = false;
  const answer = async (text: string, unlessAnswered: boolean) => {
    const press = options.press;
    if (answered || press === undefined) {
      if (!unlessAnswered && text !== '') log({ level: 'warn', event: 'toast-dropped', text, reason: answered ? 'press already answered' : 'no press' });
      return;
    }
    answered = true;
    const data = text === '' ? {} : { event_data: { type: 'show_snackbar', text: clipText(text, SNACKBAR_LIMIT) } };
    await vk.attempt('messages.sendMessageEventAnswer', { event_id: press.eventId, user_id: press.userId, peer_id: press.peerId, ...data });
  };
  const emit = async (effect: Effect): Promise<MessageRef | undefined> => {
    switch (effect.kind) {
      case 'toast':
        return void (await answer(effect.text, false));
      case 'text':
        return vk.send(effect.chat, effect.text, effect.buttons);
      case 'editText': {
        const edited = await vk.edit(effect.message, effect.text, effect.buttons, undefined);
        return edited === 'gone' ? undefined : edited;
      }
      case 'board':
        return board(vk, effect, painter, log);
      case 'document':
        return vk.document(effect);
      case 'delete':
        await vk.attempt('messages.delete', { peer_id: effect.message.chat.chatId, cmids: effect.message.messageId, delete_for_all: 1 });
        return undefined;
      case 'prepare':
        // The picture starts drawing while the move is written (the renderer keeps it for `draw`).
        return void painter.prepare(effect.picture);
      case 'inlineAnswer':
        return undefined;
    }
  };
  return Object.assign(emit, { finish: (text = '') => answer(text, true) });
}

async function board(vk: Calls, effect: Effect & { kind: 'board' }, painter: Painter, log: Log): Promise<MessageRef | undefined> {
  const { chat, view, replace } = effect;
  const attachment = await photoOf(vk, chat, view, painter, log);
  if (replace !== undefined) {
    const edited = await vk.edit(replace, view.caption, view.buttons, attachment ?? 'keep');
    if (edited !== 'gone') return edited;
  }
  return vk.send(chat, view.caption, view.buttons, attachment);
}

/** The board's photo as an attachment (`photo<owner>_<id>_<key>`): one uploaded before with its look, else drawn and uploaded. */
async function photoOf(vk: Calls, chat: ChatRef, view: BoardView, painter: Painter, log: Log): Promise<string | undefined> {
  const look = await painter.look(view.picture);
  const known = look === undefined ? undefined : uploaded.get(look);
  if (known !== undefined) return known;
  const png = await painter.draw(view.picture);
  if (!png.ok) {
    // A bad picture spec is a bug; the caption states the position, so the game stays playable.
    log({ level: 'error', event: 'render-failed', game: view.gameId, error: png.error });
    return undefined;
  }
  const server = await vk.attempt<{ upload_url: string }>('photos.getMessagesUploadServer', { peer_id: chat.chatId });
  if (!server.ok) return undefined;
  const file = await vk.upload(server.value.upload_url, 'photo', { name: 'board.png', type: 'image/png', bytes: png.value });
  if (file === undefined) return undefined;
  const saved = await vk.attempt<{ id: number; owner_id: number; access_key?: string }[]>('photos.saveMessagesPhoto', { server: file.server as number, photo: file.photo as string, hash: file.hash as string });
  const photo = saved.ok ? saved.value[0] : undefined;
  if (photo === undefined) return undefined;
  const attachment = photoAttachment(photo);
  if (look !== undefined) {
    uploaded.set(look, attachment);
    for (const old of uploaded.keys()) if (uploaded.size > KEPT) uploaded.delete(old);
  }
  return attachment;
}

/** The calls every effect makes, each failure logged and returned as a value. */
class Calls {
  private readonly randomId: () => number;
  constructor(private readonly options: SendOptions, private readonly log: Log) {
    this.randomId = options.randomId ?? (() => Math.floor(Math.random() * 2 ** 31));
  }

  async send(chat: ChatRef, text: string, buttons: Grid, attachment?: string): Promise<MessageRef | undefined> {
    const sent = await this.attempt<{ peer_id: number; conversation_message_id: number }[]>('messages.send', {
      peer_ids: chat.chatId, random_id: this.randomId(), message: vkText(clipText(text, TEXT_LIMIT)), dont_parse_links: 1,
      ...(attachment === undefined ? {} : { attachment }), ...keyboardParam(buttons),
    });
    const cmid = sent.ok ? sent.value[0]?.conversation_message_id : undefined;
    if (cmid === undefined) return undefined;
    const ref = { chat, messageId: String(cmid) };
    await this.keep(ref, buttons);
    return ref;
  }

  /** Edits a message's text and keyboard (`attachment`: a new photo, `keep` the one it has, none for a text); 'gone' when it cannot be edited any more. */
  async edit(message: MessageRef, text: string, buttons: Grid, attachment: string | 'keep' | undefined): Promise<MessageRef | undefined | 'gone'> {
    // An edit replaces the message whole, attachments too: keeping its photo means naming it again.
    const attached = attachment === 'keep' ? await this.photoOf(message) : attachment;
    const edited = await this.attempt('messages.edit', {
      peer_id: message.chat.chatId, conversation_message_id: message.messageId, message: vkText(clipText(text, TEXT_LIMIT)), dont_parse_links: 1,
      ...(attached === undefined ? {} : { attachment: attached }), ...keyboardParam(buttons, true),
    });
    if (!edited.ok) return edited.failure === 'gone' ? 'gone' : undefined;
    await this.keep(message, buttons);
    return message;
  }

  /** The photo a message shows now, as an attachment, asked of VK (`messages.getByConversationMessageId`). */
  async photoOf(message: MessageRef): Promise<string | undefined> {
    const found = await this.attempt<{ items: { attachments?: { type: string; photo?: { id: number; owner_id: number; access_key?: string } }[] }[] }>(
      'messages.getByConversationMessageId', { peer_id: message.chat.chatId, conversation_message_ids: message.messageId });
    const photo = found.ok ? found.value.items[0]?.attachments?.find((a) => a.type === 'photo')?.photo : undefined;
    return photo === undefined ? undefined : photoAttachment(photo);
  }

  async document(effect: Effect & { kind: 'document' }): Promise<MessageRef | undefined> {
    const { chat, name, content, caption } = effect;
    const server = await this.attempt<{ upload_url: string }>('docs.getMessagesUploadServer', { type: 'doc', peer_id: chat.chatId });
    if (!server.ok) return undefined;
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    const file = await this.upload(server.value.upload_url, 'file', { name, type: 'text/plain', bytes });
    if (file === undefined || typeof file.file !== 'string') return undefined;
    const saved = await this.attempt<{ type: string; doc?: { id: number; owner_id: number } }>('docs.save', { file: file.file, title: name });
    const doc = saved.ok ? saved.value.doc : undefined;
    if (doc === undefined) return undefined;
    return this.send(chat, caption ?? '', undefined, `doc${doc.owner_id}_${doc.id}`);
  }

  async upload(url: string, field: string, file: { name: string; type: string; bytes: Uint8Array }): Promise<Record<string, unknown> | undefined> {
    try {
      const answer = await this.options.client.upload(url, field, file);
      if (typeof answer.error === 'string' || answer.error !== undefined) throw new Error(`upload refused: ${JSON.stringify(answer.error)}`);
      return answer;
    } catch (error) {
      this.log({ level: 'warn', event: 'vk-api-failed', method: 'upload', failure: 'unavailable', error: maskSecrets(String(error)) });
      return undefined;
    }
  }

  /** One call, its failure logged and returned. */
  async attempt<T = unknown>(method: string, params: Record<string, unknown>): Promise<Sent<T>> {
    try {
      return { ok: true, value: await this.options.client.call<T>(method, params as Record<string, string>) };
    } catch (error) {
      const failure = classify(error);
      const detail = error instanceof VkApiError ? { code: error.code, error: error.message } : { error: maskSecrets(String(error)) };
      this.log({ level: failure === 'gone' || failure === 'forbidden' ? 'info' : 'warn', event: 'vk-api-failed', method, failure, ...detail });
      return { ok: false, failure };
    }
  }

  /** Keeps a paged keyboard's grid under its message, or forgets one that no longer pages. */
  private async keep(message: MessageRef, buttons: Grid): Promise<void> {
    if (this.options.pages === undefined) return;
    await rememberPages(this.options.pages, message, pageCount(buttons) > 1 ? buttons : undefined, this.log);
  }
}

/** A photo as `attachment` names it: `photo<owner>_<id>` and its access key. */
export function photoAttachment(photo: { readonly id: number; readonly owner_id: number; readonly access_key?: string }): string {
  return `photo${photo.owner_id}_${photo.id}${photo.access_key ? `_${photo.access_key}` : ''}`;
}

/** The `keyboard` parameter: the first page of the grid; on an edit, an empty keyboard removes the old one. */
function keyboardParam(buttons: Grid, editing = false): { keyboard?: object } {
  const keyboard = keyboardOf(buttons);
  if (keyboard !== undefined) return { keyboard };
  return editing ? { keyboard: { inline: true, buttons: [] } } : {};
}

/** What a thrown error means; anything that is not VK's answer is the network failing. */
export function classify(error: unknown): SendFailure {
  if (!(error instanceof VkApiError)) return 'unavailable';
  switch (error.code) {
    case 6: case 9: return 'rate-limited';
    case 10: return 'unavailable';
    // 909: too old to edit; 920: not editable; 100 on an edit: no such message any more.
    case 909: case 920: case 100: return 'gone';
    case 7: case 15: case 901: case 902: case 917: case 945: return 'forbidden';
    default: return 'rejected';
  }
}
