/**
 * Checkable dice as the players see them (issue #18, src/dice/fair.ts): the commitment on the
 * challenge and the board, the server seed revealed with the result of the match, and the buttons
 * after a game — 🔐 the commitment and your seed, 🔍 the dice transcript as a file, 🍀 the luck
 * (their presses: `intents/dice-buttons.ts`).
 */
import { transcriptHash } from '../dice/verify.ts';
import { diceRevealable, transcriptOf, type MatchState } from '../game/index.ts';
import { t, type Lang } from '../i18n/index.ts';
import type { GameRecord } from '../store/index.ts';
import type { Button, Messenger } from './ports.ts';
import { gameLabel } from './texts.ts';
import { encodeToken, type Choice } from './tokens.ts';

/** How a user types a command on this messenger: `/seed`, or `/nardy seed`. */
export function commandText(messenger: Messenger, name: string): string {
  return messenger.commandText?.(name) ?? `/${name}`;
}

/**
 * The board caption's line about the dice: committed (the commitment's start); once the match is
 * over, its transcript's roll count and hash (#48); or a game from before checkable dice.
 */
export function diceCaption(state: MatchState, lang: Lang): string {
  const whole = transcriptSeal(state);
  if (whole) return t(lang, 'dice.wholeShort', whole);
  return state.fair ? t(lang, 'dice.committedShort', { short: state.fair.commitment.slice(0, 16) }) : t(lang, 'dice.uncommitted');
}

/**
 * What the result says of a finished match's transcript (#48): its number of rolls and its short
 * hash (src/dice/verify.ts `transcriptHash`), so that the file 🔍 Verify sends can be shown to be
 * the whole match — `nardy verify` compares them. Undefined while the server seed is secret.
 */
export function transcriptSeal(state: MatchState, closed = false): { rolls: number; hash: string } | undefined {
  const transcript = transcriptOf(state, closed);
  if (transcript?.serverSeed === undefined) return undefined;
  return { rolls: transcript.rolls.length, hash: transcriptHash(transcript) };
}

/** Whether the server seed of a game may be shown: its match is over, or the game was closed for good. */
export function revealable(record: GameRecord, state: MatchState): boolean {
  return diceRevealable(state) || record.status === 'closed';
}

/** The result message's lines once the match is over: the server seed, revealed; the transcript's roll count and hash, and how to check them. */
export function revealLine(record: GameRecord, state: MatchState, lang: Lang): string | undefined {
  if (!state.fair?.seeds || !revealable(record, state)) return undefined;
  const revealed = t(lang, 'dice.revealed', { seed: state.fair.serverSeed });
  const whole = transcriptSeal(state, record.status === 'closed');
  return whole ? `${revealed}\n${t(lang, 'dice.whole', { ...whole, verify: DICE_DOC })}` : revealed;
}

/** The name of a match's transcript file. */
const transcriptName = (matchId: string) => `nardy-dice-${matchId}.json`;

/**
 * The number of the game a result is about: the current one when it ended (or the match did, or it
 * was closed unfinished), else the one before it — the next game of a match begins at once.
 */
export function endedGameNumber(record: GameRecord, state: MatchState): number {
  const game = state.game;
  if (!game) return 1;
  return game.ended || state.phase !== 'playing' || record.status === 'closed' ? game.number : Math.max(1, game.number - 1);
}

/** The buttons under a result of a match with checkable dice: 🍀 Luck of the game, and 🔍 Verify once its seed is revealed. */
export function resultButtons(record: GameRecord, state: MatchState, lang: Lang): Button[][] {
  const b = (key: 'button.luck' | 'button.verify', choice: Choice): Button => ({ label: t(lang, key), token: encodeToken({ surface: 'text', gameId: state.id, version: record.version, choice }) });
  if (!state.fair?.seeds || !state.game) return [];
  const row = [b('button.luck', { k: 'luck', n: endedGameNumber(record, state) })];
  if (revealable(record, state)) row.push(b('button.verify', { k: 'verify' }));
  return [row];
}

/** Where a player reads how to check a transcript: the derivation, step by step (not a developer's command). */
export const DICE_DOC = 'docs/dice.md';

/** The dice transcript of a match whose seed is revealed, as the file 🔍 Verify and `/history` send, with its caption. */
export function transcriptFile(state: MatchState, lang: Lang, closed = false): { name: string; content: string; caption: string } | undefined {
  const transcript = transcriptOf(state, closed);
  if (transcript?.serverSeed === undefined) return undefined;
  const name = transcriptName(state.id);
  return { name, content: `${JSON.stringify(transcript, null, 1)}\n`, caption: t(lang, 'dice.transcript', { game: gameLabel(state, lang), verify: DICE_DOC }) };
}
