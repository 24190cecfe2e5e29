/**
 * What a tournament's message says and which buttons it has: during sign-up the settings and the
 * players, with Join / Leave, Start / Cancel and Remove; once started, the bracket (knockout: each round's pairings
 * and results) or the table (round robin), with Refresh and Remove; at the end, the winner. The
 * message is one and is edited in place. Not a rule: a view.
 */
import { BUTTON_LIMITS, t, variantButton, variantName, type Lang } from '../../i18n/index.ts';
import { VARIANTS } from '../../engine/index.ts';
import type { Button, MessengerLimits } from '../ports.ts';
import { tournamentToken, type TournamentAction } from './buttons.ts';
import { CLOCKS, entrant, FORMATS, MATCH_LENGTHS, MAX_PLAYERS, SIGNUP_TTL_MS, standings, type Tournament, type TournamentSettings } from './model.ts';

/** The clock of a keyboard code in words (its button's words: `3 days`, `15m+15s`, `Untimed`). */
export function clockWords(code: string, lang: Lang): string {
  if (code === 'n') return t(lang, 'button.clock.none');
  if (code === 'f') return t(lang, 'button.clock.fischer', { minutes: 15, seconds: 15 });
  return t(lang, 'button.clock.days', { days: Number(code.slice(1)) });
}

/** The settings in words, as the header of every state of the message. */
function settingsWords(s: TournamentSettings, lang: Lang) {
  return {
    format: t(lang, `tournament.format.${s.format}`),
    variant: variantName(lang, s.variant),
    match: t(lang, 'match.points', { n: s.matchLength }),
    clock: clockWords(s.clock, lang),
  };
}

/** The value after `value` in `list`, round and round. */
function following<T>(list: readonly T[], value: T): T {
  return list[(list.indexOf(value) + 1) % list.length]!;
}

const VARIANT_IDS = Object.keys(VARIANTS) as (keyof typeof VARIANTS)[];

/** The tournament's message as it is now. */
export function tournamentMessage(tm: Tournament, lang: Lang): { text: string; buttons: Button[][] } {
  const button = (label: string, action: TournamentAction): Button => ({ label, token: tournamentToken(tm.id, action) });
  const s = tm.settings;
  if (tm.phase === 'signup') {
    const players = tm.players.map((p) => p.name).join(', ');
    const text = t(lang, 'tournament.signup', { organiser: tm.organiser.name, ...settingsWords(s, lang), max: s.maxPlayers, n: tm.players.length, players });
    const set = (key: 'f' | 'v' | 'm' | 'c' | 'p', value: string | number) => ({ k: 'set', key, value: String(value) }) as const;
    const nextFormat = following(FORMATS, s.format);
    return {
      text,
      buttons: [
        [button(t(lang, `button.tournament.${s.format}`), set('f', nextFormat === 'knockout' ? 'k' : 'r')), button(variantButton(lang, s.variant), set('v', following(VARIANT_IDS, s.variant)))],
        // The match and the clock two a row, the players under them: a row of three in a group is
        // too narrow for 'მატჩი 7-მდე'.
        [
          button(t(lang, 'match.points', { n: s.matchLength }), set('m', following(MATCH_LENGTHS, s.matchLength))),
          button(clockWords(s.clock, lang), set('c', following(CLOCKS, s.clock))),
        ],
        [button(t(lang, 'button.tournament.players', { n: s.maxPlayers }), set('p', following(MAX_PLAYERS.filter((n) => n >= tm.players.length), s.maxPlayers)))],
        // The players' two, the organiser's two, and Remove a player alone:
        // a row of two is too narrow for '❌ მოთამაშის მოხსნა' (docs/testing.md, "Button labels").
        [button(t(lang, 'button.tournament.join'), { k: 'join' }), button(t(lang, 'button.tournament.leave'), { k: 'leave' })],
        [button(t(lang, 'button.tournament.start'), { k: 'start' }), button(t(lang, 'button.tournament.cancel'), { k: 'cancel' })],
        [button(t(lang, 'button.tournament.remove'), { k: 'removeMenu' })],
      ],
    };
  }
  if (tm.phase === 'cancelled') return { text: cancelledText(tm, lang), buttons: [] };
  const lines = [t(lang, 'tournament.header', { organiser: tm.organiser.name, ...settingsWords(s, lang) }), '', ...progress(tm, lang)];
  if (tm.removed.length > 0) lines.push('', t(lang, 'tournament.removedList', { names: tm.removed.map((id) => entrant(tm, id).name).join(', ') }));
  if (tm.phase === 'finished') {
    lines.push('', tm.winner === undefined ? t(lang, 'tournament.noWinner') : t(lang, 'tournament.winner', { name: entrant(tm, tm.winner).name }));
    return { text: lines.join('\n'), buttons: [] };
  }
  // Remove a player on a row of its own, as in the sign-up.
  return { text: lines.join('\n'), buttons: [[button(t(lang, 'button.tournament.refresh'), { k: 'refresh' })], [button(t(lang, 'button.tournament.remove'), { k: 'removeMenu' })]] };
}

/** Who closed a sign-up: its organiser, an admin of its chat, or time. */
function cancelledText(tm: Tournament, lang: Lang): string {
  const by = tm.closedBy;
  if (by !== undefined && 'admin' in by) return t(lang, 'tournament.cancelledByAdmin', { name: by.admin.name });
  if (by !== undefined && 'expiry' in by) return t(lang, 'tournament.expired', { days: Math.round(SIGNUP_TTL_MS / (24 * 3600_000)) });
  return t(lang, 'tournament.cancelled');
}

/** The rounds played so far (knockout: the bracket), and for a round robin the table under them. */
function progress(tm: Tournament, lang: Lang): string[] {
  const name = (id: string) => entrant(tm, id).name;
  const lines: string[] = [];
  for (const [i, round] of tm.rounds.entries()) {
    lines.push(`${t(lang, 'tournament.round', { n: i + 1 })}:`);
    for (const p of round.pairings) {
      const r = p.result;
      // Names and numbers only: the same in every language.
      if (r === undefined) lines.push(`  ${name(p.a)} — ${name(p.b)}`);
      else {
        const played = `${r.winner === p.a ? '🏅 ' : ''}${name(p.a)} ${r.points[0]}:${r.points[1]} ${name(p.b)}${r.winner === p.b ? ' 🏅' : ''}`;
        lines.push(`  ${played}${r.forfeit ? ` (${t(lang, 'tournament.forfeit')})` : ''}`);
      }
    }
    if (round.bye !== undefined) lines.push(`  ${t(lang, 'tournament.bye', { name: name(round.bye) })}`);
  }
  if (tm.settings.format === 'roundRobin') {
    lines.push('', t(lang, 'tournament.table'));
    for (const [i, l] of standings(tm).entries()) {
      lines.push(`${i + 1}. ${name(l.player)} — ${l.wins}–${l.losses}, ${l.difference > 0 ? '+' : ''}${l.difference}`);
    }
    lines.push(t(lang, 'tournament.tieBreak'));
  }
  return lines;
}

/** A name cut to `letters` letters (whole characters, an emoji never split), the cut marked "…". */
function cut(name: string, letters: number): string {
  const chars = [...name];
  return chars.length <= letters ? name : `${chars.slice(0, letters - 1).join('')}…`;
}

/**
 * The organiser's list of players to remove (and Back), under the same message: two a row, or as
 * many as the messenger's rows need (a grid of 5 × 5 holds 20 players and Back).
 */
export function removeKeyboard(tm: Tournament, lang: Lang, limits: Pick<MessengerLimits, 'rows' | 'buttonsPerRow'>): { text: string; buttons: Button[][] } {
  const present = tm.players.filter((p) => !tm.removed.includes(p.id));
  const perRow = Math.min(limits.buttonsPerRow, Math.max(2, Math.ceil(present.length / Math.max(1, limits.rows - 1))));
  const rows: Button[][] = [];
  // A name is the player's own and may be long: cut to what a row of this many holds in a group's
  // keyboard, with room for "❌ " and Georgian's wider letters (#49); a messenger that keeps more
  // buttons a row than a phone shows in one still gets 8 letters.
  const letters = Math.max(8, BUTTON_LIMITS[Math.min(perRow, 5) as 1 | 2 | 3 | 4 | 5] - 6);
  for (let i = 0; i < present.length; i += perRow) rows.push(present.slice(i, i + perRow).map((p) => ({ label: `❌ ${cut(p.name, letters)}`, token: tournamentToken(tm.id, { k: 'remove', player: p.id }) })));
  rows.push([{ label: t(lang, 'button.back'), token: tournamentToken(tm.id, { k: 'back' }) }]);
  return { text: t(lang, 'tournament.removeWho'), buttons: rows };
}
