/**
 * The history of a game, on request: `/history` (my game in this chat: the one in play, else the
 * last finished) or the History button of a board. The match so far goes out as text in
 * the project's notation (`exportLongText`, its header left for the file), clipped to the
 * messenger's limit with the newest plays kept; a finished match also as a file: a gnubg `.mat`
 * for short nardy (backgammon, which gnubg and XG replay), the plain record for every other variant;
 * with checkable dice, the dice transcript as well.
 */
import { exportLongText, exportMat, type MatchState } from '../../game/index.ts';
import { errorText, t, type Lang } from '../../i18n/index.ts';
import type { GameRecord } from '../../store/index.ts';
import { loadMatch } from '../matches.ts';
import { boardLangOf } from '../board-language.ts';
import type { Intent } from '../ports.ts';
import { transcriptFile } from '../fair-dice.ts';
import { claimPost } from '../posted.ts';
import { gameLabel } from '../texts.ts';
import { say, type Handler, type Update } from './update.ts';

/** Keeps the end of a text within `limit` characters, cut at a line, marking what was left out. */
function newestWithin(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const tail = text.slice(text.length - limit + 2);
  const line = tail.indexOf('\n');
  return `…\n${line >= 0 ? tail.slice(line + 1) : tail}`;
}

/** The match so far as a message: a title, then its games in notation (the file's `;` header left out). */
function historyText(state: MatchState, lang: Lang, limit: number): string {
  const notation = exportLongText(state).split('\n').filter((line) => !line.startsWith(';')).join('\n').trim();
  const title = t(lang, 'history.title', { game: gameLabel(state, lang) });
  return `${title}\n${newestWithin(notation, limit - title.length - 1)}`;
}

/** The record of a finished match as a file: `.mat` where gnubg reads it, else the plain text. */
function recordFile(state: MatchState): { name: string; content: string } {
  const mat = exportMat(state);
  return mat.ok ? { name: `nardy-${state.id}.mat`, content: mat.value } : { name: `nardy-${state.id}.txt`, content: exportLongText(state) };
}

/** Sends a game's history to the chat the request came from. */
export async function sendHistory(u: Update, state: MatchState, lang: Lang): Promise<void> {
  const chat = u.intent.chat;
  await u.emit({ kind: 'text', chat, text: historyText(state, lang, u.messenger.limits.text) });
  if (state.phase !== 'finished') return;
  await u.emit({ kind: 'document', chat, ...recordFile(state), caption: t(lang, 'history.file', { game: gameLabel(state, lang) }) });
  // A match with checkable dice: its dice transcript too, for `nardy verify` (issue #18).
  const dice = transcriptFile(state, lang);
  if (dice) await u.emit({ kind: 'document', chat, ...dice });
}

/** The History button (on a board in play or finished): anyone who sees the board may read it, once a while per chat and version. */
export async function history(u: Update<Intent & { kind: 'press' }>, record: GameRecord, state: MatchState): Promise<void> {
  // Once a while per chat (`posted.ts`), and anew after each move: the history grew.
  if (!(await claimPost(u, record.id, 'history', record.version))) return;
  await u.emit({ kind: 'toast', text: '' });
  await sendHistory(u, state, await boardLangOf(u.deps.store, record, { chat: u.intent.chat, chatLang: u.chatLang }, u.intent.from.language));
}

/** `/history`: my game in this chat in play, else my last finished one. */
export const historyCommand: Handler<'history'> = async (u) => {
  const { deps, intent } = u;
  const mine = (records: readonly GameRecord[]) => records.find((r) => r.players.includes(intent.from.id));
  const active = mine((await deps.store.listByChat(intent.chat.platform, intent.chat.chatId, { status: 'active' })).records);
  const game = active ?? mine((await deps.store.listByChat(intent.chat.platform, intent.chat.chatId, { status: 'finished' })).records);
  if (!game) return say(u, t(u.lang, 'history.none'));
  const loaded = await loadMatch(deps.store, game.id);
  if (!loaded.ok) return say(u, errorText(u.lang, loaded.error));
  await sendHistory(u, loaded.value.state, u.lang);
};
