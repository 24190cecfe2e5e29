/**
 * `/nardy` (or `/play`): a challenge, open or to someone, with a few words for the settings
 * (`/nardy short 3`, `/nardy vs computer`) and the settings the messenger named (slash-command options).
 */
import { randomBytes } from 'node:crypto';
import { VARIANTS, type VariantId } from '../../engine/index.ts';
import { cubeByDefault } from '../../game/index.ts';
import { errorText, t } from '../../i18n/index.ts';
import { openChallenge } from '../matches.ts';
import { crowdedBy, type Awaiting } from '../open-challenges.ts';
import type { Intent } from '../ports.ts';
import { handleOwner, noteNamed } from '../named.ts';
import { ADDRESSEE, CHALLENGE_MESSAGE, INVITEE, noted, reachNote, setNotes } from '../remembered.ts';
import { recallSeries, seriesText } from '../series.ts';
import { challengeMessage, clockChoice, settingsLine } from '../texts.ts';
import { variantOfWord } from '../variant-words.ts';
import { say, type Handler } from './update.ts';

/** A new game id (10 hex digits) unless the deps give their own. */
export function newGameId(): string {
  return randomBytes(8).toString('hex').slice(0, 10);
}

/** Words that make a challenge one against the computer (`/nardy vs computer`). */
const COMPUTER_WORDS = new Set(['computer', 'cpu', 'ai', 'bot', 'компьютер', 'компьютером', 'компьютера', 'бот', 'ботом', 'კომპიუტერი', 'კომპიუტერთან']);
/** Words that only join the others (`/nardy vs computer`, `/nardy против бота`). */
const LINKING_WORDS = new Set(['vs', 'vs.', 'versus', 'against', 'with', 'против', 'с', 'со', 'и', 'წინააღმდეგ', 'და']);

/**
 * The words of a challenge it does not understand: not a variant, a match length (1–25), the
 * computer, a linking word, a mention or the opponent's name (a mention without a handle is the
 * name itself). They are left out, and the challenger is told so.
 */
function unknownWords(intent: Intent & { kind: 'challenge' }): string[] {
  const named = new Set((intent.opponent?.name ?? '').toLowerCase().split(/\s+/));
  return (intent.args ?? '').split(/\s+/).filter((word) => {
    const w = word.toLowerCase();
    return w !== '' && !COMPUTER_WORDS.has(w) && !LINKING_WORDS.has(w) && !named.has(w) && !w.startsWith('@')
      && variantOfWord(w) === undefined && !(/^\d{1,2}$/.test(w) && Number(w) >= 1 && Number(w) <= 25);
  });
}

/**
 * Reads a challenge's few words and the settings the messenger named. Unless named, the cube comes
 * with a match in the short family, where the variant has one, and not with a single game
 * (`cubeByDefault`); without a length the variant's default applies (a single game, tavla a match to 3).
 */
function challengeSettings(intent: Intent & { kind: 'challenge' }) {
  let variant: VariantId = intent.variant ?? 'long';
  let matchLength: number | undefined;
  let computer = false;
  for (const word of (intent.args ?? '').split(/\s+/)) {
    if (COMPUTER_WORDS.has(word.toLowerCase())) computer = true;
    variant = variantOfWord(word) ?? variant;
    if (/^\d{1,2}$/.test(word) && Number(word) >= 1 && Number(word) <= 25) matchLength = Number(word);
  }
  const v = VARIANTS[variant];
  const chosen = intent.settings ?? {};
  if (chosen.computer !== undefined) computer = true;
  const length = chosen.matchLength ?? matchLength ?? v.defaultMatchLength ?? 0;
  const mayCube = v.family === 'short' && !v.noCube;
  const doubling = mayCube && (chosen.doubling ?? cubeByDefault(variant, length));
  const clock = chosen.clock === undefined ? undefined : clockChoice(chosen.clock);
  return {
    variant, matchLength: length, doubling, crawford: doubling && length > 1,
    ...(clock === undefined ? {} : { clock }), ...(computer ? { computer: chosen.computer ?? 'strong' } : {}),
  };
}

export const challenge: Handler<'challenge'> = async (u) => {
  const { deps, intent } = u;
  // A challenge is posted for the chat: in its game language when one was set there.
  const lang = u.chatLang ?? u.lang;
  const settings = challengeSettings(intent);
  // Known by handle only (the messenger gave no id): only that handle may accept.
  const handle = intent.opponent || settings.computer ? undefined : intent.opponentUsername?.toLowerCase();
  const addressee = settings.computer ? undefined : intent.opponent?.name ?? (handle ? `@${intent.opponentUsername}` : undefined);
  const awaiting: Awaiting = settings.computer ? { kind: 'computer' } : intent.opponent ? { kind: 'member', member: intent.opponent.id } : handle ? { kind: 'member', member: `@${handle}` } : { kind: 'anyone' };
  const crowded = await crowdedBy(deps, intent.from.id, intent.chat, awaiting);
  if (crowded) return say(u, t(lang, crowded.text, { n: crowded.n, name: addressee ?? '' }));
  const opened = await openChallenge(deps, {
    id: (deps.newId ?? newGameId)(),
    by: { id: intent.from.id, name: intent.from.name },
    invitee: settings.computer ? null : intent.opponent?.id ?? null,
    settings,
  }, intent.chat, lang, { ...(handle ? noted(INVITEE, handle) : {}), ...(addressee ? noted(ADDRESSEE, addressee) : {}), ...reachNote(undefined, intent.from.id, u.me) });
  if (!opened.ok) return say(u, errorText(lang, opened.error));
  const { state, record } = opened.value;
  // The challenge names its addressee, yet is not in their player index: their `/forget` finds it through this.
  const named = settings.computer ? undefined : intent.opponent?.id ?? (handle === undefined ? undefined : handleOwner(intent.chat.platform, handle));
  if (named !== undefined) await noteNamed(deps.store, named, 'challenges', state.id, deps.now());
  const unknown = unknownWords(intent);
  if (unknown.length > 0) await say(u, t(lang, 'challenge.notUnderstood', { words: unknown.join(' '), settings: settingsLine(state, lang) }));
  const opponent = intent.opponent;
  const series = opponent ? seriesText(lang, await recallSeries(deps.store, intent.chat, intent.from.id, opponent.id), [intent.from, opponent]) : undefined;
  const message = challengeMessage(state, record.version, lang, undefined, addressee, series);
  const sent = await u.emit({ kind: 'text', chat: intent.chat, text: message.text, buttons: message.buttons });
  // The scheduler marks the message expired if nobody accepts in time.
  if (sent) await setNotes(deps.store, state.id, [CHALLENGE_MESSAGE, sent]);
};
