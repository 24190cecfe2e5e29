/**
 * The computer's advice on the decision in hand, for the 💡 button: the best three plays of the
 * roll with their equities, or before the roll the cube (and the bomb) advice, or the answer to a
 * double. Private to the one who asked; the match records only that a hint was asked (`hint`).
 */
import { formatDice } from '../engine/index.ts';
import { detonate, mayDetonate, mayDouble, positionOf, turnContextOf, type MatchState, type Seat } from '../game/index.ts';
import { formatNumber, t, type Lang } from '../i18n/index.ts';
import { cubeContext, type ComputerBrain } from './computer.ts';

/** An equity in points per game, signed, as `lang` writes it: "+0.412", "−0,120". */
export function equityText(equity: number, lang: Lang): string {
  return formatNumber(lang, equity, 3, true);
}

/** The advice for `seat`, the seat to act, in `lang`; short enough for a messenger's alert (≤ 200 characters). */
export function adviceText(state: MatchState, seat: Seat, brain: ComputerBrain, lang: Lang): string {
  const game = state.game!;
  const s = state.settings;
  const teacher = new brain.Teacher(s.variant, s.options);
  const player = teacher.player;
  const position = positionOf(s, game); // board[0] is the mover, game.turn.seat
  const t0 = game.turn;
  if (t0.stage === 'moving' && t0.dice) {
    const ranked = teacher.rankPlays(position, t0.dice, turnContextOf(game), 3);
    if (ranked.length === 0) return t(lang, 'hint.noPlay');
    const lines = ranked.map((r, i) => `${i + 1}. ${r.play.move}${r.equity === undefined ? '' : ` (${equityText(r.equity, lang)})`}`);
    return [t(lang, 'hint.plays', { dice: formatDice(t0.dice) }), ...lines].join('\n');
  }
  if (!teacher.judgesEquity) return t(lang, 'hint.noCube');
  const cube = cubeContext(state, seat);
  if (t0.stage === 'doubled' || t0.stage === 'beavered') {
    // Doubled: the answer is the doubler's opponent's, whose equity is minus the doubler's to roll.
    const mine = t0.stage === 'doubled' ? -player.equityToRoll(position) : player.equityToRoll(position);
    const answer = t0.stage === 'doubled' ? player.answerDouble(position, cube) : player.answerBeaver(position, cube);
    return t(lang, `hint.${answer}`, { equity: equityText(mine, lang) });
  }
  const equity = player.equityToRoll(position);
  const lines: string[] = [];
  if (mayDetonate(state)) {
    const gain = player.equityToRoll({ ...position, board: detonate(position.board) }) - equity;
    lines.push(t(lang, gain >= brain.DETONATE_GAIN ? 'hint.detonate' : 'hint.keepBomb', { gain: equityText(gain, lang) }));
  }
  if (mayDouble(state)) lines.push(t(lang, `hint.${player.doubleAction(position, cube)}`, { equity: equityText(equity, lang) }));
  else lines.push(t(lang, 'hint.roll', { equity: equityText(equity, lang) }));
  return lines.join('\n');
}
