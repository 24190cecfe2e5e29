/**
 * The one entry point of the app: an intent from any messenger, handled by the handler of its
 * kind (`intents/`), emitting effects as they are known. Deterministic problems become polite
 * texts or toasts; only infrastructure failures throw (the messenger's edge may then retry).
 *
 * Before the handler runs, one round trip reads what it needs — what the app remembers of the user
 * and of the chat (its game language) and, for a press, the game. A command to a game (a press, a
 * typed move) is made exactly once by the game's own conditional write, which stores the update id
 * with the move (`commitCommand`); other updates that write claim their update id alongside the
 * read (a redelivery is then a no-op: at most once); views and inline queries write nothing.
 *
 * A typed command also reads its user's and chat's token buckets in that same batch and spends
 * them before its handler runs (`limits.ts`); a typed move reads its user's budget of answered
 * refusals. A press spends no bucket: what it changes is bounded by the game's version, and what
 * it posts for everyone is claimed once a while per chat (`posted.ts`).
 */
import { InvariantError } from '../lib/index.ts';
import { challenge } from './intents/challenge.ts';
import { games } from './intents/games.ts';
import { help } from './intents/help.ts';
import { historyCommand as history } from './intents/history.ts';
import { chosen, inline } from './intents/inline.ts';
import { lang } from './intents/lang.ts';
import { move } from './intents/move.ts';
import { forget, privacy } from './intents/privacy.ts';
import { changesSomething, claimsAlone, press } from './intents/press.ts';
import { confirm } from './intents/confirm.ts';
import { quiet, remind } from './intents/reminders.ts';
import { resign } from './intents/resign.ts';
import { reviewCommand as review } from './intents/review.ts';
import { rules } from './intents/rules.ts';
import { seed } from './intents/seed.ts';
import { diceStats } from './intents/dice.ts';
import { join, start } from './intents/start.ts';
import { tournament } from './intents/tournament.ts';
import type { Handler, Update } from './intents/update.ts';
import { vacation } from './intents/vacation.ts';
import { stats } from './intents/stats.ts';
import { top } from './intents/top.ts';
import { weekly } from './intents/weekly.ts';
import { bucketsOf, isLimited, spendTokens } from './limits.ts';
import { UPDATE_TTL_SECONDS } from './matches.ts';
import type { AppDeps, Emit, Intent, Questions } from './ports.ts';
import { BUCKET, CHAT_LANGUAGE, chatOwner, playerFrom, playerKeys, refusalsKey } from './remembered.ts';
import { decodeToken } from './tokens.ts';
import { t } from '../i18n/index.ts';

const HANDLERS: { readonly [K in Intent['kind']]: Handler<K> } = {
  press, move, challenge, start, join, games, resign, history, review, help, rules, lang, vacation, confirm, remind, quiet, inline, chosen, privacy, forget, tournament, seed, dice: diceStats,
  top, stats, weekly,
};

/**
 * Intents that claim no update id: a typed move is claimed by its game's write, an inline query
 * writes nothing, and a chosen inline result creates its challenge under an id of its own (a
 * second create finds it): a claim would be the only write they cost.
 */
const SELF_CLAIMED: ReadonlySet<Intent['kind']> = new Set(['move', 'inline', 'chosen']);

/** Handles one intent from any messenger; `questions`: what the app may ask the messenger about it. */
export async function handleIntent(deps: AppDeps, intent: Intent, emit: Emit, questions: Questions = {}): Promise<void> {
  const messenger = deps.messengers[intent.chat.platform];
  if (messenger === undefined) throw new InvariantError(`no messenger is wired for platform ${JSON.stringify(intent.chat.platform)}`);
  const token = intent.kind === 'press' ? decodeToken(intent.token) : undefined;
  const chatKey = CHAT_LANGUAGE.key(chatOwner(intent.chat));
  const limited = isLimited(intent);
  const budgets = limited ? bucketsOf(intent, deps.limits).map((b) => BUCKET.key(b.owner)) : intent.kind === 'move' ? [refusalsKey(intent.from.id)] : [];
  const keys = [...playerKeys(intent.from.id), chatKey, ...budgets];
  const reading = token ? deps.store.loadWith(token.gameId, keys) : deps.store.recallMany(keys).then((values) => ({ values, game: undefined }));
  reading.catch(() => undefined);
  const claims = intent.updateKey !== undefined && (intent.kind === 'press' ? claimsAlone(token) : !SELF_CLAIMED.has(intent.kind));
  const claim = () => !claims || deps.store.claimUpdate(intent.updateKey!, deps.now(), UPDATE_TTL_SECONDS);
  // A limited command claims its update only once a token is spent: a dropped one writes nothing.
  const [read, claimed] = await Promise.all([reading, limited ? true : claim()]);
  if (!claimed) return;
  const me = playerFrom(read.values, intent.from.id, intent.from.language);
  if (limited) {
    const spent = await spendTokens(deps.store, intent, read.values, deps.now(), deps.limits);
    if (spent === 'slow-down') await emit({ kind: 'text', chat: intent.chat, text: t(me.lang, 'limits.slowDown') });
    if (spent !== 'spent' || !(await claim())) return;
  }
  const chatLang = CHAT_LANGUAGE.decode(read.values.get(chatKey));
  const update: Update = {
    deps, intent, emit, messenger, questions, me, lang: me.lang, values: read.values, ...(chatLang === undefined ? {} : { chatLang }), ...(read.game === undefined ? {} : { game: read.game }),
  };
  await (HANDLERS[intent.kind] as Handler<Intent['kind']>)(update as never);
}

/**
 * Whether an update that failed for the world's reasons (see the messengers' error boundary) is
 * worth delivering again: one that would change something. A view or an inline answer delivered
 * later is of no use; the user is asked to try again instead.
 */
export function worthRedelivering(intent: Intent): boolean {
  if (intent.kind === 'inline') return false;
  return intent.kind !== 'press' || changesSomething(decodeToken(intent.token));
}
