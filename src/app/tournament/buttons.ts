/**
 * The buttons under a tournament's message: `t:<tournament id>:<action>:<mac>`, signed like a
 * game's (`tokens.ts`), so a client cannot press a button the bot never sent. A platform reads
 * such data as a `tournament` intent, not a game press. A setting's button carries the value it
 * sets (not "next"), so a redelivered press sets the same value again.
 */
import { signed, verified } from '../tokens.ts';
import type { TournamentSettings } from './model.ts';

export type TournamentAction =
  | { readonly k: 'join' } | { readonly k: 'leave' } | { readonly k: 'start' } | { readonly k: 'cancel' }
  /** Re-read the tournament's matches and redraw its message (what a lost count is healed by at once). */
  | { readonly k: 'refresh' }
  /** The organiser's list of players to remove, and back from it. */
  | { readonly k: 'removeMenu' } | { readonly k: 'back' }
  | { readonly k: 'remove'; readonly player: string }
  | { readonly k: 'set'; readonly key: SettingKey; readonly value: string };

/** One letter per setting: format, variant, match length, clock, max players. */
export type SettingKey = 'f' | 'v' | 'm' | 'c' | 'p';
export const SETTING_OF: Record<SettingKey, keyof TournamentSettings> = { f: 'format', v: 'variant', m: 'matchLength', c: 'clock', p: 'maxPlayers' };

const SIMPLE = { j: 'join', l: 'leave', s: 'start', x: 'cancel', h: 'refresh', r: 'removeMenu', b: 'back' } as const;
const CODE = Object.fromEntries(Object.entries(SIMPLE).map(([code, k]) => [k, code])) as Record<string, string>;

function actionCode(a: TournamentAction): string {
  // A player id `<platform>:<id>` travels with a dot, the colon being the token's separator.
  if (a.k === 'remove') return `R${a.player.replace(':', '.')}`;
  if (a.k === 'set') return `S${a.key}${a.value}`;
  return CODE[a.k]!;
}

/** The data of a tournament's button. */
export function tournamentToken(id: string, action: TournamentAction): string {
  return signed(`t:${id}:${actionCode(action)}`);
}

/** The tournament and action a button carried, or undefined for anything else (a game's button, a forgery). */
export function tournamentOfToken(data: string): { id: string; action: TournamentAction } | undefined {
  if (typeof data !== 'string' || !data.startsWith('t:')) return undefined;
  const content = verified(data);
  const m = content === undefined ? null : /^t:([a-z0-9]{4,24}):(.+)$/.exec(content);
  if (!m) return undefined;
  const [, id, code] = m as unknown as [string, string, string];
  if (Object.hasOwn(SIMPLE, code)) return { id, action: { k: SIMPLE[code as keyof typeof SIMPLE] } as TournamentAction };
  const player = /^R([a-z]{1,16})\.([0-9A-Za-z_-]{1,40})$/.exec(code);
  if (player) return { id, action: { k: 'remove', player: `${player[1]}:${player[2]}` } };
  const setting = /^S([fvmcp])([0-9A-Za-z]{1,16})$/.exec(code);
  if (setting) return { id, action: { k: 'set', key: setting[1] as SettingKey, value: setting[2]! } };
  return undefined;
}
