/**
 * `/resign`: the board of my game in this chat, asking to confirm the resignation. It is the
 * game's one board, posted again at the end of the chat (the old one taken down), and only on my
 * turn: resigning is a decision of one's own turn, and a board posted in the opponent's turn
 * would be a second live board of the game.
 */
import { errorText, t } from '../../i18n/index.ts';
import { boardLangOf } from '../board-language.ts';
import { loadMatch } from '../matches.ts';
import { bringBoardDown, showBoard } from '../publish.ts';
import { BOARD, noteOf } from '../remembered.ts';
import { pressCheck } from '../views.ts';
import { say, type Handler } from './update.ts';

export const resign: Handler<'resign'> = async (u) => {
  const { deps, intent } = u;
  const games = await deps.store.listByChat(intent.chat.platform, intent.chat.chatId, { status: 'active' });
  const mine = games.records.find((r) => r.players.includes(intent.from.id));
  if (!mine) return say(u, t(u.lang, 'games.none'));
  const loaded = await loadMatch(deps.store, mine.id);
  if (!loaded.ok) return say(u, errorText(u.lang, loaded.error));
  const { record, state } = loaded.value;
  if (typeof pressCheck(state, intent.from.id) !== 'number') return say(u, t(u.lang, 'resign.notYourTurn'));
  const lang = await boardLangOf(deps.store, record, { chat: intent.chat, chatLang: u.chatLang }, u.lang);
  if (noteOf(record, BOARD)) return bringBoardDown(u, record, state, lang, { confirm: 'resign' });
  await showBoard(u, record, state, lang, intent.chat, undefined, { confirm: 'resign' });
};
