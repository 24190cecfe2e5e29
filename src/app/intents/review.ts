/**
 * The review of a finished match, on request: the 📊 Review button of a finished board, or
 * `/review` (my last finished game in this chat). Computed when first asked, never on a press's
 * way: the press is answered first, a "Reviewing…" message goes out, and it is edited into the
 * review when the computer is done; then a picture per biggest mistake.
 *
 * A match is reviewed once (issue #45): the review is kept by the match's id, and computing it
 * takes the chat's one heavy slot (`posted.ts`). In a chat, one review of a match is posted every
 * few minutes, whoever asks; a second press meanwhile is pointed at it.
 */
import { errorText, t, type Lang } from '../../i18n/index.ts';
import type { MatchState } from '../../game/index.ts';
import type { GameRecord } from '../../store/index.ts';
import { boardLangOf } from '../board-language.ts';
import { loadComputer } from '../computer.ts';
import { loadMatch } from '../matches.ts';
import type { Intent, MessageRef } from '../ports.ts';
import { claimPost, inHeavySlot, unclaimPost } from '../posted.ts';
import { keptReview, mistakeView, reviewable, reviewFromKept, reviewMatchPatiently, reviewText, type Review } from '../review.ts';
import { gameLabel } from '../texts.ts';
import { say, type Handler, type Update } from './update.ts';

/** A finished match does not change: its review is kept for as long as its finished item is. */
const REVIEW_KEPT_SECONDS = 90 * 24 * 3600;

const reviewKey = (matchId: string) => `review#${matchId}`;

/**
 * Sends the review of a finished match to the chat the request came from, once a while per chat:
 * the kept review at once; else a "Reviewing…" message, edited into the review once computed in
 * the chat's heavy slot (a press is answered before that, so its spinner stops).
 */
async function sendReview(u: Update, state: MatchState, lang: Lang): Promise<void> {
  const { deps, intent } = u;
  const chat = intent.chat;
  if (!reviewable(state)) return say(u, t(lang, 'review.plakoto'));
  if (!(await claimPost(u, state.id, 'review'))) return;
  const answered = async () => (intent.kind === 'press' ? u.emit({ kind: 'toast', text: '' }) : undefined);
  const title = t(lang, 'review.title', { game: gameLabel(state, lang) });
  const kept = reviewFromKept(state, await deps.store.recall(reviewKey(state.id)));
  let review: Review | 'busy' | undefined = kept;
  let working: MessageRef | undefined;
  if (review === undefined) {
    review = await inHeavySlot(u, async () => {
      await answered();
      working = await u.emit({ kind: 'text', chat, text: t(lang, 'review.working') });
      const computed = await reviewMatchPatiently(state, await loadComputer());
      // Two chats asking at once may both compute it: the first kept stays, and both are the same.
      await deps.store.rememberIf(reviewKey(state.id), keptReview(computed), undefined, deps.now(), Math.floor(deps.now() / 1000) + REVIEW_KEPT_SECONDS);
      return computed;
    });
    if (review === 'busy') return unclaimPost(u, state.id, 'review');
  } else await answered();
  const text = reviewText(state, review, lang, title);
  if (working) await u.emit({ kind: 'editText', message: working, text });
  else await u.emit({ kind: 'text', chat, text });
  for (const m of review.mistakes) await u.emit({ kind: 'board', chat, view: mistakeView(state, m, lang) });
}

/** The Review button of a finished board: anyone who sees the board may read it. */
export async function review(u: Update<Intent & { kind: 'press' }>, record: GameRecord, state: MatchState): Promise<void> {
  if (state.phase !== 'finished') return void (await u.emit({ kind: 'toast', text: t(u.lang, 'review.notFinished') }));
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
