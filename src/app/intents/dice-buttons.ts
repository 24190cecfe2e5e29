/**
 * The presses of the dice's buttons (`fair-dice.ts`): 🔐 the commitment and the presser's own seed,
 * 🔍 the dice transcript as a JSON file once the match is over, 🍀 each player's luck in a game.
 */
import { challengerSeat, type MatchState } from '../../game/index.ts';
import { t, type Lang } from '../../i18n/index.ts';
import type { GameRecord } from '../../store/index.ts';
import { loadComputer } from '../computer.ts';
import { commandText, revealable, transcriptFile } from '../fair-dice.ts';
import { luckTextPatiently } from '../luck.ts';
import type { Intent } from '../ports.ts';
import { claimPost, inHeavySlot, unclaimPost } from '../posted.ts';
import { recall, SEED } from '../remembered.ts';
import type { Update } from './update.ts';

type Press = Update<Intent & { kind: 'press' }>;

/** How much of a seed the 🔐 alert shows: the smallest messenger's alerts hold 200 characters, and the commitment takes 64. */
const SEED_SHOWN = 30;

/**
 * 🔐: the commitment and the presser's own seed, to the presser alone (an alert; ephemeral on
 * the messengers that have one): a seed is the presser's own business, and a press must not post into the chat (issue #45).
 */
export async function showDice(u: Press, state: MatchState, lang: Lang): Promise<void> {
  if (!state.fair) return void (await u.emit({ kind: 'toast', text: t(lang, 'dice.uncommitted'), alert: true }));
  // Once accepted, the seed the match took; before, the one it would take now.
  const playing = state.players.some((p) => p?.id === u.intent.from.id);
  const own = playing ? state.fair.seeds?.[seedIndex(state, u.intent.from.id)] : undefined;
  const seed = own ?? (await recall(u.deps.store, SEED, u.intent.from.id)) ?? '';
  const shown = seed.length > SEED_SHOWN ? `${seed.slice(0, SEED_SHOWN - 1)}…` : seed;
  const command = commandText(u.messenger, 'seed');
  const when = own !== undefined ? t(lang, 'dice.seedTaken', { command }) : t(lang, 'dice.seedBefore', { command });
  const text = t(lang, 'dice.private', { commitment: state.fair.commitment, seed: seed === '' ? t(lang, 'dice.noSeed') : `“${shown}”`, when });
  await u.emit({ kind: 'toast', text, alert: true });
}

/** Which of a match's two seeds is a player's: the challenger's first. */
function seedIndex(state: MatchState, player: string): 0 | 1 {
  return state.players[challengerSeat(state) ?? 0]?.id === player ? 0 : 1;
}

/** 🔍: the dice transcript as a JSON file, with how to check it (once a while per chat: `posted.ts`). */
export async function sendTranscript(u: Press, record: GameRecord, state: MatchState, lang: Lang): Promise<void> {
  if (!state.fair?.seeds) return void (await u.emit({ kind: 'toast', text: t(lang, 'dice.notCheckable'), alert: true }));
  if (!revealable(record, state)) return void (await u.emit({ kind: 'toast', text: t(lang, 'dice.notOver'), alert: true }));
  if (!(await claimPost(u, record.id, 'verify'))) return;
  await u.emit({ kind: 'toast', text: '' });
  const file = transcriptFile(state, lang, record.status === 'closed');
  if (file) await u.emit({ kind: 'document', chat: u.intent.chat, ...file });
}

/** 🍀: each player's luck in one game of the match (once a while per chat, counted in the chat's heavy slot). */
export async function sendLuck(u: Press, state: MatchState, number: number, lang: Lang): Promise<void> {
  if (!(await claimPost(u, state.id, 'luck', number))) return;
  const text = await inHeavySlot(u, async () => luckTextPatiently(state, number, lang, await loadComputer()));
  if (text === 'busy') return unclaimPost(u, state.id, 'luck', number);
  await u.emit({ kind: 'toast', text: '' });
  await u.emit({ kind: 'text', chat: u.intent.chat, text });
}
