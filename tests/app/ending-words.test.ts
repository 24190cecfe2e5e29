/**
 * Issue #47, B5: a result says how the game was decided — a pass, a resignation, a time-out — and
 * English names the kinds as backgammon players know them (single game, gammon, backgammon).
 */
import { describe, expect, it } from 'vitest';
import { reviewText } from '../../src/app/review.ts';
import { endingLines, resultText } from '../../src/app/texts.ts';
import { boardView } from '../../src/app/views.ts';
import { t } from '../../src/i18n/index.ts';
import { ANN, BOB, started, step } from '../game/fixture.ts';

const SHORT = { variant: 'short', doubling: true } as const;
/** Ann opened 3-1 and played it; Bob doubled; Ann passed. */
const passed = () => step(step(step(started(SHORT, [3, 1]), { type: 'play', by: ANN.id, move: '8/5 6/5' }), { type: 'double', by: BOB.id }), { type: 'pass', by: ANN.id });
/** Ann resigned her opening turn. */
const resigned = () => step(started(SHORT, [3, 1]), { type: 'resign', by: ANN.id });

describe('#47 B5: how a game ended, in words', () => {
  it.each(['en', 'ru', 'ka'] as const)('%s: a pass says who passed, then who won and as what', (lang) => {
    const state = passed();
    const ended = state.game!.ended!;
    expect(ended.reason).toBe('passed');
    const lines = endingLines(state, ended, lang);
    expect(lines[0]).toBe(t(lang, 'result.passed', { name: 'Ann' }));
    expect(resultText(state, ended, lang)).toContain(t(lang, 'result.passed', { name: 'Ann' }));
    expect(boardView(state, 1, lang, 0).caption).toContain(t(lang, 'result.passed', { name: 'Ann' }));
  });

  it('a resignation says who resigned; the English result names oin as a single game', () => {
    const state = resigned();
    const text = resultText(state, state.game!.ended!, 'en');
    expect(text).toContain('Ann resigned.');
    expect(text).toContain('Bob wins the game: oin (a single game), 1 point.');
  });
});

describe('#47 B17: a review with nothing to judge', () => {
  it('says so for both players, without the legend of pictures that are not there', () => {
    const state = resigned();
    const text = reviewText(state, { players: [{ seat: 0, moves: 0, meanLoss: 0, blunders: 0 }, { seat: 1, moves: 0, meanLoss: 0, blunders: 0 }], mistakes: [] }, 'en', 'Review');
    expect(text).toContain(t('en', 'review.noMoves', { name: 'Ann' }));
    expect(text).not.toContain(t('en', 'review.legend'));
  });
});

describe('#48: the match score as the winner reads it', () => {
  it('Bob wins a 1-point match by Ann\'s resignation: "Bob wins the match 1:0!", the winner\'s points first', () => {
    const state = step(started({ variant: 'short', matchLength: 1 }, [3, 1]), { type: 'resign', by: ANN.id });
    expect(state.result?.winner).toBe(1);
    expect(resultText(state, state.game!.ended!, 'en')).toContain('Bob wins the match 1:0!');
    expect(boardView(state, 1, 'en', 0).caption).toContain('Bob wins the match 1:0!');
  });
});
