/**
 * The review of a finished match, on request: the 📊 Review button of a finished board, or
 * `/review` (my last finished game in this chat). Computed when asked, never on a press's way:
 * the press is answered first, a "Reviewing…" message goes out, and it is edited into the review
 * when the computer is done; then a picture per biggest mistake.
 */
import { errorText, t, type Lang } from '../../i18n/index.ts';
import type { MatchState } from '../../game/index.ts';
import type { GameRecord } from '../../store/index.ts';
import { boardLangOf } from '../board-language.ts';
import { loadComputer } from '../computer.ts';
import { loadMatch } from '../matches.ts';
import type { Intent } from '../ports.ts';
import { mistakeView, reviewable, reviewMatch, reviewText } from '../review.ts';
import { gameLabel } from '../texts.ts';
import { say, type Handler, type Update } from './update.ts';

/** Sends the review of a finished match to the chat the request came from. */
async function sendReview(u: Update, state: MatchState, lang: Lang): Promise<void> {
  const chat = u.intent.chat;
  if (!reviewable(state)) return say(u, t(lang, 'review.plakoto'));
  const working = await u.emit({ kind: 'text', chat, text: t(lang, 'review.working') });
  const review = reviewMatch(state, await loadComputer());
  const text = reviewText(state, review, lang, t(lang, 'review.title', { game: gameLabel(state, lang) }));
  if (working) await u.emit({ kind: 'editText', message: working, text });
  else await u.emit({ kind: 'text', chat, text });
  for (const m of review.mistakes) await u.emit({ kind: 'board', chat, view: mistakeView(state, m, lang) });
}

/** The Review button of a finished board: anyone who sees the board may read it. */
export async function review(u: Update<Intent & { kind: 'press' }>, record: GameRecord, state: MatchState): Promise<void> {
  if (state.phase !== 'finished') return void (await u.emit({ kind: 'toast', text: t(u.lang, 'review.notFinished') }));
  await u.emit({ kind: 'toast', text: '' });
  await sendReview(u, state, await boardLangOf(u.deps.store, record, { chat: u.intent.chat, chatLang: u.chatLang }, u.intent.from.language));
}

/** `/review`: my last finished game in this chat. */
export const reviewCommand: Handler<'review'> = async (u) => {
  const { deps, intent } = u;
  const finished = (await deps.store.listByChat(intent.chat.platform, intent.chat.chatId, { status: 'finished' })).records;
  const game = finished.find((r) => r.players.includes(intent.from.id));
  if (!game) return say(u, t(u.lang, 'review.none'));
  const loaded = await loadMatch(deps.store, game.id);
  if (!loaded.ok) return say(u, errorText(u.lang, loaded.error));
  await sendReview(u, loaded.value.state, u.lang);
};
