/**
 * `/top [variant]`: in a group or channel, that chat's table of the variant's rating family (or of
 * every family with rated games), top 10 and the caller's own line; in a private chat, everyone's.
 */
import { familyOf } from '../club/families.ts';
import { topText } from '../club/tables.ts';
import { say, type Handler } from './update.ts';

export const top: Handler<'top'> = async (u) => {
  const { deps, intent } = u;
  const chat = intent.shared === true ? intent.chat : undefined;
  await say(u, await topText(deps.store, u.chatLang ?? u.lang, chat, intent.from.id, intent.variant === undefined ? undefined : familyOf(intent.variant)));
};
