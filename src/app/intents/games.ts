/**
 * `/games`: my open games and challenges in every chat, my turn first, with the time left; under
 * it a "bring board down" button per game with a board (and a link to it where the messenger has one).
 */
import { t } from '../../i18n/index.ts';
import type { Button } from '../ports.ts';
import { BOARD, noteOf } from '../remembered.ts';
import { gamesList } from '../texts.ts';
import { encodeToken } from '../tokens.ts';
import type { Handler } from './update.ts';

export const games: Handler<'games'> = async (u) => {
  const { deps, intent, lang } = u;
  // Open games only, one partition (store/layout.ts): finished ones must not crowd them out of the page.
  const open = await deps.store.listByPlayer(intent.from.id, { status: 'open', limit: 40 });
  const records = [...open.records.filter((r) => r.status === 'active'), ...open.records.filter((r) => r.status === 'challenge')];
  const list = gamesList(records, intent.from.id, lang, deps.now());
  const buttons: Button[][] = [];
  for (const game of list.games) {
    const record = records.find((r) => r.id === game.id);
    const ref = record && noteOf(record, BOARD);
    if (!record || !ref) continue;
    const url = deps.messengers[ref.chat.platform]?.messageLink(ref);
    const down: Button = { label: t(lang, 'games.bringDown', { game: game.label }), token: encodeToken({ surface: 'text', gameId: game.id, version: record.version, choice: { k: 'bringDown' } }) };
    buttons.push(url ? [down, { label: '↗', url }] : [down]);
  }
  const text = buttons.length > 0 ? `${list.text}\n\n${t(lang, 'games.bringDownHint')}` : list.text;
  await u.emit({ kind: 'text', chat: intent.chat, text, buttons });
};
