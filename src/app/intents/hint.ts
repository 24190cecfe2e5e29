/**
 * The 💡 button: the computer's advice on the decision in hand, answered to the presser alone (an
 * alert only they see), where hints are allowed (`hintsAllowed`: against the computer, unrated
 * games). The match records that a hint was asked — a `hint` command, which moves nothing — and
 * the board is redrawn with the count in its caption, so the opponent sees it. The same decision
 * asked about again (the same roll, the same cube decision) is answered without a write: it is
 * counted once (#47 B2).
 */
import { errorText, t, type Lang } from '../../i18n/index.ts';
import { hintedAlready, hintsAllowed, type MatchState } from '../../game/index.ts';
import type { GameRecord } from '../../store/index.ts';
import { adviceText } from '../advice.ts';
import { loadComputer } from '../computer.ts';
import { commitCommand, publishCommand } from '../play.ts';
import type { Intent } from '../ports.ts';
import { pressCheck } from '../views.ts';
import type { Update } from './update.ts';

/** Answers a 💡 press; the `hint` command is the press's own write (`commitCommand`). */
export async function hint(u: Update<Intent & { kind: 'press' }>, record: GameRecord, state: MatchState, boardLang: Lang): Promise<void> {
  const { emit, intent, lang } = u;
  if (!hintsAllowed(state)) return void (await emit({ kind: 'toast', text: t(lang, 'hint.notAllowed'), alert: true }));
  const seat = pressCheck(state, intent.from.id);
  if (seat === 'not-your-game') return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourGame') }));
  if (seat === 'not-your-turn') return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourTurn') }));
  if (hintedAlready(state, seat)) return void (await emit({ kind: 'toast', text: adviceText(state, seat, await loadComputer(), lang), alert: true }));
  const committed = await commitCommand(u, { record, state }, { type: 'hint', by: intent.from.id });
  if (!committed.ok) return void (await emit({ kind: 'toast', text: committed.error.kind === 'stale-version' ? t(lang, 'toast.stale') : errorText(lang, committed.error) }));
  await emit({ kind: 'toast', text: adviceText(state, seat, await loadComputer(), lang), alert: true });
  await publishCommand(u, state, committed.value, boardLang, { surface: 'board', message: intent.message });
}
