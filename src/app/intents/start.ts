/**
 * The bot opened in a private chat (`start`), or a challenge's invite link followed there (`join`):
 * either way turn notices may go to this chat from now on. Joining accepts the challenge (an
 * inline challenge's link opens it first if nobody has), marks its message accepted and shows the
 * board where the game is played.
 */
import type { MatchState } from '../../game/index.ts';
import { errorText, t } from '../../i18n/index.ts';
import { fail, type Result } from '../../lib/index.ts';
import type { GameRecord } from '../../store/index.ts';
import { boardLangOf } from '../board-language.ts';
import { loadMatch, type AppError } from '../matches.ts';
import { commitCommand, publishCommand } from '../play.ts';
import type { Intent } from '../ports.ts';
import { openTicket, ticketChallenge, ticketIn } from './inline.ts';
import { CHALLENGE_MESSAGE, noteOf, PRIVATE_CHAT, remember } from '../remembered.ts';
import { mayAccept, misanswered } from '../challenge-answers.ts';
import { say, type Handler, type Update } from './update.ts';

async function notePrivateChat(u: Update): Promise<void> {
  if (u.me.privateChat?.chatId !== u.intent.chat.chatId) await remember(u.deps.store, PRIVATE_CHAT, u.intent.from.id, u.intent.chat, u.deps.now());
}

export const start: Handler<'start'> = async (u) => {
  await notePrivateChat(u);
  await say(u, t(u.lang, 'start.welcome') + '\n\n' + t(u.lang, u.messenger.helpKey));
};

/**
 * The challenge a followed link is about: a stored one by id, or an inline challenge's, opened now
 * when its chosen result did not open it first (the messenger may not report choices).
 */
async function challengeToJoin(u: Update<Extract<Intent, { kind: 'join' }>>): Promise<Result<{ record: GameRecord; state: MatchState }, AppError | 'expired'>> {
  const { deps, intent, lang } = u;
  if ('gameId' in intent) return loadMatch(deps.store, intent.gameId);
  const ticket = ticketIn(u, intent.ticket);
  if (ticket === undefined) return fail({ kind: 'not-found', id: intent.ticket });
  const stored = await loadMatch(deps.store, ticket.gameId);
  if (stored.ok || stored.error.kind !== 'not-found') return stored;
  if (ticketChallenge(ticket, deps.now()) === undefined) return fail('expired');
  return openTicket(deps, ticket, lang);
}

export const join: Handler<'join'> = async (u) => {
  const { deps, intent, lang } = u;
  await notePrivateChat(u);
  const loaded = await challengeToJoin(u);
  if (!loaded.ok) return say(u, loaded.error === 'expired' ? t(lang, 'challenge.expired') : errorText(lang, loaded.error));
  // Its challenger following the link is told whose answer it is (#48), not that it is not their game.
  const wrong = misanswered(loaded.value.record, loaded.value.state, 'accept', intent.from);
  if (wrong) return say(u, t(lang, wrong.key, wrong.params));
  if (!mayAccept(loaded.value.record, intent.from)) return say(u, t(lang, 'toast.notYourGame'));
  // Not a move of the match's own: the link was claimed as an update, and this chat is noted as the joiner's above.
  const outcome = await commitCommand(u, loaded.value, { type: 'accept', by: { id: intent.from.id, name: intent.from.name } }, { asPlayer: false });
  if (!outcome.ok) return say(u, errorText(lang, outcome.error));
  await say(u, t(lang, 'challenge.accepted'));
  const { record } = outcome.value;
  // What is posted where the game is played speaks the board's language, not the joiner's.
  const boardLang = await boardLangOf(deps.store, record, { chat: intent.chat }, intent.from.language);
  await publishCommand(u, loaded.value.state, outcome.value, boardLang, { surface: 'text', message: noteOf(record, CHALLENGE_MESSAGE) });
};
