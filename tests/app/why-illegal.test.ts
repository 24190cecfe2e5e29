/**
 * Issue 16: a typed play the rules refuse is answered with the rule (why-illegal.ts), in the
 * mover's words, from the positions players meet first.
 */
import { describe, expect, it } from 'vitest';
import { whyIllegal } from '../../src/app/why-illegal.ts';
import { VARIANTS, startBoard, type Board, type Position } from '../../src/engine/index.ts';
import { t } from '../../src/i18n/index.ts';

const short: Position = { variant: 'short', board: startBoard(VARIANTS.short) };
const long: Position = { variant: 'long', board: startBoard(VARIANTS.long) };

/** Short nardy's start with one of the mover's checkers from 24 on the bar. */
function onTheBar(): Position {
  const board = startBoard(VARIANTS.short).map((side) => side.slice()) as unknown as Board;
  board[0][24]--;
  board[0][25]++;
  return { variant: 'short', board };
}

describe('issue 16: why a typed play is not legal', () => {
  it('a checker that is not there', () => {
    expect(whyIllegal('en', '7/1', short, [6, 4])).toBe(t('en', 'move.noChecker', { point: 7 }));
    expect(whyIllegal('ru', 'bar/21', short, [6, 4])).toBe(t('ru', 'move.noCheckerOnBar'));
  });

  it('a checker on the bar enters first', () => {
    expect(whyIllegal('ka', '13/7 13/9', onTheBar(), [6, 4])).toBe(t('ka', 'move.barFirst'));
  });

  it('a distance no die of the roll gives', () => {
    expect(whyIllegal('en', '24/19 13/9', short, [6, 4])).toBe(t('en', 'move.noDie', { point: 24, n: 5, dice: '6-4' }));
  });

  it('a point the opponent holds', () => {
    expect(whyIllegal('ru', '24/19 24/18', short, [6, 5])).toBe(t('ru', 'move.blocked', { point: 19 }));
  });

  it('long nardy: one checker off the head', () => {
    expect(whyIllegal('en', '24/19 24/21', long, [5, 3])).toBe(t('en', 'move.head', { n: 1 }));
  });

  it('the whole roll is played when it can be', () => {
    expect(whyIllegal('en', '13/7', short, [6, 4])).toBe(t('en', 'move.wholeRoll', { n: 2, dice: '6-4' }));
    expect(whyIllegal('en', '13/7 13/7', short, [6, 6])).toBe(t('en', 'move.wholeRoll', { n: 4, dice: '6-6' }));
  });

  it('anything else: the play and the roll, plainly; an unreadable text: how to write one', () => {
    // 24/14 with 5-5 would have to stop on 19, which the opponent holds.
    expect(whyIllegal('en', '24/14 13/3', short, [5, 5])).toBe(t('en', 'move.illegal', { move: '24/14 13/3', dice: '5-5' }));
    expect(whyIllegal('en', 'a good one', short, [6, 4])).toBe(t('en', 'error.invalid-notation'));
  });
});
