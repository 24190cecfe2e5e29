/**
 * `npm run telegram:commands`: sets the bot's command menu — the list Telegram shows when "/" is
 * typed — for private chats and for groups, in English, Russian and Georgian and by default, from
 * src/platforms/telegram/commands.ts. Needs TELEGRAM_BOT_TOKEN; TELEGRAM_API_ROOT points it at a
 * stand-in. Safe to run again (each call replaces that menu): run it after every deploy (docs/deploy.md).
 */
import { ConfigError, config } from '../../src/config.ts';
import { setCommandMenus } from '../../src/platforms/telegram/index.ts';

const token = config.telegram?.botToken;
if (token === undefined) throw new ConfigError('TELEGRAM_BOT_TOKEN must be set to set the command menu');
const set = await setCommandMenus({ token, apiRoot: config.telegram!.apiRoot });
console.log(`set ${set} command menus (private and group chats; en, ru, ka and the default)`);
