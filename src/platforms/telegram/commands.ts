/**
 * The bot's command menu, the list Telegram shows when "/" is typed: one for private chats and one
 * for groups (a group has no /start, and its /lang sets the chat's game language; reminders,
 * vacation, /privacy and /forget are personal, so private), each in English, Russian and Georgian plus a default without
 * language for every other client. The descriptions are the catalogs'. `setCommandMenus` sets them
 * all with `setMyCommands`, which replaces what was there: running it again changes nothing.
 */
import { Telegram } from 'telegraf';
import { LANGS, t, type Lang, type MessageKey } from '../../i18n/index.ts';

type Scope = { readonly type: 'all_private_chats' } | { readonly type: 'all_group_chats' };

/** A command of a menu and the catalog key of its description. */
const PRIVATE: readonly (readonly [string, MessageKey])[] = [
  ['start', 'command.start'], ['nardy', 'command.nardy'], ['games', 'command.games'], ['history', 'command.history'], ['review', 'command.review'], ['rules', 'command.rules'],
  ['confirm', 'command.confirm'], ['vacation', 'command.vacation'], ['remind', 'command.remind'], ['quiet', 'command.quiet'], ['lang', 'command.lang'], ['help', 'command.help'],
  ['seed', 'command.seed'], ['dice', 'command.dice'], ['privacy', 'command.privacy'], ['forget', 'command.forget'], ['top', 'command.top'], ['stats', 'command.stats'],
];
const GROUP: readonly (readonly [string, MessageKey])[] = [
  ['nardy', 'command.nardy'], ['games', 'command.games'], ['resign', 'command.resign'], ['history', 'command.history'], ['review', 'command.review'], ['rules', 'command.rules'],
  ['tournament', 'command.tournament'], ['lang', 'command.lang.group'], ['help', 'command.help'], ['top', 'command.top.group'], ['stats', 'command.stats'], ['weekly', 'command.weekly'],
];

/** One `setMyCommands` call: a scope, a language (none: the default) and its commands. */
export interface CommandMenu {
  readonly scope: Scope;
  readonly language_code?: Lang;
  readonly commands: readonly { readonly command: string; readonly description: string }[];
}

/** Every menu the bot sets: private and group chats, in each language and by default (English). */
export function commandMenus(): CommandMenu[] {
  const scopes: [Scope, typeof PRIVATE][] = [[{ type: 'all_private_chats' }, PRIVATE], [{ type: 'all_group_chats' }, GROUP]];
  return scopes.flatMap(([scope, list]) => [undefined, ...LANGS].map((lang) => ({
    scope,
    ...(lang === undefined ? {} : { language_code: lang }),
    commands: list.map(([command, key]) => ({ command, description: t(lang ?? 'en', key) })),
  })));
}

/** Sets every menu of `commandMenus()` for the bot of `token` on the Bot API at `apiRoot`; returns how many were set. */
export async function setCommandMenus(bot: { readonly token: string; readonly apiRoot: string }): Promise<number> {
  const telegram = new Telegram(bot.token, { apiRoot: bot.apiRoot });
  const menus = commandMenus();
  for (const menu of menus) {
    await telegram.setMyCommands([...menu.commands], { scope: menu.scope, ...(menu.language_code === undefined ? {} : { language_code: menu.language_code }) });
  }
  return menus.length;
}
