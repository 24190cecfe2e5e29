/**
 * `/stats [@user]`: a player's ratings per family with their change over 30 days, games, wins,
 * best streak, favourite variant and, in a chat, their series against the caller there. Without
 * a player, the caller's own. A player named only by handle (no id from the messenger) is
 * unknown to the bot: it keeps ratings by id.
 */
import { t } from '../../i18n/index.ts';
import { statsText } from '../club/tables.ts';
import { say, type Handler } from './update.ts';

export const stats: Handler<'stats'> = async (u) => {
  const { deps, intent } = u;
  const lang = u.chatLang ?? u.lang;
  if (intent.player === undefined && intent.playerUsername !== undefined) return say(u, t(lang, 'stats.unknown', { name: `@${intent.playerUsername}` }));
  const subject = intent.player ?? intent.from;
  const chat = intent.shared === true ? intent.chat : undefined;
  await say(u, await statsText(deps.store, lang, chat, subject, intent.from, deps.now()));
};
