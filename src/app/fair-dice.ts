/**
 * Checkable dice as the players see them (issue #18, src/dice/fair.ts): the commitment on the
 * challenge and the board, the server seed revealed with the result of the match, and the buttons
 * after a game — 🔐 the commitment and your seed, 🔍 the dice transcript as a file, 🍀 the luck.
 */
import { diceRevealable, transcriptOf, type MatchState } from '../game/index.ts';
import { t, type Lang } from '../i18n/index.ts';
import type { GameRecord } from '../store/index.ts';
import { loadComputer } from './computer.ts';
import { luckText } from './luck.ts';
import type { Button, Intent, Messenger } from './ports.ts';
import { recall, SEED } from './remembered.ts';
import { gameLabel } from './texts.ts';
import { encodeToken, type Choice } from './tokens.ts';
import type { Update } from './intents/update.ts';

/** How a user types a command on this messenger: `/seed`, or `/nardy seed`. */
export function commandText(messenger: Messenger, name: string): string {
  return messenger.commandText?.(name) ?? `/${name}`;
}

/** The board caption's line about the dice: committed (the commitment's start), or a game from before checkable dice. */
export function diceCaption(state: MatchState, lang: Lang): string {
  return state.fair ? t(lang, 'dice.committedShort', { short: state.fair.commitment.slice(0, 16) }) : t(lang, 'dice.uncommitted');
}

/** Whether the server seed of a game may be shown: its match is over, or the game was closed for good. */
function revealable(record: GameRecord, state: MatchState): boolean {
  return diceRevealable(state) || record.status === 'closed';
}

/** The result message's line once the match is over: the server seed, revealed. */
export function revealLine(record: GameRecord, state: MatchState, lang: Lang): string | undefined {
  return state.fair?.seeds && revealable(record, state) ? t(lang, 'dice.revealed', { seed: state.fair.serverSeed }) : undefined;
}

/** The number of the game a result is about: the one that just ended (the next may have begun), or the one closed unfinished. */
export function endedGameNumber(state: MatchState): number {
  const game = state.game;
  if (!game) return 1;
  return game.ended || state.phase !== 'playing' ? game.number : Math.max(1, game.number - 1);
}

/** The buttons under a result: 🍀 Luck of the game, and 🔍 Verify once the match's seed is revealed. */
export function resultButtons(record: GameRecord, state: MatchState, lang: Lang): Button[][] {
  const b = (key: 'button.luck' | 'button.verify', choice: Choice): Button => ({ label: t(lang, key), token: encodeToken({ surface: 'text', gameId: state.id, version: record.version, choice }) });
  const row = [b('button.luck', { k: 'luck', n: endedGameNumber(state) })];
  if (state.fair?.seeds && revealable(record, state)) row.push(b('button.verify', { k: 'verify' }));
  return state.game ? [row] : [];
}

type Press = Update<Intent & { kind: 'press' }>;

/** 🔐: the commitment and the presser's own seed, with how to set it. */
export async function showDice(u: Press, state: MatchState, lang: Lang): Promise<void> {
  await u.emit({ kind: 'toast', text: '' });
  if (!state.fair) return void (await u.emit({ kind: 'text', chat: u.intent.chat, text: t(lang, 'dice.uncommitted') }));
  // Once accepted, the seed the match took; before, the one it would take now.
  const playing = state.players.some((p) => p?.id === u.intent.from.id);
  const own = playing ? state.fair.seeds?.[seedIndex(state, u.intent.from.id)] : undefined;
  const seed = own ?? (await recall(u.deps.store, SEED, u.intent.from.id)) ?? '';
  const text = t(lang, 'dice.info', { commitment: state.fair.commitment, name: u.intent.from.name, seed: seed === '' ? t(lang, 'dice.noSeed') : `“${seed}”`, command: commandText(u.messenger, 'seed') });
  await u.emit({ kind: 'text', chat: u.intent.chat, text });
}

/** Which of a match's two seeds is a player's: the challenger's first. */
function seedIndex(state: MatchState, player: string): 0 | 1 {
  const accepted = state.history.find((e) => e.type === 'accepted');
  const challenger = accepted?.type === 'accepted' ? state.players[accepted.challengerSeat]?.id : state.players[0]?.id;
  return challenger === player ? 0 : 1;
}

/** 🔍: the dice transcript as a JSON file, with how to check it. */
export async function sendTranscript(u: Press, record: GameRecord, state: MatchState, lang: Lang): Promise<void> {
  if (!state.fair?.seeds) return void (await u.emit({ kind: 'toast', text: t(lang, 'dice.notCheckable'), alert: true }));
  if (!revealable(record, state)) return void (await u.emit({ kind: 'toast', text: t(lang, 'dice.notOver'), alert: true }));
  await u.emit({ kind: 'toast', text: '' });
  const name = `nardy-dice-${state.id}.json`;
  const transcript = transcriptOf(state, record.status === 'closed');
  await u.emit({
    kind: 'document', chat: u.intent.chat, name, content: `${JSON.stringify(transcript, null, 1)}\n`,
    caption: t(lang, 'dice.transcript', { game: gameLabel(state, lang), verify: `npm run -s nardy -- verify ${name}` }),
  });
}

/** 🍀: each player's luck in one game of the match. */
export async function sendLuck(u: Press, state: MatchState, number: number, lang: Lang): Promise<void> {
  await u.emit({ kind: 'toast', text: '' });
  await u.emit({ kind: 'text', chat: u.intent.chat, text: luckText(state, number, lang, await loadComputer()) });
}
