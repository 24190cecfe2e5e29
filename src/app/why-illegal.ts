/**
 * Why a typed play is not legal, in the player's words: the engine answers "not a legal play",
 * and a player who typed it wants to know which rule said no. The written play is checked against
 * the rules a player most often trips on, in the order they would notice them: a checker that is
 * not there, the bar first, a distance no die gives, a point the opponent holds, the head, the
 * whole roll, the higher die. Anything else gets the plain sentence with the roll. Not a rule by
 * itself: it explains docs/rules §1–§3 refusals, the engine still decides.
 */
import { VARIANTS, formatDice, legalPlays, opponentPoint, parseWrittenPlay, type Dice, type Position, type TurnContext, type WrittenJourney } from '../engine/index.ts';
import { errorText, t, type Lang } from '../i18n/index.ts';

const HEAD = 24;

/** The distances one checker can go with a roll, and how many dice each uses (a double's multiples up to its moves). */
function reach(dice: Dice, context: TurnContext): Map<number, number> {
  const [a, b] = dice;
  if (a !== b) return new Map([[a, 1], [b, 1], [a + b, 2]]);
  const moves = context.moves ?? 4;
  return new Map(Array.from({ length: moves }, (_, k) => [a * (k + 1), k + 1] as const));
}

/** Each hop of the written journeys: where from, where to, how far. */
function hops(journeys: readonly WrittenJourney[]): { from: number; to: number; distance: number }[] {
  return journeys.flatMap((j) => j.points.slice(1).map((to, k) => ({ from: j.points[k], to, distance: j.points[k] - to })));
}

/**
 * Returns the sentence saying why `text` is not a legal play with `dice` in `position` (the mover
 * first), in `lang`. Not a rule: an explanation.
 */
export function whyIllegal(lang: Lang, text: string, position: Position, dice: Dice, context: TurnContext = {}): string {
  const written = parseWrittenPlay(text);
  if (!written.ok) return errorText(lang, written.error);
  const roll = formatDice(dice);
  const plain = t(lang, 'move.illegal', { move: text.trim(), dice: roll });
  if (written.value.pass) return plain;
  const journeys = written.value.journeys;
  const [mine, theirs] = position.board;
  const left = mine.slice();
  for (const j of journeys) {
    const from = j.points[0];
    if (left[from] <= 0) return from === 25 ? t(lang, 'move.noCheckerOnBar') : t(lang, 'move.noChecker', { point: from });
    left[from]--;
    left[j.points[j.points.length - 1]]++;
  }
  const fromBar = journeys.filter((j) => j.points[0] === 25).length;
  if (mine[25] > fromBar && journeys.some((j) => j.points[0] !== 25)) return t(lang, 'move.barFirst');
  const family = VARIANTS[position.variant].family;
  const distances = reach(dice, context);
  let diceUsed = 0;
  for (const hop of hops(journeys)) {
    const used = distances.get(hop.distance);
    if (hop.to === 0) {
      // Bearing off may use a larger die than the distance.
      diceUsed += used ?? 1;
      continue;
    }
    if (used === undefined) return t(lang, 'move.noDie', { point: hop.from, n: hop.distance, dice: roll });
    const them = theirs[opponentPoint(family, hop.to)];
    if (family === 'long' ? them > 0 : them >= 2) return t(lang, 'move.blocked', { point: hop.to });
    diceUsed += used;
  }
  const plays = legalPlays(position, dice, context);
  if (plays.length === 0) return plain;
  if (VARIANTS[position.variant].headRule) {
    const mostFromHead = Math.max(...plays.map((p) => p.steps.filter((s) => s.from === HEAD).length));
    if (journeys.filter((j) => j.points[0] === HEAD).length > mostFromHead) return t(lang, 'move.head', { n: mostFromHead });
  }
  const most = plays[0].steps.length;
  if (diceUsed < most) return t(lang, 'move.wholeRoll', { n: most, dice: roll });
  const higher = Math.max(...dice);
  if (most === 1 && dice[0] !== dice[1] && diceUsed === 1 && plays.every((p) => p.steps[0].die === higher)) {
    return t(lang, 'move.higherDie', { n: higher });
  }
  return plain;
}
