/** `/help`: the commands, as this messenger types them. */
import { t } from '../../i18n/index.ts';
import { say, type Handler } from './update.ts';

export const help: Handler<'help'> = (u) => say(u, t(u.lang, u.messenger.helpKey));
