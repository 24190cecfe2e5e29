/**
 * `/games`: my open games and challenges in every chat, my turn first, with the time left; under
 * it a "bring board down" button per game with a board (and a link to it where the messenger has one).
 */
import { t, type Lang } from '../../i18n/index.ts';
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
  const shown: GameButton[] = [];
  for (const game of list.games) {
    const record = records.find((r) => r.id === game.id);
    const ref = record && noteOf(record, BOARD);
    if (!record || !ref) continue;
    shown.push({ ...game, version: record.version, url: deps.messengers[ref.chat.platform]?.messageLink(ref) });
  }
  const buttons = gamesKeyboard(shown, lang);
  const text = buttons.length > 0 ? `${list.text}\n\n${t(lang, 'games.bringDownHint')}` : list.text;
  await u.emit({ kind: 'text', chat: intent.chat, text, buttons });
};

/** A listed game that has a board: its label (`gamesList`), its version, the link to its board where the messenger has one. */
export interface GameButton {
  readonly id: string;
  readonly label: string;
  readonly version: number;
  readonly url?: string | undefined;
}

/**
 * The rows under the list: a game's "bring down" button across the row, and under it the link to its
 * board (beside it, the link would take half the row, and a phone would cut the game's name).
 * Not a rule: a view.
 */
export function gamesKeyboard(games: readonly GameButton[], lang: Lang): Button[][] {
  return games.flatMap((game) => {
    const down: Button = { label: t(lang, 'games.bringDown', { game: game.label }), token: encodeToken({ surface: 'text', gameId: game.id, version: game.version, choice: { k: 'bringDown' } }) };
    return game.url ? [[down], [{ label: '↗', url: game.url }]] : [[down]];
  });
}
