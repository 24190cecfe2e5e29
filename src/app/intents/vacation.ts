/**
 * `/vacation [on|off]`: away or back in every correspondence game of mine that has vacation days;
 * no word toggles. Each game it changes is saved and its board redrawn (the board shows who is away
 * and the clock's time left); a game where it would change nothing, or that saw too many changes
 * today, is neither written nor redrawn (issue #20: one `/vacation` rewrote and redrew every game).
 */
import { mayChangeVacation, type MatchState } from '../../game/index.ts';
import { t } from '../../i18n/index.ts';
import type { GameRecord } from '../../store/index.ts';
import { boardLangOf } from '../board-language.ts';
import { loadMatch } from '../matches.ts';
import { commitCommand, publishCommand } from '../play.ts';
import { BOARD, noteOf } from '../remembered.ts';
import { say, type Handler } from './update.ts';

export const vacation: Handler<'vacation'> = async (u) => {
  const { deps, intent } = u;
  const listing = await deps.store.listByPlayer(intent.from.id, { status: 'active', limit: 100 });
  const games: { record: GameRecord; state: MatchState }[] = [];
  for (const record of listing.records) {
    const loaded = await loadMatch(deps.store, record.id);
    const clock = loaded.ok ? loaded.value.state.settings.clock : undefined;
    if (loaded.ok && clock?.kind === 'correspondence' && clock.vacationDays > 0) games.push(loaded.value);
  }
  if (games.length === 0) return say(u, t(u.lang, 'vacation.none'));
  const seatOfMine = (state: MatchState) => (state.players[0]?.id === intent.from.id ? 0 : 1);
  const away = intent.away ?? !games.some(({ state }) => state.clock?.awaySince[seatOfMine(state)] != null);
  let changed = 0;
  let tooOften = 0;
  for (const game of games) {
    const allowed = mayChangeVacation(game.state, seatOfMine(game.state), away, deps.now());
    if (!allowed.ok) {
      if (allowed.error.kind === 'too-many-changes') tooOften++;
      continue;
    }
    // One command for many games: not a move made on one of them (no update id, no reach note).
    const outcome = await commitCommand(u, game, { type: 'vacation', by: intent.from.id, away }, { asPlayer: false });
    if (!outcome.ok) continue;
    changed++;
    const { record } = outcome.value;
    if (record.chat && noteOf(record, BOARD)) await publishCommand(u, game.state, outcome.value, await boardLangOf(deps.store, record, { chat: intent.chat, chatLang: u.chatLang }, u.lang), { surface: 'board', known: true });
  }
  if (tooOften > 0) await say(u, t(u.lang, 'vacation.tooOften', { n: tooOften }));
  if (changed > 0) await say(u, t(u.lang, away ? 'vacation.on' : 'vacation.off', { n: changed }));
  else if (tooOften === 0) await say(u, t(u.lang, away ? 'vacation.alreadyOn' : 'vacation.alreadyOff'));
};
