/**
 * `/lang xx`. In a private chat: the user's own language from now on. In a group or channel: the
 * chat's one game language (its boards, turn notices and results), set by a chat admin or by the
 * challenger of a game there — anyone else is told who may. No code, or an unknown one, shows a
 * button per language; a press on one is the same `/lang xx`, answered in place of the buttons.
 */
import type { MatchState } from '../../game/index.ts';
import { LANGS, LANG_NAMES, isLang, t } from '../../i18n/index.ts';
import { ok } from '../../lib/index.ts';
import { matchOf } from '../matches.ts';
import type { Button } from '../ports.ts';
import { CHAT_LANGUAGE, chatOwner, LANGUAGE, remember } from '../remembered.ts';
import { languageToken } from '../tokens.ts';
import { say, type Handler } from './update.ts';

type LangUpdate = Parameters<Handler<'lang'>>[0];

export const lang: Handler<'lang'> = async (u) => {
  const chosen = u.intent.lang && isLang(u.intent.lang) ? u.intent.lang : undefined;
  if (!chosen) {
    const text = t(u.chatLang ?? u.lang, 'lang.choose', { choices: LANGS.map((l) => `${l} — ${LANG_NAMES[l]}`).join(', ') });
    return void (await u.emit({ kind: 'text', chat: u.intent.chat, text, buttons: languageKeyboard() }));
  }
  if (!u.intent.shared) {
    await remember(u.deps.store, LANGUAGE, u.intent.from.id, chosen, u.deps.now());
    return answer(u, t(chosen, 'lang.changed', { lang: LANG_NAMES[chosen] }));
  }
  // A refusal is said anew, so the buttons stay for someone who may choose.
  if (!u.intent.isAdmin && !(await challengesHere(u))) return say(u, t(u.lang, 'lang.notAllowed'));
  await remember(u.deps.store, CHAT_LANGUAGE, chatOwner(u.intent.chat), chosen, u.deps.now());
  await answer(u, t(chosen, 'lang.chatChanged', { lang: LANG_NAMES[chosen] }));
};

/** A button per language, each named in its own language. Not a rule: a view. */
export function languageKeyboard(): Button[][] {
  return [LANGS.map((l) => ({ label: LANG_NAMES[l], token: languageToken(l) }))];
}

/** The outcome in place of the language buttons pressed, else as a new message. */
async function answer(u: LangUpdate, text: string): Promise<void> {
  if (u.intent.message) await u.emit({ kind: 'editText', message: u.intent.message, text });
  else await say(u, text);
}

/** Whether the user opened a challenge, or a game still going, in this chat. */
async function challengesHere(u: LangUpdate): Promise<boolean> {
  const { platform, chatId } = u.intent.chat;
  const listing = await u.deps.store.listByChat(platform, chatId, { limit: 100 });
  return listing.records.some((record) => {
    if ((record.status !== 'challenge' && record.status !== 'active') || !record.players.includes(u.intent.from.id)) return false;
    const loaded = matchOf(ok(record));
    return loaded.ok && challengerOf(loaded.value.state) === u.intent.from.id;
  });
}

/** The challenger: seat 0 while the challenge is open, then the seat the acceptance gave them (the colour setting may swap). */
function challengerOf(state: MatchState): string | undefined {
  const accepted = state.history.find((e) => e.type === 'accepted');
  return state.players[accepted?.type === 'accepted' ? accepted.challengerSeat : 0]?.id;
}
