/**
 * The text messages around the boards: a challenge with its buttons, and the games list.
 */
import type { MatchState } from '../game/index.ts';
import { t, type Lang } from '../i18n/index.ts';
import type { GameRecord } from '../store/index.ts';
import type { Button } from './chat.ts';
import { encodeToken } from './tokens.ts';

function settingsLine(state: MatchState, lang: Lang): string {
  const s = state.settings;
  return t(lang, 'settings.summary', {
    variant: t(lang, s.variant === 'long' ? 'variant.long' : 'variant.short'),
    match: s.matchLength > 0 ? t(lang, 'match.points', { n: s.matchLength }) : t(lang, 'match.single'),
    cube: t(lang, s.doubling ? 'cube.on' : 'cube.off'),
    clock: t(lang, 'clock.none'),
  });
}

/**
 * Returns a challenge message: who challenges whom, the settings, and Accept / Decline / Cancel
 * buttons (plus a deep link to join from a private chat). Not a rule: a view.
 */
export function challengeMessage(state: MatchState, version: number, lang: Lang, botUsername: string, opponentName?: string): { text: string; buttons: Button[][] } {
  const challenger = state.players[0]?.name ?? '?';
  const settings = settingsLine(state, lang);
  const text = opponentName
    ? t(lang, 'challenge.to', { challenger, opponent: opponentName, variant: t(lang, state.settings.variant === 'long' ? 'variant.long' : 'variant.short'), settings })
    : t(lang, 'challenge.open', { challenger, variant: t(lang, state.settings.variant === 'long' ? 'variant.long' : 'variant.short'), settings });
  const token = (k: 'accept' | 'decline' | 'cancel') => encodeToken({ surface: 'text', gameId: state.id, version, choice: { k } });
  const row: Button[] = [{ label: t(lang, 'button.accept'), token: token('accept') }];
  if (state.invitee) row.push({ label: t(lang, 'button.decline'), token: token('decline') });
  row.push({ label: t(lang, 'button.cancel'), token: token('cancel') });
  const buttons: Button[][] = [row];
  if (botUsername) buttons.push([{ label: t(lang, 'inline.join'), url: `https://t.me/${botUsername}?start=a_${state.id}` }]);
  return { text, buttons };
}

interface Summary { variant?: string; names?: (string | null)[]; score?: number[]; toAct?: string | null }

/** Returns the games list of a player: their turn first, then the others, then open challenges. Not a rule: a view. */
export function gamesList(records: readonly GameRecord[], playerId: string, lang: Lang): string {
  const open = records.filter((r) => r.status === 'active' || r.status === 'challenge');
  if (open.length === 0) return t(lang, 'games.none');
  const rank = (r: GameRecord) => (r.status === 'challenge' ? 2 : (r.summary as Summary | undefined)?.toAct === playerId ? 0 : 1);
  const lines = [...open].sort((a, b) => rank(a) - rank(b)).map((r) => {
    const s = (r.summary ?? {}) as Summary;
    const names = (s.names ?? []).filter((n): n is string => !!n).join(' — ');
    const variant = t(lang, s.variant === 'short' ? 'variant.short' : 'variant.long');
    const opponent = (s.names ?? []).find((n, i) => n && r.players[i] !== playerId) ?? '';
    const status = r.status === 'challenge' ? t(lang, 'games.challenge') : s.toAct === playerId ? t(lang, 'games.yourTurn') : t(lang, 'games.theirTurn', { name: opponent });
    return `• ${variant}: ${names} (${s.score?.join(':') ?? '0:0'}) — ${status}`;
  });
  return [t(lang, 'games.header'), ...lines].join('\n');
}
