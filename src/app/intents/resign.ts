/** `/resign`: the board of my game in this chat, asking to confirm the resignation. */
import { errorText, t } from '../../i18n/index.ts';
import { loadMatch } from '../matches.ts';
import { showBoard } from '../publish.ts';
import { say, type Handler } from './update.ts';

export const resign: Handler<'resign'> = async (u) => {
  const { deps, intent } = u;
  const games = await deps.store.listByChat(intent.chat.platform, intent.chat.chatId, { status: 'active' });
  const mine = games.records.find((r) => r.players.includes(intent.from.id));
  if (!mine) return say(u, t(u.lang, 'games.none'));
  const loaded = await loadMatch(deps.store, mine.id);
  if (!loaded.ok) return say(u, errorText(u.lang, loaded.error));
  await showBoard(u, loaded.value.record, loaded.value.state, u.lang, intent.chat, undefined, { confirm: 'resign' });
};
