/**
 * A button press. It is checked (token, presser, turn, version), and then its choice's row
 * (`press-choices.ts`) says what it is: a look aside from the match, a view redrawn with nothing
 * written, a challenge's setting, the hint, or a match command — answered with a toast before the
 * write, applied through the reducer with one conditional write, and published in place
 * (`play.ts`).
 */
import type { MatchState } from '../../game/index.ts';
import { ok } from '../../lib/index.ts';
import { errorText, t, type Lang } from '../../i18n/index.ts';
import { wasApplied, type GameRecord } from '../../store/index.ts';
import { computerAcceptance, computerToAct, isComputerMatch } from '../computer.ts';
import { boardLangOf } from '../board-language.ts';
import { cancelsAsAdmin } from '../chat-admin.ts';
import { mayAccept, misanswered } from '../challenge-answers.ts';
import { matchOf, type AppError } from '../matches.ts';
import { commitCommand, finishComputerTurn, publishCommand, type Loaded } from '../play.ts';
import { rateAtMatchEnd } from '../club/match-end.ts';
import { ownBoardIn, showBoard } from '../publish.ts';
import { INVITEE, noteOf } from '../remembered.ts';
import { addressedTo } from '../named.ts';
import { decodeToken, type Surface, type Token } from '../tokens.ts';
import { mayAnswerRefusal } from '../limits.ts';
import { mayActHere, mayRedraw } from './press-place.ts';
import { boardPicture, pressCheck } from '../views.ts';
import { natureOf, type Press } from './press-choices.ts';
import { settings } from './settings.ts';
import type { Handler } from './update.ts';

export { changesSomething, claimsAlone } from './press-choices.ts';

export const press: Handler<'press'> = async (u) => {
  const { deps, intent, emit, lang } = u;
  const token = decodeToken(intent.token);
  if (!token || !u.game) return void (await emit({ kind: 'toast', text: t(lang, 'toast.stale') }));
  const loaded = matchOf(u.game);
  if (!loaded.ok) return void (await emit({ kind: 'toast', text: errorText(lang, loaded.error) }));
  const { record, state } = loaded.value;
  const boardLang = await boardLangOf(deps.store, record, { chat: intent.chat, chatLang: u.chatLang }, intent.from.language);
  const refresh = async () => {
    await emit({ kind: 'toast', text: t(lang, 'toast.stale') });
    if (token.surface === 'board' && intent.message && state.game && mayRedraw(record, state, intent)) await showBoard(u, record, state, boardLang, intent.chat, intent.message);
  };
  // A token from before tokens were signed is trusted for a redraw only; a board's button pressed
  // under a message where that game is not shown (its chat's, or a player's own) does nothing.
  if (token.unsigned) return refresh();
  if (!mayActHere(record, state, intent, token)) return void (await emit({ kind: 'toast', text: t(lang, 'toast.stale') }));
  const nature = natureOf(token.choice);
  if (nature.aside) return nature.aside(u, loaded.value, token.choice, boardLang);
  if (computerToAct(state) !== null) {
    // The computer's turn was left unplayed (a crash between writes): play it, then show the board.
    const played = await finishComputerTurn(u, loaded.value, boardLang);
    if (!played.ok) return pressFailed(u, played.error, boardLang, token.surface, false);
    return void (await emit({ kind: 'toast', text: t(lang, 'toast.stale') }));
  }
  // A redelivery of a press that was applied: its board moved on because of it, so it is not told the board is old.
  if (intent.updateKey !== undefined && wasApplied(record.applied, intent.updateKey)) return answerAgain(u, record, state, boardLang, token.surface, false);
  if (token.version !== record.version) return refresh();
  if (nature.current) return nature.current(u, loaded.value, boardLang);
  if (state.phase === 'challenge' && nature.setting) return settings(u, token, loaded.value, boardLang);
  if (nature.view) {
    const who = pressCheck(state, intent.from.id);
    if (who === 'not-your-game') return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourGame') }));
    if (who === 'not-your-turn') return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourTurn') }));
    await emit({ kind: 'toast', text: '' });
    return showBoard(u, record, state, boardLang, intent.chat, intent.message, nature.view(token.choice));
  }
  return pressCommand(u, loaded.value, token, boardLang, refresh);
};

/**
 * A press that stands for a match command: whose answer it is checked first, then the command is
 * stored with the toast travelling beside the write, and published where it was pressed.
 */
async function pressCommand(u: Press, loaded: Loaded, token: Token, boardLang: Lang, refresh: () => Promise<void>): Promise<void> {
  const { intent, emit, lang } = u;
  const { record, state } = loaded;
  // A challenge to a handle that is not the presser's says whose it is (issue #47, B3): the bot
  // cannot tell a mistyped handle from a stranger's, so the challenger can be asked to reply instead.
  if (token.choice.k === 'accept' && !mayAccept(record, intent.from)) return void (await emit({ kind: 'toast', text: t(lang, 'toast.forHandle', { handle: noteOf(record, INVITEE) ?? '' }), alert: true }));
  const wrong = misanswered(record, state, token.choice.k, intent.from);
  if (wrong) return void (await emit({ kind: 'toast', text: t(lang, wrong.key, wrong.params) }));
  // A challenge to the computer: its author's Play makes the computer accept.
  const computerAccepts = token.choice.k === 'accept' && isComputerMatch(state);
  if (computerAccepts && state.players[0]?.id !== intent.from.id) return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourGame') }));
  // The reducer lets only the challenger cancel: a chat's admin cancels in the challenger's name (the message says who did).
  const byAdmin = token.choice.k === 'cancel' && (await cancelsAsAdmin(u, record, state));
  // A challenge to a handle alone (no id) is declined by whoever holds that handle; the reducer cannot tell, so the press vouches (`named`).
  const named = token.choice.k === 'decline' && state.invitee === null && addressedTo(record, state, intent.from);
  const command = computerAccepts ? computerAcceptance(state, boardLang)
    : byAdmin ? { type: 'cancel' as const, by: state.players[0]!.id }
    : named ? { type: 'decline' as const, by: intent.from.id, named: true as const }
    : natureOf(token.choice).command?.(token.choice, intent.from, state, u.me.confirm);
  if (!command) return refresh();
  let answered = false;
  let toast: Promise<unknown> = Promise.resolve();
  // A press on the board: its notice, if it hands the turn over, is noted by the move's own write.
  const committed = await commitCommand(u, loaded, command, {
    prepare: async (next) => {
      // The toast stays the first effect (it stops the spinner) and travels beside the write; the
      // next board is worked out and drawn once the write is on its way (`setImmediate`), so neither
      // holds the write back.
      toast = emit({ kind: 'toast', text: '' });
      toast.catch(() => undefined);
      answered = true;
      if (next.game) setImmediate(() => prepareNext(u, record, next, boardLang));
    },
    ...(token.surface === 'board' && intent.message ? { noticeIn: boardLang } : {}),
  });
  await toast;
  if (!committed.ok) return pressFailed(u, committed.error, boardLang, token.surface, answered);
  await publishCommand(u, state, committed.value, boardLang, { surface: token.surface, message: intent.message }, committed.noticed);
}

/**
 * Starts drawing the board a command is about to show. Only a head start: whatever goes wrong here
 * goes wrong again, and is handled, when the board is shown.
 */
function prepareNext(u: Press, record: GameRecord, next: MatchState, lang: Lang): void {
  try {
    u.emit({ kind: 'prepare', picture: boardPicture(next, lang, u.deps.now(), {}, ownBoardIn(record, next, u.intent.chat)) }).catch(() => undefined);
  } catch {
    // Shown without a head start.
  }
}

/**
 * A press the match refused. A press that lost the race to another write of the same board leaves
 * the board to the winner, who draws it from what it stored (a loser could only draw what it had
 * read, older than the stored game), and says nothing more if it was answered already. A
 * redelivered press that was applied already shows the stored board on the pressed one, the
 * answer its first delivery may not have given. Anything else is explained in a toast, or in the
 * chat once the press was answered.
 */
async function pressFailed(u: Press, error: AppError, boardLang: Lang, surface: Surface, answered: boolean): Promise<void> {
  const { lang, emit } = u;
  if (error.kind === 'stale-version') return answered ? undefined : void (await emit({ kind: 'toast', text: t(lang, 'toast.stale') }));
  if (error.kind === 'duplicate-update') {
    const stored = error.record === undefined ? undefined : matchOf(ok(error.record));
    if (stored?.ok) return answerAgain(u, stored.value.record, stored.value.state, boardLang, surface, answered);
    return answered ? undefined : void (await emit({ kind: 'toast', text: '' }));
  }
  // A write refused after its toast went out (the store's size bound, `too-large`) can no longer
  // be told in a toast: a message in the chat says it, or the press would seem to do nothing (review F6).
  // Within the presser's budget of refusals (`limits.ts`): pressing it again must not post again and again.
  if (answered) {
    if (!(await mayAnswerRefusal(u.deps.store, u.intent.from.id, u.values, u.deps.now(), u.deps.limits))) return;
    const reason = errorText(boardLang, error);
    return void (await emit({ kind: 'text', chat: u.intent.chat, text: t(boardLang, 'press.notSaved', { name: u.messenger.mention(u.intent.from), reason }) }));
  }
  const text = error.kind === 'not-a-player' ? t(lang, 'toast.notYourGame') : error.kind === 'not-your-turn' ? t(lang, 'toast.notYourTurn') : errorText(lang, error);
  await emit({ kind: 'toast', text, alert: error.kind === 'invalid-state' });
}

/** A redelivered press that was applied already: answered, and the stored board shown on the pressed one (its first delivery may have shown nothing). */
async function answerAgain(u: Press, record: GameRecord, state: MatchState, boardLang: Lang, surface: Surface, answered: boolean): Promise<void> {
  const { emit, intent } = u;
  if (!answered) await emit({ kind: 'toast', text: '' });
  // Its first delivery may have died between the match's write and its rating's: finish that (once).
  await rateAtMatchEnd(u.deps.store, record, state, u.deps.now());
  if (surface === 'board' && state.game && intent.message && mayRedraw(record, state, intent)) await showBoard(u, record, state, boardLang, intent.chat, intent.message);
}
