/**
 * A player's name as a text shows it. A person's name is theirs, as the chat showed it; the
 * computer's is a word of the catalog ("Компьютер (сильный)", "კომპიუტერი (ძლიერი)"), so it is
 * written in the language of the text that shows it, whatever language accepted the challenge.
 */
import { COMPUTER_ID, type MatchState } from '../game/index.ts';
import { t, type Lang } from '../i18n/index.ts';

/** The name of the player on `seat` in `lang`; '?' for an empty seat. Not a rule: words. */
export function playerName(state: MatchState, seat: number | null | undefined, lang: Lang): string {
  if (seat === null || seat === undefined) return '?';
  const player = state.players[seat];
  if (!player) return '?';
  if (player.id !== COMPUTER_ID) return player.name;
  return t(lang, 'computer.name', { level: t(lang, `computer.${state.settings.computer ?? 'strong'}`) });
}
