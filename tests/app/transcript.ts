/**
 * A chat for the app-level tests (handleIntent with a recording Emit): it keeps the messages the
 * app sent, by id, as they look now — edited, replaced, deleted — with their buttons.
 */
import type { Button, Effect, Emit } from '../../src/app/index.ts';

/** A chat that keeps the messages the app sent (by id), with their buttons. */
export function transcript() {
  const effects: Effect[] = [];
  const messages = new Map<string, { text: string; buttons: Button[][]; board: boolean; chatId: string }>();
  let next = 1;
  const emit: Emit = async (e) => {
    effects.push(e);
    if (e.kind === 'text' || (e.kind === 'board' && !e.replace)) {
      const id = String(next++);
      messages.set(id, e.kind === 'text' ? { text: e.text, buttons: (e.buttons ?? []) as Button[][], board: false, chatId: e.chat.chatId } : { text: e.view.caption, buttons: e.view.buttons as Button[][], board: true, chatId: e.chat.chatId });
      return { chat: e.chat, messageId: id };
    }
    if (e.kind === 'board' && e.replace) messages.set(e.replace.messageId, { text: e.view.caption, buttons: e.view.buttons as Button[][], board: true, chatId: e.chat.chatId });
    if (e.kind === 'editText') messages.set(e.message.messageId, { ...messages.get(e.message.messageId)!, text: e.text, buttons: (e.buttons ?? []) as Button[][] });
    if (e.kind === 'delete') messages.delete(e.message.messageId);
    return undefined;
  };
  const find = (id: string, label: RegExp): Button => {
    const b = messages.get(id)?.buttons.flat().find((x) => label.test(x.label));
    if (!b) throw new Error(`no button ${label} in ${JSON.stringify(messages.get(id))}`);
    return b;
  };
  const since = (n: number) => effects.slice(n);
  return { effects, messages, emit, find, since };
}
