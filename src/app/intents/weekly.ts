/**
 * `/weekly on|off` in a group or channel: the chat's weekly post (`club/weekly.ts`), switched by a
 * chat admin or by whoever switched it on first (the first to ask owns it); no word says whether
 * it is on. The first post comes a week after it is switched on.
 */
import { t } from '../../i18n/index.ts';
import { chatOwner } from '../remembered.ts';
import { decodeWeekly, WEEK_MS, type Weekly } from '../club/weekly.ts';
import { say, type Handler } from './update.ts';

export const weekly: Handler<'weekly'> = async (u) => {
  const { deps, intent } = u;
  const lang = u.chatLang ?? u.lang;
  if (intent.shared !== true) return say(u, t(lang, 'weekly.privateOnly'));
  const chat = chatOwner(intent.chat);
  const stored = await deps.store.club.readWeekly(chat);
  const known = decodeWeekly(stored);
  if (intent.on === undefined) return say(u, t(lang, 'weekly.usage', { state: t(lang, known?.on === true ? 'weekly.stateOn' : 'weekly.stateOff') }));
  if (known !== undefined && known.owner !== intent.from.id && intent.isAdmin !== true) return say(u, t(lang, 'weekly.adminOnly'));
  const next: Weekly = { on: intent.on, chat: intent.chat, owner: known?.owner ?? intent.from.id, lang, leaders: known?.leaders ?? {} };
  // Switched on again while on, it keeps its day; a change that loses a race with the sweep is simply said again.
  const dueAt = intent.on ? (known?.on === true && stored?.dueAt !== undefined ? stored.dueAt : deps.now() + WEEK_MS) : undefined;
  await deps.store.club.writeWeekly({ chat, value: next, ...(dueAt === undefined ? {} : { dueAt }) }, stored === undefined ? null : stored.dueAt);
  await say(u, t(lang, intent.on ? 'weekly.on' : 'weekly.off'));
};
