/**
 * `/games`: my open games and challenges in every chat, my turn first, with the time left; under
 * it a "bring board down" button per game with a board (and a link to it where the messenger has
 * one). The challenges addressed to me are listed too (#48), with a link to each where the
 * messenger has one: they are not in my player index until I accept, so they are found where a
 * challenge notes whom it names (`named.ts`) — by my id, and by my handle for a challenge to
 * `@handle` the messenger gave no id for (the handle I hold when I ask).
 */
import { t, type Lang } from '../../i18n/index.ts';
import type { GameRecord } from '../../store/index.ts';
import { loadMatch } from '../matches.ts';
import { addressedTo, handleOwner, namedIn } from '../named.ts';
import type { Button } from '../ports.ts';
import { BOARD, CHALLENGE_MESSAGE, noteOf } from '../remembered.ts';
import { gamesList } from '../texts.ts';
import { encodeToken } from '../tokens.ts';
import type { Handler, Update } from './update.ts';

/** How many of the newest challenges naming a player are read: a challenge expires within days, and few are addressed to anyone at once. */
const ADDRESSED_LOOKED_AT = 10;

/** The challenges addressed to the caller that still wait for their answer. */
async function addressedToMe(u: Update): Promise<GameRecord[]> {
  const { deps, intent } = u;
  const from = intent.from;
  const owners = [from.id, ...(from.username ? [handleOwner(intent.chat.platform, from.username)] : [])];
  const named = await namedIn(deps.store, owners);
  const read = await Promise.all(named.challenges.slice(-ADDRESSED_LOOKED_AT).map((id) => loadMatch(deps.store, id)));
  return read.flatMap((r) => (r.ok && r.value.record.status === 'challenge' && r.value.state.challengeExpiresAt > deps.now() && addressedTo(r.value.record, r.value.state, from) ? [r.value.record] : []));
}

export const games: Handler<'games'> = async (u) => {
  const { deps, intent, lang } = u;
  // Open games only, one partition (store/layout.ts): finished ones must not crowd them out of the page.
  const [open, addressed] = await Promise.all([deps.store.listByPlayer(intent.from.id, { status: 'open', limit: 40 }), addressedToMe(u)]);
  const records = [...open.records.filter((r) => r.status === 'active'), ...open.records.filter((r) => r.status === 'challenge'), ...addressed];
  const list = gamesList(records, intent.from.id, lang, deps.now());
  const shown: GameButton[] = [];
  const links: Button[][] = [];
  for (const game of list.games) {
    const record = records.find((r) => r.id === game.id);
    const ref = record && noteOf(record, BOARD);
    if (!record) continue;
    if (!ref) {
      // A challenge to me: a link to it, where its Accept and Decline are.
      const challenge = addressed.includes(record) ? noteOf(record, CHALLENGE_MESSAGE) : undefined;
      const url = challenge && deps.messengers[challenge.chat.platform]?.messageLink(challenge);
      if (url) links.push([{ label: `↗ ${game.label}`, url }]);
      continue;
    }
    shown.push({ ...game, version: record.version, url: deps.messengers[ref.chat.platform]?.messageLink(ref) });
  }
  const buttons = [...gamesKeyboard(shown, lang), ...links];
  const text = shown.length > 0 ? `${list.text}\n\n${t(lang, 'games.bringDownHint')}` : list.text;
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
