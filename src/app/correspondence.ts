/**
 * The commands of play across days (issue 7): `/vacation`, `/remind`, `/quiet`, and "bring board
 * down" from `/games`. What they set is read by the scheduler (`sweep.ts`).
 */
import type { MatchState } from '../game/index.ts';
import { pickLang, t, type Lang } from '../i18n/index.ts';
import type { GameRecord } from '../store/index.ts';
import type { AppDeps } from './bot.ts';
import type { Emit, Intent } from './chat.ts';
import { boardLanguage, loadMatch, runCommand } from './matches.ts';
import { isMessageRef, langOfPlayer } from './memo.ts';
import { parseQuiet, REMIND_MODES } from './reminders.ts';
import { boardView } from './views.ts';

/**
 * "Bring the board down" (from `/games`): a board that scrolled away is posted again at the end of
 * its chat and the old message deleted, so there is one board per game. Any version: it only redraws.
 */
export async function bringBoardDown(deps: AppDeps, intent: Intent & { kind: 'press' }, emit: Emit, record: GameRecord, state: MatchState, lang: Lang): Promise<void> {
  if (!state.players.some((p) => p?.id === intent.from.id)) return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourGame') }));
  const old = await deps.store.recall(`board#${state.id}`);
  if (!record.chat || !state.game || !isMessageRef(old)) return void (await emit({ kind: 'toast', text: t(lang, 'toast.stale') }));
  await emit({ kind: 'toast', text: '' });
  const sent = await emit({ kind: 'board', chat: record.chat, view: boardView(state, record.version, pickLang(boardLanguage(record) ?? lang), deps.now()) });
  if (!sent) return;
  await deps.store.remember(`board#${state.id}`, sent, deps.now());
  await emit({ kind: 'delete', message: old });
}

/** `/vacation [on|off]`: away or back in every correspondence game of mine that has vacation days; no word toggles. */
export async function handleVacation(deps: AppDeps, intent: Intent & { kind: 'vacation' }, emit: Emit): Promise<void> {
  const lang = await langOfPlayer(deps.store, intent.from.id, intent.from.language);
  const listing = await deps.store.listByPlayer(intent.from.id, { status: 'active', limit: 100 });
  const games: { record: GameRecord; state: MatchState }[] = [];
  for (const record of listing.records) {
    const loaded = await loadMatch(deps.store, record.id);
    const clock = loaded.ok ? loaded.value.state.settings.clock : undefined;
    if (loaded.ok && clock?.kind === 'correspondence' && clock.vacationDays > 0) games.push(loaded.value);
  }
  if (games.length === 0) return void (await emit({ kind: 'text', chat: intent.chat, text: t(lang, 'vacation.none') }));
  const seatOfMine = (state: MatchState) => (state.players[0]?.id === intent.from.id ? 0 : 1);
  const away = intent.away ?? !games.some(({ state }) => state.clock?.awaySince[seatOfMine(state)] != null);
  let changed = 0;
  for (const { record } of games) {
    const outcome = await runCommand(deps, record.id, { type: 'vacation', by: intent.from.id, away });
    if (!outcome.ok) continue;
    changed++;
    // The board shows who is away and the clock's new time left.
    const board = await deps.store.recall(`board#${record.id}`);
    const chat = outcome.value.record.chat;
    if (chat && isMessageRef(board)) await emit({ kind: 'board', chat, view: boardView(outcome.value.state, outcome.value.record.version, pickLang(boardLanguage(record) ?? lang), deps.now()), replace: board });
  }
  await emit({ kind: 'text', chat: intent.chat, text: t(lang, away ? 'vacation.on' : 'vacation.off', { n: changed }) });
}

/** `/remind off|default|frequent` and `/quiet 23-7 +3|off`: the player's reminder settings, read by the scheduler. */
export async function handleReminderSettings(deps: AppDeps, intent: Intent & { kind: 'remind' | 'quiet' }, emit: Emit): Promise<void> {
  const lang = await langOfPlayer(deps.store, intent.from.id, intent.from.language);
  const say = (text: string) => emit({ kind: 'text', chat: intent.chat, text });
  if (intent.kind === 'remind') {
    const mode = REMIND_MODES.find((m) => m === intent.mode?.toLowerCase());
    if (!mode) return void (await say(t(lang, 'remind.usage')));
    await deps.store.remember(`remind#${intent.from.id}`, mode, deps.now());
    return void (await say(t(lang, `remind.${mode}`)));
  }
  const quiet = parseQuiet(intent.args);
  if (quiet === undefined) return void (await say(t(lang, 'quiet.usage')));
  await deps.store.remember(`quiet#${intent.from.id}`, quiet, deps.now());
  if (quiet === null) return void (await say(t(lang, 'quiet.off')));
  const sign = quiet.offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(quiet.offsetMinutes);
  const offset = `UTC${sign}${Math.floor(abs / 60)}${abs % 60 === 0 ? '' : `:${String(abs % 60).padStart(2, '0')}`}`;
  await say(t(lang, 'quiet.set', { from: quiet.from, to: quiet.to, offset }));
}
