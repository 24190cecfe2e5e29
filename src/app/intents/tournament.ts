/**
 * `/tournament` in a group opens a sign-up message (the organiser is its first player), and the
 * buttons under it: Join / Leave, the organiser's settings, Start, Cancel, Remove a player and,
 * once started, Refresh. Every press is one conditional write of the tournament item
 * (`tournament/stored.ts`), then the message is redrawn in place; Start posts the first round's
 * challenges (`tournament/pairings.ts`). Rules: `tournament/model.ts`.
 */
import { VARIANTS, type VariantId } from '../../engine/index.ts';
import { t, type MessageKey } from '../../i18n/index.ts';
import type { Result } from '../../lib/index.ts';
import { isChatAdmin, isSameChat } from '../chat-admin.ts';
import { OPEN_TOURNAMENTS_PER_CHAT, OPEN_TOURNAMENTS_PER_ORGANISER } from '../limits.ts';
import { noteNamed } from '../named.ts';
import { tournamentOfToken, type TournamentAction } from '../tournament/buttons.ts';
import { publishChange, showTournament } from '../tournament/flow.ts';
import { healTournament } from '../tournament/heal.ts';
import * as model from '../tournament/model.ts';
import type { Tournament, TournamentError, TournamentSettings } from '../tournament/model.ts';
import { noteOpened, openTournaments } from '../tournament/open-list.ts';
import { changeTournament, createTournament, loadTournament } from '../tournament/stored.ts';
import { removeKeyboard, tournamentMessage } from '../tournament/views.ts';
import { closeRemovedMatches } from '../tournament/withdraw.ts';
import { newGameId } from './challenge.ts';
import { say, type Handler, type Update } from './update.ts';
import type { Intent } from '../ports.ts';

type TournamentUpdate = Update<Extract<Intent, { kind: 'tournament' }>>;

export const tournament: Handler<'tournament'> = async (u) => (u.intent.token === undefined ? openSignup(u) : pressed(u, u.intent.token));

async function openSignup(u: TournamentUpdate): Promise<void> {
  const { deps, intent } = u;
  const lang = u.chatLang ?? u.lang;
  if (!intent.shared) return say(u, t(u.lang, 'tournament.inGroup'));
  const now = deps.now();
  const seen = await openTournaments(deps.store, intent.chat, now);
  if (seen.organisers.filter((id) => id === intent.from.id).length >= OPEN_TOURNAMENTS_PER_ORGANISER) return say(u, t(lang, 'tournament.oneAtATime'));
  if (seen.open.length >= OPEN_TOURNAMENTS_PER_CHAT) return say(u, t(lang, 'tournament.tooMany', { n: OPEN_TOURNAMENTS_PER_CHAT }));
  // A letter no game id has (they are hex), so a tournament's match ids never meet a game's.
  const tm = model.openTournament(`t${newGameId().slice(0, 9)}`, intent.chat, lang, { id: intent.from.id, name: intent.from.name }, now);
  if (!(await noteOpened(deps.store, intent.chat, seen, tm.id, now))) return say(u, t(lang, 'tournament.tooMany', { n: OPEN_TOURNAMENTS_PER_CHAT }));
  if (!(await createTournament(deps.store, tm, now))) return;
  await noteNamed(deps.store, intent.from.id, 'tournaments', tm.id, now);
  const { text, buttons } = tournamentMessage(tm, lang);
  const sent = await u.emit({ kind: 'text', chat: intent.chat, text, buttons });
  if (sent) await changeTournament(deps.store, tm.id, now, (current) => ({ ok: true, value: { ...current, message: sent } }));
}

/** The settings change a setting button carries (the keyboard's own values; `model.configure` refuses any other). */
function settingOf(action: Extract<TournamentAction, { k: 'set' }>): Partial<TournamentSettings> {
  const v = action.value;
  switch (action.key) {
    case 'f': return { format: v === 'r' ? 'roundRobin' : 'knockout' };
    case 'v': return Object.hasOwn(VARIANTS, v) ? { variant: v as VariantId } : { variant: 'none' as VariantId };
    case 'm': return { matchLength: Number(v) };
    case 'c': return { clock: v };
    case 'p': return { maxPlayers: Number(v) };
  }
}

const ERROR_TEXT: Record<TournamentError | 'gone', MessageKey> = {
  'not-organiser': 'tournament.onlyOrganiser', 'not-signup': 'tournament.closed', 'not-playing': 'tournament.gone', 'already-in': 'tournament.alreadyIn',
  'not-in': 'tournament.notIn', full: 'tournament.full', 'too-few': 'tournament.tooFew', 'bad-setting': 'toast.stale', 'unknown-match': 'toast.stale', gone: 'tournament.gone',
};

/** The change a button asks for, as a pure function of the stored tournament. */
function changeOf(action: TournamentAction, who: model.Entrant): ((tm: Tournament) => Result<Tournament, TournamentError>) | undefined {
  switch (action.k) {
    case 'join': return (tm) => model.join(tm, who);
    case 'leave': return (tm) => model.leave(tm, who.id);
    case 'start': return (tm) => model.start(tm, who.id);
    case 'cancel': return (tm) => model.cancel(tm, who.id);
    case 'set': return (tm) => model.configure(tm, who.id, settingOf(action));
    case 'remove': return (tm) => model.remove(tm, who.id, action.player);
    default: return undefined;
  }
}

const DONE: Partial<Record<TournamentAction['k'], MessageKey>> = { join: 'tournament.joined', leave: 'tournament.left' };

async function pressed(u: TournamentUpdate, data: string): Promise<void> {
  const { deps, intent, emit, lang } = u;
  const parsed = tournamentOfToken(data);
  const loaded = parsed === undefined ? undefined : await loadTournament(deps.store, parsed.id);
  if (parsed === undefined || loaded === undefined) return void (await emit({ kind: 'toast', text: t(lang, 'toast.stale') }));
  const { action } = parsed;
  const tm = loaded.tournament;
  const who = { id: intent.from.id, name: intent.from.name };
  // Only the organiser cancels their sign-up, and any admin of its chat (issue #45), asked only about a Cancel of someone else's.
  const byAdmin = action.k === 'cancel' && tm.phase === 'signup' && who.id !== tm.organiser.id && isSameChat(tm.chat, intent.chat) && (await isChatAdmin(u));
  const change = byAdmin ? (current: Tournament) => model.cancelByAdmin(current, who) : changeOf(action, who);
  if (change === undefined) {
    if (action.k === 'removeMenu' && who.id !== tm.organiser.id) return void (await emit({ kind: 'toast', text: t(lang, 'tournament.onlyOrganiser', { name: tm.organiser.name }) }));
    await emit({ kind: 'toast', text: '' });
    if (action.k === 'refresh') await healTournament(u, loaded);
    if (action.k === 'removeMenu' && intent.message) {
      const { text, buttons } = removeKeyboard(tm, tm.lang, u.messenger.limits);
      return void (await emit({ kind: 'editText', message: intent.message, text, buttons }));
    }
    const latest = action.k === 'refresh' ? (await loadTournament(deps.store, tm.id))?.tournament ?? tm : tm;
    return showTournament(u, latest);
  }
  const changed = await changeTournament(deps.store, tm.id, deps.now(), change, loaded);
  // A sign-up's Cancel is its organiser's and any admin's of its chat: a refusal names both (#48).
  const refusal = action.k === 'cancel' && !changed.ok && changed.error === 'not-organiser' ? 'tournament.onlyOrganiserOrAdmin' : undefined;
  if (!changed.ok) return void (await emit({ kind: 'toast', text: t(lang, refusal ?? ERROR_TEXT[changed.error], { name: tm.organiser.name }) }));
  const done = DONE[action.k];
  await emit({ kind: 'toast', text: done === undefined ? '' : t(lang, done) });
  if (changed.value === 'already') return;
  // The tournament names them from now on, yet is not in their player index: their `/forget` finds it through this.
  if (action.k === 'join') await noteNamed(deps.store, who.id, 'tournaments', tm.id, deps.now());
  await publishChange(u, changed.value.before, changed.value.after);
  if (action.k === 'remove' && changed.value.before.phase === 'playing') {
    await say(u, t(tm.lang, 'tournament.removed', { name: model.entrant(tm, action.player).name }));
    // Their pending matches were forfeited by this write: their games are taken out of play now (#48).
    await closeRemovedMatches(u, changed.value.after);
  }
}
