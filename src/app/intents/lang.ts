/** `/lang xx`: the user's language from now on; no code (or an unknown one) lists the choices. */
import { LANG_NAMES, isLang, t } from '../../i18n/index.ts';
import { LANGUAGE, remember } from '../remembered.ts';
import { say, type Handler } from './update.ts';

export const lang: Handler<'lang'> = async (u) => {
  const chosen = u.intent.lang && isLang(u.intent.lang) ? u.intent.lang : undefined;
  if (!chosen) return say(u, t(u.lang, 'lang.choose'));
  await remember(u.deps.store, LANGUAGE, u.intent.from.id, chosen, u.deps.now());
  await say(u, t(chosen, 'lang.changed', { lang: LANG_NAMES[chosen] }));
};
