/**
 * The 🍀 Luck of a game: each player's rolls, doubles and pips rolled against the 8.17 a roll
 * gives on average (a double counts four times), and in long and short nardy the luck in equity
 * by the strong net (src/ai/luck.ts), summed over the player's rolls. Computed when asked for
 * (the button): about 21 evaluations of every play of every roll, a fraction of a second a game.
 */
import { VARIANTS, type Dice } from '../engine/index.ts';
import { positionOf, walkHistory, type MatchState, type Seat } from '../game/index.ts';
import { formatNumber, t, type Lang } from '../i18n/index.ts';
import { finish, finishPatiently } from '../lib/index.ts';
import type { ComputerBrain } from './computer.ts';
import { gameLabel } from './texts.ts';
import { playerName } from './player-name.ts';

/** Pips a roll gives on average: a double's four moves counted, 294 / 36. */
export const EXPECTED_PIPS = 294 / 36;

/** One player's dice in one game. */
export interface SeatLuck {
  readonly rolls: number;
  readonly doubles: number;
  readonly pips: number;
  /** Luck in equity (points per game); absent where no net is trained (variants other than long and short). */
  readonly equity?: number;
}

/** The variants the strong net knows. */
const NETTED: ReadonlySet<string> = new Set(['short', 'long']);

function pipsOf(dice: Dice): number {
  return dice[0] === dice[1] ? 4 * dice[0] : dice[0] + dice[1];
}

/** A roll a player rolled, with the match just before it. */
interface SeatRoll {
  readonly seat: Seat;
  readonly dice: Dice;
  readonly before: MatchState;
  /** The opening throw, played by the starter (it cannot be a double). */
  readonly opening: boolean;
}

/**
 * Returns the rolls of game `number` of a match, each with its roller: every roll for a turn and,
 * in a variant that plays the opening throw (short nardy), that throw for the starter. A tied
 * throw, a long nardy opening throw (it only decides who starts) and a gul bara ladder's rungs are
 * no one's roll.
 */
export function gameRolls(state: MatchState, number: number): SeatRoll[] {
  const rolls: SeatRoll[] = [];
  const playsOpening = VARIANTS[state.settings.variant].opening === 'useOpeningDice';
  walkHistory(state.history, (before, e) => {
    if (!before?.game || before.game.number !== number) return;
    if (e.type === 'rolled') rolls.push({ seat: e.seat, dice: e.dice as Dice, before, opening: false });
    else if (e.type === 'openingThrow' && playsOpening && e.dice[0] !== e.dice[1]) {
      const starter: Seat = e.dice[0] > e.dice[1] ? 0 : 1;
      rolls.push({ seat: starter, dice: starter === 0 ? [e.dice[0], e.dice[1]] : [e.dice[1], e.dice[0]], before, opening: true });
    }
  });
  return rolls;
}

/**
 * Returns each seat's dice in game `number` of a match (`gameRolls`); with `brain` (the
 * computer's evaluators) in long and short nardy, the luck in equity too.
 */
export function gameLuck(state: MatchState, number: number, brain?: ComputerBrain): [SeatLuck, SeatLuck] {
  return finish(countLuck(state, number, brain));
}

/** `gameLuck` that lets other work run every few milliseconds (`finishPatiently`). */
export function gameLuckPatiently(state: MatchState, number: number, brain?: ComputerBrain): Promise<[SeatLuck, SeatLuck]> {
  return finishPatiently(countLuck(state, number, brain));
}

/** The luck, a roll at a time (each `yield` is a place to pause). */
function* countLuck(state: MatchState, number: number, brain?: ComputerBrain): Generator<void, [SeatLuck, SeatLuck]> {
  const seats = [{ rolls: 0, doubles: 0, pips: 0, equity: 0 }, { rolls: 0, doubles: 0, pips: 0, equity: 0 }];
  const meter = brain && NETTED.has(state.settings.variant) ? new brain.LuckMeter(state.settings) : undefined;
  for (const { seat, dice, before, opening } of gameRolls(state, number)) {
    const s = seats[seat];
    s.rolls++;
    if (dice[0] === dice[1]) s.doubles++;
    s.pips += pipsOf(dice);
    if (!meter) continue;
    yield;
    const game = before.game!;
    const position = positionOf(before.settings, opening ? { ...game, turn: { ...game.turn, seat } } : game);
    s.equity += opening ? meter.luck(position, dice, true, brain!.OPENING_ROLLS) : meter.luck(position, dice, game.turnsPlayed[seat] === 0);
  }
  const out = seats.map((s) => (meter ? s : { rolls: s.rolls, doubles: s.doubles, pips: s.pips }));
  return [out[0], out[1]];
}

/** A signed figure with two decimals and a true minus, as `lang` writes it: +0.62, −0,31. */
export function signed(x: number, lang: Lang): string {
  return formatNumber(lang, Math.round(x * 100) / 100, 2, true);
}

/** The 🍀 Luck message of game `number`. */
export function luckText(state: MatchState, number: number, lang: Lang, brain?: ComputerBrain): string {
  return luckWords(state, number, lang, gameLuck(state, number, brain));
}

/** `luckText`, counted patiently (`gameLuckPatiently`). */
export async function luckTextPatiently(state: MatchState, number: number, lang: Lang, brain?: ComputerBrain): Promise<string> {
  return luckWords(state, number, lang, await gameLuckPatiently(state, number, brain));
}

function luckWords(state: MatchState, number: number, lang: Lang, luck: [SeatLuck, SeatLuck]): string {
  const name = (seat: Seat) => playerName(state, seat, lang);
  const lines = [t(lang, 'luck.title', { number, game: gameLabel(state, lang) })];
  for (const seat of [0, 1] as const) {
    const s = luck[seat];
    lines.push(t(lang, 'luck.player', { name: name(seat), rolls: s.rolls, doubles: s.doubles, pips: s.pips, expected: formatNumber(lang, s.rolls * EXPECTED_PIPS, 1) }));
  }
  const [a, b] = luck;
  if (a.equity !== undefined && b.equity !== undefined) {
    const diff = Math.round((a.equity - b.equity) * 100) / 100;
    const words = { a: name(0), la: signed(a.equity, lang), b: name(1), lb: signed(b.equity, lang) };
    lines.push(diff === 0 ? t(lang, 'luck.even', words) : t(lang, 'luck.equity', { ...words, luckier: name(diff > 0 ? 0 : 1), diff: formatNumber(lang, Math.abs(diff), 2) }));
  }
  return lines.join('\n');
}
